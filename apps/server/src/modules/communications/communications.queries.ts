import type { Idioma } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { limitInRange } from '../../platform/actions.js';
import { type Database, type DbOrTx, inlineLimit, queryPreparedSql, sqlText } from '../../platform/db.js';
import type { SessionReadSql } from '../../platform/module.js';
import { containsPattern, countSql, textArray, UUID, uuidArray } from '../../platform/sql.js';
import { brandNamesSql, dealerNamesSql } from '../dealers/dealers.queries.js';
import { dealerGroupNamesSql } from '../groups/groups.queries.js';
import { userGroupNamesSql } from '../user-groups/user-groups.queries.js';
import { type AudienceUserRow, audienceSql, searchAudienceUsers } from '../users/users.audience.js';
import {
  portalEmails,
  userLinksSql,
  userNameOrEmailLikeSql,
  userSortableSummarySql,
  userSummarySql,
} from '../users/users.queries.js';
import type { TraducaoComunicado } from './communications.tables.js';

// Reads of the communications module. Visibility: a communication is seen by its creator and its
// chosen approver; a delivery only by its recipient. Anything else is NOT_FOUND for the resolvers.

export type ComunicadoRow = {
  id: string;
  titulo: string;
  mensagem: string;
  status: string;
  criador_id: string;
  aprovador_id: string | null;
  motivo_rejeicao: string | null;
  data_hora_agendamento: Date | string | null;
  envio_date_time: Date | string | null;
  created_date_time: Date | string;
  departamento_id: string | null;
  etiquetas: string[];
  emails_avulsos: string[];
  data_inicio_exibicao: Date | string | null;
  data_fim_exibicao: Date | string | null;
  id_parent: string | null;
  justificativa: string | null;
  active: boolean;
  exige_confirmacao: boolean;
  /** Language of titulo/mensagem; null: Portuguese (decision 0042). */
  idioma: Idioma | null;
  traducoes: TraducaoComunicado[];
};

export type EnvioRow = {
  comunicado_id: string;
  usuario_id: string;
  data_recebimento: Date | string;
  lido: boolean;
  data_leitura: Date | string | null;
  favorito: boolean;
  arquivado: boolean;
  active: boolean;
  data_confirmacao: Date | string | null;
  /** The communication, when the query read it with the delivery (/home's card); else its loader reads it. */
  comunicado?: ComunicadoRow;
};

const COMUNICADO_COLUMNS = sql`c.id, c.titulo, c.mensagem, c.status, c.criador_id, c.aprovador_id, c.motivo_rejeicao,
  c.data_hora_agendamento, c.envio_date_time, c.created_date_time, c.departamento_id, c.etiquetas, c.emails_avulsos,
  c.data_inicio_exibicao, c.data_fim_exibicao, c.id_parent, c.justificativa, c.active, c.exige_confirmacao, c.idioma, c.traducoes`;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** A communication by id, whoever asks (services check who may act on it). */
export async function findComunicado(db: DbOrTx, id: string, forUpdate = false): Promise<ComunicadoRow | null> {
  if (!UUID.test(id)) return null;
  const lock = forUpdate ? sql`FOR UPDATE` : sql``;
  const [row] = await rows<ComunicadoRow>(
    db,
    sql`SELECT ${COMUNICADO_COLUMNS} FROM comunicado c WHERE c.id = ${id} ${lock}`,
  );
  return row ?? null;
}

/**
 * Communications by id, in no particular order (ids that are not UUIDs are skipped): the batched loaders
 * read every delivery's communication of a request in one query.
 */
export async function comunicadosByIds(db: DbOrTx, ids: readonly string[]): Promise<ComunicadoRow[]> {
  const valid = [...new Set(ids)].filter((id) => UUID.test(id));
  if (!valid.length) return [];
  return rows<ComunicadoRow>(
    db,
    sql`SELECT ${COMUNICADO_COLUMNS} FROM comunicado c WHERE c.id = ANY(${uuidArray(valid)})`,
  );
}

/** A communication the user created or must approve, or null. */
export async function findOwnComunicado(db: DbOrTx, userId: string, id: string): Promise<ComunicadoRow | null> {
  const row = await findComunicado(db, id);
  return row && (row.criador_id === userId || row.aprovador_id === userId) ? row : null;
}

