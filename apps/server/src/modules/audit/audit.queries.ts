import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { emailOutbox } from '../../platform/mail.tables.js';
import { usuario } from '../users/users.tables.js';
import { auditoria } from './audit.tables.js';

/** One page of an entity's audit trail, newest first. */
export async function auditTrail(
  db: DbOrTx,
  opts: { entidade: string; entidadeId: string; page: number; rowsPerPage: number },
) {
  const where = and(eq(auditoria.entidade, opts.entidade), eq(auditoria.entidadeId, opts.entidadeId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: auditoria, u: { id: usuario.id, nome: usuario.nome, email: usuario.email } })
      .from(auditoria)
      .leftJoin(usuario, eq(usuario.id, auditoria.usuarioId))
      .where(where)
      .orderBy(desc(auditoria.id))
      .limit(opts.rowsPerPage)
      .offset(opts.page * opts.rowsPerPage),
    db.select({ n: count() }).from(auditoria).where(where),
  ]);
  return {
    totalElements: Number(total?.n ?? 0),
    content: rows.map(({ a, u }) => ({
      id: String(a.id),
      usuario: u?.id ? u : null,
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
