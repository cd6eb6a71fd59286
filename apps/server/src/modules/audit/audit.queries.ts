import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { emailOutbox } from '../../platform/mail.tables.js';
import { usersByIds } from '../users/users.queries.js';
import { auditoria } from './audit.tables.js';

/** One page of an entity's audit trail, newest first. */
export async function auditTrail(
  db: DbOrTx,
  opts: { entidade: string; entidadeId: string; page: number; rowsPerPage: number },
) {
  const where = and(eq(auditoria.entidade, opts.entidade), eq(auditoria.entidadeId, opts.entidadeId));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditoria)
      .where(where)
      .orderBy(desc(auditoria.id))
      .limit(opts.rowsPerPage)
      .offset(opts.page * opts.rowsPerPage),
    db.select({ n: count() }).from(auditoria).where(where),
  ]);
  // The actors' names from the users module (a page of rows at most).
  const actorIds = [...new Set(rows.flatMap((a) => (a.usuarioId ? [a.usuarioId] : [])))];
  const users = new Map((await usersByIds(db, actorIds)).map((u) => [u.id, u]));
  return {
    totalElements: Number(total?.n ?? 0),
    content: rows.map((a) => ({
      id: String(a.id),
      usuario: (a.usuarioId && users.get(a.usuarioId)) || null,
      data: a.data,
      entidade: a.entidade,
      entidadeId: a.entidadeId,
      acao: a.acao,
      antes: a.antes == null ? null : JSON.stringify(a.antes),
      depois: a.depois == null ? null : JSON.stringify(a.depois),
    })),
  };
}

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
