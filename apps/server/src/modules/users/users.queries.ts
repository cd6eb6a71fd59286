import type { Idioma, UserType } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { type Database, type DbOrTx, queryPrepared } from '../../platform/db.js';
import type { CurrentUser } from '../../platform/graphql/context.js';
import { activeBrandsJsonText } from '../dealers/dealers.queries.js';
import {
  accessTypeFeatureIdsText,
  complementaryDataJsonText,
  featureKeysArrayText,
  featuresJsonText,
} from '../products/products.queries.js';
import { activeUserGroupsJsonText } from '../user-groups/user-groups.queries.js';
import { usuarioGrupoUsuarios, usuarioOnboarding } from './users.tables.js';

/** SQL (text) for the effective feature ids of the user whose id is `userRef`: direct ones plus their access types' defaults. */
const featureIdsOf = (userRef: string) => `
  SELECT uf.funcionalidade_id FROM usuario_funcionalidade uf WHERE uf.usuario_id = ${userRef}
  UNION
  ${accessTypeFeatureIdsText(`SELECT uta.tipo_acesso_id FROM usuario_tipo_acesso uta WHERE uta.usuario_id = ${userRef}`)}`;

/**
 * Columns of the acting user (table alias `u`) with their effective keys. Shared by the two hot paths
 * that load a user on every request: by id (bearer tokens) and joined to the session (cookies).
 */
export const CURRENT_USER_COLUMNS = `u.id AS u_id, u.nome AS u_nome, u.email AS u_email, u.tipo AS u_tipo,
  u.idioma AS u_idioma, u.active AS u_active, u.avatar_link AS u_avatar_link,
  (u.senha_hash IS NOT NULL) AS u_tem_senha,
  ${featureKeysArrayText(featureIdsOf('u.id'))} AS u_chaves`;

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

type Marca = { id: string; description: string; facebookId: string | null };
type Funcionalidade = { id: string; chave: string; nome: string; produtoId: string };
type Grupo = { id: string; nome: string };
type Dado = {
  id: string;
  tipo: string;
  descricao: string;
  urlBase: string | null;
  ordem: number;
  produtoId: string | null;
};

const LOGGED_USER_DETAILS_SQL = `
SELECT
  ${activeBrandsJsonText('SELECT um.marca_id FROM usuario_marca um WHERE um.usuario_id = $1')} AS marcas,
  ${featuresJsonText(featureIdsOf('$1'))} AS funcionalidades,
  ${activeUserGroupsJsonText('SELECT ug.grupo_usuarios_id FROM usuario_grupo_usuarios ug WHERE ug.usuario_id = $1')} AS grupos,
  ${complementaryDataJsonText('SELECT ud.dado_complementar_id FROM usuario_dado_complementar ud WHERE ud.usuario_id = $1')} AS dados`;

/** The parts of SPEC §3 'Logged user' beyond the core (brands, features, groups, extra links), one round trip. */
export async function loadLoggedUserDetails(database: Database, userId: string) {
  const [row] = await queryPrepared<{
    marcas: Marca[];
    funcionalidades: Funcionalidade[];
    grupos: Grupo[];
    dados: Dado[];
  }>(database, 'logged_user_details', LOGGED_USER_DETAILS_SQL, [userId]);
  return row;
}

export async function isOnboardingSeen(db: DbOrTx, userId: string, onboardingId: string): Promise<boolean> {
  const rows = await db
    .select({ id: usuarioOnboarding.onboardingId })
    .from(usuarioOnboarding)
    .where(and(eq(usuarioOnboarding.usuarioId, userId), eq(usuarioOnboarding.onboardingId, onboardingId)));
  return rows.length > 0;
}

/** The user groups the user belongs to (the library's and the communications' audience unit). */
export async function userGroupIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: usuarioGrupoUsuarios.grupoUsuariosId })
    .from(usuarioGrupoUsuarios)
    .where(eq(usuarioGrupoUsuarios.usuarioId, userId));
  return rows.map((r) => r.id);
}
