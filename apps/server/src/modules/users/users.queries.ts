import { type Idioma, ONBOARDING_IDS, type OnboardingId, type UserType } from '@portal/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { SHARED_DATA_TTL_MS } from '../../platform/cache.js';
import { type Database, type DbOrTx, queryPrepared, sqlText } from '../../platform/db.js';
import { type CurrentUser, type GraphQLContext, requireUser } from '../../platform/graphql/context.js';
import type { SessionReadSql } from '../../platform/module.js';
import type { Services } from '../../platform/services.js';
import { containsPattern, textArray, UUID, uuidArray } from '../../platform/sql.js';
import {
  activeBrandIdsText,
  activeDealersOfGroupsSql,
  dealerGroupOfDealersSql,
  dealerNamesSql,
  dealersWithDisplayNameLikeSql,
} from '../dealers/dealers.queries.js';
import {
  accessTypeFeatureIdsText,
  accessTypeFeaturesSql,
  complementaryDataJsonText,
  featureIdsOfKeySql,
  featureKeysArrayText,
} from '../products/products.queries.js';
import { activeUserGroupIds, activeUserGroupIdsText, userGroupNamesSql } from '../user-groups/user-groups.queries.js';
import { userSearchSql } from './users.list.js';
import { usuarioGrupoUsuarios } from './users.tables.js';

/** SQL (text) for the effective feature ids of the user whose id is `userRef`: direct ones plus their access types' defaults. */
const featureIdsOf = (userRef: string) => `
  SELECT uf.funcionalidade_id FROM usuario_funcionalidade uf WHERE uf.usuario_id = ${userRef}
  UNION
  ${accessTypeFeatureIdsText(`SELECT uta.tipo_acesso_id FROM usuario_tipo_acesso uta WHERE uta.usuario_id = ${userRef}`)}`;

/**
 * SQL text: whether the user whose id is `userRef` holds one of `keys` among their effective keys (a session read's
 * check, where the user's keys are not known yet). Keys are feature keys (capitals and underscores).
 */
export function userHasAnyKeyText(userRef: string, keys: readonly string[]): string {
  if (!keys.length || keys.some((k) => !/^[A-Z_]+$/.test(k))) throw new Error(`userHasAnyKeyText: bad keys ${keys}`);
  return `coalesce(${featureKeysArrayText(featureIdsOf(userRef))}::text[] && ARRAY[${keys.map((k) => `'${k}'`).join(', ')}]::text[], false)`;
}

/** SQL text: the ids of the active user groups of the user whose id is `userRef`, as a uuid[]. */
export const userGroupIdsArrayText = (userRef: string) =>
  `ARRAY(${activeUserGroupIdsText(`SELECT ug.grupo_usuarios_id FROM usuario_grupo_usuarios ug WHERE ug.usuario_id = ${userRef}`)})`;

/**
 * Columns of the acting user (table alias `u`) with their effective keys and user groups. Shared by the
 * two hot paths that load a user on every request: by id (bearer tokens) and joined to the session (cookies).
 */
// The lists come as JSON (parsed natively), not as PostgreSQL arrays (parsed character by character in JavaScript).
export const CURRENT_USER_COLUMNS = `u.id AS u_id, u.nome AS u_nome, u.email AS u_email, u.tipo AS u_tipo,
  u.idioma AS u_idioma, u.active AS u_active, u.avatar_link AS u_avatar_link,
  (u.senha_hash IS NOT NULL) AS u_tem_senha,
  to_json(${featureKeysArrayText(featureIdsOf('u.id'))}) AS u_chaves,
  to_json(${userGroupIdsArrayText('u.id')}) AS u_grupos,
  to_json(ARRAY(${activeBrandIdsText('SELECT um.marca_id FROM usuario_marca um WHERE um.usuario_id = u.id')})) AS u_marcas`;

export type CurrentUserRow = {
  u_id: string;
  u_nome: string;
  u_email: string;
  u_tipo: UserType;
  u_idioma: Idioma;
  u_active: boolean;
  u_avatar_link: string | null;
  u_tem_senha: boolean;
  u_chaves: string[] | null;
  u_grupos?: string[] | null;
  u_marcas?: string[] | null;
};

