import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { UUID, uuidArray } from '../../platform/sql.js';
import { type ArquivoRow, arquivo, arquivoVariante } from './files.tables.js';

/**
 * One uploaded file by id, or null (also for a malformed id). No authorization here: the module that
 * owns the file's context (library, communications) decides who may see it before calling this.
 */
export async function findArquivo(db: DbOrTx, id: string): Promise<ArquivoRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(arquivo).where(eq(arquivo.id, id));
  return row ?? null;
}

/**
 * For other modules' queries, which may not name `arquivo`: a LEFT JOIN giving `<alias>.imagem`,
 * `<alias>.tamanho` and `<alias>.thumbnail_key` of the upload whose id is `arquivoId` (an SQL
 * expression of the caller's query), all null when there is none. Only these columns are exposed.
 */
export function uploadDetailsJoin(arquivoId: SQL, alias: string): SQL {
  return sql`LEFT JOIN LATERAL (SELECT f.imagem, f.tamanho, f.thumbnail_key FROM arquivo f WHERE f.id = ${arquivoId}) ${sql.identifier(alias)} ON true`;
}

/** Files as lists show them (columns `id`, `nome`, `tamanho`, `imagem`), to join to one's attachments. */
export const fileSummarySql: SQL = sql`SELECT id, nome, tamanho, imagem FROM arquivo`;

/** The pixel size of an image upload and of its WebP variants (narrowest first); sizes null while unknown. */
export type ImageSizes = {
  largura: number | null;
  altura: number | null;
  variantes: { largura: number; altura: number }[];
};

/**
 * For modules that show images responsively (home-content): the sizes and variants of the uploads
 * `ids`, in one query for the whole list, by id (a missing id is absent). The caller signs the
 * variants' links (`signVariantLink`) after its own access check.
 */
export async function imageSizesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ImageSizes>> {
  if (!ids.length) return new Map();
  const rows = (
    await db.execute(sql`SELECT a.id, a.largura, a.altura,
        coalesce(json_agg(json_build_object('largura', v.largura, 'altura', v.altura) ORDER BY v.largura)
          FILTER (WHERE v.arquivo_id IS NOT NULL), '[]'::json) AS variantes
      FROM arquivo a LEFT JOIN arquivo_variante v ON v.arquivo_id = a.id
      WHERE a.id = ANY(${uuidArray(ids)})
      GROUP BY a.id`)
  ).rows as ({ id: string } & ImageSizes)[];
  return new Map(rows.map(({ id, ...sizes }) => [id, sizes]));
}

/** The storage key of the variant `largura` px wide of upload `arquivoId`, or null. */
export async function findVariantKey(db: DbOrTx, arquivoId: string, largura: number): Promise<string | null> {
  if (!UUID.test(arquivoId)) return null;
  const [row] = await db
    .select({ key: arquivoVariante.storageKey })
    .from(arquivoVariante)
    .where(and(eq(arquivoVariante.arquivoId, arquivoId), eq(arquivoVariante.largura, largura)));
  return row?.key ?? null;
}

/**
 * Every storage key the database refers to (each file, its thumbnail and its image variants), in key order: what a
 * backup must copy besides the database (src/ops/backup.ts). Unplaced uploads are included (they may still be placed).
 */
export async function storedObjectKeys(db: DbOrTx): Promise<string[]> {
  const { rows } = await db.execute<{ key: string }>(sql`
    SELECT storage_key AS key FROM arquivo
    UNION SELECT thumbnail_key FROM arquivo WHERE thumbnail_key IS NOT NULL
    UNION SELECT storage_key FROM arquivo_variante
    ORDER BY 1`);
  return rows.map((r) => r.key);
}
