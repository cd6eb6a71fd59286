import { inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, type DbOrTx, queryPreparedSql } from '../../platform/db.js';
import { deliveredNotificationsOfUserSql } from '../communications/communications.queries.js';
import { productNamesByIds } from '../products/products.queries.js';
import { notificacao } from './notifications.tables.js';

/**
 * SQL: the bell's notifications of user `userId` with their state (`notificacao_id`, `vista`, `lida`): the user's rows
 * of notificacao_usuario, and the notifications their communications' deliveries bring (decision 0053) that have no
 * row yet, which are unseen and unread (a row is written when the user first sees or reads one).
 */
function userStatesSql(userId: string | SQL): SQL {
  return sql`SELECT nu.notificacao_id, nu.vista, nu.lida FROM notificacao_usuario nu WHERE nu.usuario_id = ${userId}
    UNION ALL
    SELECT notificacao_id, false, false FROM (${deliveredWithoutRowSql(userId)}) d`;
}

/**
 * SQL: the ids (`notificacao_id`) of the notifications user `userId`'s deliveries brought (decision 0053) that have
 * no row of theirs in notificacao_usuario yet: unseen and unread. The bell lists them; "mark all" writes their rows.
 */
export function deliveredWithoutRowSql(userId: string | SQL): SQL {
  return sql`SELECT d.notificacao_id FROM (${deliveredNotificationsOfUserSql(userId)}) d
     WHERE NOT EXISTS (SELECT 1 FROM notificacao_usuario nu
                        WHERE nu.usuario_id = ${userId} AND nu.notificacao_id = d.notificacao_id)`;
}

/** A user's notifications matching `where` (on `n`, the notification), newest first, in the GraphQL shape. */
async function selectUserNotifications(db: DbOrTx, userId: string, where: SQL, limit: number, offset = 0) {
  // The page's ids and states first (the user's rows and deliveries), then those notifications' columns.
  const page = (
    await db.execute(sql`SELECT s.notificacao_id AS id, s.vista, s.lida
      FROM (${userStatesSql(userId)}) s JOIN notificacao n ON n.id = s.notificacao_id
     WHERE ${where} ORDER BY n.data DESC, n.id DESC LIMIT ${limit} OFFSET ${offset}`)
  ).rows as { id: string; vista: boolean; lida: boolean }[];
  if (!page.length) return [];
  const found = await db
    .select({
      id: notificacao.id,
      titulo: notificacao.titulo,
      texto: notificacao.texto,
      traducoes: notificacao.traducoes,
      produtoId: notificacao.produtoId,
      link: notificacao.link,
      data: notificacao.data,
    })
    .from(notificacao)
    .where(
      inArray(
        notificacao.id,
        page.map((p) => p.id),
      ),
    );
  const byId = new Map(found.map((n) => [n.id, n]));
  // Product names from the products module (few rows: a page at most).
  const products = await productNamesByIds(db, [...new Set(found.flatMap((r) => (r.produtoId ? [r.produtoId] : [])))]);
  return page.flatMap(({ id, vista, lida }) => {
    const n = byId.get(id);
    if (!n) return [];
    const { produtoId, ...r } = n;
    return [{ ...r, lida, produto: produtoId ? (products.get(produtoId) ?? null) : null, recente: !vista }];
  });
}

/** How many of a user's notifications match `where` (on `n`, the notification). */
async function countUserNotifications(db: DbOrTx, userId: string, where: SQL): Promise<number> {
  const [row] = (
    await db.execute(sql`SELECT count(*)::int AS n
      FROM (${userStatesSql(userId)}) s JOIN notificacao n ON n.id = s.notificacao_id WHERE ${where}`)
  ).rows as { n: number }[];
  return Number(row?.n ?? 0);
}

/** The latest notifications of a user (bell list), newest first. */
export async function listUserNotifications(db: DbOrTx, userId: string, limit = 30) {
  return selectUserNotifications(db, userId, sql`true`, limit);
}

/** One page of a user's notifications (the /notificacoes page), newest first. */
export async function pageUserNotifications(db: DbOrTx, userId: string, opts: { page: number; rowsPerPage: number }) {
  const [content, totalElements] = await Promise.all([
    selectUserNotifications(db, userId, sql`true`, opts.rowsPerPage, opts.page * opts.rowsPerPage),
    countUserNotifications(db, userId, sql`true`),
  ]);
  return { content, totalElements };
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
  const where = sql`n.data > ${window.since} AND n.data <= ${window.until}`;
  const [content, totalElements] = await Promise.all([
    selectUserNotifications(db, userId, where, window.limit),
    countUserNotifications(db, userId, where),
  ]);
  return { content, totalElements };
}

/** One notification of a user, or undefined when it is not theirs. */
export async function findUserNotification(db: DbOrTx, userId: string, notificacaoId: string) {
  const [row] = await selectUserNotifications(db, userId, sql`n.id = ${notificacaoId}`, 1);
  return row;
}

/**
 * Number of notifications the user has not seen (hot path): their unseen rows (the (usuario_id, vista) index) and
 * the notifications their deliveries bring with no row yet (decision 0053: their deliveries by the user index, each
 * checked against the bell's key).
 */
export async function countUnseen(database: Database, userId: string): Promise<number> {
  const [row] = await queryPreparedSql<{ n: number }>(
    database,
    'count_unseen_notifications',
    sql`SELECT ${unseenCountSql(userId)} AS n`,
  );
  return row?.n ?? 0;
}

/** SQL: the number of notifications user `userId` (a value or an SQL expression) has not seen, as a scalar subquery. */
export function unseenCountSql(userId: string | SQL): SQL {
  return sql`(SELECT count(*)::int FROM (${userStatesSql(userId)}) s WHERE NOT s.vista)`;
}
