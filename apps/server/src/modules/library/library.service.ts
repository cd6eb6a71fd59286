import { randomUUID } from 'node:crypto';
import {
  canMoveTo,
  canWriteItem,
  type EsvaziarLixeiraInput,
  esvaziarLixeiraSchema,
  excluirItemSchema,
  isLibraryRoot,
  LIBRARY_ROOT_ID,
  libraryNameSchema,
  type MoverInput,
  moverSchema,
  type NovaPastaApiInput,
  type NovasPermissoesApiInput,
  normaliseLibraryName,
  novaPastaInputSchema,
  novasPermissoesInputSchema,
  numberedLibraryName,
  type PermissaoAcesso,
  type RenomearInput,
  type RestaurarItemInput,
  renomearSchema,
  restaurarItemSchema,
  type SubstituirArquivoInput,
  substituirArquivoSchema,
  type UploadArquivosApiInput,
  uploadArquivosInputSchema,
  type VersaoItemInput,
  versaoItemSchema,
  viewerCan,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type ActionContext, actorId, inTransaction, parseInput, systemContext } from '../../platform/actions.js';
import type { Tx } from '../../platform/db.js';
import { badInput, forbidden, notFound, unauthenticated } from '../../platform/errors.js';
import type { Services } from '../../platform/services.js';
import { UUID, uuidArray } from '../../platform/sql.js';
import { recordAudit } from '../audit/audit.service.js';
import { findArquivo } from '../files/files.queries.js';
import { deleteUploads, placeUpload, removeStoredObjects, signDownloadLink } from '../files/files.service.js';
import { activeUserGroupIds } from '../user-groups/user-groups.queries.js';
import {
  binEntryWritableBy,
  findVisibleFile,
  findVisibleItem,
  type ItemRow,
  type LibraryViewerContext,
  libraryViewer,
  listVersions,
  sameNameFileId,
  visibleTo,
} from './library.queries.js';

// Named actions of the library (decision 0013): `action(ctx, input)`; the input parsed with the
// domain's schema, then one transaction that authorizes on its first lines (unreadable items answer
// NOT_FOUND; readable but not writable, FORBIDDEN) and makes the change with its audit row.

type Access = { idGrupoAcesso: string; permissao: PermissaoAcesso }[];
type AccessInput = {
  idsGrupoAcesso?: string[] | null;
  idsGrupoAcessoEscrita?: string[] | null;
  tiposAcesso?: { idGrupoAcesso: string; permissao: PermissaoAcesso }[] | null;
};

/** A checked name (libraryNameSchema) as stored: normalised (packages/domain). */
const storedName = (nome: string) => normaliseLibraryName(nome);

/** Who acts in the library: a signed-in user, with their keys and user groups (the system has none). */
async function viewerOf(ctx: ActionContext): Promise<LibraryViewerContext> {
  if (!ctx.actor) throw unauthenticated();
  return libraryViewer(ctx.db, ctx.actor);
}

/**
 * The groups of a form as one list: read groups, write groups and explicit levels (write wins).
 * Unknown or inactive groups are BAD_USER_INPUT.
 */
async function resolveAccess(tx: Tx, input: AccessInput): Promise<Access> {
  const levels = new Map<string, PermissaoAcesso>();
  for (const id of input.idsGrupoAcesso ?? []) levels.set(id, 'LEITURA');
  for (const t of input.tiposAcesso ?? []) {
    if (levels.get(t.idGrupoAcesso) !== 'LEITURA_ESCRITA') levels.set(t.idGrupoAcesso, t.permissao);
  }
  for (const id of input.idsGrupoAcessoEscrita ?? []) levels.set(id, 'LEITURA_ESCRITA');
  const ids = [...levels.keys()];
  const active = new Set(
    await activeUserGroupIds(
      tx,
      ids.filter((id) => UUID.test(id)),
    ),
  );
  if (ids.some((id) => !active.has(id))) throw badInput({ idsGrupoAcesso: 'validation.invalid' });
  return [...levels].map(([idGrupoAcesso, permissao]) => ({ idGrupoAcesso, permissao }));
}

/** The readable item, or NOT_FOUND. */
async function visibleItem(tx: Tx, viewer: LibraryViewerContext, id: string): Promise<ItemRow> {
  const item = await findVisibleItem(tx, viewer, id);
  if (!item) throw notFound();
  return item;
}

