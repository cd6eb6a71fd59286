import { type ModeloNotificacaoInput, modeloNotificacaoSchema } from '@portal/domain';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import {
  type ActionContext,
  actorId,
  inTransaction,
  type Page,
  parseInput,
  requireAllowed,
} from '../../platform/actions.js';
import type { DbOrTx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { sanitizeHtml } from '../../platform/html.js';
import { isUuid } from '../../platform/sql.js';
import { recordAudit } from '../audit/audit.service.js';
import { modeloNotificacao } from './notifications-generic.tables.js';

// Notification templates (docs/domains/notifications.md#templates): their reads and actions.

export type ModeloRow = typeof modeloNotificacao.$inferSelect;

const MANAGE = { keys: ['PORTAL_MANUTENCAO_MODELO' as const] };

/** One page of templates by name, filtered by a part of the name and by status (the templates list). */
export async function pageTemplates(
  db: DbOrTx,
  filter: { busca?: string | null; active?: boolean | null },
  page: Page & { offset: number },
): Promise<{ content: ModeloRow[]; totalElements: number }> {
  const parts: SQL[] = [];
  const text = filter.busca?.trim();
  if (text) {
    parts.push(
      sql`immutable_unaccent(lower(${modeloNotificacao.nome})) LIKE immutable_unaccent(lower(${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}))`,
    );
  }
  if (typeof filter.active === 'boolean') parts.push(eq(modeloNotificacao.active, filter.active));
  const where = parts.length ? and(...parts) : undefined;
  const [content, [total]] = await Promise.all([
    db
      .select()
      .from(modeloNotificacao)
      .where(where)
      .orderBy(asc(modeloNotificacao.nome), asc(modeloNotificacao.id))
      .limit(page.rowsPerPage)
      .offset(page.offset),
    db.select({ n: count() }).from(modeloNotificacao).where(where),
  ]);
  return { content, totalElements: total.n };
}

/** One template by id, or null (malformed ids too). */
export async function findTemplate(db: DbOrTx, id: string): Promise<ModeloRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(modeloNotificacao).where(eq(modeloNotificacao.id, id));
  return row ?? null;
}

/** The active templates by name: what a generic notification may start from. */
export function activeTemplates(db: DbOrTx): Promise<ModeloRow[]> {
  return db
    .select()
    .from(modeloNotificacao)
    .where(eq(modeloNotificacao.active, true))
    .orderBy(asc(modeloNotificacao.nome), asc(modeloNotificacao.id));
}

/**
 * Creates (no `id`) or edits a template (PORTAL_MANUTENCAO_MODELO). Title and text of the default and of
 * each language version go through the allow-list sanitiser (the web renders them as HTML once filled).
 * Audited with before and after. Unknown ids are NOT_FOUND. Returns the template's id.
 */
export async function saveTemplate(
  ctx: ActionContext,
  input: { id?: string | null; modelo: ModeloNotificacaoInput },
): Promise<string> {
  const v = parseInput(modeloNotificacaoSchema, input.modelo, 'modelo');
  requireAllowed(ctx, MANAGE);
  const id = input.id ?? null;
  if (id !== null && !isUuid(id)) throw notFound();
  const values = {
    nome: v.nome,
    titulo: v.titulo,
    texto: sanitizeHtml(v.texto),
    traducoes: v.traducoes.map((t) => ({ idioma: t.idioma, titulo: t.titulo, texto: sanitizeHtml(t.texto) })),
  };
  return inTransaction(ctx, async (tx) => {
    const [before] = id
      ? await tx.select().from(modeloNotificacao).where(eq(modeloNotificacao.id, id)).for('update')
      : [];
    if (id && !before) throw notFound();
    const [after] = before
      ? await tx
          .update(modeloNotificacao)
          .set({ ...values, atualizadoEm: ctx.clock.now() })
          .where(eq(modeloNotificacao.id, before.id))
          .returning()
      : await tx.insert(modeloNotificacao).values(values).returning();
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'modelo_notificacao',
      entityId: after.id,
      action: before ? 'editar' : 'criar',
      before: before ?? undefined,
      after,
    });
    return after.id;
  });
}

/**
 * Activates or inactivates a template (PORTAL_MANUTENCAO_MODELO): an inactive one is offered to no new
 * generic notification; those scheduled from it still send. Audited when it changes; unknown: NOT_FOUND.
 */
export async function setTemplateActive(ctx: ActionContext, input: { id: string; active: boolean }): Promise<string> {
  requireAllowed(ctx, MANAGE);
  if (!isUuid(input.id)) throw notFound();
  await inTransaction(ctx, async (tx) => {
    const [before] = await tx.select().from(modeloNotificacao).where(eq(modeloNotificacao.id, input.id)).for('update');
    if (!before) throw notFound();
    if (before.active === input.active) return;
    await tx
      .update(modeloNotificacao)
      .set({ active: input.active, atualizadoEm: ctx.clock.now() })
      .where(eq(modeloNotificacao.id, input.id));
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'modelo_notificacao',
      entityId: input.id,
      action: input.active ? 'ativar' : 'inativar',
      before: { active: before.active },
      after: { active: input.active },
    });
  });
  return input.id;
}
