import type { Guard, Idioma } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import { type ActionContext, actorId, inTransaction, requireActor, requireAllowed } from '../../platform/actions.js';
import { badInput, notFound } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { USER_IMPORT_PROGRESS_CHANNEL, USER_IMPORT_QUEUE } from './user-import.columns.js';
import { type ImportRow, importOf } from './user-import.queries.js';
import { importacaoUsuarios } from './user-import.tables.js';

/** Who sees the screen and their imports (SPEC §2 route gate; decision 0024). */
export const USER_IMPORT_GUARD: Guard = { keys: ['PORTAL_IMPORTACAO_USUARIOS'] };
/** The template, the upload and the dry run also need PORTAL_MANUTENCAO_USUARIOS (SPEC §6; decision 0024). */
export const USER_IMPORT_UPLOAD_GUARDS: Guard[] = [USER_IMPORT_GUARD, { keys: ['PORTAL_MANUTENCAO_USUARIOS'] }];

/** Refuses (FORBIDDEN) an actor without both keys of an upload. */
export function requireUploadRight(ctx: ActionContext): void {
  for (const guard of USER_IMPORT_UPLOAD_GUARDS) requireAllowed(ctx, guard);
}

/** Job retries: a failed or killed run is taken up again and resumes after its last committed chunk. */
const JOB_OPTIONS = { retryLimit: 20, retryDelay: 5 };

/**
 * Records an uploaded file (already streamed to `storageKey`) as a new import of the signed-in actor, status
 * RECEIVED, and queues its job in the same transaction: the import is processed once it commits, by any
 * instance. Audited (`importacao_usuarios`, criar).
 */
export async function recordImport(
  ctx: ActionContext,
  input: { nomeArquivo: string; storageKey: string; simulacao: boolean },
): Promise<ImportRow> {
  requireUploadRight(ctx);
  const actor = requireActor(ctx);
  const row = await inTransaction(ctx, async (tx) => {
    const [created] = await tx
      .insert(importacaoUsuarios)
      .values({
        usuarioId: actor.id,
        nomeArquivo: input.nomeArquivo,
        storageKey: input.storageKey,
        idioma: actor.idioma as Idioma,
        simulacao: input.simulacao,
      })
      .returning();
    await ctx.jobs.send(
      USER_IMPORT_QUEUE,
      { importId: created.id },
      { ...JOB_OPTIONS, singletonKey: created.id, db: fromDrizzle(tx, sql) },
    );
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'importacao_usuarios',
      entityId: created.id,
      action: 'criar',
      after: { nomeArquivo: created.nomeArquivo, simulacao: created.simulacao },
    });
    return created;
  });
  // This instance's worker starts it now rather than at its next poll (a second of a 5-second import).
  ctx.jobs.wake(USER_IMPORT_QUEUE);
  await announceProgress(ctx, row);
  return row;
}

/**
 * Imports for real the file of the actor's finished dry run `id` (importarSimulacao): a new import of the same
 * stored file. NOT_FOUND for someone else's import; BAD_USER_INPUT when `id` is not a finished dry run.
 */
export async function importarSimulacao(ctx: ActionContext, input: { id: string }): Promise<ImportRow> {
  requireUploadRight(ctx);
  const actor = requireActor(ctx);
  const dryRun = await importOf(ctx.db, actor.id, input.id);
  if (!dryRun) throw notFound();
  if (!dryRun.simulacao || dryRun.status !== 'FINISHED') throw badInput({ id: 'userImport.notAFinishedDryRun' });
  return recordImport(ctx, { nomeArquivo: dryRun.nomeArquivo, storageKey: dryRun.storageKey, simulacao: false });
}

/** Tells the uploader's open screens (any instance) that import `row` moved. */
export async function announceProgress(ctx: Pick<ActionContext, 'events'>, row: Pick<ImportRow, 'id' | 'usuarioId'>) {
  await ctx.events.publish(USER_IMPORT_PROGRESS_CHANNEL, { id: row.id, usuarioId: row.usuarioId }).catch(() => {});
}