/** The lists of the management tabs (decision 0032); `null`: everything the user created or must approve. */
export type ListaComunicados = 'ENVIADOS' | 'A_APROVAR' | 'EM_APROVACAO';

/** Which rows each management tab holds (docs/domains/communications.md#deliveries-and-the-inbox, decision 0032). */
function listaSql(userId: string, lista: ListaComunicados | null | undefined): SQL {
  switch (lista) {
    case 'A_APROVAR':
      return sql`(c.status = 'EM_APROVACAO' AND c.aprovador_id = ${userId})`;
    case 'EM_APROVACAO':
      return sql`(c.status = 'EM_APROVACAO' AND c.criador_id = ${userId})`;
    case 'ENVIADOS':
      return sql`((c.criador_id = ${userId} AND c.status <> 'EM_APROVACAO')
        OR (c.aprovador_id = ${userId} AND c.status IN ('APROVADO', 'AGENDADO', 'ENVIADO', 'ARQUIVADO')))`;
    default:
      return sql`(c.criador_id = ${userId} OR c.aprovador_id = ${userId})`;
  }
}

/** Communications the user created or must approve, newest first, filtered by tab, text and status. */
export async function pageOwnComunicados(
  db: DbOrTx,
  userId: string,
  filter: {
    busca?: string | null;
    status?: string[] | null;
    lista?: ListaComunicados | null;
    page: number;
    rowsPerPage: number;
    /** Count at most this many + 1 (countSql): the header search's capped total. */
    countUpTo?: number;
  },
) {
  const conditions = [listaSql(userId, filter.lista)];
  if (filter.busca?.trim()) {
    conditions.push(sql`c.titulo_busca LIKE immutable_unaccent(lower(${containsPattern(filter.busca)}))`);
  }
  if (filter.status?.length) conditions.push(sql`c.status = ANY(${textArray(filter.status)})`);
  const where = sql.join(conditions, sql` AND `);
  const [content, total] = await Promise.all([
    rows<ComunicadoRow>(
      db,
      sql`SELECT ${COMUNICADO_COLUMNS} FROM comunicado c WHERE ${where}
          ORDER BY c.atualizado_em DESC, c.id LIMIT ${filter.rowsPerPage} OFFSET ${filter.page * filter.rowsPerPage}`,
    ),
    rows<{ total: number }>(db, countSql(sql`FROM comunicado c WHERE ${where}`, filter.countUpTo)),
  ]);
  return { content, totalElements: total[0].total };
}