/** The destination folder of a create, upload or move: the root (null), or a readable, writable folder. */
async function destinationFolder(tx: Tx, viewer: LibraryViewerContext, id: string | null | undefined) {
  if (isLibraryRoot(id)) return null;
  const folder = await visibleItem(tx, viewer, id as string);
  if (!folder.pasta) throw badInput({ idPai: 'library.invalidDestination' }, 'library.invalidDestination');
  if (!canWriteItem(folder.acesso)) throw forbidden();
  return folder;
}

/**
 * Refuses a name already used at the same level (null: the root) by another readable live item of the same kind, a
 * folder by a folder and a file by a file, compared without case and accents as `nome_busca` stores names
 * (docs/decisions/0018-library-folder-names.md, 0030-library-file-names.md). Only readable items count, so the
 * refusal never tells that a hidden one exists. `field` names the form field to flag. Creating, renaming, moving
 * and restoring all go through it; an upload asks instead (replace, keep both, skip).
 */
async function refuseTakenName(
  tx: Tx,
  viewer: LibraryViewerContext,
  place: { parentId: string | null; nome: string; pasta: boolean; exceptId?: string; field: string },
) {
  const parent = place.parentId ? sql`i.pasta_pai_id = ${place.parentId}` : sql`i.pasta_pai_id IS NULL`;
  const except = place.exceptId ? sql`AND i.id <> ${place.exceptId}` : sql``;
  const taken = await tx.execute(sql`SELECT 1 FROM item_biblioteca i
    WHERE ${parent} AND i.pasta = ${place.pasta} AND i.nome_busca = immutable_unaccent(lower(${place.nome})) ${except}
      AND ${visibleTo(viewer)} LIMIT 1`);
  const key = place.pasta ? 'library.folderNameTaken' : 'library.fileNameTaken';
  if (taken.rows.length) throw badInput({ [place.field]: key }, key);
}

const touch = (tx: Tx, folderId: string | null) =>
  folderId ? tx.execute(sql`UPDATE item_biblioteca SET ultima_modificacao = now() WHERE id = ${folderId}`) : null;

async function insertPermissions(tx: Tx, itemId: string, access: Access) {
  for (const a of access) {
    await tx.execute(sql`INSERT INTO permissao_item_biblioteca (item_id, grupo_usuarios_id, permissao)
      VALUES (${itemId}, ${a.idGrupoAcesso}, ${a.permissao})`);
  }
}

/** Creates a folder (docs/domains/library.md#forms): the key (guard), write access on the parent, a group when in the root. */
export async function createFolder(ctx: ActionContext, input: NovaPastaApiInput): Promise<string> {
  const v = parseInput(novaPastaInputSchema, input);
  const nome = storedName(v.nome);
  const viewer = await viewerOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const parent = await destinationFolder(tx, viewer, v.idPai);
    await refuseTakenName(tx, viewer, { parentId: parent?.id ?? null, nome, pasta: true, field: 'nome' });
    const access = await resolveAccess(tx, v);
    if (!parent && !access.length) {
      throw badInput({ idsGrupoAcesso: 'library.groupRequiredInRoot' }, 'library.groupRequiredInRoot');
    }
    const id = randomUUID();
    const caminho = parent ? [...parent.caminho, parent.id] : [];
    const acl = access.length ? id : (parent?.acl_item_id ?? null);
    await tx.execute(sql`INSERT INTO item_biblioteca (id, nome, pasta, pasta_pai_id, caminho, acl_item_id, proprietario_id)
      VALUES (${id}, ${nome}, true, ${parent?.id ?? null}, ${uuidArray(caminho)}, ${acl}, ${viewer.id})`);
    await insertPermissions(tx, id, access);
    await touch(tx, parent?.id ?? null);
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'item_biblioteca',
      entityId: id,
      action: 'criar',
      after: { nome, pasta: true, idPai: parent?.id ?? null, permissoes: access },
    });
    return id;
  });
}

