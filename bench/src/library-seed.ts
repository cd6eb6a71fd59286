/**
 * Seeds the library for `npm run bench:library` (bench/src/library.ts) in plain SQL, on PostgreSQL or
 * PGlite alike: INSERT ... SELECT generate_series, never through the API. It runs after the portal
 * has migrated and seeded its demo data (users and user groups) in the same database.
 *
 * The tree (ids are md5-derived uuids, so items and their files can be inserted independently):
 *
 *   root (no row)
 *   ├── "Biblioteca Rede Horizonte (bench)"   own groups: Rede Horizonte LEITURA (dealer@ is a member)
 *   │   ├── "Pasta grande 10.000 itens"        inherits; 10,000 children: 200 empty sub-folders, 9,800 files
 *   │   └── 499 folders "Concessionária <city> nnn"   inherit; ~990 files each
 *   └── "Biblioteca Rede Litoral (bench)"     own groups: Rede Litoral LEITURA (dealer@ is not a member)
 *       └── 500 folders                        inherit; ~990 files each
 *
 * `total` items in all (1,000,000 by default): 2 + 1 + 10,000 + 999 folders and the rest files, spread
 * round-robin over the 999 folders. Every file has its `arquivo` row. Names are Portuguese with accents
 * and numbers; the search terms below match a known share of the items:
 *   "manual"          1 file in 20 ("Manual de garantia ...")            frequent
 *   "relatorio"       2 files in 2,500 ("Relatório março 2026 ...", "Relatório técnico fevereiro 2025 ...")
 *   "relatorio marco" 1 file in 2,500 (accent-insensitive: "Relatório março 2026 ...")
 *   "março 2026"      the same 1 in 2,500
 *   "omega"           1 file in 250,000 ("Circular Ômega confidencial ...") rare
 *
 * Every item satisfies the model (docs/decisions/0007): `caminho` is the chain of folder ids from the
 * top down to the parent, `acl_item_id` the governing folder (a root folder itself), `pasta_pai_id`
 * set below the root, `excluido_em` null. For speed the secondary indexes of the two tables are
 * dropped and recreated with their own definitions afterwards, and FK triggers are off during the
 * inserts (session_replication_role = replica; the rows are consistent by construction).
 */

import { REBUILD_FOLDER_COUNTS } from '../../apps/server/src/modules/library/library.queries.js';

export type Exec = (sql: string) => Promise<Record<string, unknown>[]>;

export const SEARCH_TERMS = ['manual', 'relatorio', 'relatorio marco', 'março 2026', 'omega'] as const;

const uid = (prefix: string, n: string | number) => `md5('${prefix}' || (${n}))::uuid`;

export const ROOT_A = `md5('bench-root-a')::uuid`;
export const ROOT_B = `md5('bench-root-b')::uuid`;
export const BIG = `md5('bench-big')::uuid`;
const folderId = (k: string) => uid('bench-folder-', k);

const DOCS = [
  'Manual de garantia',
  'Tabela de preços',
  'Catálogo de peças',
  'Circular técnica',
  'Política comercial',
  'Campanha de vendas',
  'Treinamento de equipe',
  'Apresentação institucional',
  'Boletim de serviço',
  'Guia de acessórios',
  'Ficha técnica',
  'Plano de ação',
  'Comunicado à rede',
  'Calendário de eventos',
  'Procedimento de pós-venda',
  'Orçamento anual',
  'Contrato de concessão',
  'Regulamento da promoção',
  'Pesquisa de satisfação',
  'Ata de reunião',
];
const CITIES = [
  'São Paulo',
  'Belém',
  'Curitiba',
  'Goiânia',
  'Florianópolis',
  'Maceió',
  'Ribeirão Preto',
  'Niterói',
  'Vitória',
  'Cuiabá',
  'Uberlândia',
  'Londrina',
  'Jundiaí',
];
const EXTS = ['.pdf', '.xlsx', '.docx', '.pptx', '.pdf'];
const TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/pdf',
];

const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (xs: string[], n: string) => `(${arr(xs)})[1 + ((${n}) % ${xs.length})]`;

