import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { textArray, uuidArray } from '../../platform/sql.js';
import { activeDealersOfGroupsSql, activeDealersSql } from '../dealers/dealers.queries.js';

/**
 * Who a message reaches, in the portal's own units. Every list is optional; the audience is their
 * union, deduplicated.
 */
export type Audience = {
  /** Users named one by one. */
  usuarioIds?: readonly string[];
  /** Members of these user groups (grupo_usuarios). */
  grupoUsuariosIds?: readonly string[];
  /** Users of these dealer groups: linked to the group itself, or to one of its active dealers. */
  grupoIds?: readonly string[];
  /** Users of these types (TECSINAPSE, MONTADORA, DEALER_GRUPO). */
  tipos?: readonly string[];
  /** Users linked to one of these dealers, when the dealer is active. */
  dealerIds?: readonly string[];
  /** Portal users whose e-mail is one of these (case-insensitive). */
  emails?: readonly string[];
  /**
   * Instead of the lists above: exactly these users, an SQL query of one column `id` over the
   * caller's own tables (an errata reaches its original's recipients).
   */
  among?: SQL;
  /** Never these users (the removed users of a communication). */
  exceptIds?: readonly string[];
};

/**
 * The one audience resolver (communications, generic notifications, and what comes next: slides,
 * ads): an SQL query of one column `id`, the ACTIVE users the audience reaches, each once. A fragment
 * so that a fan-out to 100,000 users stays one INSERT … SELECT; `audienceIds` when the ids are
 * wanted in memory. Inactive users are never reached, whatever names them.
 */
export function audienceSql(a: Audience): SQL {
  // A UNION of indexed lookups, then one join to keep active users: never a scan of every user.
  const reached =
    a.among ??
    sql`SELECT id FROM usuario WHERE id = ANY(${uuidArray(a.usuarioIds ?? [])})
        UNION SELECT usuario_id FROM usuario_grupo_usuarios WHERE grupo_usuarios_id = ANY(${uuidArray(a.grupoUsuariosIds ?? [])})
        UNION SELECT usuario_id FROM usuario_grupo WHERE grupo_id = ANY(${uuidArray(a.grupoIds ?? [])})
        UNION SELECT usuario_id FROM usuario_dealer
               WHERE dealer_id IN (${activeDealersOfGroupsSql(a.grupoIds ?? [])})
        UNION ${userIdsByEmailSql(a.emails ?? [])}${extraSql(a)}`;
  return sql`SELECT u.id FROM usuario u JOIN (${reached}) alvo ON alvo.id = u.id
     WHERE u.active AND u.id <> ALL(${uuidArray(a.exceptIds ?? [])})`;
}

/**
 * The ids of the users whose e-mail is one of `emails` (case-insensitive), one probe of the unique index per e-mail
 * (a scalar subquery per element is never planned otherwise). `email = ANY(array)` is planned as if every e-mail
 * existed: once `usuario` outgrows its statistics that is a sequential scan of every user (docs/benchmarks.md, "User
 * import"). E-mails of no user give no row. The audience and the import's stored users use it.
 */
export function userIdsByEmailSql(emails: readonly string[]): SQL {
  return sql`SELECT id FROM (SELECT (SELECT x.id FROM usuario x WHERE x.email = k.email::citext) AS id
      FROM unnest(${textArray(emails)}::text[]) AS k(email)) porEmail WHERE id IS NOT NULL`;
}

/**
 * The parts of the audience only generic notifications use (user types, dealers), added to the UNION
 * only when asked for, so the communications' query stays as it was.
 */
function extraSql(a: Audience): SQL {
  const parts: SQL[] = [];
  if (a.tipos?.length) parts.push(sql` UNION SELECT id FROM usuario WHERE tipo = ANY(${textArray(a.tipos)})`);
  if (a.dealerIds?.length) {
    parts.push(sql` UNION SELECT usuario_id FROM usuario_dealer WHERE dealer_id IN (${activeDealersSql(a.dealerIds)})`);
  }
  return sql.join(parts, sql``);
}

/** The ids of the active users an audience reaches (see `audienceSql`), for audiences read into memory. */
export async function audienceIds(db: DbOrTx, a: Audience): Promise<string[]> {
  const rows = (await db.execute(audienceSql(a))).rows as { id: string }[];
  return rows.map((r) => r.id);
}

/** A user an audience search offers: enough to name them on a chip. */
export type AudienceUserRow = { id: string; nome: string; email: string };

/**
 * The users of an audience (`audienceSql`) whose name or e-mail contains `busca`, ignoring case and
 * accents, by name, at most `limit`: a communication's form finds users of its audience to remove
 * them. The name and e-mail tests use their trigram indexes; the audience is a semi-join.
 */
export async function searchAudienceUsers(
  db: DbOrTx,
  audience: SQL,
  busca: string,
  limit: number,
): Promise<AudienceUserRow[]> {
  const text = busca.trim();
  if (!text) return [];
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await db.execute(sql`SELECT u.id, u.nome, u.email::text AS email FROM usuario u
    WHERE (u.nome_busca LIKE immutable_unaccent(lower(${like})) OR lower(u.email::text) LIKE lower(${like}))
      AND u.id IN (${audience})
    ORDER BY u.nome_busca, u.id LIMIT ${limit}`);
  return result.rows as AudienceUserRow[];
}
