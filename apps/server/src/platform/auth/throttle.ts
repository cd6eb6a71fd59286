import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db.js';

/**
 * Throttling of password guesses and of recovery requests (decision 0003), counted in the
 * `login_tentativa` table so every instance sees the same numbers. Nothing here is keyed on an e-mail
 * alone: a stranger who only knows someone's address can slow down their own guesses, never the owner.
 *
 * Keys: `ip:<client address>` (every password guess from that address), `pair:<e-mail>|<client address>`
 * (sign-in), `usuario:<id>` (change password: only the session's holder can fail there),
 * `recovery-ip:<client address>` and `recovery:<e-mail>` (recovery requests).
 */
export const THROTTLE = {
  /** A run of failures lapses after this long without one (counted from the end of its last delay). */
  windowMinutes: 15,
  /** The longest wait between two attempts. */
  maxDelaySeconds: 15 * 60,
  /** Failures allowed before waits start: per e-mail and client address, per user, per client address. */
  freeFailuresPerPair: 3,
  freeFailuresPerUser: 3,
  freeFailuresPerIp: 20,
  /** Recovery requests per e-mail and per client address within the window. */
  recoveryPerAddress: 3,
  recoveryPerIp: 20,
};

/**
 * One counter of password guesses. `endsOnSuccess`: the right password ends the run (the pair, the
 * user); a client address shared by many people only gets the attempt back.
 */
export type GuessCounter = { key: string; free: number; endsOnSuccess: boolean };

/** After `free` failures each further attempt waits 2^(failures - free) s, at most `maxDelaySeconds`. */
export const delayAfter = (failures: number, free: number): number =>
  failures < free ? 0 : Math.min(2 ** (failures - free), THROTTLE.maxDelaySeconds);

/** Sign-in on the provider's form: per client address and per (e-mail, client address). */
export const signInCounters = (email: string, clientIp: string): GuessCounter[] => [
  { key: `ip:${clientIp}`, free: THROTTLE.freeFailuresPerIp, endsOnSuccess: false },
  { key: `pair:${email.trim().toLowerCase()}|${clientIp}`, free: THROTTLE.freeFailuresPerPair, endsOnSuccess: true },
];

/** Change password (wrong current password): per user and per client address. */
export const passwordChangeCounters = (userId: string, clientIp: string): GuessCounter[] => [
  { key: `ip:${clientIp}`, free: THROTTLE.freeFailuresPerIp, endsOnSuccess: false },
  { key: `usuario:${userId}`, free: THROTTLE.freeFailuresPerUser, endsOnSuccess: true },
];

const keyList = (counters: GuessCounter[]) =>
  sql.join(
    counters.map((c) => sql`${c.key}`),
    sql`, `,
  );

/**
 * Takes one password guess: answers how many seconds the caller must still wait (nothing counted), or
 * 0 when the guess may go ahead. The guess is counted as a failure at once, under a row lock, so
 * parallel requests cannot all slip through before the first failure lands; `guessSucceeded` gives
 * it back.
 */
export async function beginGuess(db: Db, counters: GuessCounter[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO login_tentativa (chave)
      VALUES ${sql.join(
        counters.map((c) => sql`(${c.key})`),
        sql`, `,
      )}
      ON CONFLICT (chave) DO NOTHING`);
    const { rows } = await tx.execute<{ chave: string; falhas: number; lapsed: boolean; wait: number | null }>(sql`
      SELECT chave, falhas,
             greatest(janela_inicio, coalesce(bloqueado_ate, janela_inicio))
               < now() - make_interval(mins => ${THROTTLE.windowMinutes}) AS lapsed,
             ceil(extract(epoch FROM bloqueado_ate - now()))::int AS wait
        FROM login_tentativa
       WHERE chave IN (${keyList(counters)})
       ORDER BY chave
         FOR UPDATE`);
    const wait = Math.max(0, ...rows.map((r) => (r.lapsed ? 0 : Number(r.wait ?? 0))));
    if (wait > 0) return wait;
    for (const row of rows) {
      const counter = counters.find((c) => c.key === row.chave) as GuessCounter;
      const failures = row.lapsed ? 1 : Number(row.falhas) + 1;
      const delay = delayAfter(failures, counter.free);
      await tx.execute(sql`
        UPDATE login_tentativa
           SET falhas = ${failures},
               janela_inicio = ${row.lapsed ? sql`now()` : sql`janela_inicio`},
               bloqueado_ate = ${delay ? sql`now() + make_interval(secs => ${delay})` : sql`NULL`}
         WHERE chave = ${row.chave}`);
    }
    return 0;
  });
}

/** The guess was right: ends the runs of the pair / user and gives the attempt back to the client address. */
export async function guessSucceeded(db: DbOrTx, counters: GuessCounter[]): Promise<void> {
  const ending = counters.filter((c) => c.endsOnSuccess);
  if (ending.length) await db.execute(sql`DELETE FROM login_tentativa WHERE chave IN (${keyList(ending)})`);
  for (const counter of counters.filter((c) => !c.endsOnSuccess)) {
    await db.execute(sql`
      UPDATE login_tentativa
         SET falhas = greatest(falhas - 1, 0),
             bloqueado_ate = CASE WHEN falhas - 1 < ${counter.free} THEN NULL ELSE bloqueado_ate END
       WHERE chave = ${counter.key}`);
  }
}

/**
 * Counts one request against a fixed window (recovery requests): true while the key is within `max`
 * requests of the last `windowMinutes`. One atomic statement, so parallel requests count exactly.
 */
export async function withinLimit(db: DbOrTx, key: string, max: number): Promise<boolean> {
  const { rows } = await db.execute<{ falhas: number }>(sql`
    INSERT INTO login_tentativa (chave, falhas, janela_inicio) VALUES (${key}, 1, now())
    ON CONFLICT (chave) DO UPDATE SET
      falhas = CASE WHEN login_tentativa.janela_inicio < now() - make_interval(mins => ${THROTTLE.windowMinutes})
                    THEN 1 ELSE login_tentativa.falhas + 1 END,
      janela_inicio = CASE WHEN login_tentativa.janela_inicio < now() - make_interval(mins => ${THROTTLE.windowMinutes})
                    THEN now() ELSE login_tentativa.janela_inicio END
    RETURNING falhas`);
  return Number(rows[0]?.falhas ?? 0) <= max;
}
