import { onlyDigits, USER_TYPES, type UserType } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { badInput } from '../../platform/errors.js';
import type { CurrentUser } from '../../platform/graphql/context.js';
import { containsPattern, isUuid, uuidArray } from '../../platform/sql.js';
import { activeBrandsJsonText, dealerGroupOfDealersSql, dealerSummarySql } from '../dealers/dealers.queries.js';
import { dealerGroupNamesSql } from '../groups/groups.queries.js';
import { complementaryDataJsonText } from '../products/products.queries.js';
import { userGroupNamesSql } from '../user-groups/user-groups.queries.js';

// The users administration's reads (docs/domains/users.md#administration): the administrator's scope, the
// list, one user, the clone dialog's choices. Kept apart from users.queries.ts (what other modules import).

/**
 * What an administrator manages (the scope rule): their type, and for a DEALER_GRUPO administrator the dealers
 * of their scope (their dealers and every dealer of their dealer groups) and their dealer groups. `null`
 * actor (the system) manages everyone, as TECSINAPSE.
 */
export type AdminScope = { id: string | null; tipo: UserType; dealerIds: string[]; grupoIds: string[] };

/** The scope of `admin` (one statement); the system's when null. */
export async function adminScope(db: DbOrTx, admin: CurrentUser | null): Promise<AdminScope> {
  if (!admin) return { id: null, tipo: 'TECSINAPSE', dealerIds: [], grupoIds: [] };
  const [row] = (
    await db.execute(sql`SELECT
      ARRAY(SELECT dealer_id FROM usuario_dealer WHERE usuario_id = ${admin.id}
            UNION SELECT d.id FROM (${dealerGroupOfDealersSql}) d
                  WHERE d.grupo_id IN (SELECT grupo_id FROM usuario_grupo WHERE usuario_id = ${admin.id}))::text[] AS dealers,
      ARRAY(SELECT grupo_id FROM usuario_grupo WHERE usuario_id = ${admin.id})::text[] AS grupos`)
  ).rows as { dealers: string[]; grupos: string[] }[];
  return { id: admin.id, tipo: admin.tipo, dealerIds: row.dealers, grupoIds: row.grupos };
}

/** The user types an administrator may assign (the scope rule). */
export function assignableTypes(scope: AdminScope): UserType[] {
  if (scope.tipo === 'TECSINAPSE') return [...USER_TYPES];
  if (scope.tipo === 'MONTADORA') return ['MONTADORA', 'DEALER_GRUPO'];
  return ['DEALER_GRUPO'];
}

/** SQL: whether the user aliased `u` is visible to the administrator (others are NOT_FOUND and absent from lists). */
export function visibleSql(scope: AdminScope): SQL {
  if (scope.tipo === 'TECSINAPSE') return sql`true`;
  if (scope.tipo === 'MONTADORA') return sql`u.tipo <> 'TECSINAPSE'`;
  return sql`(u.tipo = 'DEALER_GRUPO' AND EXISTS (SELECT 1 FROM usuario_dealer sd
    WHERE sd.usuario_id = u.id AND sd.dealer_id = ANY(${uuidArray(scope.dealerIds)})))`;
}

/** SQL: whether the visible user `u` may be edited, activated or inactivated (a dealer-group administrator: all their dealers in scope). */
export function editableSql(scope: AdminScope): SQL {
  if (scope.tipo !== 'DEALER_GRUPO') return visibleSql(scope);
  return sql`(${visibleSql(scope)} AND NOT EXISTS (SELECT 1 FROM usuario_dealer sd
    WHERE sd.usuario_id = u.id AND sd.dealer_id <> ALL(${uuidArray(scope.dealerIds)})))`;
}

/** Sort fields of the users list (`ordenacao`, '-' before for descending). */
export const USER_SORT_FIELDS = ['nome', 'email', 'tipo', 'ultimoAcesso', 'createdDateTime'] as const;