/**
 * Places files sent by POST /api/upload into folders (uploadArquivos, docs/domains/library.md#uploading): each upload must be the
 * viewer's own, of type LIBRARY and not placed yet (the files module's placeUpload; any other id is
 * NOT_FOUND, as a missing one); each folder writable. Files go into folders only. A name already used by a live
 * file of the folder follows `seExistir` (decision 0030): SUBSTITUIR adds a version to that file (its id is
 * returned), IGNORAR leaves the upload unplaced (nothing returned), MANTER_AMBOS (the default) numbers the new name.
 */
export async function placeUploads(ctx: ActionContext, input: UploadArquivosApiInput): Promise<string[]> {
  const { arquivos } = parseInput(uploadArquivosInputSchema, input);
  const viewer = await viewerOf(ctx);
  return inTransaction(ctx, async (tx, txCtx) => {
    const ids: string[] = [];
    for (const [index, file] of arquivos.entries()) {
      const pending = await findArquivo(tx, file.idArquivo);
      if (!pending || pending.proprietarioId !== viewer.id || pending.fileType !== 'LIBRARY' || pending.colocadoEm) {
        throw notFound();
      }
      if (isLibraryRoot(file.idPastaPai)) {
        throw badInput({ idPastaPai: 'library.invalidDestination' }, 'library.invalidDestination');
      }
      const parent = (await destinationFolder(tx, viewer, file.idPastaPai)) as ItemRow;
      // Without a name of its own the file keeps the uploaded one, checked like any other name.
      let nome = storedName(parseInput(libraryNameSchema, file.nome ?? pending.nome, `arquivos.${index}.nome`));
      const sameName = await sameNameFileId(tx, parent.id, nome);
      const answer = sameName ? (file.seExistir ?? 'MANTER_AMBOS') : null;
      if (answer === 'IGNORAR') continue;
      const upload = await placeUpload(txCtx, { arquivoId: pending.id, fileType: 'LIBRARY' });
      if (!upload) throw notFound();
      if (sameName && answer === 'SUBSTITUIR') {
        ids.push(await addUploadAsVersion(ctx, tx, viewer, sameName, upload));
        continue;
      }
      if (sameName) nome = await freeNumberedName(tx, parent.id, nome);
      const id = randomUUID();
      await tx.execute(sql`INSERT INTO item_biblioteca
          (id, nome, pasta, pasta_pai_id, caminho, acl_item_id, arquivo_id, proprietario_id)
        VALUES (${id}, ${nome}, false, ${parent.id}, ${uuidArray([...parent.caminho, parent.id])},
                ${parent.acl_item_id}, ${upload.id}, ${viewer.id})`);
      await touch(tx, parent.id);
      await recordAudit(tx, {
        actorId: actorId(ctx),
        entity: 'item_biblioteca',
        entityId: id,
        action: 'criar',
        after: { nome, pasta: false, idPai: parent.id, idArquivo: upload.id, tamanho: upload.tamanho },
      });
      ids.push(id);
    }
    return ids;
  });
}

/** The first `name (n).ext` (n from 2) no live file of the folder uses (decision 0030). */
async function freeNumberedName(tx: Tx, folderId: string, nome: string): Promise<string> {
  for (let n = 2; ; n++) {
    const candidate = numberedLibraryName(nome, n);
    if (!(await sameNameFileId(tx, folderId, candidate))) return candidate;
  }
}

/** An upload placed as the new current version of an existing file (write access on it), audited like a replace. */
async function addUploadAsVersion(
  ctx: ActionContext,
  tx: Tx,
  viewer: LibraryViewerContext,
  fileId: string,
  upload: { id: string; tamanho: number | null },
): Promise<string> {
  const file = await writableFile(tx, viewer, fileId);
  const numero = await addVersion(tx, file, upload.id, viewer.id);
  await recordAudit(tx, {
    actorId: actorId(ctx),
    entity: 'item_biblioteca',
    entityId: file.id,
    action: 'editar',
    before: { idArquivo: file.arquivo_id },
    after: { idArquivo: upload.id, versao: numero, tamanho: upload.tamanho },
  });
  return file.id;
}

/**
 * A short-lived download link of a file the actor may read (gerarLinkDownloadByItemBiblioteca),
 * audited as a download: who took which file, and when. An unreadable or unknown file is NOT_FOUND.
 */
