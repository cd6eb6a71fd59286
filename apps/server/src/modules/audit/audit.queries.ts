import { type AuditAction, type AuditEntity, BUSINESS_TIME_ZONE, isAuditAction, isAuditEntity } from '@portal/domain';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { badInput } from '../../platform/errors.js';
import { emailOutbox } from '../../platform/mail.tables.js';
import { userIdsMatchingSql, usersByIds } from '../users/users.queries.js';
import { auditDiff, type DiffTexts, maskSecrets } from './audit.diff.js';
import { auditoria } from './audit.tables.js';

type AuditRow = typeof auditoria.$inferSelect;

/** Maps rows to the API's shape: the actors' names (from the users module), raw JSON with secrets masked, the difference. */
async function toAuditoria(db: DbOrTx, rows: AuditRow[], texts: DiffTexts) {
  // The actors' names from the users module (a page of rows at most).
  const actorIds = [...new Set(rows.flatMap((a) => (a.usuarioId ? [a.usuarioId] : [])))];
  const users = new Map((await usersByIds(db, actorIds)).map((u) => [u.id, u]));
  return rows.map((a) => ({
    id: String(a.id),
    usuario: (a.usuarioId && users.get(a.usuarioId)) || null,
    data: a.data,
    entidade: a.entidade,
    entidadeId: a.entidadeId,
    acao: a.acao,
    antes: a.antes == null ? null : JSON.stringify(maskSecrets(a.antes)),
    depois: a.depois == null ? null : JSON.stringify(maskSecrets(a.depois)),
    diferencas: auditDiff(a.antes, a.depois, texts),
  }));
}

/**
 * Whether the entity `idSql` (an SQL expression of its id as text) has ever had `action` recorded: a
 * condition for other modules' statements (a synchronisation leaves users reactivated by hand alone).
 */
export const everAuditedSql = (entity: AuditEntity, action: AuditAction, idSql: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM auditoria a WHERE a.entidade = ${entity} AND a.entidade_id = ${idSql} AND a.acao = ${action})`;

/** One page of an entity's audit trail, newest first. */
export async function auditTrail(
  db: DbOrTx,
  opts: { entidade: string; entidadeId: string; page: number; rowsPerPage: number },
  texts: DiffTexts,
) {
  return searchAudit(db, { entidade: opts.entidade, entidadeId: opts.entidadeId }, opts, texts, false);
}

/** The audit search's filters (docs/domains/audit.md#reading-the-trail); every one optional. */
export type AuditFilter = {
  entidade?: string | null;
  entidadeId?: string | null;
  acao?: string | null;
  /** Who acted: a name, e-mail or CPF, as the users list searches. */
  busca?: string | null;
  /** First and last day (YYYY-MM-DD, inclusive) in the business time zone. */
  dataInicio?: string | null;
  dataFim?: string | null;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return DAY.test(day) && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
};

/** The WHERE of an audit search; BAD_USER_INPUT for an unknown entity or action, a bad day or an inverted period. */
function auditWhere(filter: AuditFilter, strict: boolean): SQL | undefined {
  const problems: Record<string, string> = {};
  const conditions: (SQL | undefined)[] = [];
  if (filter.entidade) {
    if (strict && !isAuditEntity(filter.entidade)) problems.entidade = 'validation.invalid';
    conditions.push(eq(auditoria.entidade, filter.entidade));
  }
  if (filter.entidadeId) {
    if (!filter.entidade) problems.entidade = 'validation.required';
    conditions.push(eq(auditoria.entidadeId, filter.entidadeId));
  }
  if (filter.acao) {
    if (!isAuditAction(filter.acao)) problems.acao = 'validation.invalid';
    conditions.push(eq(auditoria.acao, filter.acao));
  }
  const busca = filter.busca?.trim();
  if (busca) conditions.push(sql`${auditoria.usuarioId} IN (${userIdsMatchingSql(busca)})`);
  for (const [field, day] of [
    ['dataInicio', filter.dataInicio],
    ['dataFim', filter.dataFim],
  ] as const)
    if (day && !validDay(day)) problems[field] = 'validation.invalid';
  if (filter.dataInicio && filter.dataFim && filter.dataInicio > filter.dataFim)
    problems.dataFim = 'validation.invalid';
  if (Object.keys(problems).length) throw badInput(problems);
  // Days in the business time zone: from the start of the first to the start of the day after the last.
  if (filter.dataInicio)
    conditions.push(
      gte(auditoria.data, sql`(${filter.dataInicio}::date)::timestamp AT TIME ZONE ${BUSINESS_TIME_ZONE}`),
    );
  if (filter.dataFim)
    conditions.push(
      lt(auditoria.data, sql`(${filter.dataFim}::date + 1)::timestamp AT TIME ZONE ${BUSINESS_TIME_ZONE}`),
    );
  return and(...conditions);
}

/**
 * One page of the audit search, newest first, with each row's difference: one entity's history (entidade and
 * entidadeId) or every row, filtered by entity type, action, who acted and period. `strict` refuses an entity
 * type the log does not know (the `auditoria` query of before took any text).
 */
export async function searchAudit(
  db: DbOrTx,
  filter: AuditFilter,
  page: { page: number; rowsPerPage: number },
  texts: DiffTexts,
  strict = true,
) {
  const where = auditWhere(filter, strict);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditoria)
      .where(where)
      .orderBy(desc(auditoria.id))
      .limit(page.rowsPerPage)
      .offset(page.page * page.rowsPerPage),
    db.select({ n: count() }).from(auditoria).where(where),
  ]);
  return { totalElements: Number(total?.n ?? 0), content: await toAuditoria(db, rows, texts) };
}

/**
 * Every row of an audit search, newest first, in batches (the `.xlsx` export): one statement per batch, so a
 * long history holds no more than a batch in memory. BAD_USER_INPUT as `searchAudit`, on the first batch.
 */
export async function* auditForExport(db: DbOrTx, filter: AuditFilter, texts: DiffTexts, batch = 500) {
  const where = auditWhere(filter, true);
  let before: number | null = null;
  for (;;) {
    const rows = await db
      .select()
      .from(auditoria)
      .where(before === null ? where : and(where, lt(auditoria.id, before)))
      .orderBy(desc(auditoria.id))
      .limit(batch);
    yield* await toAuditoria(db, rows, texts);
    if (rows.length < batch) return;
    before = rows[rows.length - 1].id;
  }
}

/** The latest e-mails of the outbox, newest first. */
export async function latestEmails(db: DbOrTx, limit: number) {
  const rows = await db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
  return rows.map((r) => ({
    id: String(r.id),
    para: r.para,
    assunto: r.assunto,
    createdAt: r.createdAt,
    sentAt: r.sentAt,
  }));
}