/** How many communications wait for the user's decision as their chosen approver: the to-approve counter. */
export async function countAwaitingApproval(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await rows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM comunicado c WHERE ${listaSql(userId, 'A_APROVAR')}`,
  );
  return row.total;
}

/** Deliveries written so far per communication (`comunicadoId` to count; absent: none). */
export async function deliveryCounts(db: DbOrTx, ids: readonly string[]): Promise<Map<string, number>> {
  const valid = ids.filter((id) => UUID.test(id));
  if (!valid.length) return new Map();
  const found = await rows<{ id: string; n: number }>(
    db,
    sql`SELECT comunicado_id AS id, count(*)::int AS n FROM comunicado_envio
         WHERE comunicado_id = ANY(${uuidArray(valid)}) GROUP BY comunicado_id`,
  );
  return new Map(found.map((r) => [r.id, r.n]));
}

/** A user's language (`idioma`), or null when unknown: one-recipient notifications speak it. */
export async function idiomaOf(db: DbOrTx, userId: string): Promise<Idioma | null> {
  const [row] = await rows<{ idioma: Idioma }>(
    db,
    sql`SELECT u.idioma FROM (${userSummarySql}) u WHERE u.id = ${userId}`,
  );
  return row?.idioma ?? null;
}

/** Erratas of the given communications, oldest first. */
export async function erratasOf(db: DbOrTx, ids: string[]): Promise<ComunicadoRow[]> {
  if (!ids.length) return [];
  return rows<ComunicadoRow>(
    db,
    sql`SELECT ${COMUNICADO_COLUMNS} FROM comunicado c WHERE c.id_parent = ANY(${uuidArray(ids)})
          AND c.status IN ('ENVIADO', 'ARQUIVADO') ORDER BY c.envio_date_time, c.id`,
  );
}

/** Tabs of the inbox (docs/domains/communications.md#deliveries-and-the-inbox). */
const TAB_FILTER: Record<string, SQL> = {
  RECEBIDOS: sql`NOT e.arquivado`,
  LIDOS: sql`e.lido AND NOT e.arquivado`,
  FAVORITOS: sql`e.favorito`,
  ARQUIVADOS: sql`e.arquivado`,
};

/** The user's deliveries in one inbox tab, newest first, searchable by title (the original or any version) and tags. */
export async function pageEnvios(
  db: DbOrTx,
  userId: string,
  filter: { aba: string; busca?: string | null; page: number; rowsPerPage: number; countUpTo?: number },
) {
  const conditions = [sql`e.usuario_id = ${userId}`, sql`e.active`, TAB_FILTER[filter.aba] ?? sql`true`];
  if (filter.busca?.trim()) {
    const pattern = containsPattern(filter.busca);
    // The reader may know it by its version's title (issue 17 point 6): an English reader searches in English.
    conditions.push(sql`(c.titulo_busca LIKE immutable_unaccent(lower(${pattern}))
      OR EXISTS (SELECT 1 FROM jsonb_array_elements(c.traducoes) v
        WHERE immutable_unaccent(lower(v->>'titulo')) LIKE immutable_unaccent(lower(${pattern})))
      OR EXISTS (SELECT 1 FROM unnest(c.etiquetas) t WHERE immutable_unaccent(lower(t)) LIKE immutable_unaccent(lower(${pattern}))))`);
  }
  const where = sql.join(conditions, sql` AND `);
  const from = sql`FROM comunicado_envio e JOIN comunicado c ON c.id = e.comunicado_id`;
  const [content, total] = await Promise.all([
    rows<EnvioRow>(
      db,
      sql`SELECT e.* ${from} WHERE ${where} ORDER BY e.data_recebimento DESC, e.comunicado_id
          LIMIT ${filter.rowsPerPage} OFFSET ${filter.page * filter.rowsPerPage}`,
    ),
    rows<{ total: number }>(db, countSql(sql`${from} WHERE ${where}`, filter.countUpTo)),
  ]);
  return { content, totalElements: total[0].total };
}

/** The user's delivery of a communication, or null (not a recipient); `forUpdate` locks it. */
export async function findEnvio(
  db: DbOrTx,
  userId: string,
  comunicadoId: string,
  forUpdate = false,
): Promise<EnvioRow | null> {
  if (!UUID.test(comunicadoId)) return null;
  const lock = forUpdate ? sql`FOR UPDATE` : sql``;
  const [row] = await rows<EnvioRow>(
    db,
    sql`SELECT * FROM comunicado_envio WHERE comunicado_id = ${comunicadoId} AND usuario_id = ${userId} AND active ${lock}`,
  );
  return row ?? null;
}

/**
 * Whether the user may read the attachment `arquivoId` (the download check): creator or approver of a
 * communication holding it, or recipient of an active delivery of one.
 */
export async function canReadAttachment(db: DbOrTx, userId: string, arquivoId: string): Promise<boolean> {
  if (!UUID.test(arquivoId)) return false;
  const found = await db.execute(sql`SELECT 1 FROM comunicado_arquivo ca JOIN comunicado c ON c.id = ca.comunicado_id
     WHERE ca.arquivo_id = ${arquivoId} AND (c.criador_id = ${userId} OR c.aprovador_id = ${userId}
       OR EXISTS (SELECT 1 FROM comunicado_envio e WHERE e.comunicado_id = c.id AND e.usuario_id = ${userId} AND e.active))
     LIMIT 1`);
  return found.rows.length > 0;
}

/** How many deliveries the home card may ask for (`comunicadoEnviosRecentes(limite)`). */
export const RECENT_ENVIOS_LIMIT = { max: 50, default: 5 } as const;

/**
 * The home card's deliveries, read with the request's user (PortalModule.sessionReads, decision 0060) when the limit
 * is given and in range; else null (the resolver reads them, or refuses the limit).
 */
export const recentEnviosSessionRead: SessionReadSql = (refs, args) => {
  const limit = limitInRange(args.limite, RECENT_ENVIOS_LIMIT);
  return limit === null ? null : sqlText(recentEnviosJsonSql(sql.raw(refs.user), sql.raw(refs.now), limit));
};

/** The user's latest deliveries for the home card, within their display window. */
export async function recentEnvios(database: Database, userId: string, limit: number, now: Date): Promise<EnvioRow[]> {
  // Prepared: every /home load asks (when the session's statement has not read it, decision 0060). The limit is in
  // the text (one statement per limit) so PostgreSQL plans it once, not on every execution.
  const [row] = await queryPreparedSql<{ envios: EnvioRow[] }>(
    database,
    `communications_recent_envios_${limit}`,
    sql`SELECT ${recentEnviosJsonSql(userId, now, limit)} AS envios`,
  );
  return row.envios;
}

/**
 * SQL: the /home card's deliveries of user `userId` (a value or an SQL expression) at `now`, newest first, at most
 * `limit`, each with its communication (one round trip less), as one JSON array of EnvioRow (times as text). The card
 * honours the optional display window (dataInicioExibicao / dataFimExibicao).
 */
export function recentEnviosJsonSql(userId: string | SQL, now: Date | SQL, limit: number): SQL {
  return sql`(SELECT coalesce(json_agg(x ORDER BY x.data_recebimento DESC, x.comunicado_id), '[]'::json) FROM (
      SELECT e.*, (SELECT to_json(r) FROM (SELECT ${COMUNICADO_COLUMNS}) r) AS comunicado
        FROM comunicado_envio e JOIN comunicado c ON c.id = e.comunicado_id
       WHERE e.usuario_id = ${userId} AND e.active AND NOT e.arquivado
         AND (c.data_inicio_exibicao IS NULL OR c.data_inicio_exibicao <= ${now})
         AND (c.data_fim_exibicao IS NULL OR c.data_fim_exibicao >= ${now})
       ORDER BY e.data_recebimento DESC, e.comunicado_id ${inlineLimit(limit)}) x)`;
}

/**
 * The user's deliveries received in (`since`, `until`] and not archived, unread first, then newest: the
 * news page's communications (docs/domains/news.md). At most `limit` rows, with the full count.
 */
export async function enviosReceivedBetween(
  db: DbOrTx,
  userId: string,
  window: { since: Date; until: Date; limit: number },
): Promise<{ content: EnvioRow[]; totalElements: number }> {
  const where = sql`e.usuario_id = ${userId} AND e.active AND NOT e.arquivado
    AND e.data_recebimento > ${window.since} AND e.data_recebimento <= ${window.until}`;
  const [content, total] = await Promise.all([
    rows<EnvioRow>(
      db,
      sql`SELECT e.* FROM comunicado_envio e WHERE ${where}
          ORDER BY e.lido, e.data_recebimento DESC, e.comunicado_id LIMIT ${window.limit}`,
    ),
    rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM comunicado_envio e WHERE ${where}`),
  ]);
  return { content, totalElements: total[0].total };
}

