import type { Idioma, UserType } from '@portal/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import type { CurrentUser } from '../../platform/graphql/context.js';
import { marca } from '../dealers/dealers.tables.js';
import { dadoComplementar, funcionalidade } from '../products/products.tables.js';
import { grupoUsuarios } from '../user-groups/user-groups.tables.js';
import {
  usuario,
  usuarioDadoComplementar,
  usuarioGrupoUsuarios,
  usuarioMarca,
  usuarioOnboarding,
} from './users.tables.js';

/** SQL for a user's effective feature ids: direct ones plus their access types' defaults. */
const featureIdsOf = (userId: unknown) => sql`
  SELECT uf.funcionalidade_id FROM usuario_funcionalidade uf WHERE uf.usuario_id = ${userId}
  UNION
  SELECT taf.funcionalidade_id FROM usuario_tipo_acesso uta
    JOIN tipo_acesso_funcionalidade taf ON taf.tipo_acesso_id = uta.tipo_acesso_id
   WHERE uta.usuario_id = ${userId}`;

/**
 * Loads the user a request acts for, with their effective keys, in one round trip.
 * Returns null for an unknown or inactive user (a disabled user is signed out on the next request).
 */
export async function loadCurrentUser(db: DbOrTx, userId: string): Promise<CurrentUser | null> {
  const result = await db.execute<{
    id: string;
    nome: string;
    email: string;
    tipo: UserType;
    idioma: Idioma;
    active: boolean;
    chaves: string[] | null;
  }>(sql`
    SELECT u.id, u.nome, u.email, u.tipo, u.idioma, u.active,
           (SELECT array_agg(f.chave ORDER BY f.chave) FROM funcionalidade f
             WHERE f.id IN (${featureIdsOf(sql`u.id`)})) AS chaves
      FROM usuario u
     WHERE u.id = ${userId}`);
  const row = result.rows[0];
  if (!row?.active) return null;
  return { id: row.id, nome: row.nome, email: row.email, tipo: row.tipo, idioma: row.idioma, chaves: row.chaves ?? [] };
}

/** Finds an active user by e-mail (case-insensitive: the column is citext). */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(usuario).where(eq(usuario.email, email.trim()));
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(usuario).where(eq(usuario.id, id));
  return row ?? null;
}

/** The parts of SPEC §3 'Logged user' beyond the core: brands, features, groups, extra links. */
export async function loadLoggedUserDetails(db: DbOrTx, userId: string) {
  const [user, marcas, funcionalidades, grupos, dados] = await Promise.all([
    findUserById(db, userId),
    db
      .select({ id: marca.id, description: marca.descricao, facebookId: marca.facebookId })
      .from(usuarioMarca)
      .innerJoin(marca, eq(marca.id, usuarioMarca.marcaId))
      .where(and(eq(usuarioMarca.usuarioId, userId), eq(marca.active, true)))
      .orderBy(asc(marca.descricao)),
    db
      .select({
        id: funcionalidade.id,
        chave: funcionalidade.chave,
        nome: funcionalidade.nome,
        produtoId: funcionalidade.produtoId,
      })
      .from(funcionalidade)
      .where(sql`${funcionalidade.id} IN (${featureIdsOf(userId)})`)
      .orderBy(asc(funcionalidade.chave)),
    db
      .select({ id: grupoUsuarios.id, nome: grupoUsuarios.nome })
      .from(usuarioGrupoUsuarios)
      .innerJoin(grupoUsuarios, eq(grupoUsuarios.id, usuarioGrupoUsuarios.grupoUsuariosId))
      .where(and(eq(usuarioGrupoUsuarios.usuarioId, userId), eq(grupoUsuarios.active, true)))
      .orderBy(asc(grupoUsuarios.nome)),
    db
      .select({
        id: dadoComplementar.id,
        tipo: dadoComplementar.tipo,
        descricao: dadoComplementar.descricao,
        urlBase: dadoComplementar.urlBase,
        ordem: dadoComplementar.ordem,
        produtoId: dadoComplementar.produtoId,
      })
      .from(usuarioDadoComplementar)
      .innerJoin(dadoComplementar, eq(dadoComplementar.id, usuarioDadoComplementar.dadoComplementarId))
      .where(eq(usuarioDadoComplementar.usuarioId, userId))
      .orderBy(asc(dadoComplementar.ordem)),
  ]);
  return { user, marcas, funcionalidades, grupos, dados };
}

export async function isOnboardingSeen(db: DbOrTx, userId: string, onboardingId: string): Promise<boolean> {
  const rows = await db
    .select({ id: usuarioOnboarding.onboardingId })
    .from(usuarioOnboarding)
    .where(and(eq(usuarioOnboarding.usuarioId, userId), eq(usuarioOnboarding.onboardingId, onboardingId)));
  return rows.length > 0;
}
