import { Worker } from 'node:worker_threads';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';

/** Upload types whose text is extracted for search (docs/decisions/0044-text-extraction.md). */
export const EXTRACTABLE_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'text/plain',
  'text/csv',
]);

/** What uploads are for whose text is searched: the library's files. */
export const TEXT_SEARCH_FILE_TYPES: ReadonlySet<string> = new Set(['LIBRARY']);

/**
 * Caps of one extraction: a hostile file costs at most these. Bigger files are not read (FALHOU TOO_LARGE);
 * the text stops at `maxChars` (kept, `truncado`); the worker thread is ended at `timeoutMs` (FALHOU TIMEOUT)
 * and stopped by V8 past `memoryMb` (FALHOU TOO_LARGE); zip parts as in decision 0025.
 */
export type TextLimits = {
  maxInputBytes: number;
  maxChars: number;
  timeoutMs: number;
  memoryMb: number;
  maxEntryBytes: number;
  maxTotalInflated: number;
  maxRatio: number;
};

export const DEFAULT_TEXT_LIMITS: TextLimits = {
  maxInputBytes: 50 * 1024 * 1024,
  maxChars: 100_000,
  timeoutMs: 30_000,
  memoryMb: 256,
  maxEntryBytes: 100 * 1024 * 1024,
  maxTotalInflated: 200 * 1024 * 1024,
  maxRatio: 200,
};

export type ExtractionResult = { ok: true; text: string; truncated: boolean } | { ok: false; reason: string };

/** Control characters other than tab and line breaks (PostgreSQL refuses NUL; the excerpt markers are 1 and 2). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** Text as stored: control characters gone, runs of blanks shortened. */
export function cleanText(text: string): string {
  return text
    .replace(CONTROL, ' ')
    .replace(/[ \t\u00A0]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/**
 * The text of `bytes` (an upload of `contentType`), read in a worker thread with a memory cap and ended at the
 * time cap: a file that hangs or bloats the parser fails alone, never the server.
 */
export function extractText(
  bytes: Uint8Array,
  contentType: string,
  limits: TextLimits = DEFAULT_TEXT_LIMITS,
): Promise<ExtractionResult> {
  if (!EXTRACTABLE_TYPES.has(contentType)) return Promise.resolve({ ok: false, reason: 'UNSUPPORTED' });
  if (bytes.byteLength > limits.maxInputBytes) return Promise.resolve({ ok: false, reason: 'TOO_LARGE' });
  const copy = new Uint8Array(bytes);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: ExtractionResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result.ok ? { ...result, text: cleanText(result.text) } : result);
    };
    const worker = new Worker(new URL('./files.text-worker.mjs', import.meta.url), {
      workerData: {
        bytes: copy,
        contentType,
        maxChars: limits.maxChars,
        maxEntryBytes: limits.maxEntryBytes,
        maxTotalInflated: limits.maxTotalInflated,
        maxRatio: limits.maxRatio,
      },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    const timer = setTimeout(() => finish({ ok: false, reason: 'TIMEOUT' }), limits.timeoutMs);
    worker.on('message', (message: ExtractionResult) => finish(message));
    worker.on('error', (err: NodeJS.ErrnoException) =>
      finish({ ok: false, reason: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'TOO_LARGE' : 'CORRUPT' }),
    );
    worker.on('exit', () => finish({ ok: false, reason: 'CORRUPT' }));
  });
}

/** The text-search configurations of the migration `text_search`: unaccent, then each language's stemmer. */
const CONFIGS = ['busca_pt', 'busca_es', 'busca_en'] as const;

/**
 * Words of `text` as a prefix query in one configuration: letters and digits only (no operator reaches
 * to_tsquery), all words required, the last one also as a prefix (the user is still typing it).
 */
function wordsQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}]+/gu)?.slice(0, 16) ?? [];
  if (!words.length) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/**
 * The tsquery of a search text in the three languages (any one of them matching), or null when the text
 * has no word. For other modules' queries: the text's tsquery without naming this module's table.
 */
