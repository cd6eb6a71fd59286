import { type SQL, sql } from 'drizzle-orm';

// What other modules may embed of user groups in their own SQL (module boundaries, docs/ARCHITECTURE.md).

/** User groups by name (columns `id`, `nome`), for reports and lists that name a user group. */
export const userGroupNamesSql: SQL = sql`SELECT id, nome FROM grupo_usuarios`;
