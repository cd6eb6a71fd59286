import type { UserDirectory } from './auth/user-directory.js';
import type { DbOrTx } from './db.js';
import type { Services } from './services.js';

/** The portal's name and look, for the sign-in pages and the mail's From (the portal module owns them). */
export type PortalLook = { name: string; theme: string; favicon?: string | null };

/** The audit events of sign-in itself (the audit module writes them). */
export type SignInAuditEvent = { actorId: string; entity: 'sessao'; entityId: string; action: 'login' | 'logout' };

/**
 * What the platform asks of the domain, each through one narrow interface (decision 0010). The
 * composition root (`src/server.ts`) passes the modules' implementations: the platform imports none.
 */
export type DomainPorts = {
  users: UserDirectory;
  /** Writes one audit row in `tx` (with the change it records). */
  audit(tx: DbOrTx, event: SignInAuditEvent): Promise<void>;
  /** The portal's look; null before the portal is configured. */
  look(services: Services): Promise<PortalLook | null>;
  /** Writes the demo customer (DEMO_SEED): every module's seed part, in order. */
  seedDemo(services: Services): Promise<void>;
};
