import {
  CONFLITOS_NOME_ARQUIVO,
  LIBRARY_DEFAULT_PAGE_SIZE,
  LIBRARY_NAME_MAX,
  LIBRARY_PAGE_SIZES,
  normaliseLibraryName,
  PERMISSOES_ACESSO,
  rootFolderNeedsGroup,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
} from './library-rules.js';
import { z } from './zod.js';

// Messages are i18n keys (packages/i18n, `library` namespace), as in password.ts.
// Ids are plain non-empty strings: the root id is a fixed UUID that z.uuid() would refuse.
const id = (message = 'validation.required') => z.string({ error: message }).min(1, message);
const groupIds = z.array(z.string().min(1)).default([]);

/** A user-given name: required, at most 255 characters, and something must survive normalisation. */
export const libraryNameSchema = z
  .string({ error: 'library.nameRequired' })
  .trim()
  .min(1, 'library.nameRequired')
  .max(LIBRARY_NAME_MAX, 'library.nameTooLong')
  // Not `abort`: that would also skip the object-level root rule, and a submit shows every problem.
  .refine((v) => v === '' || normaliseLibraryName(v) !== '', 'library.nameInvalid');

/** Adds the root rule (docs/domains/library.md#forms) on the read-groups field, where the dialog shows it. */
function requireGroupInRoot(
  v: { idPai?: string | null; idsGrupoAcesso: string[]; idsGrupoAcessoEscrita: string[] },
  ctx: z.RefinementCtx,
) {
  if (rootFolderNeedsGroup(v.idPai, v.idsGrupoAcesso, v.idsGrupoAcessoEscrita))
    ctx.addIssue({ code: 'custom', path: ['idsGrupoAcesso'], message: 'library.groupRequiredInRoot' });
}

/**
 * New folder dialog (docs/domains/library.md#forms): nome required; idPai the location (null or the root
 * id for the root); read and write groups, at least one of them when the location is the root.
 * `tiposAcessoFromGroups` turns the two lists into the API's `tiposAcesso`.
 */
export const novaPastaSchema = z
  .object({
    nome: libraryNameSchema,
    idPai: z.string().min(1).nullable(),
    idsGrupoAcesso: groupIds,
    idsGrupoAcessoEscrita: groupIds,
  })
  .superRefine(requireGroupInRoot);
export type NovaPastaInput = z.input<typeof novaPastaSchema>;

/**
 * Grant access dialog (concederAcesso, one folder): the folder, its parent (to apply the root rule)
 * and the read and write groups that replace its permissions.
 */
export const permissaoSchema = z
  .object({
    idPasta: id(),
    idPai: z.string().min(1).nullable(),
    idsGrupoAcesso: groupIds,
    idsGrupoAcessoEscrita: groupIds,
  })
  .superRefine(requireGroupInRoot);
export type PermissaoInput = z.input<typeof permissaoSchema>;

/** Rename dialog: the new name is required (docs/domains/library.md#forms). */
export const renomearSchema = z.object({ idItemBiblioteca: id(), novoNome: libraryNameSchema });
export type RenomearInput = z.input<typeof renomearSchema>;

/**
 * Move dialog: the destination is required (docs/domains/library.md#forms); `canMoveTo` decides whether it is allowed.
 */
export const moverSchema = z.object({
  idItemBiblioteca: id(),
  idNovaLocalizacao: id('library.destinationRequired'),
});
export type MoverInput = z.input<typeof moverSchema>;

/** uploadArquivos: the files already sent to POST /api/upload, at least one, at most UPLOAD_MAX_FILES. */
export const uploadArquivosSchema = z
  .array(z.object({ idArquivo: id(), nome: libraryNameSchema, idPastaPai: z.string().min(1).nullable() }))
  .min(1, 'library.upload.noFiles')
  .max(UPLOAD_MAX_FILES, 'library.upload.tooMany');
export type UploadArquivosInput = z.input<typeof uploadArquivosSchema>;

// The mutations' inputs as the API receives them (the server parses them with these; the dialogs'
// schemas above become these through `tiposAcessoFromGroups`). Group ids are checked by the server.
const apiGroupIds = z.array(z.string()).nullish();
const tiposAcessoSchema = z
  .array(z.object({ idGrupoAcesso: id(), permissao: z.enum(PERMISSOES_ACESSO, { error: 'validation.invalid' }) }))
  .nullish();

/** criarNovaPasta's `novaPasta`: a name, the parent (absent or the root id: the root, which needs a group). */
export const novaPastaInputSchema = z
  .object({
    nome: libraryNameSchema,
    idPai: z.string().nullish(),
    idsGrupoAcesso: apiGroupIds,
    tiposAcesso: tiposAcessoSchema,
  })
  .superRefine((v, ctx) => {
    const groups = [...(v.idsGrupoAcesso ?? []), ...(v.tiposAcesso ?? []).map((t) => t.idGrupoAcesso)];
    if (rootFolderNeedsGroup(v.idPai, groups, []))
      ctx.addIssue({ code: 'custom', path: ['idsGrupoAcesso'], message: 'library.groupRequiredInRoot' });
  });
export type NovaPastaApiInput = z.input<typeof novaPastaInputSchema>;

/** concederAcesso's `novasPermissoes`: the folder and the groups that replace its access. */
export const novasPermissoesInputSchema = z.object({
  idPasta: id(),
  idsGrupoAcesso: apiGroupIds,
  idsGrupoAcessoEscrita: apiGroupIds,
  tiposAcesso: tiposAcessoSchema,
});
export type NovasPermissoesApiInput = z.input<typeof novasPermissoesInputSchema>;

