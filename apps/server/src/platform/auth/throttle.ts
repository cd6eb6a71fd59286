import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db.js';

/** Brute-force throttling (shared across instances): failures per key within a window lock the key. */
export const THROTTLE = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15, maxFailuresPerIp: 50 };

/** Whether a key is locked right now. */
export async function isLocked(db: DbOrTx, keys: string[]): Promise<boolean> {
  const result = await db.execute<{ locked: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM login_tentativa
                    WHERE chave IN (${sql.join(
                      keys.map((k) => sql`${k}`),
                      sql`, `,
                    )})
                      AND bloqueado_ate > now()) AS locked`);
  return Boolean(result.rows[0]?.locked);
}

/** Records a failure for each key; a key reaching its limit inside the window gets locked. */
export async function recordFailure(db: DbOrTx, keys: { key: string; max: number }[]): Promise<void> {
  for (const { key, max } of keys) {
    await db.execute(sql`
      INSERT INTO login_tentativa (chave, falhas, janela_inicio) VALUES (${key}, 1, now())
      ON CONFLICT (chave) DO UPDATE SET
        falhas = CASE WHEN login_tentativa.janela_inicio < now() - make_interval(mins => ${THROTTLE.windowMinutes})
                      THEN 1 ELSE login_tentativa.falhas + 1 END,
        janela_inicio = CASE WHEN login_tentativa.janela_inicio < now() - make_interval(mins => ${THROTTLE.windowMinutes})
                      THEN now() ELSE login_tentativa.janela_inicio END,
        bloqueado_ate = CASE WHEN login_tentativa.janela_inicio >= now() - make_interval(mins => ${THROTTLE.windowMinutes})
                              AND login_tentativa.falhas + 1 >= ${max}
                      THEN now() + make_interval(mins => ${THROTTLE.lockMinutes}) ELSE login_tentativa.bloqueado_ate END`);
  }
}

/** Clears the e-mail key after a successful sign-in. */
export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM login_tentativa WHERE chave = ${key}`);
}
