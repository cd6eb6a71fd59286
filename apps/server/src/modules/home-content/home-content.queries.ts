import { businessDay, type HomeContentStatus } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type DbOrTx, queryPreparedSql } from '../../platform/db.js';
import { containsPattern, isUuid, uuidArray } from '../../platform/sql.js';
import { fileSummarySql } from '../files/files.queries.js';
import { userGroupNamesSql } from '../user-groups/user-groups.queries.js';

/** A slide or ad. */
export type Kind = 'SLIDE' | 'ANUNCIO';

/** Cache key prefix (services.cache) of what /home shows: whoever changes a slide or ad invalidates it. */
export const HOME_CONTENT_CACHE_KEY = 'home-content';
/** Live-event channel of slide and ad changes: every instance drops its cached /home content on it. */
export const HOME_CONTENT_CHANGED_CHANNEL = 'portal_conteudo_home_alterado';

/** A slide or ad as the API builds it (SQL row), with its user groups and its image's name. */
export type ConteudoRow = {
  id: string;
  tipo: Kind;
  titulo: string;
  cor_titulo: string | null;
  tamanho_titulo: number | null;
  subtitulo: string | null;
  cor_subtitulo: string | null;
  tamanho_subtitulo: number | null;
  titulo_botao: string | null;
  link: string | null;
  link_target: string;
  inicio_date: string;
  fim_date: string;
  arquivo_id: string | null;
  arquivo_nome: string | null;
  active: boolean;
  created_date_time: Date | string;
  grupos: { id: string; nome: string }[];
};

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** Columns of a row `c`, with its groups by name (through the user-groups module's names). */
const COLUMNS = sql`c.id, c.tipo, c.titulo, c.cor_titulo, c.tamanho_titulo, c.subtitulo, c.cor_subtitulo,
  c.tamanho_subtitulo, c.titulo_botao, c.link, c.link_target, c.inicio_date::text AS inicio_date,
  c.fim_date::text AS fim_date, c.arquivo_id, c.active, c.created_date_time,
  (SELECT f.nome FROM (${fileSummarySql}) f WHERE f.id = c.arquivo_id) AS arquivo_nome,
  (SELECT coalesce(json_agg(json_build_object('id', g.id, 'nome', g.nome) ORDER BY g.nome), '[]'::json)
     FROM conteudo_home_grupo cg JOIN (${userGroupNamesSql}) g ON g.id = cg.grupo_usuarios_id
    WHERE cg.conteudo_id = c.id) AS grupos`;

/** Rows inside their window on `today` and active, in one of `groupIds` (one array parameter: a fixed text). */
function shownTo(kind: Kind, today: string, groupIds: string[]): SQL {
  return sql`c.tipo = ${kind} AND c.active AND c.inicio_date <= ${today}::date AND c.fim_date >= ${today}::date
    AND EXISTS (SELECT 1 FROM conteudo_home_grupo cg WHERE cg.conteudo_id = c.id
      AND cg.grupo_usuarios_id = ANY(${uuidArray(groupIds)}))`;
}

/**
 * The slides a user in `groupIds` sees on /home at `now` (`slidesAtivos`): active, inside their window
 * by the business calendar, in one of the groups; by start day, newest first among equals. Prepared:
 * every /home load asks.
 */
export async function activeSlides(database: Database, groupIds: string[], now: Date): Promise<ConteudoRow[]> {
  if (!groupIds.length) return [];
  return queryPreparedSql(
    database,
    'home_active_slides',
    sql`SELECT ${COLUMNS} FROM conteudo_home c WHERE ${shownTo('SLIDE', businessDay(now), groupIds)}
        ORDER BY c.inicio_date, c.created_date_time DESC, c.id`,
  );
}

/**
 * Every ad a user in `groupIds` sees at `now` (`anuncioAleatorio` picks one of them at random, so each
 * load may show another). Prepared: every /home load asks.
 */
export async function shownAds(database: Database, groupIds: string[], now: Date): Promise<ConteudoRow[]> {
  if (!groupIds.length) return [];
  return queryPreparedSql<ConteudoRow>(
    database,
    'home_shown_ads',
    sql`SELECT ${COLUMNS} FROM conteudo_home c WHERE ${shownTo('ANUNCIO', businessDay(now), groupIds)} ORDER BY c.id`,
  );
}

/** Whether upload `arquivoId` is the image of a slide or ad a user in `groupIds` sees at `now` (downloads). */
export async function isImageShownTo(db: DbOrTx, arquivoId: string, groupIds: string[], now: Date) {
  if (!groupIds.length || !isUuid(arquivoId)) return false;
  const today = businessDay(now);
  const [slide, ad] = await Promise.all(
    (['SLIDE', 'ANUNCIO'] as const).map((kind) =>
      rows(
        db,
        sql`SELECT 1 FROM conteudo_home c WHERE c.arquivo_id = ${arquivoId} AND ${shownTo(kind, today, groupIds)}`,
      ),
    ),
  );
  return slide.length > 0 || ad.length > 0;
}

/** The kind of the slide or ad whose image is `arquivoId`, or null (who may download it follows the kind). */
export async function kindOfImage(db: DbOrTx, arquivoId: string): Promise<Kind | null> {
  if (!isUuid(arquivoId)) return null;
  const [row] = await rows<{ tipo: Kind }>(
    db,
    sql`SELECT tipo FROM conteudo_home WHERE arquivo_id = ${arquivoId} LIMIT 1`,
  );
  return row?.tipo ?? null;
}

/** The SQL condition of a list status on `today` (the same rule as the domain's `homeContentStatus`). */
function statusCondition(status: HomeContentStatus, today: string): SQL {
  const day = sql`${today}::date`;
  switch (status) {
    case 'INATIVO':
      return sql`NOT c.active`;
    case 'AGENDADO':
      return sql`c.active AND c.inicio_date > ${day}`;
    case 'ENCERRADO':
      return sql`c.active AND c.fim_date < ${day}`;
    case 'EM_EXIBICAO':
      return sql`c.active AND c.inicio_date <= ${day} AND c.fim_date >= ${day}`;
  }
}

export type HomeContentFilter = {
  busca?: string | null;
  status?: HomeContentStatus | null;
  rowsPerPage: number;
  offset: number;
};

/**
 * One page of slides or ads for their administration: search on the title without case or accents,
 * filter by status at `now` (business calendar); the latest start first.
 */
export async function pageHomeContent(db: DbOrTx, kind: Kind, now: Date, filter: HomeContentFilter) {
  const conditions: SQL[] = [sql`c.tipo = ${kind}`];
  const busca = filter.busca?.trim();
  if (busca) {
    const pattern = containsPattern(busca);
    conditions.push(sql`immutable_unaccent(lower(c.titulo)) LIKE immutable_unaccent(lower(${pattern}))`);
  }
  if (filter.status) conditions.push(statusCondition(filter.status, businessDay(now)));
  const where = sql.join(conditions, sql` AND `);
  const [content, [count]] = await Promise.all([
    rows<ConteudoRow>(
      db,
      sql`SELECT ${COLUMNS} FROM conteudo_home c WHERE ${where}
          ORDER BY c.inicio_date DESC, c.created_date_time DESC, c.id
          LIMIT ${filter.rowsPerPage} OFFSET ${filter.offset}`,
    ),
    rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM conteudo_home c WHERE ${where}`),
  ]);
  return { content, totalElements: count.total };
}

/** One slide or ad of `kind` by id, or null (also for an id that is not a UUID or of the other kind). */
export async function findHomeContent(db: DbOrTx, kind: Kind, id: string): Promise<ConteudoRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await rows<ConteudoRow>(
    db,
    sql`SELECT ${COLUMNS} FROM conteudo_home c WHERE c.id = ${id} AND c.tipo = ${kind}`,
  );
  return row ?? null;
}
