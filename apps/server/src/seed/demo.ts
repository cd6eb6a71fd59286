import { sql } from 'drizzle-orm';
import { portalModules } from '../modules/index.js';
import { inTransaction, systemContext } from '../platform/actions.js';
import type { PortalModule } from '../platform/module.js';
import type { Services } from '../platform/services.js';

/** The demo sign-ins (main.ts prints them; tests, e2e and bench sign in with them). */
export { DEMO_PASSWORD, DEMO_USERS } from '../modules/users/users.seed.js';

/**
 * The modules that have a seed part, each after the modules its `after` names (otherwise in list
 * order). An unknown name or a cycle is a programming error and stops the start.
 */
export function seedOrder(modules: readonly PortalModule[]): PortalModule[] {
  const byName = new Map(modules.map((m) => [m.name, m]));
  const ordered: PortalModule[] = [];
  const visiting = new Set<string>();
  const visit = (m: PortalModule) => {
    if (ordered.includes(m)) return;
    if (visiting.has(m.name)) throw new Error(`demo seed: a cycle through ${m.name}`);
    visiting.add(m.name);
    for (const name of m.seed?.after ?? []) {
      const dependency = byName.get(name);
      if (!dependency) throw new Error(`demo seed: ${m.name} runs after an unknown module ${name}`);
      visit(dependency);
    }
    visiting.delete(m.name);
    if (m.seed) ordered.push(m);
  };
  for (const m of modules) visit(m);
  return ordered;
}

/**
 * Seeds the demo customer (DEMO_SEED): every module's seed part in `seedOrder`, as the system, in one
 * transaction (the job queues the parts send to are created first). Idempotent, so every start may run it; an
 * advisory lock makes instances starting together take turns.
 */
export async function seedDemo(services: Services, modules: readonly PortalModule[] = portalModules): Promise<void> {
  const parts = seedOrder(modules);
  for (const queue of new Set(parts.flatMap((m) => m.seed?.queues ?? []))) await services.jobs.prepare(queue);
  await inTransaction(systemContext(services), async (tx, ctx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727275)`);
    for (const m of parts) await m.seed?.run(ctx);
  });
}
