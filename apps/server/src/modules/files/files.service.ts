import crypto from 'node:crypto';
import { pipeline, type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import type { OutputInfo, Sharp } from 'sharp';
import { type ActionContext, actorId, inTransaction } from '../../platform/actions.js';
import type { DbOrTx } from '../../platform/db.js';
import { unauthenticated } from '../../platform/errors.js';
import { sharedSecret } from '../../platform/shared-secrets.js';
import { UUID, uuidArray } from '../../platform/sql.js';
import { newStorageKey, type Storage } from '../../platform/storage-contract.js';
import { recordAudit } from '../audit/audit.service.js';
import { detectContentType, RASTER_IMAGE_TYPES, SNIFF_BYTES } from './files.content-type.js';
import { type FileType, variantWidthsOf } from './files.limits.js';
import { type ArquivoRow, arquivo, arquivoVariante } from './files.tables.js';
import { markForExtraction } from './files.text.js';
import { TEXT_EXTRACT_QUEUE } from './files.text-jobs.js';

/** The upload passed the size limit while streaming (413). */
export class UploadTooLarge extends Error {
  constructor() {
    super('upload exceeds the size limit');
    this.name = 'UploadTooLarge';
  }
}

/** The upload's content is not on the allow-list (415). */
export class UnsupportedFileType extends Error {
  constructor() {
    super('unsupported file type');
    this.name = 'UnsupportedFileType';
  }
}

/**
 * Counts bytes (failing past `maxBytes`) and holds back the first SNIFF_BYTES until the content type
 * is known (failing when it is not allowed), so a refused upload is cut before much is written.
 */
class UploadGuard extends Transform {
  contentType: string | null = null;
  private head: Buffer[] = [];
  private headBytes = 0;
  private total = 0;

  constructor(
    private readonly name: string,
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.total += chunk.length;
    if (this.total > this.maxBytes) return done(new UploadTooLarge());
    if (this.contentType) return done(null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return done();
    this.decide().then(() => done(), done);
  }

  override _flush(done: TransformCallback) {
    if (this.contentType) return done();
    this.decide().then(() => done(), done);
  }

  private async decide() {
    const head = Buffer.concat(this.head);
    this.head = [];
    const type = await detectContentType(head.subarray(0, SNIFF_BYTES), this.name);
    if (!type) throw new UnsupportedFileType();
    this.contentType = type;
    this.push(head);
  }
}

export type ReceivedFile = { storageKey: string; size: number; contentType: string };

/**
 * Streams one upload into storage under a fresh server-generated key (docs/domains/files.md#uploading): never buffered
 * whole, cut at `maxBytes` (UploadTooLarge), refused by content (UnsupportedFileType). On any failure,
 * including the client going away, nothing is left in storage.
 */
export async function receiveUpload(
  storage: Storage,
  source: Readable,
  opts: { name: string; maxBytes: number },
): Promise<ReceivedFile> {
  const guard = new UploadGuard(opts.name, opts.maxBytes);
  // pipeline (not pipe) so that an aborted source fails the guard, and storage sees the failure.
  const body = pipeline(source, guard, () => {});
  const storageKey = newStorageKey('files');
  const { size } = await storage.put(storageKey, body);
  return { storageKey, size, contentType: guard.contentType as string };
}

/**
 * Records a received upload (POST /api/upload) as the signed-in actor's, with its audit row in the
 * same transaction: who sent it, its name, size, detected type and file type, never its content.
 */
export async function recordUpload(
  ctx: ActionContext,
  input: ReceivedFile & { nome: string; fileType: FileType },
): Promise<ArquivoRow> {
  if (!ctx.actor) throw unauthenticated();
  const owner = ctx.actor.id;
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx
      .insert(arquivo)
      .values({
        storageKey: input.storageKey,
        nome: input.nome,
        contentType: input.contentType,
        tamanho: input.size,
        imagem: RASTER_IMAGE_TYPES.has(input.contentType),
        proprietarioId: owner,
        fileType: input.fileType,
      })
      .returning();
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'arquivo',
      entityId: row.id,
      action: 'criar',
      after: { nome: row.nome, tamanho: row.tamanho, contentType: row.contentType, fileType: row.fileType },
    });
    return row;
  });
}