export async function issueDownloadLink(
  ctx: ActionContext,
  input: { idItemBiblioteca: string; ttlSeconds: number },
): Promise<string> {
  const viewer = await viewerOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const file = await findVisibleFile(tx, viewer, input.idItemBiblioteca);
    if (!file?.arquivo_id) throw notFound();
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'item_biblioteca',
      entityId: file.id,
      action: 'baixar',
      after: { nome: file.nome, idArquivo: file.arquivo_id },
    });
    return signDownloadLink(tx, file.arquivo_id, { ttlSeconds: input.ttlSeconds, name: file.nome, userId: viewer.id });
  });
}

/** Renames an item: write access needed. */
export async function renameItem(ctx: ActionContext, input: RenomearInput): Promise<string> {
  const v = parseInput(renomearSchema, input);
  const nome = storedName(v.novoNome);
  const viewer = await viewerOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const item = await visibleItem(tx, viewer, v.idItemBiblioteca);
    if (!viewerCan(viewer, { pasta: item.pasta, access: item.acesso }).renomear) throw forbidden();
    const place = { parentId: item.pasta_pai_id, nome, pasta: item.pasta, exceptId: item.id, field: 'novoNome' };
    await refuseTakenName(tx, viewer, place);
    await tx.execute(sql`UPDATE item_biblioteca SET nome = ${nome}, ultima_modificacao = now() WHERE id = ${item.id}`);
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'item_biblioteca',
      entityId: item.id,
      action: 'editar',
      before: { nome: item.nome },
      after: { nome },
    });
    return item.id;
  });
}

/**
 * Moves an item to the bin with everything below it (docs/domains/library.md#the-bin: recoverable); the rows keep
 * the id of this delete in `excluido_com`, the item who deleted it. Write access needed. Returns the item as it was.
 */
export async function deleteItem(ctx: ActionContext, input: { idItem: string }): Promise<ItemRow> {
  const { idItem } = parseInput(excluirItemSchema, input);
  const viewer = await viewerOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const item = await visibleItem(tx, viewer, idItem);
    if (!viewerCan(viewer, { pasta: item.pasta, access: item.acesso }).excluir) throw forbidden();
    const deleted = await tx.execute(sql`UPDATE item_biblioteca
      SET excluido_em = now(), excluido_com = ${item.id}, excluido_por = ${viewer.id}
      WHERE (id = ${item.id} OR caminho @> ${uuidArray([item.id])}) AND excluido_em IS NULL RETURNING id`);
    await touch(tx, item.pasta_pai_id);
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'item_biblioteca',
      entityId: item.id,
      action: 'excluir',
      before: { nome: item.nome, idPai: item.pasta_pai_id },
      after: { itensExcluidos: deleted.rows.length },
    });
    return item;
  });
}

/**
 * Puts an item (and everything below it, live or in the bin) into `dest` (null: the root): its parent and the paths
 * below it follow; what inherited its groups from the old place inherits from the new one.
 */
async function relocate(
  tx: Tx,
  item: { id: string; acl_item_id: string | null },
  dest: { id: string; caminho: string[]; acl_item_id: string | null } | null,
) {
  const prefix = dest ? [...dest.caminho, dest.id] : [];
  await tx.execute(sql`UPDATE item_biblioteca SET pasta_pai_id = ${dest?.id ?? null}, caminho = ${uuidArray(prefix)},
    ultima_modificacao = now() WHERE id = ${item.id}`);
  await tx.execute(sql`UPDATE item_biblioteca
    SET caminho = ${uuidArray([...prefix, item.id])} || caminho[array_position(caminho, ${item.id}::uuid) + 1:]
    WHERE caminho @> ${uuidArray([item.id])}`);
  if (item.acl_item_id !== item.id) {
    await tx.execute(sql`UPDATE item_biblioteca SET acl_item_id = ${dest?.acl_item_id ?? null}
      WHERE (id = ${item.id} OR caminho @> ${uuidArray([item.id])})
        AND acl_item_id IS NOT DISTINCT FROM ${item.acl_item_id}::uuid`);
  }
}

/**
 * Moves an item (docs/domains/library.md#who-may-do-what): the key (guard) and write access on it; the destination a writable folder,
 * never the item itself or a folder inside it. Paths below it follow; what inherited its groups from
 * the old place inherits from the new one.
 */
