import { type SQL, sql } from 'drizzle-orm';

/**
 * The users module's SQL fragments for other modules' queries, which may not name its tables:
 * a module reads another's tables only through what the owner exports.
 */

/**
 * A LEFT JOIN giving `<alias>.nome` and `<alias>.email` of the user whose id is `userId` (an SQL
 * expression of the caller's query), both null when there is none: what a list shows of an owner or
 * author, without the caller reading `usuario`. Only these two columns are exposed.
 */
export function userNameEmailJoin(userId: SQL, alias: string): SQL {
  return sql`LEFT JOIN LATERAL (SELECT u.nome, u.email FROM usuario u WHERE u.id = ${userId}) ${sql.identifier(alias)} ON true`;
}
