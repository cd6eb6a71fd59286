/**
 * The columns of the import sheet, in the template's order (docs/domains/user-import.md#the-sheet). The header
 * of column `c` is the catalogue text `userImport.column.<c>`; a file's headers are matched in any language.
 */
export const IMPORT_COLUMNS = [
  'nome',
  'email',
  'cpf',
  'tipo',
  'idioma',
  'marcas',
  'dealers',
  'grupos',
  'gruposUsuarios',
  'cargos',
  'produtos',
  'dataAdmissao',
  'emailSuperior',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Separator of the values of a multi-value cell. */
export const LIST_SEPARATOR = ';';

/** Queue of the import job: one job per import, on any instance. */
export const USER_IMPORT_QUEUE = 'usuarios.importar';
/** Queue of the invitations of a finished import's new users. */
export const USER_IMPORT_INVITE_QUEUE = 'usuarios.importar.convites';
/** Channel of the imports' progress (LISTEN/NOTIFY): payload `{ id, usuarioId }`. */
export const USER_IMPORT_PROGRESS_CHANNEL = 'user_import_progress';
