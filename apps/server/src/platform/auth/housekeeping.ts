import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db.js';
import type { Services } from '../services.js';
import { THROTTLE } from './throttle.js';

/** The hourly pg-boss queue that removes sign-in's spent rows (once across instances). */
export const AUTH_HOUSEKEEPING_QUEUE = 'auth-housekeeping';
const AUTH_HOUSEKEEPING_CRON = '17 * * * *';

/** How many rows each table lost in one pass. */
export type HousekeepingResult = Record<'sessao' | 'oidcPayload' | 'senhaReset' | 'loginTentativa', number>;

/**
 * Removes what sign-in no longer needs, so its tables do not grow with every visit: sessions past their
 * end, the embedded provider's expired records (codes, grants, interactions), password-reset and
 * invitation links expired a day ago (kept that long so a late click still gets the 'expired' page rather
 * than 'invalid'), and throttling counters whose run has lapsed (a lapsed counter starts again at one
 * failure anyway, so removing it changes no wait).
 */
export async function pruneSpentSignInRows(db: DbOrTx): Promise<HousekeepingResult> {
  // RETURNING counts the same way on PGlite and node-postgres.
  const count = async (deletion: SQL) => (await db.execute(sql`${deletion} RETURNING 1`)).rows.length;
  return {
    sessao: await count(sql`DELETE FROM sessao WHERE expires_at < now()`),
    oidcPayload: await count(sql`DELETE FROM oidc_payload WHERE expires_at < now()`),
    senhaReset: await count(sql`DELETE FROM senha_reset WHERE expires_at < now() - interval '1 day'`),
    loginTentativa: await count(sql`
      DELETE FROM login_tentativa
       WHERE greatest(janela_inicio, coalesce(bloqueado_ate, janela_inicio))
             < now() - make_interval(mins => ${THROTTLE.windowMinutes})`),
  };
}

/** Starts this instance's worker of the pass and (idempotently) its hourly schedule. */
export async function startSignInHousekeeping(services: Services): Promise<void> {
  await services.jobs.work(AUTH_HOUSEKEEPING_QUEUE, async () => {
    await pruneSpentSignInRows(services.db);
  });
  await services.jobs.boss.schedule(AUTH_HOUSEKEEPING_QUEUE, AUTH_HOUSEKEEPING_CRON);
}
