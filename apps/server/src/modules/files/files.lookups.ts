import { type SQL, sql } from 'drizzle-orm';

// What other modules may embed of uploaded files in their own SQL (module boundaries, docs/ARCHITECTURE.md).

/** Files as lists show them (columns `id`, `nome`, `tamanho`, `imagem`), to join to one's attachments. */
export const fileSummarySql: SQL = sql`SELECT id, nome, tamanho, imagem FROM arquivo`;