/** Maps a CURRENT_USER_COLUMNS row; an inactive user is null (signed out on the next request). */
export function toCurrentUser(row: CurrentUserRow | undefined): CurrentUser | null {
  if (!row?.u_active) return null;
  return {
    id: row.u_id,
    nome: row.u_nome,
    email: row.u_email,
    tipo: row.u_tipo,
    idioma: row.u_idioma,
    avatarLink: row.u_avatar_link,
    temSenha: row.u_tem_senha,
    chaves: row.u_chaves ?? [],
    ...(row.u_grupos ? { grupoUsuariosIds: row.u_grupos } : {}),
    ...(row.u_marcas ? { marcaIds: row.u_marcas } : {}),
  };
}

/** Loads the user a request acts for, with their effective keys, in one round trip. */
export async function loadCurrentUser(database: Database, userId: string): Promise<CurrentUser | null> {
  const rows = await queryPrepared<CurrentUserRow>(
    database,
    'current_user',
    `SELECT ${CURRENT_USER_COLUMNS} FROM usuario u WHERE u.id = $1`,
    [userId],
  );
  return toCurrentUser(rows[0]);
}

/**
 * The user with this e-mail as an actor (any transaction, unlike `loadCurrentUser`), or null when missing or
 * inactive: the demo seed acts as a demo user it created in the same transaction.
 */
export async function currentUserByEmail(db: DbOrTx, email: string): Promise<CurrentUser | null> {
  const rows = await db.execute(
    sql`SELECT ${sql.raw(CURRENT_USER_COLUMNS)} FROM usuario u WHERE lower(u.email::text) = ${email.toLowerCase()}`,
  );
  return toCurrentUser(rows.rows[0] as CurrentUserRow | undefined);
}

type Dado = {
  id: string;
  tipo: string;
  descricao: string;
  urlBase: string | null;
  ordem: number;
  produtoId: string | null;
};

/**
 * The signed-in user's complementary data (their per-product links) as a JSON array, one round trip: the rest of
 * `usuarioLogado` (docs/domains/users.md#the-signed-in-user) comes with the user's load (brands, groups, keys) and is
 * named from the owners' catalogues in memory.
 */
export async function loadLoggedUserComplementaryData(database: Database, userId: string): Promise<Dado[]> {
  const [row] = await queryPrepared<{ dados: Dado[] }>(
    database,
    'logged_user_complementary_data',
    `SELECT ${complementaryDataJsonText('SELECT ud.dado_complementar_id FROM usuario_dado_complementar ud WHERE ud.usuario_id = $1')} AS dados`,
    [userId],
  );
  return row?.dados ?? [];
}

/** SQL: whether user `userId` has seen the guided tour `onboardingId` (values or SQL expressions). */
const onboardingSeenSql = (userId: string | SQL, onboardingId: string | SQL) =>
  sql`EXISTS (SELECT 1 FROM usuario_onboarding o WHERE o.usuario_id = ${userId} AND o.onboarding_id = ${onboardingId})`;

export async function isOnboardingSeen(db: DbOrTx, userId: string, onboardingId: OnboardingId): Promise<boolean> {
  const { rows } = await db.execute<{ seen: boolean }>(sql`SELECT ${onboardingSeenSql(userId, onboardingId)} AS seen`);
  return rows[0]?.seen === true;
}

/**
 * Whether the user has seen a guided tour, read with the request's user (PortalModule.sessionReads, decision 0060):
 * the frame asks on every first load of a page. Only for one of the known tours (`ONBOARDING_IDS`, written into the
 * text); else null (the resolver refuses the id).
 */
export const onboardingSeenSessionRead: SessionReadSql = (refs, { id }) =>
  ONBOARDING_IDS.includes(id as OnboardingId)
    ? sqlText(onboardingSeenSql(sql.raw(refs.user), sql.raw(`'${id}'`)))
    : null;

/**
 * The active user groups the user belongs to (the library's and the home content's audience unit): an
 * inactive group grants nothing until it is activated again (docs/domains/user-groups.md).
 */
export async function userGroupIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const members = db
    .select({ id: usuarioGrupoUsuarios.grupoUsuariosId })
    .from(usuarioGrupoUsuarios)
    .where(eq(usuarioGrupoUsuarios.usuarioId, userId));
  return activeUserGroupIds(
    db,
    (await members).map((r) => r.id),
  );
}

const groupIdsByRequest = new WeakMap<GraphQLContext, Promise<string[]>>();