/** What the users list filters by (the `usuarios` arguments). */
export type UserFilter = {
  busca?: string | null;
  tipo?: UserType | null;
  dealerId?: string | null;
  grupoId?: string | null;
  marcaId?: string | null;
  grupoUsuariosId?: string | null;
  active?: boolean | null;
  ativacaoEspecial?: boolean | null;
  ultimoAcessoDias?: number | null;
  ordenacao?: string | null;
};

/**
 * SQL: user `u` matches `busca`: a CPF (digits and punctuation only) by its digits, else the name (stored
 * without case and accents, trigram index) or the e-mail (trigram index on its lower case).
 */
export function userSearchSql(busca: string): SQL {
  if (/^[\d.\-\s/]+$/.test(busca) && onlyDigits(busca).length >= 3) {
    const digits = onlyDigits(busca);
    return digits.length === 11 ? sql`u.cpf = ${digits}` : sql`u.cpf LIKE ${`%${digits}%`}`;
  }
  const pattern = containsPattern(busca.toLowerCase());
  return sql`(u.nome_busca LIKE immutable_unaccent(lower(${pattern})) OR lower(u.email::text) LIKE ${pattern})`;
}

/** The WHERE and ORDER BY of the users list for `scope`; BAD_USER_INPUT on a bad filter or sort field. */
function userListSql(scope: AdminScope, filter: UserFilter, now: Date): { where: SQL; order: SQL } {
  const sortText = filter.ordenacao || 'nome';
  const field = sortText.replace(/^-/, '') as (typeof USER_SORT_FIELDS)[number];
  if (!USER_SORT_FIELDS.includes(field)) throw badInput({ ordenacao: 'validation.invalid' });
  for (const key of ['dealerId', 'grupoId', 'marcaId', 'grupoUsuariosId'] as const) {
    const value = filter[key];
    if (value && !isUuid(value)) throw badInput({ [key]: 'validation.invalid' });
  }
  const days = filter.ultimoAcessoDias;
  if (days !== null && days !== undefined && (!Number.isInteger(days) || days < 0))
    throw badInput({ ultimoAcessoDias: 'validation.invalid' });
  const dir = sql.raw(sortText.startsWith('-') ? 'DESC' : 'ASC');

  const conditions: SQL[] = [visibleSql(scope)];
  const busca = filter.busca?.trim();
  if (busca) conditions.push(userSearchSql(busca));
  if (filter.tipo) conditions.push(sql`u.tipo = ${filter.tipo}`);
  if (filter.active !== null && filter.active !== undefined) conditions.push(sql`u.active = ${filter.active}`);
  if (filter.ativacaoEspecial !== null && filter.ativacaoEspecial !== undefined)
    conditions.push(sql`u.ativacao_especial = ${filter.ativacaoEspecial}`);
  if (filter.dealerId)
    conditions.push(
      sql`EXISTS (SELECT 1 FROM usuario_dealer fd WHERE fd.usuario_id = u.id AND fd.dealer_id = ${filter.dealerId})`,
    );
  if (filter.grupoId)
    conditions.push(sql`(EXISTS (SELECT 1 FROM usuario_grupo fg WHERE fg.usuario_id = u.id AND fg.grupo_id = ${filter.grupoId})
      OR EXISTS (SELECT 1 FROM usuario_dealer fd JOIN (${dealerGroupOfDealersSql}) d ON d.id = fd.dealer_id
                 WHERE fd.usuario_id = u.id AND d.grupo_id = ${filter.grupoId}))`);
  if (filter.marcaId)
    conditions.push(
      sql`EXISTS (SELECT 1 FROM usuario_marca fm WHERE fm.usuario_id = u.id AND fm.marca_id = ${filter.marcaId})`,
    );
  if (filter.grupoUsuariosId)
    conditions.push(sql`EXISTS (SELECT 1 FROM usuario_grupo_usuarios fu
      WHERE fu.usuario_id = u.id AND fu.grupo_usuarios_id = ${filter.grupoUsuariosId})`);
  if (days !== null && days !== undefined) {
    const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
    conditions.push(sql`(u.ultimo_acesso IS NULL OR u.ultimo_acesso < ${cutoff}::timestamptz)`);
  }

  // The id breaks ties in the same direction, so each order is one index read forwards or backwards.
  const order: Record<typeof field, SQL> = {
    nome: sql`u.nome_busca ${dir}`,
    email: sql`lower(u.email::text) ${dir}`,
    tipo: sql`u.tipo ${dir}, u.nome_busca ${dir}`,
    // Never signed in counts as the oldest access.
    ultimoAcesso: sql`u.ultimo_acesso ${dir} ${sql.raw(sortText.startsWith('-') ? 'NULLS LAST' : 'NULLS FIRST')}`,
    createdDateTime: sql`u.created_at ${dir}`,
  };
  return { where: sql.join(conditions, sql` AND `), order: sql`${order[field]}, u.id ${dir}` };
}