export type Audiencia = {
  idsGruposUsuarios: string[];
  idsGrupos: string[];
  emailsAvulsos: string[];
  idsUsuariosRemovidos: string[];
  /** For an errata: exactly the recipients of the original. */
  idOriginal?: string | null;
};

/**
 * The active users a communication's audience reaches, each once (column `id`): the users module's
 * audience resolver, given the user groups, the dealer groups, the manual e-mails that are portal
 * users' and the removed users. An errata reaches exactly the original's recipients (still active,
 * not removed).
 */
export function recipientsSql(a: Audiencia): SQL {
  if (a.idOriginal) {
    return audienceSql({
      among: sql`SELECT usuario_id AS id FROM comunicado_envio WHERE comunicado_id = ${a.idOriginal}`,
      exceptIds: a.idsUsuariosRemovidos,
    });
  }
  return audienceSql({
    grupoUsuariosIds: a.idsGruposUsuarios,
    grupoIds: a.idsGrupos,
    emails: a.emailsAvulsos,
    exceptIds: a.idsUsuariosRemovidos,
  });
}

/** Manual e-mails that are not addresses of portal users (they get the e-mail only). */
export async function externalEmails(db: DbOrTx, emails: string[]): Promise<string[]> {
  if (!emails.length) return [];
  const portal = new Set(await portalEmails(db, emails));
  return [...new Set(emails.map((e) => e.toLowerCase()))].filter((e) => !portal.has(e));
}