/**
 * The signed-in user's user groups, read once per GraphQL request however many fields filter by them
 * (/home's slides, its ad and the library's files each do): with the user when the session load read
 * them (CURRENT_USER_COLUMNS), else by one prepared statement.
 */
export function viewerGroupIds(ctx: GraphQLContext): Promise<string[]> {
  const loaded = requireUser(ctx).grupoUsuariosIds;
  if (loaded) return Promise.resolve(loaded);
  let ids = groupIdsByRequest.get(ctx);
  if (!ids) {
    ids = queryPrepared<{ id: string }>(
      ctx.services.database,
      'user_group_ids',
      `SELECT id FROM (${activeUserGroupIdsText('SELECT grupo_usuarios_id FROM usuario_grupo_usuarios WHERE usuario_id = $1')}) g`,
      [requireUser(ctx).id],
    ).then((rows) => rows.map((r) => r.id));
    groupIdsByRequest.set(ctx, ids);
  }
  return ids;
}

/**
 * Users as other modules show them (columns `id`, `nome`, `email` (citext), `idioma`, `active`), to
 * join to one's own rows by user id: names in lists, sorting and searching by name or e-mail.
 */
export const userSummarySql: SQL = sql`SELECT id, nome, email, idioma, active FROM usuario`;

/**
 * `userSummarySql` with `nome_busca` (the name in lower case without accents, stored and indexed: a btree on
 * (nome_busca, id) for the name order, trigram indexes for searching): lists of users that sort by name and
 * search by name or e-mail, page by page, without reading every user (`userNameOrEmailLikeSql`).
 */
export const userSortableSummarySql: SQL = sql`SELECT id, nome, nome_busca, email, idioma, active FROM usuario`;

/**
 * SQL: user `u` (of `userSortableSummarySql`) whose name or e-mail contains `busca`, ignoring case and accents, as
 * conditions the name's and e-mail's trigram indexes answer.
 */
export function userNameOrEmailLikeSql(busca: string): SQL {
  const like = containsPattern(busca);
  return sql`(u.nome_busca LIKE immutable_unaccent(lower(${like})) OR lower(u.email::text) LIKE lower(${like}))`;
}

/**
 * Links of users to the units reports group them by (columns `usuario_id`, `ref_id`): their dealers,
 * dealer groups (directly or through a dealer), brands and user groups. A user may appear twice for
 * one unit (count DISTINCT users).
 */
export const userLinksSql: Record<'dealer' | 'grupo' | 'marca' | 'grupoUsuarios', SQL> = {
  dealer: sql`SELECT usuario_id, dealer_id AS ref_id FROM usuario_dealer`,
  grupo: sql`SELECT usuario_id, grupo_id AS ref_id FROM usuario_grupo
    UNION ALL SELECT ud.usuario_id, d.grupo_id FROM usuario_dealer ud JOIN (${dealerGroupOfDealersSql}) d ON d.id = ud.dealer_id`,
  marca: sql`SELECT usuario_id, marca_id AS ref_id FROM usuario_marca`,
  grupoUsuarios: sql`SELECT usuario_id, grupo_usuarios_id AS ref_id FROM usuario_grupo_usuarios`,
};

/**
 * SQL: the ids of the users (any state) whose name, e-mail or CPF matches `busca`, as the users list searches:
 * the audit search's "who acted" filter, without the audit module reading `usuario`.
 */
export const userIdsMatchingSql = (busca: string): SQL => sql`SELECT u.id FROM usuario u WHERE ${userSearchSql(busca)}`;

/**
 * When the user signed in before their latest sign-in (null: this is their first): the baseline of "new since your
 * last visit" (the library's mark, docs/domains/library.md#new-since-your-last-visit).
 */
export async function previousSignInOf(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = (await db.execute(sql`SELECT acesso_anterior AS at FROM usuario WHERE id = ${userId}`)).rows as {
    at: Date | string | null;
  }[];
  return row?.at ? new Date(row.at) : null;
}

/** Users by id (id, nome, e-mail as text), in no particular order: names of creators, approvers, actors. */
export async function usersByIds(db: DbOrTx, ids: readonly string[]) {
  if (!ids.length) return [];
  return (await db.execute(sql`SELECT id, nome, email::text AS email FROM usuario WHERE id = ANY(${uuidArray(ids)})`))
    .rows as { id: string; nome: string; email: string }[];
}

