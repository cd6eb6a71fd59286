import { sql } from 'drizzle-orm';
import type { JobContext } from '../../platform/module.js';
import type { Services } from '../../platform/services.js';
import { textArray } from '../../platform/sql.js';
import { NotFoundInStorage } from '../../platform/storage-contract.js';
import {
  DEFAULT_TEXT_LIMITS,
  EXTRACTABLE_TYPES,
  extractText,
  storeTextSql,
  TEXT_SEARCH_FILE_TYPES,
  type TextLimits,
} from './files.text.js';

/** Queue of the extraction of one placed upload (sent with its placement). */
export const TEXT_EXTRACT_QUEUE = 'arquivo.extrair-texto';
/** Queue of the back-fill: files stored before extraction existed, and any pending file a lost job left. */
export const TEXT_BACKFILL_QUEUE = 'arquivo.indexar-textos';
/** Every ten minutes; also sent at start. pg-boss sends one job per tick, whatever the number of instances. */
const TEXT_BACKFILL_CRON = '*/10 * * * *';
/** A file is tried at most this many times (a worker killed mid-file counts); then it is FALHOU ATTEMPTS. */
export const MAX_TEXT_ATTEMPTS = 3;
/** How long a claimed file is held by its worker before another may take it (the worker died). */
const CLAIM_SECONDS = 120;
/** Rows marked pending per statement of the back-fill. */
const BACKFILL_BATCH = 500;
/** After its own file, an extraction job goes on with pending files for this long. */
const EXTRACT_DRAIN_MS = 60_000;
/** One back-fill job works this long, then queues the next one (pg-boss expires jobs after 15 minutes). */
const BACKFILL_BUDGET_MS = 10 * 60_000;

type Claimed = { arquivo_id: string; tentativas: number; storage_key: string; content_type: string; tamanho: number };

/**
 * Claims one pending file (`arquivoId`, or the oldest claimable one): `tentativas` + 1 and held for CLAIM_SECONDS,
 * SKIP LOCKED so two instances never take the same file. Null when none is claimable.
 */
async function claim(services: Services, arquivoId?: string): Promise<Claimed | null> {
  const which = arquivoId ? sql`AND p.arquivo_id = ${arquivoId}` : sql``;
  const [row] = (
    await services.db.execute(sql`UPDATE arquivo_texto t SET tentativas = t.tentativas + 1,
        reservado_ate = now() + ${CLAIM_SECONDS} * interval '1 second', atualizado_em = now()
      FROM arquivo a
      WHERE a.id = t.arquivo_id AND t.arquivo_id = (SELECT p.arquivo_id FROM arquivo_texto p
        WHERE p.estado = 'PENDENTE' AND (p.reservado_ate IS NULL OR p.reservado_ate < now()) ${which}
        ORDER BY p.atualizado_em LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING t.arquivo_id, t.tentativas, a.storage_key, a.content_type, a.tamanho`)
  ).rows as Claimed[];
  return row ?? null;
}

async function fail(services: Services, arquivoId: string, motivo: string) {
  await services.db.execute(sql`UPDATE arquivo_texto SET estado = 'FALHOU', motivo = ${motivo}, texto = NULL,
      vetor = NULL, reservado_ate = NULL, atualizado_em = now() WHERE arquivo_id = ${arquivoId}`);
}

