import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AppCache, catalogueEntries } from '../../platform/cache.js';
import type { DbOrTx } from '../../platform/db.js';
import { badInput } from '../../platform/errors.js';
import type { CurrentUser } from '../../platform/graphql/context.js';
import { containsPattern, countSql, existingIds, idsByKey, isUuid, uuidArray } from '../../platform/sql.js';
import { activeMemberCountsSql, isUserGroupMemberSql, userGroupMemberCountSql } from '../users/users.memberships.js';
import { grupoUsuarios } from './user-groups.tables.js';

/**
 * Active user groups by name: the choices of the library's and the communications' access forms, each with its kind
 * (public or private) and how many active people it gives access to (one grouped count for all of them).
 */
export async function listActiveUserGroups(db: DbOrTx) {
  const groups = await db
    .select({
      id: grupoUsuarios.id,
      nome: grupoUsuarios.nome,
      active: grupoUsuarios.active,
      publico: grupoUsuarios.publico,
    })
    .from(grupoUsuarios)
    .where(eq(grupoUsuarios.active, true))
    .orderBy(asc(grupoUsuarios.nome));
  const counts = (await db.execute(activeMemberCountsSql(uuidArray(groups.map((g) => g.id))))).rows as {
    grupo_usuarios_id: string;
    total: number;
  }[];
  const byGroup = new Map(counts.map((c) => [c.grupo_usuarios_id, c.total]));
  return groups.map((g) => ({ ...g, quantidadeUsuarios: byGroup.get(g.id) ?? 0 }));
}

/** One active user group (any visibility: the access forms offer them all), or null. */
export async function findActiveUserGroup(db: DbOrTx, id: string): Promise<{ id: string; nome: string } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: grupoUsuarios.id, nome: grupoUsuarios.nome })
    .from(grupoUsuarios)
    .where(and(eq(grupoUsuarios.id, id), eq(grupoUsuarios.active, true)));
  return row ?? null;
}

/** Which of `ids` are active user groups. */
export async function activeUserGroupIds(db: DbOrTx, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: grupoUsuarios.id })
    .from(grupoUsuarios)
    .where(and(inArray(grupoUsuarios.id, ids), eq(grupoUsuarios.active, true)));
  return rows.map((r) => r.id);
}

/** Which of `ids` are user groups, active or not (an action adding members checks them first). */
export const existingUserGroupIds = (db: DbOrTx, ids: readonly string[]) => existingIds(db, grupoUsuarios.id, ids);

/** User group ids by exact name (name → id). */
export const userGroupIdsByName = (db: DbOrTx, names: readonly string[]) =>
  idsByKey(db, grupoUsuarios.nome, grupoUsuarios.id, names);

/** Cache key of the user groups' names (services.cache): the user-group actions drop it. */
export const USER_GROUPS_CACHE_KEY = 'grupos-usuarios';

/**
 * The user groups of `ids` ({ id, nome }) in name order, from a catalogue of every group's name kept in memory (the
 * same for every user): names the signed-in user's groups (`usuarioLogado.gruposUsuarios`), whose ids (of active
 * groups) come with the user.
 */
export function userGroupsByIds(cache: AppCache, db: DbOrTx, ids: readonly string[]) {
  return catalogueEntries(
    cache,
    USER_GROUPS_CACHE_KEY,
    async () => {
      const { rows } = await db.execute<{ id: string; nome: string }>(
        sql`SELECT id, nome FROM grupo_usuarios ORDER BY nome, id`,
      );
      return new Map(rows.map((row, rank) => [row.id, { ...row, rank }]));
    },
    ids,
  );
}

/** User groups by name (columns `id`, `nome`), for reports and lists that name a user group. */
export const userGroupNamesSql: SQL = sql`SELECT id, nome FROM grupo_usuarios`;

/** The name of the user group whose id is `groupId` (an SQL expression of the caller's query), as a scalar subquery. */
export function userGroupName(groupId: SQL): SQL {
  return sql`(SELECT g.nome FROM grupo_usuarios g WHERE g.id = ${groupId})`;
}

// A function declaration: users.queries.ts builds its constant SQL with it while it loads, and the two modules
// import each other.

/** SQL text: the ids, among those of the subquery `ids`, of active user groups (a user's groups that grant anything). */
export function activeUserGroupIdsText(ids: string) {
  return `SELECT g.id FROM grupo_usuarios g WHERE g.id IN (${ids}) AND g.active`;
}

/**
 * Which user groups (alias `g`) `viewer` may see in the administration (docs/domains/user-groups.md#who-sees-a-group):
 * every public group; a private one only by its creator, its members and TECSINAPSE users.
 */
export function userGroupVisibleTo(viewer: CurrentUser): SQL {
  if (viewer.tipo === 'TECSINAPSE') return sql`true`;
  return sql`(g.publico OR g.criador_id = ${viewer.id} OR ${isUserGroupMemberSql(viewer.id, sql`g.id`)})`;
}

/** A user group as its administration shows it. */
export type UserGroupRow = {
  id: string;
  nome: string;
  publico: boolean;
  active: boolean;
  criador_id: string | null;
  created_at: string;
  quantidade_usuarios: number;
};

export const USER_GROUP_SORT_FIELDS = ['nome', 'visibilidade', 'active', 'quantidadeUsuarios', 'createdAt'] as const;

