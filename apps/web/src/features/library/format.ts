import { LIBRARY_ROOT_ID } from '@portal/domain';
import type { PastaResumo } from './library.documents';

/** "Biblioteca / A / B": the root label, then the folders of a breadcrumb (root excluded), then `last`. */
export function folderPath(rootLabel: string, breadcrumb: readonly PastaResumo[], last?: string): string {
  const names = breadcrumb.filter((p) => p.id !== LIBRARY_ROOT_ID).map((p) => p.nome);
  return [rootLabel, ...names, ...(last ? [last] : [])].join(' / ');
}

/** The page of a folder: /biblioteca for the root, /biblioteca/{id} otherwise. */
export const folderUrl = (id: string | null | undefined) =>
  !id || id === LIBRARY_ROOT_ID ? '/biblioteca' : `/biblioteca/${encodeURIComponent(id)}`;
