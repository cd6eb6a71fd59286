import { type ComunicadoSnapshot, diffSnapshots, type HistoryEvent, type SnapshotChange } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { uuidArray } from '../../platform/sql.js';
import { fileSummarySql } from '../files/files.queries.js';
import { dealerGroupNamesSql } from '../groups/groups.queries.js';
import { userGroupNamesSql } from '../user-groups/user-groups.queries.js';
import { userSummarySql } from '../users/users.queries.js';
import type { ComunicadoRow } from './communications.queries.js';

// The history of a communication (issue 17 point 2, decision 0041): every step is a row of comunicado_historico,
// written in the step's transaction, never changed. A submission and a rejection keep a snapshot of the content
// (`conteudo`), so the approver sees what changed since the rejected version however many rounds there were.

/** What a step records besides its kind and actor. */
export type HistoryEntry = {
  comunicadoId: string;
  evento: HistoryEvent;
  /** Null: the system (the scheduled send, the fan-out). */
  atorId: string | null;
  motivo?: string | null;
  conteudo?: ComunicadoSnapshot | null;
  detalhes?: Record<string, unknown> | null;
  /** The business clock's now (docs/domains/dates-and-clock.md). */
  data: Date;
};

/** Writes one step of a communication's history, in the caller's transaction. */
export async function recordHistory(tx: DbOrTx, e: HistoryEntry): Promise<void> {
  const conteudo = e.conteudo ? JSON.stringify(e.conteudo) : null;
  const detalhes = e.detalhes ? JSON.stringify(e.detalhes) : null;
  await tx.execute(sql`INSERT INTO comunicado_historico (comunicado_id, evento, ator_id, data, motivo, conteudo, detalhes)
    VALUES (${e.comunicadoId}, ${e.evento}, ${e.atorId}, ${e.data}, ${e.motivo ?? null},
      ${conteudo}::jsonb, ${detalhes}::jsonb)`);
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** What the communication holds now, names included (groups, users, files), as a history snapshot. */
export async function snapshotOf(db: DbOrTx, c: ComunicadoRow): Promise<ComunicadoSnapshot> {
  const names = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)).rows as { nome: string }[]).map((r) => r.nome);
  // One after the other, never Promise.all: `db` is the caller's transaction, one connection, which runs one query
  // at a time (pg 8 warns of a query sent while another runs, and pg 9 refuses it).
  const grupos = await names(sql`SELECT g.nome FROM comunicado_grupo_usuarios c
      JOIN (${userGroupNamesSql}) g ON g.id = c.grupo_usuarios_id WHERE c.comunicado_id = ${c.id} ORDER BY g.nome`);
  const gruposDealers = await names(sql`SELECT g.nome FROM comunicado_grupo c JOIN (${dealerGroupNamesSql}) g
      ON g.id = c.grupo_id WHERE c.comunicado_id = ${c.id} ORDER BY g.nome`);
  const usuariosRemovidos = await names(sql`SELECT u.nome || ' <' || u.email::text || '>' AS nome
      FROM comunicado_usuario_removido r JOIN (${userSummarySql}) u ON u.id = r.usuario_id
      WHERE r.comunicado_id = ${c.id} ORDER BY u.nome`);
  const arquivos = await names(sql`SELECT a.nome FROM comunicado_arquivo ca JOIN (${fileSummarySql}) a
      ON a.id = ca.arquivo_id WHERE ca.comunicado_id = ${c.id} ORDER BY ca.ordem`);
  return {
    titulo: c.titulo,
    mensagem: c.mensagem,
    idioma: c.idioma,
    traducoes: c.traducoes ?? [],
    grupos,
    gruposDealers,
    emailsAvulsos: c.emails_avulsos,
    usuariosRemovidos,
    arquivos,
    etiquetas: c.etiquetas,
    dataInicioExibicao: iso(c.data_inicio_exibicao),
    dataFimExibicao: iso(c.data_fim_exibicao),
  };
}

/** One step as the history query reads it. */
export type HistoryRow = {
  id: string;
  comunicado_id: string;
  evento: HistoryEvent;
  ator_id: string | null;
  data: Date | string;
  motivo: string | null;
  detalhes: Record<string, unknown> | null;
  ator_nome: string | null;
  ator_email: string | null;
};

/** The history of each communication of `ids`, oldest first (the view's timeline). */
export async function historiesOf(db: DbOrTx, ids: string[]): Promise<HistoryRow[]> {
  if (!ids.length) return [];
  return (
    await db.execute(sql`SELECT h.id, h.comunicado_id, h.evento, h.ator_id, h.data, h.motivo, h.detalhes,
        u.nome AS ator_nome, u.email::text AS ator_email
      FROM comunicado_historico h LEFT JOIN (${userSummarySql}) u ON u.id = h.ator_id
      WHERE h.comunicado_id = ANY(${uuidArray(ids)}) ORDER BY h.data, h.id`)
  ).rows as HistoryRow[];
}

/**
 * What changed since the last rejected version (the approver's difference): the snapshot kept with the latest
 * rejection against the content now. Null when it was never rejected.
 */
export async function changesSinceRejection(db: DbOrTx, c: ComunicadoRow): Promise<SnapshotChange[] | null> {
  const [rejected] = (
    await db.execute(sql`SELECT conteudo FROM comunicado_historico
      WHERE comunicado_id = ${c.id} AND evento = 'REJEICAO' AND conteudo IS NOT NULL ORDER BY data DESC, id DESC LIMIT 1`)
  ).rows as { conteudo: ComunicadoSnapshot }[];
  if (!rejected) return null;
  return diffSnapshots(rejected.conteudo, await snapshotOf(db, c));
}