/**
 * One page of the users list in `scope`, ids and total in one statement. Without a search, two subqueries,
 * each with its own plan: the page walks the sort's index and stops after a page, the count reads only index
 * entries (a window count, `count(*) OVER ()`, would make the page wait for every row). With a search, the
 * matches are found once through the trigram indexes (a bitmap), then counted and sorted: walking the name
 * order would pass every non-matching name before a rare one. The page's details are read for its rows
 * alone by `usersByIdsInScope`.
 */
export async function pageUserIds(
  db: DbOrTx,
  scope: AdminScope,
  filter: UserFilter & { rowsPerPage: number; offset: number; countUpTo?: number },
  now: Date,
): Promise<{ ids: string[]; totalElements: number }> {
  const { where, order } = userListSql(scope, filter, now);
  const page = sql`LIMIT ${filter.rowsPerPage} OFFSET ${filter.offset}`;
  const upTo = filter.countUpTo;
  // Capped (the header search): at most upTo + 1 matches are read; when there are more, the page is taken by
  // walking the list's order instead (many matches: the first ones come soon), and the total says "more".
  const query = !filter.busca?.trim()
    ? null
    : upTo === undefined
      ? sql`WITH m AS MATERIALIZED (SELECT u.* FROM usuario u WHERE ${where})
      SELECT ARRAY(SELECT u.id FROM m u ORDER BY ${order} ${page})::text[] AS ids, (SELECT count(*) FROM m)::int AS total`
      : sql`WITH m AS MATERIALIZED (SELECT u.* FROM usuario u WHERE ${where} LIMIT ${upTo + 1})
      SELECT CASE WHEN (SELECT count(*) FROM m) <= ${upTo}
          THEN ARRAY(SELECT u.id FROM m u ORDER BY ${order} ${page})
          ELSE ARRAY(SELECT u.id FROM usuario u WHERE ${where} ORDER BY ${order} ${page}) END::text[] AS ids,
        (SELECT count(*) FROM m)::int AS total`;
  const listed =
    query ??
    sql`SELECT ARRAY(SELECT u.id FROM usuario u WHERE ${where} ORDER BY ${order} ${page})::text[] AS ids,
        (SELECT count(*) FROM usuario u WHERE ${where})::int AS total`;
  const [row] = (await db.execute(listed)).rows as { ids: string[]; total: number }[];
  return { ids: row.ids, totalElements: row.total };
}

/** Every user the list's filter shows, in its order, a batch of ids at a time: the `.xlsx` export. */
export async function* userIdsForExport(
  db: DbOrTx,
  scope: AdminScope,
  filter: UserFilter,
  now: Date,
  batch = 1000,
): AsyncGenerator<string[]> {
  const { where, order } = userListSql(scope, filter, now);
  for (let offset = 0; ; offset += batch) {
    const ids = (
      (
        await db.execute(
          sql`SELECT u.id FROM usuario u WHERE ${where} ORDER BY ${order} LIMIT ${batch} OFFSET ${offset}`,
        )
      ).rows as { id: string }[]
    ).map((r) => r.id);
    if (ids.length) yield ids;
    if (ids.length < batch) return;
  }
}

