import { FILE_EXTENSION, normaliseLibraryName } from '@portal/domain';

/**
 * What a typed folder or file name will become, said before saving (the server stores it normalised, docs/domains/
 * library.md): "saved as a_b" when `/`, `\` or invisible characters are replaced or dropped, or, renaming a file,
 * that its type at the end (".txt") goes. An i18n key and its values; null when there is nothing to say.
 */
export function nameNotice(
  typed: string,
  renamedFile?: { nome: string },
): { key: string; values: Record<string, string> } | null {
  const stored = normaliseLibraryName(typed);
  if (!stored) return null;
  if (stored !== typed.trim()) return { key: 'library.nameNotice.savedAs', values: { nome: stored } };
  const extension = renamedFile?.nome.match(FILE_EXTENSION)?.[0];
  if (extension && !stored.toLowerCase().endsWith(extension.toLowerCase()))
    return { key: 'library.nameNotice.extensionDropped', values: { extensao: extension } };
  return null;
}