/** Which of `emails` belong to portal users (any state), lowercased. */
export async function portalEmails(db: DbOrTx, emails: readonly string[]): Promise<string[]> {
  if (!emails.length) return [];
  const lower = emails.map((e) => e.toLowerCase());
  const rows = (
    await db.execute(
      sql`SELECT lower(email::text) AS email FROM usuario WHERE lower(email::text) = ANY(${textArray(lower)})`,
    )
  ).rows as { email: string }[];
  return rows.map((r) => r.email);
}

/** Which of `ids` are users (any state): a list of users to leave out keeps only real ones. */
export async function existingUserIds(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  const valid = ids.filter((id) => UUID.test(id));
  if (!valid.length) return [];
  const rows = (await db.execute(sql`SELECT id FROM usuario WHERE id = ANY(${uuidArray(valid)})`)).rows;
  return (rows as { id: string }[]).map((r) => r.id);
}

/** Active holders of a feature key (direct or through their access types), by name, except one user. */
export async function holdersOfKey(db: DbOrTx, chave: string, exceptId: string) {
  return (
    await db.execute(sql`SELECT u.id, u.nome, u.email::text AS email FROM usuario u
      WHERE u.active AND u.id <> ${exceptId} AND EXISTS (
        SELECT 1 FROM (${featureIdsOfKeySql(chave)}) f WHERE f.id IN (
          SELECT uf.funcionalidade_id FROM usuario_funcionalidade uf WHERE uf.usuario_id = u.id
          UNION SELECT taf.funcionalidade_id FROM usuario_tipo_acesso uta
            JOIN (${accessTypeFeaturesSql}) taf ON taf.tipo_acesso_id = uta.tipo_acesso_id WHERE uta.usuario_id = u.id))
      ORDER BY u.nome`)
  ).rows as { id: string; nome: string; email: string }[];
}

export type DepartmentRow = { id: string; sigla: string; nome: string; assinatura: string | null };

/** Every department by name (the choices of a communication's sender department). */
export async function listDepartments(db: DbOrTx): Promise<DepartmentRow[]> {
  return (await db.execute(sql`SELECT id, sigla, nome, assinatura FROM departamento ORDER BY nome`))
    .rows as DepartmentRow[];
}

const DEPARTMENTS_BY_IDS = sql`SELECT id, sigla, nome, assinatura FROM departamento`;

/** Departments by id, in no particular order. */
export async function departmentsByIds(db: DbOrTx, ids: readonly string[]): Promise<DepartmentRow[]> {
  const valid = ids.filter((id) => UUID.test(id));
  if (!valid.length) return [];
  return (await db.execute(sql`${DEPARTMENTS_BY_IDS} WHERE id = ANY(${uuidArray(valid)})`)).rows as DepartmentRow[];
}

/** Cache key of every department (services.cache): whoever changes a department invalidates it. */
export const DEPARTMENTS_CACHE_KEY = 'users.departments';

/**
 * Departments by id, in no particular order, from every department kept in the shared cache for a few
 * seconds (the communications' loader: /home's card and the inbox name each message's department on every
 * load; departments are few and change only with the demo seed today). No statement on a hit.
 */
export async function departmentsByIdsCached(services: Services, ids: readonly string[]): Promise<DepartmentRow[]> {
  if (!ids.length) return [];
  const all = await services.cache.get(DEPARTMENTS_CACHE_KEY, SHARED_DATA_TTL_MS, () => listDepartments(services.db));
  const wanted = new Set(ids);
  return all.filter((d) => wanted.has(d.id));
}

/**
 * A LEFT JOIN giving `<alias>.nome` and `<alias>.email` of the user whose id is `userId` (an SQL
 * expression of the caller's query), both null when there is none: what a list shows of an owner or
 * author, without the caller reading `usuario`. Only these two columns are exposed.
 */
export function userNameEmailJoin(userId: SQL, alias: string): SQL {
  return sql`LEFT JOIN LATERAL (SELECT u.nome, u.email FROM usuario u WHERE u.id = ${userId}) ${sql.identifier(alias)} ON true`;
}

/** The ids of the users of a dealer group: linked to it directly or through one of its dealers (any state). */
const usersOfDealerGroupSql = (grupoId: string): SQL =>
  sql`SELECT usuario_id FROM usuario_grupo WHERE grupo_id = ${grupoId}
    UNION SELECT ud.usuario_id FROM usuario_dealer ud JOIN (${dealerGroupOfDealersSql}) d ON d.id = ud.dealer_id
      WHERE d.grupo_id = ${grupoId}`;