async function readAll(services: Services, key: string, max: number): Promise<Buffer | null> {
  const stream = await services.storage.get(key);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Extracts the text of one claimed file and records the outcome: EXTRAIDO, SEM_TEXTO, or FALHOU with its reason
 * (never tried again). Returns false when nothing was claimable.
 */
export async function extractOne(
  services: Services,
  opts: { arquivoId?: string; limits?: TextLimits; log?: (err: unknown, msg: string) => void } = {},
): Promise<boolean> {
  const limits = opts.limits ?? DEFAULT_TEXT_LIMITS;
  const row = await claim(services, opts.arquivoId);
  if (!row) return false;
  const id = row.arquivo_id;
  if (row.tentativas > MAX_TEXT_ATTEMPTS) {
    await fail(services, id, 'ATTEMPTS');
    return true;
  }
  if (Number(row.tamanho) > limits.maxInputBytes) {
    await fail(services, id, 'TOO_LARGE');
    return true;
  }
  try {
    const bytes = await readAll(services, row.storage_key, limits.maxInputBytes);
    if (!bytes) return fail(services, id, 'TOO_LARGE').then(() => true);
    const result = await extractText(bytes, row.content_type, limits);
    if (!result.ok) await fail(services, id, result.reason);
    else if (!result.text)
      await services.db.execute(sql`UPDATE arquivo_texto SET estado = 'SEM_TEXTO', reservado_ate = NULL,
          atualizado_em = now() WHERE arquivo_id = ${id}`);
    else await services.db.execute(storeTextSql(id, result.text, result.truncated));
  } catch (err) {
    // An object gone from the storage will not come back: recorded, never tried again.
    if (err instanceof NotFoundInStorage) {
      await fail(services, id, 'MISSING');
      return true;
    }
    // Storage or database trouble: left pending (the claim lapses), tried again until MAX_TEXT_ATTEMPTS.
    opts.log?.(err, `text of upload ${id} not extracted (tried again later)`);
  }
  return true;
}

/**
 * Marks the placed, searchable uploads that have no text row yet as pending, a batch at a time (each batch
 * commits: a stopped back-fill resumes where it was). It walks the uploads in id order, `BACKFILL_BATCH` ids per
 * statement, so a statement reads only its own rows: on PGlite, whose one connection every request shares, a
 * library of a million files never holds the server's queries behind one long scan. Returns how many were marked.
 */
export async function markStoredFiles(services: Services, batch = BACKFILL_BATCH): Promise<number> {
  const types = [...EXTRACTABLE_TYPES];
  const fileTypes = [...TEXT_SEARCH_FILE_TYPES];
  let marked = 0;
  let after: string | null = null;
  for (;;) {
    const result: { rows: { last: string | null; marked: number }[] } = await services.db.execute(sql`
      WITH batch AS (
        SELECT a.id, a.colocado_em, a.content_type, a.file_type FROM arquivo a
         WHERE ${after === null ? sql`TRUE` : sql`a.id > ${after}::uuid`}
         ORDER BY a.id LIMIT ${batch}
      ), marked AS (
        INSERT INTO arquivo_texto (arquivo_id, estado)
        SELECT b.id, 'PENDENTE' FROM batch b
         WHERE b.colocado_em IS NOT NULL AND b.content_type = ANY(${textArray(types)})
           AND b.file_type = ANY(${textArray(fileTypes)})
           AND NOT EXISTS (SELECT 1 FROM arquivo_texto t WHERE t.arquivo_id = b.id)
        ON CONFLICT (arquivo_id) DO NOTHING
        RETURNING 1
      )
      SELECT (SELECT b.id::text FROM batch b ORDER BY b.id DESC LIMIT 1) AS last,
             (SELECT count(*)::int FROM marked) AS marked`);
    const row = result.rows[0];
    marked += Number(row?.marked ?? 0);
    if (!row?.last) return marked;
    after = row.last;
  }
}

/**
 * The back-fill: marks stored files, then extracts pending ones until none is left or the budget is spent
 * (then it queues its next run). Returns how many files were handled.
 */
export async function backfillTexts(
  services: Services,
  opts: { limits?: TextLimits; budgetMs?: number; log?: (err: unknown, msg: string) => void } = {},
): Promise<{ handled: number; done: boolean }> {
  await markStoredFiles(services);
  const until = Date.now() + (opts.budgetMs ?? BACKFILL_BUDGET_MS);
  let handled = 0;
  while (Date.now() < until) {
    if (!(await extractOne(services, opts))) return { handled, done: true };
    handled++;
  }
  return { handled, done: false };
}

/** Starts this instance's workers of extraction and back-fill, the back-fill's schedule, and one back-fill now. */
export async function startTextJobs({ services, log }: JobContext) {
  const logErr = (err: unknown, msg: string) => log(err, msg);
  await services.jobs.work<{ arquivoId: string }>(TEXT_EXTRACT_QUEUE, async ({ arquivoId }) => {
    await extractOne(services, { arquivoId, log: logErr });
    // Then whatever else is pending, for a while: a burst of uploads is read one after the other instead of one per
    // poll of the queue (the other jobs of the burst then find their file done).
    const until = Date.now() + EXTRACT_DRAIN_MS;
    while (Date.now() < until && (await extractOne(services, { log: logErr })));
  });
  await services.jobs.work(TEXT_BACKFILL_QUEUE, async () => {
    const { done } = await backfillTexts(services, { log: logErr });
    if (!done) await services.jobs.send(TEXT_BACKFILL_QUEUE, {}, { singletonKey: 'next' });
  });
  await services.jobs.boss.schedule(TEXT_BACKFILL_QUEUE, TEXT_BACKFILL_CRON);
  await services.jobs.send(TEXT_BACKFILL_QUEUE, {}, { singletonKey: 'start' });
}