export async function moveItem(ctx: ActionContext, input: MoverInput): Promise<string> {
  const { idItemBiblioteca, idNovaLocalizacao: destinoId } = parseInput(moverSchema, input);
  const viewer = await viewerOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const item = await visibleItem(tx, viewer, idItemBiblioteca);
    if (!viewerCan(viewer, { pasta: item.pasta, access: item.acesso }).mover) throw forbidden();
    const inRoot = isLibraryRoot(destinoId);
    const dest = inRoot ? null : await findVisibleItem(tx, viewer, destinoId);
    if (!inRoot && !dest) throw notFound();
    const allowed = canMoveTo(
      { id: item.id },
      dest ? { id: dest.id, pasta: dest.pasta, access: dest.acesso } : { id: LIBRARY_ROOT_ID, access: [] },
      dest?.caminho ?? [],
    );
    if (!allowed) throw badInput({ idNovaLocalizacao: 'library.invalidDestination' }, 'library.invalidDestination');
    const ownGroups = item.acl_item_id === item.id;
    if (inRoot && (!item.pasta || !ownGroups)) {
      const key = item.pasta ? 'library.groupRequiredInRoot' : 'library.invalidDestination';
      throw badInput({ idNovaLocalizacao: key }, key);
    }
    if ((dest?.id ?? null) === item.pasta_pai_id) return item.id;
    const place = {
      parentId: dest?.id ?? null,
      nome: item.nome,
      pasta: item.pasta,
      exceptId: item.id,
      field: 'idNovaLocalizacao',
    };
    await refuseTakenName(tx, viewer, place);

    await relocate(tx, item, dest);
    await touch(tx, item.pasta_pai_id);
    await touch(tx, dest?.id ?? null);
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'item_biblioteca',
      entityId: item.id,
      action: 'mover',
      before: { idPai: item.pasta_pai_id },
      after: { idPai: dest?.id ?? null },
    });
    return item.id;
  });
}

/**
 * Replaces the groups of a folder (docs/domains/library.md#forms): write access on it. A folder in the root
 * keeps at least one group; elsewhere an empty list makes it inherit its parent's groups again.
 */
export async function grantAccess(ctx: ActionContext, input: NovasPermissoesApiInput): Promise<string> {
  const v = parseInput(novasPermissoesInputSchema, input);
  const viewer = await viewerOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const folder = await visibleItem(tx, viewer, v.idPasta);
    if (!folder.pasta) throw badInput({ idPasta: 'library.invalidDestination' }, 'library.invalidDestination');
    if (!viewerCan(viewer, { pasta: true, access: folder.acesso }).concederAcesso) throw forbidden();
    const access = await resolveAccess(tx, v);
    if (!folder.pasta_pai_id && !access.length) {
      throw badInput({ idsGrupoAcesso: 'library.groupRequiredInRoot' }, 'library.groupRequiredInRoot');
    }
    const before = (
      await tx.execute(sql`SELECT grupo_usuarios_id AS "idGrupoAcesso", permissao FROM permissao_item_biblioteca
        WHERE item_id = ${folder.id} ORDER BY 1`)
    ).rows;
    await tx.execute(sql`DELETE FROM permissao_item_biblioteca WHERE item_id = ${folder.id}`);
    await insertPermissions(tx, folder.id, access);

    // What inherited through this folder now follows its own groups, or its parent's when it has none.
    const oldAcl = folder.acl_item_id;
    let newAcl: string | null = folder.id;
    if (!access.length) {
      const parent = (await tx.execute(sql`SELECT acl_item_id FROM item_biblioteca WHERE id = ${folder.pasta_pai_id}`))
        .rows[0] as { acl_item_id: string | null } | undefined;
      newAcl = parent?.acl_item_id ?? null;
    }
    if (oldAcl !== newAcl) {
      await tx.execute(sql`UPDATE item_biblioteca SET acl_item_id = ${newAcl}
        WHERE (id = ${folder.id} OR caminho @> ${uuidArray([folder.id])})
          AND acl_item_id IS NOT DISTINCT FROM ${oldAcl}::uuid`);
    }
    await tx.execute(sql`UPDATE item_biblioteca SET ultima_modificacao = now() WHERE id = ${folder.id}`);
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'item_biblioteca',
      entityId: folder.id,
      action: 'conceder_acesso',
      before: { permissoes: before },
      after: { permissoes: access },
    });
    return folder.id;
  });
}

