import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isAllowed } from '@portal/domain';
import { type Locale, t } from '@portal/i18n';
import { and, eq, sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import { type ActionContext, inTransaction, systemContext } from '../../platform/actions.js';
import type { Tx } from '../../platform/db.js';
import type { Services } from '../../platform/services.js';
import { uuidArray } from '../../platform/sql.js';
import { DEFAULT_XLSX_LIMITS, readXlsxRows, XlsxFileError, type XlsxRow } from '../../platform/xlsx-reader.js';
import { portalLabels } from '../portal/portal.queries.js';
import {
  type ImportedUser,
  type ImportRowError,
  type ImportSession,
  importSession,
  importUsers,
  inviteUsers,
} from '../users/users.import.js';
import { loadCurrentUser } from '../users/users.queries.js';
import { USER_IMPORT_INVITE_QUEUE } from './user-import.columns.js';
import {
  emailKey,
  type HeaderMap,
  headerTexts,
  type ImportLookups,
  isBlankRow,
  loadImportLookups,
  localeOf,
  mapRow,
  matchHeader,
  resolveDealerCodes,
} from './user-import.rows.js';
import { announceProgress, USER_IMPORT_UPLOAD_GUARDS } from './user-import.service.js';
import { readSpill, spillWriter } from './user-import.spill.js';
import { importacaoUsuarios, importacaoUsuariosConvite, importacaoUsuariosErro } from './user-import.tables.js';

/**
 * The import job (docs/domains/user-import.md#processing). Pass 1 reads the whole file without writing, keeping
 * its rows in a temp file (user-import.spill.ts): a file error (not an .xlsx, encrypted, corrupt, a zip bomb,
 * unsafe XML, too many rows, a required column missing) ends the import in ERROR with nothing written. Pass 2 maps
 * the kept rows (or, resumed after a restart, the file's) and hands chunks of CHUNK_ROWS (PG_CHUNK_ROWS on
 * PostgreSQL) to the users module's `importUsers`, one transaction per chunk that also records the chunk's
 * rejected rows and moves the checkpoint; a killed server's job is retried and resumes after the last committed
 * chunk, and a second worker finds the checkpoint moved and stops.
 */

/** Rows per transaction: PGlite, and PostgreSQL (where each chunk's dozen round trips and constant work weigh more). */
export const CHUNK_ROWS = 1_000;
export const PG_CHUNK_ROWS = 2_000;
/** Chunks written side by side on PostgreSQL (each on its connection; they commit in order). PGlite: one. */
const CHUNKS_IN_FLIGHT = 2;
/** The most user rows a file may have (documented in the template's instructions). */
export const MAX_IMPORT_ROWS = 100_000;
/** The least time between two progress events of one import. */
const PROGRESS_EVERY_MS = 300;

/** The temp copies of uploads the job reads (`<prefix><import id>-<uuid>.xlsx`), and their rows (`….rows`). */
const TEMP_PREFIX = 'portal-import-';
const SPILL_SUFFIX = '.rows';
/** A temp copy older than this was left by a killed server (an import takes seconds to minutes). */
const STALE_COPY_MS = 24 * 3600 * 1000;

/** Removes the temp copies killed servers left behind (a running job's copy is far younger). */
export async function removeStaleCopies(now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await fs.promises.readdir(os.tmpdir()).catch(() => [] as string[])) {
    if (!name.startsWith(TEMP_PREFIX) || !(name.endsWith('.xlsx') || name.endsWith(SPILL_SUFFIX))) continue;
    const file = path.join(os.tmpdir(), name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_COPY_MS) {
      await fs.promises.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Another worker committed this chunk first: this one stops. */
class ChunkTaken extends Error {}

type ImportRecord = typeof importacaoUsuarios.$inferSelect;

export async function processImport(
  services: Services,
  importId: string,
  log: (err: unknown, msg: string) => void,
): Promise<void> {
  const record = await findImport(services, importId);
  if (!record || record.status === 'FINISHED' || record.status === 'ERROR') return;
  const actor = await loadCurrentUser(services.database, record.usuarioId);
  if (!actor || !USER_IMPORT_UPLOAD_GUARDS.every((guard) => isAllowed(actor, guard))) {
    await endInError(services, record, 'error.forbidden');
    return;
  }
  const ctx: ActionContext = { ...services, actor };
  // A name of this run's own: another worker of the same import (here or elsewhere) has its own copy.
  const file = path.join(os.tmpdir(), `${TEMP_PREFIX}${record.id}-${crypto.randomUUID()}.xlsx`);
  const spill = `${file}${SPILL_SUFFIX}`;
  try {
    await pipeline(await services.storage.get(record.storageKey), fs.createWriteStream(file));
    const lookups = await loadImportLookups(services);
    const limits = { ...DEFAULT_XLSX_LIMITS, maxRows: MAX_IMPORT_ROWS + 1 };
    let current = record;
    /** Pass 2's rows: those pass 1 kept (the .xlsx read once), or the file's again after a restart. */
    let rows = () => readXlsxRows(file, limits);
    if (current.status === 'RECEIVED') {
      const checked = await checkFile(file, limits, lookups, localeOf(current.idioma), spill);
      if ('error' in checked) {
        await endInError(services, current, checked.error, checked.params);
        return;
      }
      current = await markProcessing(services, current, checked);
      rows = () => readSpill(spill);
    }
    await importRows(ctx, current, rows(), lookups);
  } catch (err) {
    if (err instanceof ChunkTaken) return;
    if (err instanceof XlsxFileError) {
      // Pass 1 read the same file whole, so this is a file that changed in storage: nothing more is written.
      await endInError(services, record, `userImport.file.${err.code}`);
      return;
    }
    log(err, `user import ${importId} failed; the job retries it from its last chunk`);
    throw err;
  } finally {
    await fs.promises.rm(file, { force: true });
    await fs.promises.rm(spill, { force: true });
  }
}

async function findImport(services: Services, id: string): Promise<ImportRecord | null> {
  const [row] = await services.db.select().from(importacaoUsuarios).where(eq(importacaoUsuarios.id, id));
  return row ?? null;
}

/** Pass 1: the header and the count of user rows, or the file's error (an i18n key). Keeps the rows in `spill`. */
async function checkFile(
  file: string,
  limits: typeof DEFAULT_XLSX_LIMITS,
  lookups: ImportLookups,
  locale: Locale,
  spill: string,
): Promise<{ header: string[]; total: number } | { error: string; params?: Record<string, string | number> }> {
  let header: HeaderMap | null = null;
  let texts: string[] = [];
  let total = 0;
  const kept = spillWriter(spill);
  try {
    for await (const row of readXlsxRows(file, limits)) {
      await kept.add(row);
      if (!header) {
        if (isBlankRow(row)) continue;
        header = matchHeader(row.cells, lookups);
        texts = headerTexts(row.cells);
        if (header.missing.length) {
          kept.destroy();
          return {
            error: 'userImport.file.noHeader',
            // The missing columns as the template names them, in the uploader's language.
            params: {
              columns: header.missing
                .map((c) => t(locale, `userImport.column.${c}`, portalLabels(null, locale)))
                .join(', '),
            },
          };
        }
      } else if (!isBlankRow(row)) total++;
    }
    await kept.close();
  } catch (err) {
    kept.destroy();
    if (err instanceof XlsxFileError)
      return err.code === 'TOO_MANY_ROWS'
        ? { error: 'userImport.file.TOO_MANY_ROWS', params: { max: MAX_IMPORT_ROWS } }
        : { error: `userImport.file.${err.code}` };
    throw err;
  }
  if (total > MAX_IMPORT_ROWS) return { error: 'userImport.file.TOO_MANY_ROWS', params: { max: MAX_IMPORT_ROWS } };
  if (!header) return { error: 'userImport.file.empty' };
  if (total === 0) return { error: 'userImport.file.empty' };
  return { header: texts, total };
}

async function markProcessing(services: Services, record: ImportRecord, checked: { header: string[]; total: number }) {
  const [row] = await services.db
    .update(importacaoUsuarios)
    .set({ status: 'PROCESSING', total: checked.total, cabecalho: checked.header })
    .where(and(eq(importacaoUsuarios.id, record.id), eq(importacaoUsuarios.status, 'RECEIVED')))
    .returning();
  if (!row) throw new ChunkTaken();
  await announceProgress(services, row);
  return row;
}

/** Ends an import whose file could not be read: status ERROR with the message key; nothing else written. */
async function endInError(
  services: Services,
  record: ImportRecord,
  erro: string,
  params?: Record<string, string | number>,
) {
  await services.db
    .update(importacaoUsuarios)
    .set({ status: 'ERROR', erro, erroParams: params ?? null, finishedAt: services.clock.now() })
    .where(eq(importacaoUsuarios.id, record.id));
  await announceProgress(services, record);
}

/** One data row on its way: mapped to a user, or rejected with its problems. */
type Pending = { row: XlsxRow; user?: ImportedUser; errors?: ImportRowError[] };

/** Pass 2: every user row, in chunks, after the rows committed chunks handled already. */
async function importRows(
  ctx: ActionContext,
  record: ImportRecord,
  rows: AsyncIterable<XlsxRow>,
  lookups: ImportLookups,
) {
  let header: HeaderMap | null = null;
  /** The e-mails and CPFs of the rows so far (the first row with one wins; later ones are rejected). */
  const emails = new Map<string, number>();
  const cpfs = new Map<string, number>();
  let seen = 0;
  /** Where the next chunk starts, and the checkpoint this worker has seen committed. */
  let nextStart = record.linhasProcessadas;
  let committed = record.linhasProcessadas;
  /** Chunks written but not committed yet, in file order (each commits after the one before). */
  const inFlight: Promise<number>[] = [];
  const depth = ctx.database.kind === 'postgres' ? CHUNKS_IN_FLIGHT : 1;
  const chunkRows = ctx.database.kind === 'postgres' ? PG_CHUNK_ROWS : CHUNK_ROWS;
  let chunk: XlsxRow[] = [];
  let lastAnnounce = 0;
  /** The rules, scope, grants and catalogues every chunk checks against, loaded by the first. */
  const session = importSession();

  const flush = async () => {
    if (!chunk.length) return;
    const dealers = await resolveDealerCodes(ctx.db, chunk, header as HeaderMap);
    const pending: Pending[] = chunk.map((row) => {
      const mapped = mapRow(row, header as HeaderMap, lookups, dealers);
      if (!mapped.ok) return { row, errors: mapped.errors };
      const duplicate = firstRowWith(mapped.user, row.number);
      return duplicate ? { row, errors: [duplicate] } : { row, user: mapped.user };
    });
    chunk = [];
    const start = nextStart;
    nextStart += pending.length;
    const write = commitChunk(ctx, record, start, pending, inFlight.at(-1) ?? null, session);
    write.catch(() => {}); // awaited below, in order
    inFlight.push(write);
    if (inFlight.length >= depth) committed = await (inFlight.shift() as Promise<number>);
    // A turn of the event loop between chunks: PGlite answers in the same thread, and pass 2's rows come from a
    // file read in large blocks, so without it no request (the progress polled) would be served until the end.
    await new Promise(setImmediate);
    if (Date.now() - lastAnnounce >= PROGRESS_EVERY_MS) {
      lastAnnounce = Date.now();
      await announceProgress(ctx, record);
    }
  };

  /** A duplicate e-mail or CPF of an earlier row (case and Unicode form ignored), as the row's error. */
  const firstRowWith = (user: ImportedUser, rowNumber: number): ImportRowError | null => {
    const email = emails.get(user.email);
    if (email !== undefined && email !== rowNumber)
      return { field: 'email', message: 'userImport.row.duplicateEmail', params: { row: email } };
    emails.set(user.email, rowNumber);
    const cpf = user.cpf ? user.cpf.replace(/\D/g, '') : '';
    if (cpf) {
      const first = cpfs.get(cpf);
      if (first !== undefined && first !== rowNumber)
        return { field: 'cpf', message: 'userImport.row.duplicateCpf', params: { row: first } };
      cpfs.set(cpf, rowNumber);
    }
    return null;
  };

  try {
    for await (const row of rows) {
      if (!header) {
        if (isBlankRow(row)) continue;
        header = matchHeader(row.cells, lookups);
        continue;
      }
      if (isBlankRow(row)) continue;
      seen++;
      if (seen <= record.linhasProcessadas) {
        // Handled by a committed chunk before a restart: only its keys are remembered.
        const mapped = mapRow(row, header, lookups, new Map());
        const email = header.columns.has('email') ? row.cells[header.columns.get('email') as number] : null;
        if (typeof email === 'string' && email.trim()) emails.set(emailKey(email), row.number);
        if (mapped.ok && mapped.user.cpf) cpfs.set(mapped.user.cpf.replace(/\D/g, ''), row.number);
        continue;
      }
      chunk.push(row);
      if (chunk.length >= chunkRows) await flush();
    }
    await flush();
    while (inFlight.length) committed = await (inFlight.shift() as Promise<number>);
  } catch (err) {
    await Promise.allSettled(inFlight);
    // A second worker of this import got ahead (its rows collided with ours): it goes on, this one stops.
    const [now] = await ctx.db
      .select({ linhasProcessadas: importacaoUsuarios.linhasProcessadas })
      .from(importacaoUsuarios)
      .where(eq(importacaoUsuarios.id, record.id));
    if (err instanceof ChunkTaken || (now && now.linhasProcessadas > committed)) throw new ChunkTaken();
    throw err;
  }
  await finish(ctx, record);
}

/**
 * Writes one chunk in one transaction: imports the users, records the rejected rows and the new users to invite;
 * then, once the chunk before it has committed (`previous`), locks the import row, checks the checkpoint is still
 * `start` (else another worker got there first: ChunkTaken) and moves it with the counters. So chunks write
 * side by side but commit in file order, and a failed chunk fails the ones after it. Returns the new checkpoint.
 */
async function commitChunk(
  ctx: ActionContext,
  record: ImportRecord,
  start: number,
  pending: Pending[],
  previous: Promise<number> | null,
  session: ImportSession,
) {
  return inTransaction(ctx, async (tx, txCtx) => {
    const [current] = await tx
      .select({ linhasProcessadas: importacaoUsuarios.linhasProcessadas, status: importacaoUsuarios.status })
      .from(importacaoUsuarios)
      .where(eq(importacaoUsuarios.id, record.id));
    if (!current || current.linhasProcessadas > start || current.status !== 'PROCESSING') throw new ChunkTaken();

    const users = pending.flatMap((p) => (p.user ? [p.user] : []));
    const outcomes = users.length
      ? await importUsers(txCtx, users, { dryRun: record.simulacao, importId: record.id, session })
      : [];
    const byRow = new Map(outcomes.map((o) => [o.rowNumber, o]));
    const counts = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
    const rejected: { linha: number; celulas: unknown[]; erros: ImportRowError[] }[] = [];
    const created: string[] = [];
    for (const p of pending) {
      const outcome = p.user ? byRow.get(p.row.number) : undefined;
      const errors = p.errors ?? (outcome?.outcome === 'rejected' ? outcome.errors : undefined);
      if (errors || !outcome || outcome.outcome === 'rejected') {
        counts.rejected++;
        rejected.push({ linha: p.row.number, celulas: storableCells(p.row.cells), erros: errors ?? [] });
        continue;
      }
      counts[outcome.outcome]++;
      if (outcome.outcome === 'created' && !record.simulacao) created.push(outcome.userId);
    }
    if (rejected.length)
      await tx
        .insert(importacaoUsuariosErro)
        .values(rejected.map((r) => ({ importacaoId: record.id, ...r })))
        .onConflictDoNothing();
    // One row for the chunk's new users (their ids in an array): a row per user cost a write and two foreign-key
    // checks each. Keyed by where the chunk starts, as the checkpoint.
    if (created.length)
      await tx.execute(sql`INSERT INTO importacao_usuarios_convite (importacao_id, inicio, usuario_ids)
        VALUES (${record.id}, ${start}, ${uuidArray(created)}) ON CONFLICT DO NOTHING`);
    if (previous) await previous;
    // NO KEY UPDATE: the next chunk's rejected rows and invitations reference this row (their foreign keys take
    // KEY SHARE locks on it) while it waits for this chunk; FOR UPDATE would wait for them in turn.
    const [locked] = await tx
      .select({ linhasProcessadas: importacaoUsuarios.linhasProcessadas, status: importacaoUsuarios.status })
      .from(importacaoUsuarios)
      .where(eq(importacaoUsuarios.id, record.id))
      .for('no key update');
    if (!locked || locked.linhasProcessadas !== start || locked.status !== 'PROCESSING') throw new ChunkTaken();
    const next = start + pending.length;
    await tx
      .update(importacaoUsuarios)
      .set({
        linhasProcessadas: next,
        criados: sql`${importacaoUsuarios.criados} + ${counts.created}`,
        atualizados: sql`${importacaoUsuarios.atualizados} + ${counts.updated}`,
        semAlteracao: sql`${importacaoUsuarios.semAlteracao} + ${counts.unchanged}`,
        rejeitadas: sql`${importacaoUsuarios.rejeitadas} + ${counts.rejected}`,
      })
      .where(eq(importacaoUsuarios.id, record.id));
    return next;
  });
}

/**
 * A rejected row's cells as the jsonb column can hold them: PostgreSQL's jsonb refuses the NUL character (`\u0000`),
 * which a hostile or broken file may hold (the row is rejected for it), so NUL becomes U+FFFD; the rest is as read.
 */
function storableCells(cells: XlsxRow['cells']): XlsxRow['cells'] {
  return cells.map((cell) =>
    typeof cell === 'string' && cell.includes('\u0000') ? cell.replaceAll('\u0000', '\uFFFD') : cell,
  );
}

/** Ends a processed import (FINISHED) and, for a real one with new users, queues their invitations. */
async function finish(ctx: ActionContext, record: ImportRecord) {
  await inTransaction(ctx, async (tx: Tx) => {
    const [row] = await tx
      .update(importacaoUsuarios)
      .set({ status: 'FINISHED', finishedAt: ctx.clock.now() })
      .where(and(eq(importacaoUsuarios.id, record.id), eq(importacaoUsuarios.status, 'PROCESSING')))
      .returning({ criados: importacaoUsuarios.criados });
    if (row && row.criados > 0 && !record.simulacao)
      await ctx.jobs.send(
        USER_IMPORT_INVITE_QUEUE,
        { importId: record.id },
        { singletonKey: record.id, retryLimit: 20, retryDelay: 10, db: fromDrizzle(tx, sql) },
      );
  });
  await announceProgress(ctx, record);
}

/** Invitations sent per transaction by the invitation job. */
const INVITES_PER_BATCH = 50;

/**
 * The invitation job of a finished import: invites its new users in batches, as the uploader. Each batch takes one
 * chunk's row (locked; a second worker skips it and takes another chunk's), invites its first ids and, in the same
 * transaction, removes them from the row or deletes the row: each user is invited once, and a retried job goes on
 * where the last committed batch ended.
 */
export async function inviteImportedUsers(services: Services, importId: string): Promise<void> {
  const record = await findImport(services, importId);
  if (!record) return;
  const actor = await loadCurrentUser(services.database, record.usuarioId);
  const ctx: ActionContext = actor ? { ...services, actor } : systemContext(services);
  const invites = importacaoUsuariosConvite;
  for (;;) {
    const found = await inTransaction(ctx, async (tx, txCtx) => {
      const [pending] = await tx
        .select({ inicio: invites.inicio, usuarioIds: invites.usuarioIds })
        .from(invites)
        .where(eq(invites.importacaoId, importId))
        .orderBy(invites.inicio)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!pending) return false;
      const ids = pending.usuarioIds.slice(0, INVITES_PER_BATCH);
      await inviteUsers(txCtx, ids);
      const chunk = and(eq(invites.importacaoId, importId), eq(invites.inicio, pending.inicio));
      if (ids.length < pending.usuarioIds.length)
        await tx
          .update(invites)
          .set({ usuarioIds: sql`${invites.usuarioIds}[${INVITES_PER_BATCH + 1}:]` })
          .where(chunk);
      else await tx.delete(invites).where(chunk);
      return true;
    });
    if (!found) return;
  }
}