export function textQuerySql(text: string): SQL | null {
  const words = wordsQuery(text);
  if (!words) return null;
  return sql`(${sql.join(
    CONFIGS.map((c) => sql`to_tsquery(${sql.raw(`'${c}'`)}::regconfig, ${words})`),
    sql` || `,
  )})`;
}

/** The tsvector of `text` (an SQL expression) in the three languages. */
const vectorOf = (text: SQL) =>
  sql.join(
    CONFIGS.map((c) => sql`to_tsvector(${sql.raw(`'${c}'`)}::regconfig, ${text})`),
    sql` || `,
  );

/**
 * For other modules' queries (the library search): `SELECT arquivo_id, rank` of the uploads whose extracted
 * text matches `query` (from textQuerySql), through the GIN index.
 */
export function textMatchesSql(query: SQL): SQL {
  // The query is built once (to_tsquery is not folded into a constant), then probes the GIN index.
  return sql`SELECT t.arquivo_id, ts_rank(t.vetor, q.q) AS rank FROM (SELECT ${query} AS q) q
    JOIN arquivo_texto t ON t.vetor @@ q.q WHERE t.estado = 'EXTRAIDO'`;
}

/** Markers around the matched words in an excerpt: control characters, which stored texts never hold. */
export const EXCERPT_START = '\u0001';
export const EXCERPT_END = '\u0002';

/**
 * For other modules' queries: a short excerpt of the extracted text of the upload `arquivoId` (an SQL expression)
 * around `query`'s words, the matched words between EXCERPT_START and EXCERPT_END; null when it does not match.
 */
export function textExcerptSql(arquivoId: SQL, query: SQL): SQL {
  const options = `StartSel=${EXCERPT_START}, StopSel=${EXCERPT_END}, MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`;
  return sql`(SELECT ts_headline('busca_pt'::regconfig, t.texto, ${query}, ${options}) FROM arquivo_texto t
    WHERE t.arquivo_id = ${arquivoId} AND t.estado = 'EXTRAIDO' AND t.vetor @@ ${query})`;
}

/** An excerpt with the positions (UTF-16 offsets, end exclusive) of its highlighted words. */
export type Excerpt = { texto: string; destaques: { inicio: number; fim: number }[] };

/** Splits a marked excerpt (textExcerptSql) into its text and highlight ranges. */
export function parseExcerpt(marked: string | null | undefined): Excerpt | null {
  if (!marked) return null;
  let texto = '';
  const destaques: Excerpt['destaques'] = [];
  let start = -1;
  for (const ch of marked) {
    if (ch === EXCERPT_START) start = texto.length;
    else if (ch === EXCERPT_END) {
      if (start >= 0 && texto.length > start) destaques.push({ inicio: start, fim: texto.length });
      start = -1;
    } else texto += ch;
  }
  return { texto, destaques };
}

/** Queues the extraction of a placed upload (in the placing transaction), when its type is searched. */
export async function markForExtraction(
  db: DbOrTx,
  row: { id: string; contentType: string; fileType: string },
): Promise<boolean> {
  if (!TEXT_SEARCH_FILE_TYPES.has(row.fileType) || !EXTRACTABLE_TYPES.has(row.contentType)) return false;
  await db.execute(sql`INSERT INTO arquivo_texto (arquivo_id, estado) VALUES (${row.id}, 'PENDENTE')
    ON CONFLICT (arquivo_id) DO NOTHING`);
  return true;
}

/** How a stored text is written: its vector in the three languages. */
export function storeTextSql(arquivoId: string, text: string, truncated: boolean): SQL {
  return sql`UPDATE arquivo_texto SET estado = 'EXTRAIDO', texto = ${text}, truncado = ${truncated},
      vetor = ${vectorOf(sql`${text}::text`)}, motivo = NULL, reservado_ate = NULL, atualizado_em = now()
    WHERE arquivo_id = ${arquivoId}`;
}