/** The name of file number `j` (a SQL integer expression). */
const fileName = (j: string) => `CASE
    WHEN (${j}) % 250000 = 4242 THEN 'Circular Ômega confidencial nº ' || (${j}) || '.pdf'
    WHEN (${j}) % 2500 = 17 THEN 'Relatório março 2026 vendas ' || ${pick(CITIES, `(${j}) / 7`)} || ' nº ' || (${j}) || '.pdf'
    WHEN (${j}) % 2500 = 1267 THEN 'Relatório técnico fevereiro 2025 ' || ${pick(CITIES, `(${j}) / 7`)} || ' nº ' || (${j}) || '.xlsx'
    ELSE ${pick(DOCS, j)} || ' ' || ${pick(CITIES, `(${j}) / 7`)} || ' nº ' || (${j}) || ${pick(EXTS, `(${j}) / 3`)}
  END`;

export type SeedInfo = {
  total: number;
  binned: number;
  versions: number;
  bigFolderId: string;
  seconds: number;
  steps: Record<string, number>;
};

/**
 * With `history` (the default of bench:library; issue 16 point 12), the library also holds what daily use leaves:
 * 1 file in 10 has 3 versions (two earlier uploads, each with its `arquivo` row, and the current one), and 1 file in
 * 20 outside the 10,000-item folder is in the bin (deleted a day ago by its owner), about 5 % of the items. The big
 * folder stays whole, so its page measures the same 10,000 live items.
 */
