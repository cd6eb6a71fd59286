/**
 * Seeds `npm run bench:users` (bench/src/users.ts) in plain SQL, after the portal has migrated and seeded its demo
 * data in the same database:
 *
 * - 100,000 active DEALER_GRUPO users with their dealer, brand and dealer-group links: the communications bench's
 *   seed (bench/src/communications-seed.ts; about 1 in 4 named "Conceição", e-mails `bench.userN@bench.demo`);
 * - their dates, for the inactivity sweep: created 400 days ago; users with i % 4 = 0 never signed in, i % 4 = 1
 *   last signed in 200 days ago (both idle), the rest within the last 30 days; 1 in 50 specially activated
 *   (kept even when idle). So the sweep inactivates 49,000 of the 100,000;
 * - a CPF for 1 in 10 (the search by CPF);
 * - every product for the demo dealers D001–D005 (`dealer_produto`), so a new user at those five dealers can be
 *   given permissions on the three products (the `salvarUsuario` scenario).
 */
import { seedUsers, uid } from './communications-seed.js';
import type { Exec } from './library-seed.js';

export type UsersSeed = { users: number; idle: number; seconds: number };

/** A CPF (digits) with valid check digits for bench user `i`: root 9 digits from `i`. */
export function benchCpf(i: number): string {
  const root = String(500_000_000 + i).padStart(9, '0');
  const digit = (base: string) => {
    const factor = base.length + 1;
    const sum = [...base].reduce((acc, d, k) => acc + Number(d) * (factor - k), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(root);
  return `${root}${first}${digit(`${root}${first}`)}`;
}

export async function seedBenchUsers(exec: Exec, users: number, log: (msg: string) => void): Promise<UsersSeed> {
  const started = performance.now();
  const step = async (name: string, text: string) => {
    const t0 = performance.now();
    await exec(text);
    log(`  seed ${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  };
  await seedUsers(exec, users, log);
  const cpfs = Array.from(
    { length: Math.floor(users / 10) },
    (_, k) => `('${benchCpf((k + 1) * 10)}', ${(k + 1) * 10})`,
  );
  await step(
    'dates, special activation, CPFs',
    `UPDATE usuario u SET created_at = now() - interval '400 days',
            ultimo_acesso = CASE WHEN s.i % 4 = 0 THEN NULL
                                 WHEN s.i % 4 = 1 THEN now() - interval '200 days'
                                 ELSE now() - (s.i % 30) * interval '1 day' END,
            ativacao_especial = (s.i % 50 = 0)
       FROM generate_series(1, ${users}) s(i) WHERE u.id = ${uid('bench-user-', 's.i')};
     UPDATE usuario u SET cpf = c.cpf FROM (VALUES ${cpfs.join(',')}) c(cpf, i) WHERE u.id = ${uid('bench-user-', 'c.i')};
     INSERT INTO dealer_produto (dealer_id, produto_id)
       SELECT d.id, p.id FROM dealer d CROSS JOIN produto p
        WHERE d.codigo_principal IN ('D001', 'D002', 'D003', 'D004', 'D005')
       ON CONFLICT DO NOTHING;`,
  );
  // The UPDATE above left every row in a new, packed page; rewritten, the table is as inserts build it (with the
  // free space of its fillfactor, migration 0018). Alone: VACUUM cannot run in a multi-statement string.
  await step('vacuum', 'VACUUM FULL ANALYZE usuario');
  const [{ n }] = await exec(
    `SELECT count(*)::int AS n FROM usuario WHERE email LIKE 'bench.user%' AND active AND NOT ativacao_especial
       AND greatest(created_at, ultimo_acesso, ativado_em) < now() - interval '90 days'`,
  );
  return { users, idle: Number(n), seconds: Math.round(performance.now() - started) / 1000 };
}
