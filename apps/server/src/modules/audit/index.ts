import type { PortalModule } from '../../platform/module.js';
import { guards, resolvers } from './audit.resolvers.js';
import { samples } from './audit.samples.js';

/** The audit trail (`recordAudit` is called by every module's writes) and the e-mail outbox listing. */
export const auditModule: PortalModule = {
  name: 'audit',
  sdl: new URL('./audit.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
};