/** The filters of the user groups list (and its export). */
export type UserGroupFilter = {
  busca?: string | null;
  active?: boolean | null;
  visibilidade?: 'PUBLICO' | 'PRIVADO' | null;
  ordenacao?: string | null;
};

/** The list's columns (a function: built on use, see the note on the text fragments above). */
const columns = () => sql`g.id, g.nome, g.publico, g.active, g.criador_id, g.created_at,
  ${userGroupMemberCountSql(sql`g.id`)} AS quantidade_usuarios`;

/** The WHERE and ORDER BY of the list for `viewer` and `filter`; a bad sort is BAD_USER_INPUT on ordenacao. */
function listParts(viewer: CurrentUser, filter: UserGroupFilter) {
  const sortText = filter.ordenacao ?? 'nome';
  const field = sortText.replace(/^-/, '') as (typeof USER_GROUP_SORT_FIELDS)[number];
  if (!USER_GROUP_SORT_FIELDS.includes(field)) throw badInput({ ordenacao: 'validation.invalid' });
  const dir = sql.raw(sortText.startsWith('-') ? 'DESC' : 'ASC');
  const conditions: SQL[] = [userGroupVisibleTo(viewer)];
  const busca = filter.busca?.trim();
  if (busca) {
    conditions.push(sql`immutable_unaccent(lower(g.nome)) LIKE immutable_unaccent(lower(${containsPattern(busca)}))`);
  }
  if (filter.active !== null && filter.active !== undefined) conditions.push(sql`g.active = ${filter.active}`);
  if (filter.visibilidade) conditions.push(sql`g.publico = ${filter.visibilidade === 'PUBLICO'}`);
  const order: Record<typeof field, SQL> = {
    nome: sql`immutable_unaccent(lower(g.nome)) ${dir}, g.id`,
    visibilidade: sql`g.publico ${dir}, immutable_unaccent(lower(g.nome)), g.id`,
    active: sql`g.active ${dir}, immutable_unaccent(lower(g.nome)), g.id`,
    quantidadeUsuarios: sql`quantidade_usuarios ${dir}, immutable_unaccent(lower(g.nome)), g.id`,
    createdAt: sql`g.created_at ${dir}, g.id`,
  };
  return { where: sql.join(conditions, sql` AND `), order: order[field] };
}

/** One page of the list with `selected` columns (alias `g`), and the count (up to `countUpTo` + 1 when given). */
async function pageOf<Row>(
  db: DbOrTx,
  viewer: CurrentUser,
  filter: UserGroupFilter & { offset: number; rowsPerPage: number; countUpTo?: number },
  selected: SQL,
): Promise<{ content: Row[]; totalElements: number }> {
  const { where, order } = listParts(viewer, filter);
  const [content, count] = await Promise.all([
    db.execute(
      sql`SELECT ${selected} FROM grupo_usuarios g WHERE ${where} ORDER BY ${order} LIMIT ${filter.rowsPerPage} OFFSET ${filter.offset}`,
    ),
    db.execute(countSql(sql`FROM grupo_usuarios g WHERE ${where}`, filter.countUpTo)),
  ]);
  return { content: content.rows as Row[], totalElements: (count.rows[0] as { total: number }).total };
}

/**
 * One page of the user groups `viewer` may see (`gruposUsuarios`): `busca` matches the name without case
 * or accents; filters by state and visibility; sorted by `ordenacao` ('-' before a field for descending).
 */
export function pageUserGroups(
  db: DbOrTx,
  viewer: CurrentUser,
  filter: UserGroupFilter & { offset: number; rowsPerPage: number; countUpTo?: number },
): Promise<{ content: UserGroupRow[]; totalElements: number }> {
  return pageOf<UserGroupRow>(db, viewer, filter, columns());
}

/**
 * The same list by id and name only, sorted by name: the header search, which shows no member counts (a group of
 * 100,000 members takes milliseconds to count).
 */
export function pageUserGroupNames(
  db: DbOrTx,
  viewer: CurrentUser,
  filter: Omit<UserGroupFilter, 'ordenacao'> & { offset: number; rowsPerPage: number; countUpTo?: number },
): Promise<{ content: { id: string; nome: string }[]; totalElements: number }> {
  return pageOf(db, viewer, { ...filter, ordenacao: 'nome' }, sql`g.id, g.nome`);
}

/** Every user group of the list's filter, in its order (the `.xlsx` export; bounded by the number of groups). */
export async function allUserGroups(db: DbOrTx, viewer: CurrentUser, filter: UserGroupFilter): Promise<UserGroupRow[]> {
  const { where, order } = listParts(viewer, filter);
  return (await db.execute(sql`SELECT ${columns()} FROM grupo_usuarios g WHERE ${where} ORDER BY ${order}`))
    .rows as UserGroupRow[];
}

/** One user group if `viewer` may see it (the system sees all); null for a missing, hidden or malformed id. */
export async function findUserGroup(db: DbOrTx, viewer: CurrentUser | null, id: string): Promise<UserGroupRow | null> {
  if (!isUuid(id)) return null;
  const visible = viewer ? userGroupVisibleTo(viewer) : sql`true`;
  const result = await db.execute(sql`SELECT ${columns()} FROM grupo_usuarios g WHERE g.id = ${id} AND ${visible}`);
  return (result.rows[0] as UserGroupRow | undefined) ?? null;
}