type BinEntry = { id: string; nome: string; pasta: boolean; pasta_pai_id: string | null; acl_item_id: string | null };

/** A bin entry the viewer could write, locked for the change; anything else (live, unknown, not theirs) is NOT_FOUND. */
async function binEntry(tx: Tx, viewer: LibraryViewerContext, id: string): Promise<BinEntry> {
  if (!UUID.test(id)) throw notFound();
  const [row] = (
    await tx.execute(sql`SELECT i.id, i.nome, i.pasta, i.pasta_pai_id, i.acl_item_id FROM item_biblioteca i
      WHERE i.id = ${id} AND ${binEntryWritableBy(viewer)} FOR UPDATE`)
  ).rows as BinEntry[];
  if (!row) throw notFound();
  return row;
}

/**
 * Takes an item out of the bin with everything that went with it (restaurarItemBiblioteca,
 * docs/domains/library.md#the-bin): back to its original folder, or, when `idNovaLocalizacao` is given (the original
 * one is gone, or the user prefers another), into that writable folder as a move would. Items deleted before it by
 * a delete of their own stay in the bin. A name taken at the destination (a folder's by a folder, a file's by a file)
 * is refused as on a move.
 */
export async function restoreItem(ctx: ActionContext, input: RestaurarItemInput): Promise<string> {
  const v = parseInput(restaurarItemSchema, input);
  const viewer = await viewerOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const item = await binEntry(tx, viewer, v.idItem);
    let parentId = item.pasta_pai_id;
    if (v.idNovaLocalizacao == null) {
      const parent = item.pasta_pai_id
        ? ((await tx.execute(sql`SELECT excluido_em FROM item_biblioteca WHERE id = ${item.pasta_pai_id}`)).rows[0] as
            | { excluido_em: Date | null }
            | undefined)
        : undefined;
      if (parent?.excluido_em) {
        throw badInput({ idNovaLocalizacao: 'library.originalPlaceGone' }, 'library.originalPlaceGone');
      }
    } else {
      const inRoot = isLibraryRoot(v.idNovaLocalizacao);
      const dest = await destinationFolder(tx, viewer, v.idNovaLocalizacao);
      if (inRoot && (!item.pasta || item.acl_item_id !== item.id)) {
        const key = item.pasta ? 'library.groupRequiredInRoot' : 'library.invalidDestination';
        throw badInput({ idNovaLocalizacao: key }, key);
      }
      parentId = dest?.id ?? null;
      if (parentId !== item.pasta_pai_id) await relocate(tx, item, dest);
    }
    const place = { parentId, nome: item.nome, pasta: item.pasta, exceptId: item.id, field: 'idNovaLocalizacao' };
    await refuseTakenName(tx, viewer, place);
    const restored = await tx.execute(sql`UPDATE item_biblioteca SET excluido_em = NULL, excluido_com = NULL,
        excluido_por = NULL WHERE excluido_com = ${item.id} RETURNING id`);
    await touch(tx, parentId);
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'item_biblioteca',
      entityId: item.id,
      action: 'restaurar',
      before: { idPai: item.pasta_pai_id },
      after: { idPai: parentId, itensRestaurados: restored.rows.length },
    });
    return item.id;
  });
}

/**
 * Deletes bin entries for good in the caller's transaction: every row below them (all in the bin), their permissions
 * (cascade) and their uploads' rows, with an audit row each. Returns the storage keys to remove after the commit.
 */
async function purgeEntries(txCtx: ActionContext, entries: { id: string; nome: string }[]): Promise<string[]> {
  if (!entries.length) return [];
  const ids = uuidArray(entries.map((e) => e.id));
  const subtree = sql`(id = ANY(${ids}) OR caminho && ${ids}) AND excluido_em IS NOT NULL`;
  // Every version's content goes too (their rows go with the items, ON DELETE CASCADE).
  const versions = (
    await txCtx.db.execute(sql`SELECT DISTINCT v.arquivo_id FROM versao_item_biblioteca v
      WHERE v.item_id IN (SELECT id FROM item_biblioteca WHERE ${subtree})`)
  ).rows as { arquivo_id: string }[];
  const removed = (await txCtx.db.execute(sql`DELETE FROM item_biblioteca WHERE ${subtree} RETURNING arquivo_id`))
    .rows as { arquivo_id: string | null }[];
  for (const entry of entries) {
    await recordAudit(txCtx.db, {
      actorId: actorId(txCtx),
      entity: 'item_biblioteca',
      entityId: entry.id,
      action: 'excluir',
      before: { nome: entry.nome },
      after: { definitivo: true },
    });
  }
  const arquivoIds = new Set(versions.map((v) => v.arquivo_id));
  for (const r of removed) if (r.arquivo_id) arquivoIds.add(r.arquivo_id);
  return deleteUploads(txCtx, { arquivoIds: [...arquivoIds] });
}

