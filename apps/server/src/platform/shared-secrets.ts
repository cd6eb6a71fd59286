import { eq } from 'drizzle-orm';
import { segredo } from './auth/auth.tables.js';
import type { DbOrTx } from './db.js';

/**
 * The value of the shared secret `nome` (table `segredo`), made by `fresh` on its first use, so that
 * every instance signs and verifies with the same one. Modules keep their keys here without reading
 * the table themselves. Two instances starting at once: the first insert wins and both read it back.
 */
export async function sharedSecret<T>(db: DbOrTx, nome: string, fresh: () => T): Promise<T> {
  const read = async () => (await db.select().from(segredo).where(eq(segredo.nome, nome)))[0]?.valor as T | undefined;
  const existing = await read();
  if (existing !== undefined) return existing;
  await db.insert(segredo).values({ nome, valor: fresh() }).onConflictDoNothing();
  return (await read()) as T;
}
