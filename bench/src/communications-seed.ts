/**
 * Seeds `npm run bench:communications` (bench/src/communications.ts) in plain SQL, on PostgreSQL or PGlite
 * alike: INSERT ... SELECT generate_series, never through the API. It runs after the portal has migrated
 * and seeded its demo data in the same database.
 *
 * - `users` active users (100,000 by default), all members of the user group "Bench 100k" (the audience),
 *   3 in 4 also in one of three regional user groups; ids are md5-derived uuids; names Portuguese with
 *   accents and the user's number ("Ana Conceição Souza 4242"), e-mail bench.user<n>@bench.demo, language
 *   mostly PT_BR.
 * - Dashboard slices: 8 dealer groups, 40 dealers (5 per group), 5 brands; every user works at one dealer
 *   (1 in 10 at a second one), has one brand (1 in 3 a second one), and 1 in 20 is linked to a dealer group
 *   directly as well.
 * - `communication()` adds one communication in status APROVADO targeting "Bench 100k", created by the
 *   given user (aprovador@portal.demo, who holds the approval key and may see its dashboard).
 * - `markReads()` marks about 40% of a communication's deliveries read, the read dates spread over the 14
 *   days after sending (the deliveries are moved 15 days into the past first).
 */
import type { Exec } from './library-seed.js';

export const AUDIENCE_GROUP = 'Bench 100k';
/** Searches of the readers list: a frequent surname (accent-insensitive) and one user's number. */
export const SEARCHES = [
  { label: 'no search', busca: null },
  { label: 'busca "conceicao" (1 in 8)', busca: 'conceicao' },
  { label: 'busca "77777" (1 user)', busca: '77777' },
] as const;

/**
 * A deterministic id shaped as a version-4 uuid (md5 of the prefix and number, with the version and variant
 * digits set): the API checks ids as uuids, which a bare md5 is not.
 */
export const uid = (prefix: string, n: string | number) =>
  `overlay(overlay(md5('${prefix}' || (${n})) placing '4' from 13) placing '8' from 17)::uuid`;
const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (xs: string[], n: string) => `(${arr(xs)})[1 + ((${n}) % ${xs.length})]`;

const FIRST = [
  'Ana',
  'João',
  'Maria',
  'José',
  'Luíza',
  'Antônio',
  'Beatriz',
  'Márcio',
  'Fernanda',
  'Sérgio',
  'Cláudia',
];
const LAST = ['Silva', 'Souza', 'Conceição', 'Araújo', 'Gonçalves', 'Pereira', 'Ribeiro', 'Simões'];
const CITIES = ['São Paulo', 'Belém', 'Curitiba', 'Goiânia', 'Maceió', 'Niterói', 'Vitória', 'Cuiabá'];

export type CommsSeed = { users: number; seconds: number; groupId: string; steps: Record<string, number> };