export async function seedLibrary(
  exec: Exec,
  total: number,
  log: (msg: string) => void,
  history = true,
): Promise<SeedInfo> {
  const BIG_FILES = 9_800;
  const BIG_FOLDERS = 200;
  const FOLDERS = 999; // 499 under root A, 500 under root B
  const files = total - 2 - 1 - BIG_FILES - BIG_FOLDERS - FOLDERS;
  if (files < FOLDERS) throw new Error(`library seed: total must be at least ${2 + 1 + 10_000 + 2 * FOLDERS}`);
  const steps: Record<string, number> = {};
  const started = performance.now();
  const step = async (name: string, sql: string) => {
    const t0 = performance.now();
    await exec(sql);
    steps[name] = Math.round(performance.now() - t0) / 1000;
    log(`  seed ${name}: ${steps[name].toFixed(1)} s`);
  };

  const [owner] = await exec(`SELECT id FROM usuario WHERE email = 'montadora@portal.demo'`);
  const groups = await exec(`SELECT id, nome FROM grupo_usuarios WHERE nome IN ('Rede Horizonte', 'Rede Litoral')`);
  const groupId = (nome: string) => groups.find((g) => g.nome === nome)?.id as string | undefined;
  if (!owner || !groupId('Rede Horizonte') || !groupId('Rede Litoral'))
    throw new Error('library seed: the demo data (montadora@, Rede Horizonte, Rede Litoral) is missing');
  const ownerId = `'${owner.id}'::uuid`;

  const indexes = (await exec(`SELECT indexname, indexdef FROM pg_indexes x
      WHERE schemaname = 'public' AND tablename IN ('item_biblioteca', 'arquivo')
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = x.indexname)`)) as {
    indexname: string;
    indexdef: string;
  }[];
  for (const ix of indexes) await exec(`DROP INDEX "${ix.indexname}"`);
  await exec(`SET session_replication_role = replica`);

  const now = `(now() - interval '1 day')`;
  const cols = `id, nome, pasta, pasta_pai_id, caminho, acl_item_id, arquivo_id, proprietario_id, data_criacao, ultima_modificacao`;
  await step(
    'folders',
    `INSERT INTO item_biblioteca (${cols}) VALUES
       (${ROOT_A}, 'Biblioteca Rede Horizonte (bench)', true, NULL, '{}', ${ROOT_A}, NULL, ${ownerId}, ${now}, ${now}),
       (${ROOT_B}, 'Biblioteca Rede Litoral (bench)', true, NULL, '{}', ${ROOT_B}, NULL, ${ownerId}, ${now}, ${now}),
       (${BIG}, 'Pasta grande 10.000 itens', true, ${ROOT_A}, ARRAY[${ROOT_A}], ${ROOT_A}, NULL, ${ownerId}, ${now}, ${now});
     INSERT INTO permissao_item_biblioteca (item_id, grupo_usuarios_id, permissao) VALUES
       (${ROOT_A}, '${groupId('Rede Horizonte')}', 'LEITURA'),
       (${ROOT_B}, '${groupId('Rede Litoral')}', 'LEITURA');
     INSERT INTO item_biblioteca (${cols})
       SELECT ${folderId('k')}, 'Concessionária ' || ${pick(CITIES, 'k')} || ' ' || lpad(k::text, 3, '0'), true,
              CASE WHEN k < 499 THEN ${ROOT_A} ELSE ${ROOT_B} END,
              ARRAY[CASE WHEN k < 499 THEN ${ROOT_A} ELSE ${ROOT_B} END],
              CASE WHEN k < 499 THEN ${ROOT_A} ELSE ${ROOT_B} END, NULL, ${ownerId}, ${now}, ${now}
         FROM generate_series(0, ${FOLDERS - 1}) k;
     INSERT INTO item_biblioteca (${cols})
       SELECT ${uid('bench-sub-', 'k')}, 'Subpasta ' || ${pick(CITIES, 'k')} || ' ' || k, true, ${BIG},
              ARRAY[${ROOT_A}, ${BIG}], ${ROOT_A}, NULL, ${ownerId}, ${now}, ${now}
         FROM generate_series(0, ${BIG_FOLDERS - 1}) k;`,
  );
  // Files: numbers 0..BIG_FILES-1 go to the big folder, the rest round-robin to the 999 folders.
  const fileRows = (from: number, to: number) => `
    SELECT j, ${fileName('j')} AS nome,
           CASE WHEN j < ${BIG_FILES} THEN ${BIG} ELSE ${folderId(`(j - ${BIG_FILES}) % ${FOLDERS}`)} END AS pai,
           CASE WHEN j < ${BIG_FILES} THEN ARRAY[${ROOT_A}, ${BIG}]
                WHEN (j - ${BIG_FILES}) % ${FOLDERS} < 499 THEN ARRAY[${ROOT_A}, ${folderId(`(j - ${BIG_FILES}) % ${FOLDERS}`)}]
                ELSE ARRAY[${ROOT_B}, ${folderId(`(j - ${BIG_FILES}) % ${FOLDERS}`)}] END AS caminho,
           CASE WHEN j < ${BIG_FILES} OR (j - ${BIG_FILES}) % ${FOLDERS} < 499 THEN ${ROOT_A} ELSE ${ROOT_B} END AS acl
      FROM generate_series(${from}, ${to}) j`;
  const totalFiles = BIG_FILES + files;
  const CHUNK = 250_000;
  for (let from = 0; from < totalFiles; from += CHUNK) {
    const to = Math.min(totalFiles, from + CHUNK) - 1;
    await step(
      `files ${from}-${to}`,
      // Placed (colocado_em set), as an upload the library holds: else the hourly sweep of unplaced uploads
      // would try every one of them during the measurement.
      `INSERT INTO arquivo (id, storage_key, nome, content_type, tamanho, imagem, proprietario_id, file_type, created_at,
                            colocado_em)
         SELECT ${uid('bench-arq-', 'j')}, 'bench/' || j, ${fileName('j')}, ${pick(TYPES, 'j / 3')},
                10000 + (j::bigint * 7919) % 5000000, false, ${ownerId}, 'LIBRARY', ${now}, ${now}
           FROM generate_series(${from}, ${to}) j;
       INSERT INTO item_biblioteca (${cols})
         SELECT ${uid('bench-item-', 'f.j')}, f.nome, false, f.pai, f.caminho, f.acl, ${uid('bench-arq-', 'f.j')},
                ${ownerId}, ${now} - (f.j % 1000) * interval '1 hour', ${now} - (f.j % 997) * interval '1 hour'
           FROM (${fileRows(from, to)}) f;`,
    );
    if (!history) continue;
    await step(
      `versions and bin ${from}-${to}`,
      `INSERT INTO arquivo (id, storage_key, nome, content_type, tamanho, imagem, proprietario_id, file_type, created_at,
                            colocado_em)
         SELECT ${uid('bench-arqv-', "j || '-' || v")}, 'bench/' || j || '-v' || v, 'versão ' || v, 'application/pdf',
                10000 + j % 5000, false, ${ownerId}, 'LIBRARY', ${now} - (3 - v) * interval '1 day', ${now}
           FROM generate_series(${from}, ${to}) j, generate_series(1, 2) v WHERE j % 10 = 3;
       INSERT INTO versao_item_biblioteca (item_id, numero, arquivo_id, autor_id, criado_em)
         SELECT ${uid('bench-item-', 'j')}, v,
                CASE WHEN v = 3 THEN ${uid('bench-arq-', 'j')} ELSE ${uid('bench-arqv-', "j || '-' || v")} END,
                ${ownerId}, ${now} - (3 - v) * interval '1 day'
           FROM generate_series(${from}, ${to}) j, generate_series(1, 3) v WHERE j % 10 = 3;
       UPDATE item_biblioteca SET excluido_em = ${now}, excluido_com = id, excluido_por = ${ownerId}
         WHERE id IN (SELECT ${uid('bench-item-', 'j')} FROM generate_series(GREATEST(${from}, ${BIG_FILES}), ${to}) j
                       WHERE j % 20 = 7);`,
    );
  }
  // No seeded file has bytes in storage: each is recorded as read and empty, else the text back-fill would try every
  // one of them (two updates and a storage miss each) all through the measurement.
  await step(
    'file texts',
    `INSERT INTO arquivo_texto (arquivo_id, estado) SELECT a.id, 'SEM_TEXTO' FROM arquivo a
      WHERE a.storage_key LIKE 'bench/%' ON CONFLICT (arquivo_id) DO NOTHING`,
  );
  await exec(`SET session_replication_role = DEFAULT`);
  // The triggers were off: the folder counts they keep are counted once here.
  await step('folder counts', REBUILD_FOLDER_COUNTS);
  for (const ix of indexes) await step(`index ${ix.indexname}`, ix.indexdef);
  await step('analyze', 'ANALYZE item_biblioteca; ANALYZE arquivo; ANALYZE permissao_item_biblioteca');
  await step('analyze versions', 'ANALYZE versao_item_biblioteca');
  const [{ n, big, binned }] = await exec(
    `SELECT count(*) FILTER (WHERE excluido_em IS NULL)::int AS n,
            count(*) FILTER (WHERE excluido_em IS NULL AND pasta_pai_id = ${BIG})::int AS big,
            count(*) FILTER (WHERE excluido_em IS NOT NULL)::int AS binned FROM item_biblioteca`,
  );
  const [{ versions }] = await exec('SELECT count(*)::int AS versions FROM versao_item_biblioteca');
  log(`  seed: ${n} live items, ${binned} in the bin, ${versions} version rows`);
  const [{ id: bigFolderId }] = await exec(`SELECT ${BIG}::text AS id`);
  if (Number(big) !== 10_000) throw new Error(`library seed: the big folder has ${big} items, not 10000`);
  return {
    total: Number(n),
    binned: Number(binned),
    versions: Number(versions),
    bigFolderId: String(bigFolderId),
    seconds: Math.round(performance.now() - started) / 1000,
    steps,
  };
}

/** How many items each search term matches (all, and readable by Rede Horizonte), for the report. */
export async function termCounts(exec: Exec): Promise<Record<string, { all: number; horizonte: number }>> {
  const out: Record<string, { all: number; horizonte: number }> = {};
  for (const term of SEARCH_TERMS) {
    const [row] = await exec(`SELECT count(*)::int AS all, count(*) FILTER (WHERE acl_item_id = ${ROOT_A})::int AS h
        FROM item_biblioteca WHERE immutable_unaccent(lower(nome)) LIKE immutable_unaccent(lower('%${term}%'))`);
    out[term] = { all: Number(row.all), horizonte: Number(row.h) };
  }
  return out;
}