/** A user as the administration loads them; tiposAcesso, funcionalidades and dados are ids (mapped by the resolvers). */
export type AdminUserRow = {
  id: string;
  nome: string;
  email: string;
  keycloak_id: string | null;
  active: boolean;
  especial: boolean;
  ativacao_especial: boolean;
  cpf: string | null;
  telefones: string[];
  celulares: string[];
  codigos: string[];
  tipo: UserType;
  idioma: 'PT_BR' | 'ES' | 'EN';
  ultimo_acesso: string | Date | null;
  created_at: string | Date;
  marcas: { id: string; description: string; facebookId: string | null }[];
  grupos: { id: string; nome: string }[];
  dealers: {
    id: string;
    nome: string;
    nomeExibicao: string;
    codigoPrincipal: string;
    active: boolean;
    grupo: { id: string; nome: string };
  }[];
  tipos_acesso: string[];
  funcionalidades: string[];
  dados: {
    id: string;
    tipo: string;
    descricao: string;
    urlBase: string | null;
    ordem: number;
    produtoId: string | null;
  }[];
  grupos_usuarios: { id: string; nome: string }[];
  editavel: boolean;
};

/**
 * The users of `ids` the administrator sees, with their links (only active dealers), in the order of `ids`;
 * the others are left out.
 */
export async function usersByIdsInScope(
  db: DbOrTx,
  scope: AdminScope,
  ids: readonly string[],
): Promise<AdminUserRow[]> {
  const valid = ids.filter(isUuid);
  if (!valid.length) return [];
  return (
    await db.execute(sql`SELECT u.id, u.nome, u.email::text AS email, u.keycloak_id, u.active, u.especial,
        u.ativacao_especial, u.cpf, u.telefones, u.celulares, u.codigos, u.tipo, u.idioma, u.ultimo_acesso, u.created_at,
        ${sql.raw(activeBrandsJsonText('SELECT um.marca_id FROM usuario_marca um WHERE um.usuario_id = u.id'))} AS marcas,
        coalesce((SELECT json_agg(json_build_object('id', g.id, 'nome', g.nome) ORDER BY g.nome)
                  FROM usuario_grupo ug JOIN (${dealerGroupNamesSql}) g ON g.id = ug.grupo_id
                  WHERE ug.usuario_id = u.id), '[]'::json) AS grupos,
        coalesce((SELECT json_agg(json_build_object('id', d.id, 'nome', d.nome, 'nomeExibicao', d.nome_exibicao,
                    'codigoPrincipal', d.codigo_principal, 'active', d.active,
                    'grupo', json_build_object('id', dg.id, 'nome', dg.nome)) ORDER BY d.nome_exibicao)
                  FROM usuario_dealer ud JOIN (${dealerSummarySql}) d ON d.id = ud.dealer_id
                  LEFT JOIN (${dealerGroupNamesSql}) dg ON dg.id = d.grupo_id
                  WHERE ud.usuario_id = u.id AND d.active), '[]'::json) AS dealers,
        ARRAY(SELECT tipo_acesso_id::text FROM usuario_tipo_acesso WHERE usuario_id = u.id) AS tipos_acesso,
        ARRAY(SELECT funcionalidade_id::text FROM usuario_funcionalidade WHERE usuario_id = u.id) AS funcionalidades,
        ${sql.raw(complementaryDataJsonText('SELECT ud.dado_complementar_id FROM usuario_dado_complementar ud WHERE ud.usuario_id = u.id'))} AS dados,
        coalesce((SELECT json_agg(json_build_object('id', g.id, 'nome', g.nome) ORDER BY g.nome)
                  FROM usuario_grupo_usuarios ugu JOIN (${userGroupNamesSql}) g ON g.id = ugu.grupo_usuarios_id
                  WHERE ugu.usuario_id = u.id), '[]'::json) AS grupos_usuarios,
        ${editableSql(scope)} AS editavel
      FROM unnest(${uuidArray(valid)}) WITH ORDINALITY AS p(id, n) JOIN usuario u ON u.id = p.id
      WHERE ${visibleSql(scope)} ORDER BY p.n`)
  ).rows as AdminUserRow[];
}

