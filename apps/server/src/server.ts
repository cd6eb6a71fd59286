import { recordAudit } from './modules/audit/audit.service.js';
import { portalModules } from './modules/index.js';
import { cachedPortalProperties } from './modules/portal/portal.queries.js';
import { userDirectory } from './modules/users/users.directory.js';
import { type BuildOptions, buildApp, type PortalApp } from './platform/app.js';
import type { DomainPorts } from './platform/domain-ports.js';
import { seedDemo } from './seed/demo.js';

/** What the platform asks of the domain, answered by the modules that own it (decision 0010). */
export const domainPorts: DomainPorts = {
  users: userDirectory,
  audit: recordAudit,
  look: (services) => cachedPortalProperties(services.cache, services.db),
  seedDemo,
};

/**
 * The composition root: the platform built with every module of `modules/index.ts` and the ports
 * above. Used by main.ts, the test harness and the benchmarks; the platform itself imports no module.
 */
export function buildPortal(opts: Omit<BuildOptions, 'modules' | 'domain'>): Promise<PortalApp> {
  return buildApp({ ...opts, modules: portalModules, domain: domainPorts });
}
