import { desc, eq } from 'drizzle-orm';
import { type Database, type DbOrTx, queryPrepared } from '../../platform/db.js';
import { produto } from '../products/products.tables.js';
import { notificacao, notificacaoUsuario } from './notifications.tables.js';

/** The latest notifications of a user (bell list), newest first. */
export async function listUserNotifications(db: DbOrTx, userId: string, limit = 30) {
  const rows = await db
    .select({
      id: notificacao.id,
      titulo: notificacao.titulo,
      texto: notificacao.texto,
      produto: produto.nome,
      link: notificacao.link,
      data: notificacao.data,
      vista: notificacaoUsuario.vista,
      lida: notificacaoUsuario.lida,
    })
    .from(notificacaoUsuario)
    .innerJoin(notificacao, eq(notificacao.id, notificacaoUsuario.notificacaoId))
    .leftJoin(produto, eq(produto.id, notificacao.produtoId))
    .where(eq(notificacaoUsuario.usuarioId, userId))
    .orderBy(desc(notificacao.data))
    .limit(limit);
  return rows.map(({ vista, ...r }) => ({ ...r, recente: !vista }));
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