export async function seedUsers(exec: Exec, users: number, log: (msg: string) => void): Promise<CommsSeed> {
  const steps: Record<string, number> = {};
  const started = performance.now();
  const step = async (name: string, sql: string) => {
    const t0 = performance.now();
    await exec(sql);
    steps[name] = Math.round(performance.now() - t0) / 1000;
    log(`  seed ${name}: ${steps[name].toFixed(1)} s`);
  };
  const user = (n: string) => uid('bench-user-', n);
  await step(
    'groups, dealers, brands',
    `INSERT INTO grupo_usuarios (id, nome) VALUES
       (${uid('bench-ug-', 0)}, '${AUDIENCE_GROUP}'), (${uid('bench-ug-', 1)}, 'Bench Regional Norte'),
       (${uid('bench-ug-', 2)}, 'Bench Regional Sul'), (${uid('bench-ug-', 3)}, 'Bench Pós-venda');
     INSERT INTO grupo (id, nome) SELECT ${uid('bench-grupo-', 'k')}, 'Grupo Bench ' || lpad(k::text, 2, '0')
       FROM generate_series(0, 7) k;
     INSERT INTO marca (id, descricao) SELECT ${uid('bench-marca-', 'k')}, 'Marca Bench ' || chr(65 + k)
       FROM generate_series(0, 4) k;
     INSERT INTO dealer (id, nome, nome_exibicao, cnpj, codigo_principal, grupo_id)
       SELECT ${uid('bench-dealer-', 'k')}, 'Dealer Bench ' || k, 'Concessionária ' || ${pick(CITIES, 'k')} || ' ' || k,
              'bench-cnpj-' || k, 'BENCH' || k, ${uid('bench-grupo-', 'k % 8')}
         FROM generate_series(0, 39) k;`,
  );
  await step(
    'users',
    `INSERT INTO usuario (id, nome, email, tipo, idioma, active)
       SELECT ${user('i')}, ${pick(FIRST, 'i')} || ' ' || ${pick(LAST, 'i / 11')} || ' ' || ${pick(LAST, 'i / 7')} || ' ' || i,
              'bench.user' || i || '@bench.demo', 'DEALER_GRUPO',
              CASE WHEN i % 20 = 0 THEN 'ES' WHEN i % 20 = 1 THEN 'EN' ELSE 'PT_BR' END, true
         FROM generate_series(1, ${users}) i;`,
  );
  await step(
    'user links',
    `INSERT INTO usuario_grupo_usuarios (usuario_id, grupo_usuarios_id)
       SELECT ${user('i')}, ${uid('bench-ug-', 0)} FROM generate_series(1, ${users}) i
       UNION ALL SELECT ${user('i')}, ${uid('bench-ug-', '1 + i % 4')} FROM generate_series(1, ${users}) i WHERE i % 4 < 3;
     INSERT INTO usuario_dealer (usuario_id, dealer_id)
       SELECT ${user('i')}, ${uid('bench-dealer-', 'i % 40')} FROM generate_series(1, ${users}) i
       UNION ALL SELECT ${user('i')}, ${uid('bench-dealer-', '(i + 1) % 40')} FROM generate_series(1, ${users}) i WHERE i % 10 = 0;
     INSERT INTO usuario_marca (usuario_id, marca_id)
       SELECT ${user('i')}, ${uid('bench-marca-', 'i % 5')} FROM generate_series(1, ${users}) i
       UNION ALL SELECT ${user('i')}, ${uid('bench-marca-', '(i + 2) % 5')} FROM generate_series(1, ${users}) i WHERE i % 3 = 0;
     INSERT INTO usuario_grupo (usuario_id, grupo_id)
       SELECT ${user('i')}, ${uid('bench-grupo-', 'i % 8')} FROM generate_series(1, ${users}) i WHERE i % 20 = 0;`,
  );
  await step(
    'analyze',
    'ANALYZE usuario; ANALYZE usuario_grupo_usuarios; ANALYZE usuario_dealer; ANALYZE usuario_marca; ANALYZE usuario_grupo; ANALYZE dealer',
  );
  const [{ n }] = await exec(
    `SELECT count(*)::int AS n FROM usuario_grupo_usuarios ugu JOIN usuario u ON u.id = ugu.usuario_id
      WHERE u.active AND ugu.grupo_usuarios_id = ${uid('bench-ug-', 0)}`,
  );
  if (Number(n) !== users) throw new Error(`communications seed: ${n} active users in the group, not ${users}`);
  const [{ id }] = await exec(`SELECT ${uid('bench-ug-', 0)}::text AS id`);
  return { users, seconds: Math.round(performance.now() - started) / 1000, groupId: String(id), steps };
}

/** A new communication in APROVADO for the audience group, created by `criadorId`; returns its id. */
export async function communication(exec: Exec, criadorId: string, groupId: string, n: number): Promise<string> {
  const [{ id }] = await exec(
    `INSERT INTO comunicado (titulo, mensagem, status, criador_id, aprovador_id, etiquetas)
       VALUES ('Comunicado bench nº ${n}: campanha de revisão', '<p>Prezada rede, <strong>campanha</strong> de revisão nº ${n}.</p>',
               'APROVADO', '${criadorId}', NULL, ARRAY['bench','campanha'])
       RETURNING id::text AS id`,
  );
  await exec(`INSERT INTO comunicado_grupo_usuarios (comunicado_id, grupo_usuarios_id) VALUES ('${id}', '${groupId}')`);
  return String(id);
}

/** About 40% of the deliveries read, over the 14 days after sending; returns how many are read. */
export async function markReads(exec: Exec, comunicadoId: string): Promise<number> {
  await exec(
    `UPDATE comunicado SET envio_date_time = envio_date_time - interval '15 days' WHERE id = '${comunicadoId}';
     UPDATE comunicado_envio SET data_recebimento = data_recebimento - interval '15 days' WHERE comunicado_id = '${comunicadoId}';
     UPDATE comunicado_envio
        SET lido = true,
            data_leitura = data_recebimento + (abs(hashtext(usuario_id::text || 'dia')) % (14 * 24 * 60)) * interval '1 minute'
      WHERE comunicado_id = '${comunicadoId}' AND abs(hashtext(usuario_id::text)) % 100 < 40;
     ANALYZE comunicado_envio; ANALYZE notificacao_usuario;`,
  );
  const [{ n }] = await exec(
    `SELECT count(*)::int AS n FROM comunicado_envio WHERE comunicado_id = '${comunicadoId}' AND lido`,
  );
  return Number(n);
}