/**
 * How many active users inactivating the dealer group would inactivate (`inactivateUsersOfDealerGroup`
 * with the group's active dealers): those linked to the group or to one of its active dealers. The
 * confirmation states it before the cascade runs.
 */
export async function countActiveUsersOfDealerGroup(db: DbOrTx, grupoId: string): Promise<number> {
  const rows = (
    await db.execute(sql`SELECT count(*)::int AS total FROM usuario u WHERE u.active AND u.id IN (
      SELECT usuario_id FROM usuario_grupo WHERE grupo_id = ${grupoId}
      UNION SELECT usuario_id FROM usuario_dealer WHERE dealer_id IN (${activeDealersOfGroupsSql([grupoId])}))`)
  ).rows as { total: number }[];
  return rows[0].total;
}

export type UserOfGroupRow = { id: string; nome: string; email: string; active: boolean };

/** One page of a dealer group's users (any state) by name: the members shown on the group's page. */
export async function pageUsersOfDealerGroup(
  db: DbOrTx,
  grupoId: string,
  page: { rowsPerPage: number; offset: number },
): Promise<{ content: UserOfGroupRow[]; totalElements: number }> {
  const members = usersOfDealerGroupSql(grupoId);
  const [content, count] = await Promise.all([
    db.execute(sql`SELECT u.id, u.nome, u.email::text AS email, u.active FROM usuario u WHERE u.id IN (${members})
      ORDER BY u.nome, u.id LIMIT ${page.rowsPerPage} OFFSET ${page.offset}`),
    db.execute(sql`SELECT count(*)::int AS total FROM usuario u WHERE u.id IN (${members})`),
  ]);
  return { content: content.rows as UserOfGroupRow[], totalElements: (count.rows[0] as { total: number }).total };
}

/** A user of a user group's member list or of the member search: name, e-mail, state and dealers' names. */
export type UserGroupMemberRow = { id: string; nome: string; email: string; active: boolean; dealers: string[] };

const MEMBER_COLUMNS = sql`u.id, u.nome, u.email::text AS email, u.active,
  ARRAY(SELECT d.nome FROM usuario_dealer ud JOIN (${dealerNamesSql}) d ON d.id = ud.dealer_id
        WHERE ud.usuario_id = u.id ORDER BY d.nome) AS dealers`;

/**
 * Whether user `u` has a name, e-mail or dealer (display name) containing `busca`, ignoring case and
 * accents. The dealers' users are found once (an array), so the three tests are one OR of index
 * conditions (the name's and e-mail's trigram indexes, the primary key): PostgreSQL reads the matching
 * users through a bitmap, or walks the name order and stops at a page when matches are many.
 */
function userMatches(busca: string): SQL {
  const pattern = sql`immutable_unaccent(lower(${containsPattern(busca)}))`;
  return sql`(u.nome_busca LIKE ${pattern}
    OR lower(u.email::text) LIKE lower(${containsPattern(busca)})
    OR u.id = ANY(ARRAY(SELECT ud.usuario_id FROM usuario_dealer ud
                        WHERE ud.dealer_id IN (${dealersWithDisplayNameLikeSql(pattern)}))))`;
}

/** A search of a group's members counts at most this many hits (as the library's search: decision 0007). */
export const MEMBER_SEARCH_MAX_HITS = 1000;

/**
 * One page of a user group's members by name (the user-by-user-group dialog and the group's form),
 * `busca` matching name, e-mail or dealer; inactive users are listed too (they stay members), unless
 * `activeOnly` (the people the group gives access to: "who can see this"). A search
 * counts at most MEMBER_SEARCH_MAX_HITS hits: a term that frequent is refined, and no keystroke counts
 * tens of thousands of members.
 */
