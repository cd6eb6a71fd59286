import { and, count, desc, eq, gt, lte, type SQL } from 'drizzle-orm';
import { type Database, type DbOrTx, queryPrepared } from '../../platform/db.js';
import { productNamesByIds } from '../products/products.queries.js';
import { notificacao, notificacaoUsuario } from './notifications.tables.js';

/** A user's notifications matching `where`, newest first, in the GraphQL shape. */
async function selectUserNotifications(db: DbOrTx, where: SQL | undefined, limit: number, offset = 0) {
  const rows = await db
    .select({
      id: notificacao.id,
      titulo: notificacao.titulo,
      texto: notificacao.texto,
      traducoes: notificacao.traducoes,
      produtoId: notificacao.produtoId,
      link: notificacao.link,
      data: notificacao.data,
      vista: notificacaoUsuario.vista,
      lida: notificacaoUsuario.lida,
    })
    .from(notificacaoUsuario)
    .innerJoin(notificacao, eq(notificacao.id, notificacaoUsuario.notificacaoId))
    .where(where)
    .orderBy(desc(notificacao.data), desc(notificacao.id))
    .limit(limit)
    .offset(offset);
  // Product names from the products module (few rows: a page at most).
  const products = await productNamesByIds(db, [...new Set(rows.flatMap((r) => (r.produtoId ? [r.produtoId] : [])))]);
  return rows.map(({ vista, produtoId, ...r }) => ({
    ...r,
    produto: produtoId ? (products.get(produtoId) ?? null) : null,
    recente: !vista,
  }));
}

/** The latest notifications of a user (bell list), newest first. */
export async function listUserNotifications(db: DbOrTx, userId: string, limit = 30) {
  return selectUserNotifications(db, eq(notificacaoUsuario.usuarioId, userId), limit);
}

/** One page of a user's notifications (the /notificacoes page), newest first. */
export async function pageUserNotifications(db: DbOrTx, userId: string, opts: { page: number; rowsPerPage: number }) {
  const where = eq(notificacaoUsuario.usuarioId, userId);
  const [content, [total]] = await Promise.all([
    selectUserNotifications(db, where, opts.rowsPerPage, opts.page * opts.rowsPerPage),
    db.select({ n: count() }).from(notificacaoUsuario).where(where),
  ]);
  return { content, totalElements: Number(total?.n ?? 0) };
}

/**
 * A user's notifications dated in (`since`, `until`], newest first: the news page's notifications
 * (docs/domains/news.md). At most `limit` rows, with the full count.
 */
export async function userNotificationsBetween(
  db: DbOrTx,
  userId: string,
  window: { since: Date; until: Date; limit: number },
) {
  const where = and(
    eq(notificacaoUsuario.usuarioId, userId),
    gt(notificacao.data, window.since),
    lte(notificacao.data, window.until),
  );
  const [content, [total]] = await Promise.all([
    selectUserNotifications(db, where, window.limit),
    db
      .select({ n: count() })
      .from(notificacaoUsuario)
      .innerJoin(notificacao, eq(notificacao.id, notificacaoUsuario.notificacaoId))
      .where(where),
  ]);
  return { content, totalElements: Number(total?.n ?? 0) };
}

/** One notification of a user, or undefined when it is not theirs. */
export async function findUserNotification(db: DbOrTx, userId: string, notificacaoId: string) {
  const [row] = await selectUserNotifications(
    db,
    and(eq(notificacaoUsuario.usuarioId, userId), eq(notificacaoUsuario.notificacaoId, notificacaoId)),
    1,
  );
  return row;
}

/** Number of notifications the user has not seen (served by the (usuario_id, vista) index; hot path). */
export async function countUnseen(database: Database, userId: string): Promise<number> {
  const [row] = await queryPrepared<{ n: number }>(
    database,
    'count_unseen_notifications',
    'SELECT count(*)::int AS n FROM notificacao_usuario WHERE usuario_id = $1 AND NOT vista',
    [userId],
  );
  return row?.n ?? 0;
}