/** Whether user `id` exists, is visible to and editable by the administrator (null: no such visible user). */
export async function userAccess(
  db: DbOrTx,
  scope: AdminScope,
  id: string,
): Promise<{ tipo: UserType; active: boolean; editavel: boolean } | null> {
  if (!isUuid(id)) return null;
  const [row] = (
    await db.execute(sql`SELECT u.tipo, u.active, ${editableSql(scope)} AS editavel FROM usuario u
      WHERE u.id = ${id} AND ${visibleSql(scope)}`)
  ).rows as { tipo: UserType; active: boolean; editavel: boolean }[];
  return row ?? null;
}

/** The user with this e-mail (any case) or CPF (digits), whether visible to the administrator: the form's uniqueness checks. */
export async function findUserBy(
  db: DbOrTx,
  scope: AdminScope,
  by: { email: string } | { cpf: string },
): Promise<{ id: string; tipo: UserType; visible: boolean } | null> {
  const where = 'email' in by ? sql`u.email = ${by.email}` : sql`u.cpf = ${by.cpf}`;
  const [row] = (
    await db.execute(sql`SELECT u.id, u.tipo, ${visibleSql(scope)} AS visible FROM usuario u WHERE ${where}`)
  ).rows as { id: string; tipo: UserType; visible: boolean }[];
  return row ?? null;
}

/** The clone dialog's users: active users of `tipo` in scope, at some of `dealerIds` (when given), matching `busca`; at most `limit`, by name. */
export async function userIdsByType(
  db: DbOrTx,
  scope: AdminScope,
  filter: { tipo: UserType; dealerIds: string[]; busca?: string | null },
  limit: number,
): Promise<string[]> {
  const conditions: SQL[] = [visibleSql(scope), sql`u.active`, sql`u.tipo = ${filter.tipo}`];
  if (filter.dealerIds.length)
    conditions.push(sql`EXISTS (SELECT 1 FROM usuario_dealer fd WHERE fd.usuario_id = u.id
      AND fd.dealer_id = ANY(${uuidArray(filter.dealerIds)}))`);
  const busca = filter.busca?.trim();
  if (busca) conditions.push(userSearchSql(busca));
  return (
    (
      await db.execute(sql`SELECT u.id FROM usuario u WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY u.nome_busca, u.id LIMIT ${limit}`)
    ).rows as { id: string }[]
  ).map((r) => r.id);
}

/** The active dealers an administrator may link (every one, or those of a dealer-group administrator's scope), by display name. */
export async function dealerChoices(db: DbOrTx, scope: AdminScope) {
  const only = scope.tipo === 'DEALER_GRUPO' ? sql`AND d.id = ANY(${uuidArray(scope.dealerIds)})` : sql``;
  return (
    await db.execute(sql`SELECT d.id, d.nome, d.nome_exibicao AS "nomeExibicao", d.codigo_principal AS "codigoPrincipal",
        d.active, json_build_object('id', g.id, 'nome', g.nome) AS grupo
      FROM (${dealerSummarySql}) d LEFT JOIN (${dealerGroupNamesSql}) g ON g.id = d.grupo_id
      WHERE d.active ${only} ORDER BY d.nome_exibicao, d.id`)
  ).rows as AdminUserRow['dealers'];
}

