import type { PortalModule } from '../../platform/module.js';
import { guards, resolvers } from './audit.resolvers.js';
import { registerAuditRoutes } from './audit.routes.js';
import { samples } from './audit.samples.js';

/** The audit trail (`recordAudit` is called by every module's writes), the audit search and its .xlsx export, and the e-mail outbox listing. */
export const auditModule: PortalModule = {
  name: 'audit',
  sdl: new URL('./audit.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
  routes: registerAuditRoutes,
};