/**
 * Empties the bin (esvaziarLixeiraBiblioteca, docs/domains/library.md#the-bin): the given entries, or every entry
 * the actor could write, go for good with all that went with them and their stored content. An id that is no
 * entry of theirs is NOT_FOUND and nothing is removed. Returns how many entries went.
 */
export async function emptyBin(ctx: ActionContext, input: EsvaziarLixeiraInput): Promise<number> {
  const v = parseInput(esvaziarLixeiraSchema, input);
  const viewer = await viewerOf(ctx);
  const wanted = v.ids ? [...new Set(v.ids)] : null;
  if (wanted?.some((id) => !UUID.test(id))) throw notFound();
  const { count, keys } = await inTransaction(ctx, async (tx, txCtx) => {
    const only = wanted ? sql`AND i.id = ANY(${uuidArray(wanted)})` : sql``;
    const entries = (
      await tx.execute(sql`SELECT i.id, i.nome FROM item_biblioteca i WHERE ${binEntryWritableBy(viewer)} ${only}
        ORDER BY i.excluido_em FOR UPDATE`)
    ).rows as { id: string; nome: string }[];
    if (wanted && entries.length !== wanted.length) throw notFound();
    return { count: entries.length, keys: await purgeEntries(txCtx, entries) };
  });
  await removeStoredObjects(ctx.storage, keys);
  return count;
}

/** Entries purged per transaction by the job; it goes on until none is left. */
const PURGE_BATCH = 100;

/**
 * Removes the bin entries older than LIBRARY_BIN_DAYS (the purge job, once across instances): rows, uploads and
 * stored content. Entries are locked and skipped when another run holds them, so each goes exactly once.
 * Returns how many entries were purged.
 */
export async function purgeExpiredBin(
  services: Services,
  log: (err: unknown, msg: string) => void = () => {},
): Promise<number> {
  const ctx = systemContext(services);
  const seconds = services.config.libraryBinDays * 86400;
  let purged = 0;
  for (;;) {
    const { count, keys } = await inTransaction(ctx, async (tx, txCtx) => {
      const entries = (
        await tx.execute(sql`SELECT i.id, i.nome FROM item_biblioteca i
          WHERE i.excluido_em IS NOT NULL AND i.id = i.excluido_com
            AND i.excluido_em < now() - ${seconds}::double precision * interval '1 second'
          ORDER BY i.excluido_em LIMIT ${PURGE_BATCH} FOR UPDATE SKIP LOCKED`)
      ).rows as { id: string; nome: string }[];
      return { count: entries.length, keys: await purgeEntries(txCtx, entries) };
    });
    await removeStoredObjects(services.storage, keys, log);
    if (!count) return purged;
    purged += count;
  }
}

/** A readable file the actor may write (versions change it), or NOT_FOUND / FORBIDDEN; locked for the change. */
async function writableFile(tx: Tx, viewer: LibraryViewerContext, id: string): Promise<ItemRow> {
  const file = await visibleItem(tx, viewer, id);
  if (file.pasta || !file.arquivo_id) throw notFound();
  if (!canWriteItem(file.acesso)) throw forbidden();
  await tx.execute(sql`SELECT 1 FROM item_biblioteca WHERE id = ${file.id} FOR UPDATE`);
  return file;
}

/**
 * Makes `arquivoId` the current content of a file as a new version by the actor (the highest number + 1). A file
 * never replaced gets its version 1 written first, from its own content, owner and creation date.
 */