/** A user's positions with dealer and department, by start. */
export async function positionsOf(db: DbOrTx, usuarioId: string) {
  return (
    await db.execute(sql`SELECT uc.cargo_id AS id, c.nome, uc.data_inicio::text AS "dataInicio",
        CASE WHEN d.id IS NULL THEN NULL ELSE json_build_object('id', d.id, 'nome', d.nome_exibicao) END AS dealer,
        CASE WHEN dp.id IS NULL THEN NULL
             ELSE json_build_object('id', dp.id, 'nome', dp.nome, 'sigla', dp.sigla, 'assinatura', dp.assinatura) END
          AS departamento
      FROM usuario_cargo uc JOIN cargo c ON c.id = uc.cargo_id
      LEFT JOIN (${dealerSummarySql}) d ON d.id = uc.dealer_id
      LEFT JOIN departamento dp ON dp.id = uc.departamento_id
      WHERE uc.usuario_id = ${usuarioId} ORDER BY uc.data_inicio, c.nome`)
  ).rows as {
    id: string;
    nome: string;
    dataInicio: string;
    dealer: { id: string; nome: string } | null;
    departamento: { id: string; nome: string; sigla: string; assinatura: string | null } | null;
  }[];
}

/** The positions catalogue, by name. */
export async function positionCatalogue(db: DbOrTx) {
  return (await db.execute(sql`SELECT id, nome, unico_por_dealer FROM cargo ORDER BY nome`)).rows as {
    id: string;
    nome: string;
    unico_por_dealer: boolean;
  }[];
}

/** A user's management data (null dates and reason when none). */
export async function managementDataOf(db: DbOrTx, usuarioId: string) {
  const [row] = (
    await db.execute(sql`SELECT u.data_admissao::text AS "dataAdmissao", u.email_superior::text AS "emailSuperior",
        u.data_desligamento::text AS "dataDesligamento",
        CASE WHEN dl.id IS NULL THEN NULL ELSE json_build_object('id', dl.id, 'motivo', dl.motivo) END AS desligamento
      FROM usuario u LEFT JOIN desligamento dl ON dl.id = u.desligamento_id WHERE u.id = ${usuarioId}`)
  ).rows as {
    dataAdmissao: string | null;
    emailSuperior: string | null;
    dataDesligamento: string | null;
    desligamento: { id: string; motivo: string } | null;
  }[];
  return row ?? null;
}

/** The dismissal reasons, by reason. */
export async function dismissalReasons(db: DbOrTx) {
  return (await db.execute(sql`SELECT id, motivo FROM desligamento ORDER BY motivo`)).rows as {
    id: string;
    motivo: string;
  }[];
}

/**
 * Whether another active user holds the position `cargoId` at `dealerId` (a position marked unico_por_dealer
 * is held by one active user per dealer at a time; docs/domains/users.md#positions).
 */
export async function positionTakenAt(
  db: DbOrTx,
  input: { cargoId: string; dealerId: string; exceptUserId?: string | null },
): Promise<boolean> {
  const except = input.exceptUserId && isUuid(input.exceptUserId) ? sql`AND u.id <> ${input.exceptUserId}` : sql``;
  const rows = (
    await db.execute(sql`SELECT 1 FROM usuario_cargo uc JOIN usuario u ON u.id = uc.usuario_id
      WHERE uc.dealer_id = ${input.dealerId} AND uc.cargo_id = ${input.cargoId} AND u.active ${except} LIMIT 1`)
  ).rows;
  return rows.length > 0;
}

/** The access types a user holds (their own, not through a group), as ids: the grant rule's "holds". */
export async function accessTypeIdsOf(db: DbOrTx, usuarioId: string): Promise<string[]> {
  return (
    (await db.execute(sql`SELECT tipo_acesso_id::text AS id FROM usuario_tipo_acesso WHERE usuario_id = ${usuarioId}`))
      .rows as { id: string }[]
  ).map((r) => r.id);
}
