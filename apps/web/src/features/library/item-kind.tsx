import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { numberFormat } from '../../ui/intl';
import type { ItemBiblioteca } from './library.documents';
import {
  ArchiveIcon,
  DocumentIcon,
  FileIcon,
  FolderIcon,
  ImageIcon,
  PdfIcon,
  PresentationIcon,
  SpreadsheetIcon,
  VideoIcon,
} from './library-icons';

/** What an item is, for its icon and its "type" (docs/domains/library.md#browsing-and-selecting). */
export type ItemKind =
  | 'folder'
  | 'pdf'
  | 'spreadsheet'
  | 'document'
  | 'presentation'
  | 'image'
  | 'video'
  | 'archive'
  | 'file';

const BY_EXTENSION: Record<string, ItemKind> = {
  pdf: 'pdf',
  xls: 'spreadsheet',
  xlsx: 'spreadsheet',
  xlsm: 'spreadsheet',
  ods: 'spreadsheet',
  csv: 'spreadsheet',
  doc: 'document',
  docx: 'document',
  odt: 'document',
  rtf: 'document',
  txt: 'document',
  md: 'document',
  ppt: 'presentation',
  pptx: 'presentation',
  pps: 'presentation',
  ppsx: 'presentation',
  odp: 'presentation',
  key: 'presentation',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  svg: 'image',
  tif: 'image',
  tiff: 'image',
  heic: 'image',
  mp4: 'video',
  mov: 'video',
  avi: 'video',
  mkv: 'video',
  webm: 'video',
  wmv: 'video',
  m4v: 'video',
  zip: 'archive',
  rar: 'archive',
  '7z': 'archive',
  tar: 'archive',
  gz: 'archive',
  tgz: 'archive',
  bz2: 'archive',
};

/** The kind of an item: a folder, a raster image the server recognised, else by the name's extension. */
export function kindOf(item: Pick<ItemBiblioteca, 'nome' | 'pasta' | 'arquivoImagem'>): ItemKind {
  if (item.pasta) return 'folder';
  if (item.arquivoImagem) return 'image';
  const dot = item.nome.lastIndexOf('.');
  return (dot > 0 && BY_EXTENSION[item.nome.slice(dot + 1).toLowerCase()]) || 'file';
}

const ICONS: Record<ItemKind, ComponentType<SvgIconProps>> = {
  folder: FolderIcon,
  pdf: PdfIcon,
  spreadsheet: SpreadsheetIcon,
  document: DocumentIcon,
  presentation: PresentationIcon,
  image: ImageIcon,
  video: VideoIcon,
  archive: ArchiveIcon,
  file: FileIcon,
};

const COLORS: Record<ItemKind, SvgIconProps['color']> = {
  folder: 'primary',
  pdf: 'error',
  spreadsheet: 'success',
  document: 'info',
  presentation: 'warning',
  image: 'secondary',
  video: 'secondary',
  archive: 'action',
  file: 'action',
};

/** The icon of an item's kind (decorative: the name and the type column say it in words). */
export function ItemIcon({ item, fontSize }: { item: ItemBiblioteca; fontSize?: SvgIconProps['fontSize'] }) {
  const kind = kindOf(item);
  const Icon = ICONS[kind];
  return <Icon color={COLORS[kind]} fontSize={fontSize} data-kind={kind} />;
}

/** A size in bytes as people read it (B, kB, MB, GB; decimal units, as the upload limit is given). */
export function formatSize(bytes: number | null | undefined, locale: string): string {
  if (bytes === null || bytes === undefined) return '';
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return numberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

export type SortKey = 'nome' | 'modificado' | 'tamanho';
export type SortOrder = { by: SortKey; dir: 'asc' | 'desc' };

const collator = (locale: string) => new Intl.Collator(locale, { sensitivity: 'base', numeric: true });

/**
 * A folder's items in the chosen order; folders always come first (between themselves by name when
 * sorting by size, which they have none of).
 */
export function sortItems<T extends Pick<ItemBiblioteca, 'nome' | 'pasta' | 'ultimaModificacao' | 'tamanho'>>(
  items: readonly T[],
  order: SortOrder,
  locale: string,
): T[] {
  const byName = collator(locale).compare;
  const sign = order.dir === 'asc' ? 1 : -1;
  const compare = (a: T, b: T): number => {
    if (a.pasta !== b.pasta) return a.pasta ? -1 : 1;
    if (order.by === 'modificado') {
      const diff = Date.parse(a.ultimaModificacao) - Date.parse(b.ultimaModificacao);
      if (diff !== 0) return sign * diff;
    } else if (order.by === 'tamanho' && !a.pasta) {
      const diff = (a.tamanho ?? 0) - (b.tamanho ?? 0);
      if (diff !== 0) return sign * diff;
    } else if (order.by === 'nome') return sign * byName(a.nome, b.nome);
    return byName(a.nome, b.nome);
  };
  return [...items].sort(compare);
}