async function addVersion(tx: Tx, file: ItemRow, arquivoId: string, autorId: string | null): Promise<number> {
  const versions = await listVersions(tx, file);
  const current = versions[0]?.numero ?? 0;
  if (current === 1 && versions.length === 1) {
    const first = versions[0];
    const exists = await tx.execute(sql`SELECT 1 FROM versao_item_biblioteca WHERE item_id = ${file.id}`);
    if (!exists.rows.length) {
      await tx.execute(sql`INSERT INTO versao_item_biblioteca (item_id, numero, arquivo_id, autor_id, criado_em)
        VALUES (${file.id}, 1, ${first.arquivo_id}, ${first.autor_id}, ${new Date(first.criado_em).toISOString()})`);
    }
  }
  const numero = current + 1;
  await tx.execute(sql`INSERT INTO versao_item_biblioteca (item_id, numero, arquivo_id, autor_id)
    VALUES (${file.id}, ${numero}, ${arquivoId}, ${autorId})`);
  await tx.execute(sql`UPDATE item_biblioteca SET arquivo_id = ${arquivoId}, ultima_modificacao = now()
    WHERE id = ${file.id}`);
  await touch(tx, file.pasta_pai_id);
  return numero;
}

/**
 * Replaces a file's content with an upload sent by POST /api/upload (substituirArquivoBiblioteca,
 * docs/domains/library.md#versions): the key (guard), write access on the file, the actor's own unplaced LIBRARY
 * upload (else NOT_FOUND). The old content stays as an earlier version; the name stays.
 */
export async function replaceFile(ctx: ActionContext, input: SubstituirArquivoInput): Promise<string> {
  const v = parseInput(substituirArquivoSchema, input);
  const viewer = await viewerOf(ctx);
  return inTransaction(ctx, async (tx, txCtx) => {
    const file = await writableFile(tx, viewer, v.idItem);
    const upload = await placeUpload(txCtx, { arquivoId: v.idArquivo, fileType: 'LIBRARY' });
    if (!upload) throw notFound();
    const numero = await addVersion(tx, file, upload.id, viewer.id);
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'item_biblioteca',
      entityId: file.id,
      action: 'editar',
      before: { idArquivo: file.arquivo_id },
      after: { idArquivo: upload.id, versao: numero, tamanho: upload.tamanho },
    });
    return file.id;
  });
}

/**
 * Makes an earlier version of a file current again (restaurarVersaoItemBiblioteca): a new version with that
 * content, by the actor; nothing is lost. Write access needed; an unknown version is NOT_FOUND.
 */
export async function restoreVersion(ctx: ActionContext, input: VersaoItemInput): Promise<string> {
  const v = parseInput(versaoItemSchema, input);
  const viewer = await viewerOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const file = await writableFile(tx, viewer, v.idItem);
    const versions = await listVersions(tx, file);
    const chosen = versions.find((x) => x.numero === v.numero);
    if (!chosen) throw notFound();
    if (chosen === versions[0]) return file.id;
    const numero = await addVersion(tx, file, chosen.arquivo_id, viewer.id);
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'item_biblioteca',
      entityId: file.id,
      action: 'restaurar',
      before: { idArquivo: file.arquivo_id },
      after: { idArquivo: chosen.arquivo_id, versaoRestaurada: chosen.numero, versao: numero },
    });
    return file.id;
  });
}

/**
 * A short-lived download link of one version of a readable file (gerarLinkDownloadVersaoBiblioteca), under the
 * file's name, audited as a download. An unreadable file or unknown version is NOT_FOUND.
 */
export async function issueVersionDownloadLink(
  ctx: ActionContext,
  input: VersaoItemInput & { ttlSeconds: number },
): Promise<string> {
  const v = parseInput(versaoItemSchema, { idItem: input.idItem, numero: input.numero });
  const viewer = await viewerOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const file = await findVisibleFile(tx, viewer, v.idItem);
    if (!file || file.id !== v.idItem) throw notFound();
    const version = (await listVersions(tx, file)).find((x) => x.numero === v.numero);
    if (!version) throw notFound();
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'item_biblioteca',
      entityId: file.id,
      action: 'baixar',
      after: { nome: file.nome, idArquivo: version.arquivo_id, versao: version.numero },
    });
    return signDownloadLink(tx, version.arquivo_id, {
      ttlSeconds: input.ttlSeconds,
      name: file.nome,
      userId: viewer.id,
    });
  });
}
