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

/** A long-lived worker is retired after this many files (whatever a parser leaks stays bounded)... */
const FILES_PER_WORKER = 500;
/** ...or after this long without a file (its heap is not held while nothing is being read). */
const WORKER_IDLE_MS = 30_000;

type Pending = {
  bytes: Uint8Array;
  contentType: string;
  limits: TextLimits;
  resolve: (result: ExtractionResult) => void;
};

type Running = { worker: Worker; memoryMb: number; files: number };

/**
 * One long-lived extraction worker thread for the process, fed one file at a time (pdf.js is loaded once, not once
 * a file). A file that trips a cap ends its worker: past the time cap it is terminated, past the memory cap V8
 * stops it, and after any failed file it is retired anyway (nothing a hostile file left behind reaches the next
 * one); the next file starts a new worker. Also retired after FILES_PER_WORKER files and when idle.
 */
class TextExtractor {
  private readonly queue: Pending[] = [];
  private running: Running | null = null;
  private busy = false;
  private idleTimer: NodeJS.Timeout | null = null;
  private nextId = 0;
  /** Workers started and files read since the process started (the tests and the bench read them). */
  readonly stats = { workersStarted: 0, files: 0 };

  extract(bytes: Uint8Array, contentType: string, limits: TextLimits): Promise<ExtractionResult> {
    return new Promise((resolve) => {
      this.queue.push({ bytes, contentType, limits, resolve });
      this.pump();
    });
  }

  private pump() {
    if (this.busy) return;
    const next = this.queue.shift();
    if (!next) {
      this.idle();
      return;
    }
    this.busy = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    void this.run(next).then((result) => {
      this.busy = false;
      next.resolve(result.ok ? { ...result, text: cleanText(result.text) } : result);
      this.pump();
    });
  }

  private workerFor(memoryMb: number): Running {
    if (this.running && this.running.memoryMb === memoryMb) return this.running;
    this.retire();
    const worker = new Worker(new URL('./files.text-worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    });
    // Never what keeps the process alive: an idle worker is retired anyway.
    worker.unref();
    // A worker that dies between files is simply replaced by the next file's.
    worker.on('error', () => {});
    worker.on('exit', () => {
      if (this.running?.worker === worker) this.running = null;
    });
    this.stats.workersStarted++;
    this.running = { worker, memoryMb, files: 0 };
    return this.running;
  }

  private retire() {
    const running = this.running;
    this.running = null;
    if (running) void running.worker.terminate();
  }

  private idle() {
    if (!this.running || this.idleTimer) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!this.busy) this.retire();
    }, WORKER_IDLE_MS);
    this.idleTimer.unref();
  }

  /** One file through the worker: its answer, or the cap it tripped (the worker is then ended). */
  private run({ bytes, contentType, limits }: Pending): Promise<ExtractionResult> {
    const running = this.workerFor(limits.memoryMb);
    const { worker } = running;
    const id = ++this.nextId;
    this.stats.files++;
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: ExtractionResult, keep: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        running.files++;
        if (!keep || running.files >= FILES_PER_WORKER) {
          if (this.running === running) this.running = null;
          void worker.terminate();
        }
        resolve(result);
      };
      const onMessage = (message: ExtractionResult & { id: number }) => {
        if (message.id !== id) return;
        const { id: _, ...result } = message;
        finish(result, result.ok);
      };
      const onError = (err: NodeJS.ErrnoException) =>
        finish({ ok: false, reason: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'TOO_LARGE' : 'CORRUPT' }, false);
      const onExit = () => finish({ ok: false, reason: 'CORRUPT' }, false);
      const timer = setTimeout(() => finish({ ok: false, reason: 'TIMEOUT' }, false), limits.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      const copy = new Uint8Array(bytes);
      worker.postMessage(
        {
          id,
          bytes: copy,
          contentType,
          maxChars: limits.maxChars,
          maxEntryBytes: limits.maxEntryBytes,
          maxTotalInflated: limits.maxTotalInflated,
          maxRatio: limits.maxRatio,
        },
        [copy.buffer],
      );
    });
  }
}

const extractor = new TextExtractor();

/** Workers started and files read by this process's extractor (tests and the bench). */
export const textExtractorStats = (): Readonly<{ workersStarted: number; files: number }> => ({ ...extractor.stats });

/**
 * The text of `bytes` (an upload of `contentType`), read by the process's extraction worker thread with a memory
 * cap and a time cap: a file that hangs or bloats the parser fails alone (its worker is ended), never the server.
 * Files are read one at a time, in the order asked; the time cap counts from the moment a file's reading starts.
 */
export function extractText(
  bytes: Uint8Array,
  contentType: string,
  limits: TextLimits = DEFAULT_TEXT_LIMITS,
): Promise<ExtractionResult> {
  if (!EXTRACTABLE_TYPES.has(contentType)) return Promise.resolve({ ok: false, reason: 'UNSUPPORTED' });
  if (bytes.byteLength > limits.maxInputBytes) return Promise.resolve({ ok: false, reason: 'TOO_LARGE' });
  return extractor.extract(bytes, contentType, limits);
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
  // OFFSET 0 plans the matches on their own, for all of them: through the GIN index. Without it a caller's LIMIT
  // reached this scan, and, its estimate of the matches being a guess, PostgreSQL chose to read the whole table
  // for the first few, which for a word no text holds is every text of the library (seconds at a million files).
  // The state is checked on the matches, not through arquivo_texto_extraido_idx: a bitmap of every extracted text
  // ANDed with the words' would cost more than the words' alone.
  return sql`SELECT m.arquivo_id, ts_rank(m.vetor, ${query}) AS rank
    FROM (SELECT t.arquivo_id, t.vetor, t.estado FROM arquivo_texto t WHERE t.vetor @@ ${query} OFFSET 0) m
    WHERE m.estado = 'EXTRAIDO'`;
}

/**
 * Like textMatchesSql, but among the first `texts` extracted texts in id order only (ids are random: a sample of the
 * library's texts, read through their index): for a search that needs a few hits, a word that most texts hold is
 * found here after reading a few hundred rows, where the text index would decode its whole posting list (about 30 ms
 * for a word in 100,000 texts).
 */
export function sampleTextMatchesSql(query: SQL, texts: number): SQL {
  return sql`SELECT t.arquivo_id, ts_rank(t.vetor, ${query}) AS rank FROM (SELECT arquivo_id, vetor FROM arquivo_texto
      WHERE estado = 'EXTRAIDO' ORDER BY arquivo_id LIMIT ${texts}) t
    WHERE t.vetor @@ ${query}`;
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