/**
 * Places an upload (issue 10): the one action by which a module (library, communications; later
 * slides, ads, templates, imports) takes an upload in, inside the caller's transaction (the caller
 * passes its `txCtx`). It succeeds only for an upload of `fileType` sent by the actor and not placed
 * yet, and marks it placed in the same statement, so one upload is never placed twice; the audit row
 * records the placing. Otherwise null, which the caller answers exactly as for a missing id: a guessed
 * id of someone else's upload tells nothing.
 */
export async function placeUpload(
  ctx: ActionContext,
  input: { arquivoId: string; fileType: FileType },
): Promise<ArquivoRow | null> {
  if (!ctx.actor) throw unauthenticated();
  const owner = ctx.actor.id;
  if (!UUID.test(input.arquivoId)) return null;
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx
      .update(arquivo)
      .set({ colocadoEm: sql`now()` })
      .where(
        and(
          eq(arquivo.id, input.arquivoId),
          eq(arquivo.proprietarioId, owner),
          eq(arquivo.fileType, input.fileType),
          isNull(arquivo.colocadoEm),
        ),
      )
      .returning();
    if (!row) return null;
    // Its text is extracted for search by a job that commits with the placement (decision 0044).
    if (await markForExtraction(tx, row)) {
      await ctx.jobs.send(TEXT_EXTRACT_QUEUE, { arquivoId: row.id }, { retryLimit: 2, db: fromDrizzle(tx, sql) });
    }
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'arquivo',
      entityId: row.id,
      action: 'colocar',
      before: { colocado: false },
      after: { colocado: true, fileType: row.fileType },
    });
    return row;
  });
}

/** Longest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 320;
/** Thumbnails and variants are WebP. */
export const THUMBNAIL_CONTENT_TYPE = 'image/webp';
export const VARIANT_CONTENT_TYPE = 'image/webp';
/** Largest image sharp decodes (width × height); a bigger one fails like a broken image. */
const MAX_INPUT_PIXELS = 100_000_000;

/** Streams one sharp output into storage under a fresh key; resolves with the key and the output's pixel size. */
async function putWebp(storage: Storage, prefix: string, image: Sharp) {
  const key = newStorageKey(prefix);
  let info: OutputInfo | undefined;
  image.once('info', (i: OutputInfo) => {
    info = i;
  });
  await storage.put(key, image, { contentType: THUMBNAIL_CONTENT_TYPE });
  return { key, largura: info?.width ?? 0, altura: info?.height ?? 0 };
}

/**
 * Derives what a raster image upload needs to be shown (docs/domains/files.md#image-variants): streams it once
 * from storage into sharp (at most 100 megapixels, first frame, EXIF orientation applied), records its
 * pixel size, makes its 320 px WebP thumbnail and, when its file type asks for them
 * (`registerImageVariants`), a WebP variant at each asked width not wider than the original. A decoding
 * failure rejects before anything is recorded; a failed thumbnail or variant is left out, the rest is
 * recorded, and it rejects after. The caller logs the failure; the file stays usable without them.
 * Derived data of the upload, not a change of anyone's: no audit row of its own.
 */
export async function processImage(ctx: ActionContext, row: ArquivoRow): Promise<void> {
  if (!row.imagem) return;
  const { db, storage } = ctx;
  // Loaded on the first image, not at start (libvips: about 0.5 s and 16 MB; decision 0045).
  const { default: sharp } = await import('sharp');
  const image = sharp({ limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  // The outputs below are clones of `image`: they share its input, read once.
  const [metadata] = await Promise.all([image.metadata(), pipelineAsync(await storage.get(row.storageKey), image)]);
  const { width: largura, height: altura } = metadata.autoOrient;
  const widths = variantWidthsOf(row.fileType).filter((width) => width <= largura);

  const thumbnail = image
    .clone()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 });
  const [thumb, ...variants] = await Promise.allSettled([
    putWebp(storage, 'thumbnails', thumbnail),
    ...widths.map((width) => putWebp(storage, 'variants', image.clone().resize({ width }).webp({ quality: 80 }))),
  ]);
  const made = variants.flatMap((v) => (v.status === 'fulfilled' ? [v.value] : []));
  await db
    .update(arquivo)
    .set({ largura, altura, thumbnailKey: thumb.status === 'fulfilled' ? thumb.value.key : null })
    .where(eq(arquivo.id, row.id));
  if (made.length) {
    await db
      .insert(arquivoVariante)
      .values(made.map((v) => ({ arquivoId: row.id, largura: v.largura, altura: v.altura, storageKey: v.key })));
  }
  const failed = [thumb, ...variants].flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
  if (failed.length) throw new AggregateError(failed, `${failed.length} image output(s) failed`);
}

