import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { textArray, UUID, uuidArray } from '../../platform/sql.js';
import { dealerGroupOfDealersSql } from '../dealers/dealers.queries.js';
import { accessTypeFeaturesSql, featureIdsOfKeySql } from '../products/products.queries.js';

// What other modules may read of users and departments: query functions and SQL fragments to embed
// in their own statements (module boundaries, docs/ARCHITECTURE.md). The audience resolver is in
// users.audience.ts.

/**
 * Users as other modules show them (columns `id`, `nome`, `email` (citext), `idioma`, `active`), to
 * join to one's own rows by user id: names in lists, sorting and searching by name or e-mail.
 */
export const userSummarySql: SQL = sql`SELECT id, nome, email, idioma, active FROM usuario`;

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

/** Departments by id, in no particular order. */
export async function departmentsByIds(db: DbOrTx, ids: readonly string[]): Promise<DepartmentRow[]> {
  const valid = ids.filter((id) => UUID.test(id));
  if (!valid.length) return [];
  return (
    await db.execute(sql`SELECT id, sigla, nome, assinatura FROM departamento WHERE id = ANY(${uuidArray(valid)})`)
  ).rows as DepartmentRow[];
}