/** The exact recipient count of an audience (shown before sending: docs/domains/communications.md#audience). */
export async function countAudience(db: DbOrTx, a: Audiencia) {
  const [row] = await rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM (${recipientsSql(a)}) r`);
  const emails = a.idOriginal ? [] : await externalEmails(db, a.emailsAvulsos);
  return { usuarios: row.total, emailsAvulsos: emails.length, total: row.total + emails.length };
}

/** How many users the audience search offers at once (type more to narrow). */
export const AUDIENCE_SEARCH_LIMIT = 20;

/**
 * Users the audience reaches now (active, not yet removed) whose name or e-mail contains `busca`: the
 * form's search to remove users from the audience (docs/domains/communications.md#audience).
 */
export function searchAudience(db: DbOrTx, a: Audiencia, busca: string): Promise<AudienceUserRow[]> {
  return searchAudienceUsers(db, recipientsSql(a), busca, AUDIENCE_SEARCH_LIMIT);
}

/** The audience stored with a communication. */
export async function audienceOf(db: DbOrTx, c: ComunicadoRow): Promise<Audiencia> {
  // In turn, not Promise.all: `db` may be the caller's transaction, one connection, one query at a time.
  const groups = await rows<{ id: string }>(
    db,
    sql`SELECT grupo_usuarios_id AS id FROM comunicado_grupo_usuarios WHERE comunicado_id = ${c.id}`,
  );
  const dealerGroups = await rows<{ id: string }>(
    db,
    sql`SELECT grupo_id AS id FROM comunicado_grupo WHERE comunicado_id = ${c.id}`,
  );
  const removed = await rows<{ id: string }>(
    db,
    sql`SELECT usuario_id AS id FROM comunicado_usuario_removido WHERE comunicado_id = ${c.id}`,
  );
  return {
    idsGruposUsuarios: groups.map((g) => g.id),
    idsGrupos: dealerGroups.map((g) => g.id),
    emailsAvulsos: c.emails_avulsos,
    idsUsuariosRemovidos: removed.map((r) => r.id),
    idOriginal: c.id_parent,
  };
}

// --- Dashboard (read tracking) ---

/** Totals of a communication's deliveries. */
export async function deliveryTotals(db: DbOrTx, comunicadoId: string) {
  const [row] = await rows<{ entregues: number; lidos: number }>(
    db,
    sql`SELECT count(*)::int AS entregues, count(*) FILTER (WHERE lido)::int AS lidos
          FROM comunicado_envio WHERE comunicado_id = ${comunicadoId}`,
  );
  return row;
}

/** Reads per day (UTC dates). */
export async function readsPerDay(db: DbOrTx, comunicadoId: string) {
  return rows<{ dia: string; lidos: number }>(
    db,
    sql`SELECT to_char(date_trunc('day', data_leitura AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS dia, count(*)::int AS lidos
          FROM comunicado_envio WHERE comunicado_id = ${comunicadoId} AND lido
         GROUP BY 1 ORDER BY 1`,
  );
}

type Slice = { id: string; nome: string; destinatarios: number; lidos: number };

/** Deliveries and reads by dealer, dealer group, brand and user group (a user counts in each of theirs). */
export async function readsBy(db: DbOrTx, comunicadoId: string) {
  // count(DISTINCT …): a user linked twice to one slice (a dealer group directly and through a dealer) counts once.
  // Each slice: the users module's links of users to a unit, and the unit's owner's names.
  const slice = (links: SQL, names: SQL) =>
    rows<Slice>(
      db,
      sql`SELECT x.id, x.nome, count(DISTINCT e.usuario_id)::int AS destinatarios,
                 count(DISTINCT e.usuario_id) FILTER (WHERE e.lido)::int AS lidos
            FROM comunicado_envio e JOIN (${links}) l ON l.usuario_id = e.usuario_id
            JOIN (${names}) x ON x.id = l.ref_id
           WHERE e.comunicado_id = ${comunicadoId} GROUP BY x.id, x.nome ORDER BY x.nome`,
    );
  const [porDealer, porGrupo, porMarca, porGrupoUsuarios] = await Promise.all([
    slice(userLinksSql.dealer, dealerNamesSql),
    slice(userLinksSql.grupo, dealerGroupNamesSql),
    slice(userLinksSql.marca, brandNamesSql),
    slice(userLinksSql.grupoUsuarios, userGroupNamesSql),
  ]);
  return { porDealer, porGrupo, porMarca, porGrupoUsuarios };
}

export type LeituraRow = {
  usuario_id: string;
  nome: string;
  email: string;
  lido: boolean;
  data_leitura: Date | string | null;
  data_recebimento: Date | string;
  data_confirmacao?: Date | string | null;
};

/**
 * A search of a communication's readers counts at most this many hits (as a user group's member search does,
 * `MEMBER_SEARCH_MAX_HITS`): a term that frequent is refined, and no keystroke counts tens of thousands of readers.
 */
export const READERS_SEARCH_MAX_HITS = 1000;

/**
 * SQL: `total` (at most READERS_SEARCH_MAX_HITS) and `limitado` (there are more) of the recipients matching `where`
 * with a search: counts one past the cap, never the whole of a frequent term.
 */
export const readersSearchCountSql = (where: SQL) =>
  sql`SELECT least(count(*), ${READERS_SEARCH_MAX_HITS})::int AS total, count(*) > ${READERS_SEARCH_MAX_HITS} AS limitado
    FROM (SELECT 1 ${leiturasFromSql} WHERE ${where} LIMIT ${READERS_SEARCH_MAX_HITS + 1}) hits`;

/** A page of recipients: `totalLimitado` when a search found more than READERS_SEARCH_MAX_HITS (`totalElements`). */
export type LeiturasPage = { content: LeituraRow[]; totalElements: number; totalLimitado: boolean };

/** Recipients joined to their users (`u`: name, its search form and e-mail): the readers list and its export. */
export const leiturasFromSql = sql`FROM comunicado_envio e JOIN (${userSortableSummarySql}) u ON u.id = e.usuario_id`;

/**
 * Who has and has not read, by name (lower case, without accents: the users' indexed order, so a page walks the
 * names and stops); searchable by name or e-mail through the users' trigram indexes (a search counts at most
 * READERS_SEARCH_MAX_HITS); `lido` filters. `totals`: the communication's delivery totals, when the caller has them
 * (the dashboard's counters), so that a list without a search counts nothing.
 */
export async function pageLeituras(
  db: DbOrTx,
  comunicadoId: string,
  filter: { busca?: string | null; lido?: boolean | null; page: number; rowsPerPage: number },
  totals?: { entregues: number; lidos: number },
): Promise<LeiturasPage> {
  const conditions = [sql`e.comunicado_id = ${comunicadoId}`];
  const lido = filter.lido ?? null;
  if (lido !== null) conditions.push(sql`e.lido = ${lido}`);
  const busca = filter.busca?.trim();
  if (busca) conditions.push(userNameOrEmailLikeSql(busca));
  const where = sql.join(conditions, sql` AND `);
  const countSql = busca
    ? readersSearchCountSql(where)
    : // Without a search the users need not be read: every delivery has one.
      sql`SELECT count(*)::int AS total, false AS limitado FROM comunicado_envio e WHERE ${where}`;
  const counted =
    !busca && totals
      ? {
          total: lido === null ? totals.entregues : lido ? totals.lidos : totals.entregues - totals.lidos,
          limitado: false,
        }
      : null;
  const [content, total] = await Promise.all([
    rows<LeituraRow>(
      db,
      sql`SELECT e.usuario_id, u.nome, u.email::text AS email, e.lido, e.data_leitura, e.data_recebimento,
                 e.data_confirmacao ${leiturasFromSql}
           WHERE ${where} ORDER BY u.nome_busca, u.id
           LIMIT ${filter.rowsPerPage} OFFSET ${filter.page * filter.rowsPerPage}`,
    ),
    counted ?? rows<{ total: number; limitado: boolean }>(db, countSql).then((r) => r[0]),
  ]);
  return { content, totalElements: total.total, totalLimitado: total.limitado };
}

/**
 * SQL: every recipient of a communication by name (the readers list's order), `after` a reader when given (the
 * search form of their name and their id): the export reads it from a cursor, or by keyset (`streamLeituras`).
 */
export function leiturasInOrderSql(comunicadoId: string, after: { nomeBusca: string; id: string } | null = null): SQL {
  return sql`SELECT e.usuario_id, u.nome, u.nome_busca, u.email::text AS email, e.lido, e.data_leitura,
        e.data_recebimento
      ${leiturasFromSql}
     WHERE e.comunicado_id = ${comunicadoId}
       ${after ? sql`AND (u.nome_busca, u.id) > (${after.nomeBusca}, ${after.id}::uuid)` : sql``}
     ORDER BY u.nome_busca, u.id`;
}

/**
 * Every recipient of a communication, by name, read `batch` at a time by keyset (each batch walks the names' index
 * from where the last one stopped), without holding the list: the export's reader where there is no cursor
 * (PGlite, `cursorRows`). `from`: start after this reader.
 */
export async function* streamLeituras(
  db: DbOrTx,
  comunicadoId: string,
  batch = 1_000,
  from: { nomeBusca: string; id: string } | null = null,
): AsyncGenerator<LeituraRow> {
  let after = from;
  for (;;) {
    const page: (LeituraRow & { nome_busca: string })[] = await rows(
      db,
      sql`${leiturasInOrderSql(comunicadoId, after)} LIMIT ${batch}`,
    );
    yield* page;
    if (page.length < batch) return;
    const last = page[page.length - 1];
    after = { nomeBusca: last.nome_busca, id: last.usuario_id };
  }
}

/**
 * SQL: the notifications a user's deliveries bring to the bell (column `notificacao_id`, one per sent communication
 * of theirs that has one): a sent communication's notification reaches its recipients through their deliveries, not
 * through rows of the notifications module (decision 0053). The notifications module's reads of the bell build on it.
 */
export const deliveredNotificationsOfUserSql = (usuarioId: string | SQL): SQL =>
  sql`SELECT c.notificacao_id FROM comunicado_envio e JOIN comunicado c ON c.id = e.comunicado_id
       WHERE e.usuario_id = ${usuarioId} AND c.notificacao_id IS NOT NULL`;

/**
 * SQL condition: notification `notificacaoId` reached user `usuarioId` through a delivery (decision 0053): one
 * notification's "is it theirs" (marking it read, its web push).
 */
export const notificationDeliveredToSql = (notificacaoId: string | SQL, usuarioId: string | SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM comunicado c JOIN comunicado_envio e ON e.comunicado_id = c.id AND e.usuario_id = ${usuarioId}
               WHERE c.notificacao_id = ${notificacaoId})`;

/** The names of a communication's audience: its user groups and dealer groups, by name. */
export async function audienceNames(db: DbOrTx, comunicadoId: string) {
  const [gruposUsuarios, grupos] = await Promise.all([
    rows<{ nome: string }>(
      db,
      sql`SELECT g.nome FROM comunicado_grupo_usuarios c JOIN (${userGroupNamesSql}) g ON g.id = c.grupo_usuarios_id
           WHERE c.comunicado_id = ${comunicadoId} ORDER BY g.nome`,
    ),
    rows<{ nome: string }>(
      db,
      sql`SELECT g.nome FROM comunicado_grupo c JOIN (${dealerGroupNamesSql}) g ON g.id = c.grupo_id
           WHERE c.comunicado_id = ${comunicadoId} ORDER BY g.nome`,
    ),
  ]);
  return { gruposUsuarios: gruposUsuarios.map((g) => g.nome), grupos: grupos.map((g) => g.nome) };
}