/** Name of the `segredo` row holding the HMAC key of download links (shared by every instance). */
const LINK_SECRET = 'files-links';
const linkKeys = new WeakMap<object, Promise<Buffer>>();

async function loadLinkKey(db: DbOrTx): Promise<Buffer> {
  const { key } = await sharedSecret(db, LINK_SECRET, () => ({ key: crypto.randomBytes(32).toString('base64url') }));
  return Buffer.from(key, 'base64url');
}

function linkKey(db: DbOrTx): Promise<Buffer> {
  let key = linkKeys.get(db);
  if (!key) {
    key = loadLinkKey(db);
    key.catch(() => linkKeys.delete(db));
    linkKeys.set(db, key);
  }
  return key;
}

/** What a link opens: the file, its thumbnail, or its variant of a width (`variant/480`). */
export type LinkKind = 'file' | 'thumbnail' | `variant/${number}`;

/** What a link signs. `userId` is whom it was made for: not in the URL, the requester's session tells. */
type LinkFields = { kind: LinkKind; id: string; exp: number; inline: boolean; name: string; userId: string };

const signature = (key: Buffer, f: LinkFields) =>
  crypto
    .createHmac('sha256', key)
    .update(`${f.kind}\n${f.id}\n${f.exp}\n${f.inline ? 1 : 0}\n${f.name}\n${f.userId}`)
    .digest('base64url');

// A link stays the same for one user, file, kind, flag and name during a whole slot (below): /home asks for about 75
// on every load (each slide's and ad's image and its variants), and signing each took about 8 % of that request's
// server time. One map per database handle (its signing key, as linkKeys), emptied when it is full.
const signedLinksOf = new WeakMap<object, Map<string, string>>();
const SIGNED_LINKS_MAX = 50_000;

async function signLink(
  db: DbOrTx,
  kind: LinkKind,
  id: string,
  opts: { inline: boolean; ttlSeconds: number; name?: string; userId: string },
) {
  const { inline, userId } = opts;
  const name = opts.name ?? '';
  const ttl = Math.max(1, Math.floor(opts.ttlSeconds));
  const now = Math.floor(Date.now() / 1000);
  // A link expires at the end of the next `ttl` slot rather than `ttl` from now (so between `ttl` and twice that):
  // the same user gets the same URL for a while, and the browser's cache of the file serves it again.
  const exp = (Math.floor(now / ttl) + 2) * ttl;
  const memoKey = `${userId} ${kind} ${id} ${exp} ${inline} ${name}`;
  let signedLinks = signedLinksOf.get(db);
  if (!signedLinks) {
    signedLinks = new Map();
    signedLinksOf.set(db, signedLinks);
  }
  const known = signedLinks.get(memoKey);
  if (known) return known;
  const sig = signature(await linkKey(db), { kind, id, exp, inline, name, userId });
  const path = kind === 'file' ? `/api/files/${id}` : `/api/files/${id}/${kind}`;
  const named = name ? `&n=${encodeURIComponent(name)}` : '';
  const link = `${path}?exp=${exp}${inline ? '&inline=1' : ''}${named}&sig=${sig}`;
  if (signedLinks.size >= SIGNED_LINKS_MAX) signedLinks.clear();
  signedLinks.set(memoKey, link);
  return link;
}

/**
 * A download link for an uploaded file, valid for `ttlSeconds` to twice that (the same URL for the user during a slot
 * of `ttlSeconds`, see signLink): `/api/files/{id}?exp=…&sig=…` (HMAC-SHA256
 * with a server secret), made for the signed-in user `userId`. The link alone opens nothing: the
 * download needs that user's session and passes the file's access check at that moment
 * (files.access.ts, docs/decisions/0009-download-access.md). `inline` asks for inline display, honoured
 * only for raster images. `name` (signed with the link) is the name the download gets, e.g. a library
 * item's current name; by default the uploaded name.
 */
export function signDownloadLink(
  db: DbOrTx,
  arquivoId: string,
  opts: { inline?: boolean; ttlSeconds: number; name?: string; userId: string },
): Promise<string> {
  return signLink(db, 'file', arquivoId, { ...opts, inline: Boolean(opts.inline) });
}