export async function pageUserGroupMembers(
  db: DbOrTx,
  grupoUsuariosId: string,
  filter: { busca?: string | null; offset: number; rowsPerPage: number; activeOnly?: boolean },
): Promise<{ content: UserGroupMemberRow[]; totalElements: number }> {
  const busca = filter.busca?.trim();
  const active = filter.activeOnly ? sql`AND u.active` : sql``;
  const where = sql`WHERE EXISTS (SELECT 1 FROM usuario_grupo_usuarios m
      WHERE m.usuario_id = u.id AND m.grupo_usuarios_id = ${grupoUsuariosId}) ${active} ${busca ? sql`AND ${userMatches(busca)}` : sql``}`;
  const [content, count] = await Promise.all([
    db.execute(sql`SELECT ${MEMBER_COLUMNS} FROM usuario u ${where}
      ORDER BY u.nome_busca, u.id LIMIT ${filter.rowsPerPage} OFFSET ${filter.offset}`),
    db.execute(
      busca
        ? sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM usuario u ${where} LIMIT ${MEMBER_SEARCH_MAX_HITS}) hits`
        : filter.activeOnly
          ? sql`SELECT count(*)::int AS total FROM usuario u ${where}`
          : sql`SELECT count(*)::int AS total FROM usuario_grupo_usuarios m WHERE m.grupo_usuarios_id = ${grupoUsuariosId}`,
    ),
  ]);
  return {
    content: content.rows as UserGroupMemberRow[],
    totalElements: (count.rows[0] as { total: number }).total,
  };
}

/**
 * Active users who are not yet members of the user group and match `busca` (name, e-mail or dealer,
 * ignoring case and accents), by name, at most `limit`: the choices of the group form's member search.
 */
export async function searchUsersForUserGroup(
  db: DbOrTx,
  grupoUsuariosId: string,
  busca: string,
  limit: number,
): Promise<UserGroupMemberRow[]> {
  const text = busca.trim();
  if (!text) return [];
  const result = await db.execute(sql`SELECT ${MEMBER_COLUMNS} FROM usuario u
    WHERE u.active AND ${userMatches(text)}
      AND NOT EXISTS (SELECT 1 FROM usuario_grupo_usuarios m WHERE m.usuario_id = u.id AND m.grupo_usuarios_id = ${grupoUsuariosId})
    ORDER BY u.nome_busca, u.id LIMIT ${limit}`);
  return result.rows as UserGroupMemberRow[];
}

/** How many users of a dealer its page lists at most (a dealer has tens; the users list is the place for more). */
export const DEALER_USERS_MAX = 500;

export type DealerUserRow = {
  id: string;
  nome: string;
  email: string;
  active: boolean;
  grupos: { id: string; nome: string }[];
};

/**
 * The users linked to a dealer, by name, each with the user groups they belong to (id, nome): what a
 * dealer's page shows as its users and groups. At most DEALER_USERS_MAX.
 */
export async function usersOfDealer(db: DbOrTx, dealerId: string): Promise<DealerUserRow[]> {
  if (!UUID.test(dealerId)) return [];
  return (
    await db.execute(sql`SELECT u.id, u.nome, u.email::text AS email, u.active,
        coalesce((SELECT json_agg(json_build_object('id', g.id, 'nome', g.nome) ORDER BY g.nome)
                  FROM usuario_grupo_usuarios ugu JOIN (${userGroupNamesSql}) g ON g.id = ugu.grupo_usuarios_id
                  WHERE ugu.usuario_id = u.id), '[]'::json) AS grupos
      FROM usuario u JOIN usuario_dealer ud ON ud.usuario_id = u.id
      WHERE ud.dealer_id = ${dealerId}
      ORDER BY u.nome, u.id LIMIT ${DEALER_USERS_MAX}`)
  ).rows as DealerUserRow[];
}

/** Which of `ids` are departments. */
export async function existingDepartmentIds(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  return (await departmentsByIds(db, ids)).map((d) => d.id);
}

/**
 * How many users a migration (`importarGrupoUsuarios`) would reach: those linked to one of the moved
 * dealers and, on a merge, those linked to the origin group (`moveUsersBetweenDealerGroups`'s rule).
 * The preview states it before the confirmation.
 */
export async function countUsersReachedByMove(
  db: DbOrTx,
  input: { grupoOrigemId: string; dealerIds: readonly string[]; merge: boolean },
): Promise<number> {
  const rows = (
    await db.execute(sql`SELECT count(*)::int AS total FROM (
      SELECT usuario_id FROM usuario_dealer WHERE dealer_id = ANY(${uuidArray(input.dealerIds)})
      UNION SELECT usuario_id FROM usuario_grupo WHERE grupo_id = ${input.grupoOrigemId} AND ${input.merge}) r`)
  ).rows as { total: number }[];
  return rows[0].total;
}