/**
 * uploadArquivos' `arquivos`: at least one, at most UPLOAD_MAX_FILES; a name given replaces the
 * uploaded file's name (checked like any name once known).
 */
export const uploadArquivosInputSchema = z.object({
  arquivos: z
    .array(
      z.object({
        idArquivo: id(),
        nome: libraryNameSchema.nullish(),
        idPastaPai: id(),
        seExistir: z.enum(CONFLITOS_NOME_ARQUIVO, { error: 'validation.invalid' }).nullish(),
      }),
    )
    .min(1, 'library.upload.noFiles')
    .max(UPLOAD_MAX_FILES, 'library.upload.tooMany'),
});
export type UploadArquivosApiInput = z.input<typeof uploadArquivosInputSchema>;

/** arquivosComMesmoNome: a folder and the names of the files about to be placed in it (at most UPLOAD_MAX_FILES). */
export const arquivosComMesmoNomeSchema = z.object({
  idPasta: id(),
  nomes: z.array(z.string()).max(UPLOAD_MAX_FILES, 'library.upload.tooMany'),
});
export type ArquivosComMesmoNomeInput = z.input<typeof arquivosComMesmoNomeSchema>;

/** excluirItemBiblioteca / excluirItem: the item to delete. */
export const excluirItemSchema = z.object({ idItem: id() });
export type ExcluirItemInput = z.input<typeof excluirItemSchema>;

/**
 * restaurarItemBiblioteca: an item of the bin back to its original place, or, given, to another folder
 * (docs/domains/library.md#the-bin).
 */
export const restaurarItemSchema = z.object({
  idItem: id(),
  idNovaLocalizacao: z.string().min(1).nullish(),
});
export type RestaurarItemInput = z.input<typeof restaurarItemSchema>;

/** substituirArquivoBiblioteca: a new content (an upload sent by POST /api/upload) for a file; the old one becomes an earlier version. */
export const substituirArquivoSchema = z.object({ idItem: id(), idArquivo: id() });
export type SubstituirArquivoInput = z.input<typeof substituirArquivoSchema>;

/** One version of a file (restaurarVersaoItemBiblioteca, gerarLinkDownloadVersaoBiblioteca), numbered from 1. */
export const versaoItemSchema = z.object({
  idItem: id(),
  numero: z.number().int('validation.invalid').min(1, 'validation.invalid'),
});
export type VersaoItemInput = z.input<typeof versaoItemSchema>;

/** The bin's "restore to another folder" form: the destination is required (the original folder is gone). */
export const restaurarEmSchema = z.object({ idItem: id(), idNovaLocalizacao: id('library.destinationRequired') });

/** esvaziarLixeiraBiblioteca: the bin items to delete for good (at most 1000); none given, every one the actor may write. */
export const esvaziarLixeiraSchema = z.object({ ids: z.array(id()).max(1000, 'validation.invalid').nullish() });
export type EsvaziarLixeiraInput = z.input<typeof esvaziarLixeiraSchema>;

/** buscaBibliotecaPaged filterInput: page from 0, page size one of 5, 10, 15 (default 5). */
export const buscaBibliotecaPagedSchema = z.object({
  busca: z.string().trim().max(LIBRARY_NAME_MAX, 'library.nameTooLong').default(''),
  page: z.number().int('validation.invalid').min(0, 'validation.invalid').default(0),
  rowsPerPage: z
    .number()
    .refine((n) => (LIBRARY_PAGE_SIZES as readonly number[]).includes(n), 'validation.invalid')
    .default(LIBRARY_DEFAULT_PAGE_SIZE),
});
export type BuscaBibliotecaPagedInput = z.input<typeof buscaBibliotecaPagedSchema>;

/** Why the upload dialog refuses a file; each reason has a message key in UPLOAD_REJECTION_MESSAGES. */
export type UploadRejection = 'duplicate' | 'tooLarge' | 'tooMany';
export const UPLOAD_REJECTION_MESSAGES: Record<UploadRejection, string> = {
  duplicate: 'library.upload.duplicate',
  tooLarge: 'library.upload.tooLarge',
  tooMany: 'library.upload.tooMany',
};

type FileLike = { name: string; size: number };

/**
 * Files added to the upload dialog (docs/domains/library.md#uploading): a file with the same name and size as one
 * already in the dialog (or earlier in the same drop) is a duplicate (warning toast); over UPLOAD_MAX_BYTES is too
 * large; past UPLOAD_MAX_FILES in the dialog is too many. Checked in that order, in drop order.
 */
export function checkUploadSelection<F extends FileLike>(
  existing: readonly FileLike[],
  added: readonly F[],
): { accepted: F[]; rejected: { file: F; reason: UploadRejection }[] } {
  const seen = new Set(existing.map((f) => `${f.size}:${f.name}`));
  const accepted: F[] = [];
  const rejected: { file: F; reason: UploadRejection }[] = [];
  for (const file of added) {
    const key = `${file.size}:${file.name}`;
    const reason: UploadRejection | undefined = seen.has(key)
      ? 'duplicate'
      : file.size > UPLOAD_MAX_BYTES
        ? 'tooLarge'
        : existing.length + accepted.length >= UPLOAD_MAX_FILES
          ? 'tooMany'
          : undefined;
    seen.add(key);
    if (reason) rejected.push({ file, reason });
    else accepted.push(file);
  }
  return { accepted, rejected };
}