/** A link to the thumbnail of an image (`/api/files/{id}/thumbnail?exp=…&sig=…`), shown inline; as above. */
export function signThumbnailLink(
  db: DbOrTx,
  arquivoId: string,
  opts: { ttlSeconds: number; userId: string },
): Promise<string> {
  return signLink(db, 'thumbnail', arquivoId, { ...opts, inline: true });
}

/**
 * A link to the WebP variant `largura` px wide of an image (`/api/files/{id}/variant/{largura}?exp=…&sig=…`),
 * shown inline, for the signed-in user `userId`; the download checks as for the file. It stays the same
 * URL for up to `ttlSeconds` and is valid between `ttlSeconds` and twice that, so browsers cache it.
 */
export function signVariantLink(
  db: DbOrTx,
  arquivoId: string,
  largura: number,
  opts: { ttlSeconds: number; userId: string },
): Promise<string> {
  return signLink(db, `variant/${largura}`, arquivoId, { ...opts, inline: true });
}

/**
 * Checks a link's signature (made for `userId`, the requester) and expiry; returns whether it asks for
 * inline display and its name, or null.
 */
export async function verifyLink(
  db: DbOrTx,
  kind: LinkKind,
  id: string,
  query: { exp?: unknown; sig?: unknown; inline?: unknown; n?: unknown },
  userId: string,
): Promise<{ inline: boolean; name: string | null } | null> {
  const exp = Number(query.exp);
  if (typeof query.sig !== 'string' || !Number.isSafeInteger(exp) || exp < Date.now() / 1000) return null;
  const inline = query.inline === '1';
  const name = typeof query.n === 'string' ? query.n : '';
  const expected = Buffer.from(signature(await linkKey(db), { kind, id, exp, inline, name, userId }));
  const given = Buffer.from(query.sig);
  const valid = given.length === expected.length && crypto.timingSafeEqual(given, expected);
  return valid ? { inline, name: name || null } : null;
}

/**
 * Gives uploads back to the unplaced state, the reverse of `placeUpload`: the calling module no
 * longer holds them anywhere, so the retention sweep may remove them. Runs in the caller's
 * transaction (`ctx.db`); the caller's audit row records the change that dropped them.
 */
export async function releaseUploads(ctx: ActionContext, input: { arquivoIds: readonly string[] }): Promise<void> {
  if (!input.arquivoIds.length) return;
  await ctx.db.execute(sql`UPDATE arquivo SET colocado_em = NULL WHERE id = ANY(${uuidArray(input.arquivoIds)})`);
}

/**
 * Deletes placed uploads for good, in the caller's transaction (`ctx.db`): their rows (variants cascade)
 * and an audit row each. Returns the storage keys of their objects (original, thumbnail, variants) for
 * `removeStoredObjects` to delete once that transaction has committed: bytes never go before their row.
 * Used by the library's purge of its bin (docs/domains/library.md#the-bin).
 */
export async function deleteUploads(ctx: ActionContext, input: { arquivoIds: readonly string[] }): Promise<string[]> {
  if (!input.arquivoIds.length) return [];
  const removed = (
    await ctx.db.execute(sql`DELETE FROM arquivo WHERE id = ANY(${uuidArray([...input.arquivoIds])})
      RETURNING id, nome, storage_key, thumbnail_key,
        (SELECT array_agg(v.storage_key) FROM arquivo_variante v WHERE v.arquivo_id = arquivo.id) AS variant_keys`)
  ).rows as {
    id: string;
    nome: string;
    storage_key: string;
    thumbnail_key: string | null;
    variant_keys: string[] | null;
  }[];
  for (const row of removed) {
    await recordAudit(ctx.db, {
      actorId: actorId(ctx),
      entity: 'arquivo',
      entityId: row.id,
      action: 'excluir',
      before: { nome: row.nome },
    });
  }
  return removed
    .flatMap((r) => [r.storage_key, r.thumbnail_key, ...(r.variant_keys ?? [])])
    .filter(Boolean) as string[];
}

/** Deletes stored objects by key (after `deleteUploads` committed); a failure is logged and the rest go on. */
export async function removeStoredObjects(
  storage: Storage,
  keys: readonly string[],
  log: (err: unknown, msg: string) => void = () => {},
): Promise<void> {
  for (const key of keys) await storage.delete(key).catch((err) => log(err, `stored object ${key} not removed`));
}
