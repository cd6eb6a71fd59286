import { en } from './catalogues/en.js';
import { es } from './catalogues/es.js';
import { ptBR } from './catalogues/pt-BR.js';

export type Locale = 'pt-BR' | 'es' | 'en';
export const LOCALES: readonly Locale[] = ['pt-BR', 'es', 'en'];
export const DEFAULT_LOCALE: Locale = 'pt-BR';

type Tree = { readonly [key: string]: string | Tree };
/** The catalogues, one per locale, same shape (checked by a test). */
export const catalogues: Record<Locale, Tree> = { 'pt-BR': ptBR, es, en };

/** Lists the dotted keys of a catalogue ('signin.title', ...). */
export function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`),
  );
}

/** Picks the best supported locale from a tag or Accept-Language header. */
export function resolveLocale(input: string | undefined | null): Locale {
  const tags = (input ?? '')
    .toLowerCase()
    .split(',')
    .map((t) => t.split(';')[0].trim());
  for (const tag of tags) {
    if (tag.startsWith('pt')) return 'pt-BR';
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LOCALE;
}

/** Server-side translation with {{name}} interpolation; falls back to pt-BR, then to the key. */
export function t(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const lookup = (tree: Tree): string | undefined => {
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  const text = lookup(catalogues[locale]) ?? lookup(catalogues[DEFAULT_LOCALE]) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name) => String(params[name] ?? ''));
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time for server-written text (an error's message): the locale's order, a four-digit year and the 24-hour
 * clock (issue 17 point 11), in `timeZone` (the portal's business time zone).
 */
export function formatDateTime(locale: Locale, date: Date, timeZone: string): string {
  const cacheKey = `${locale}|${timeZone}`;
  let format = dateTimeFormats.get(cacheKey);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    dateTimeFormats.set(cacheKey, format);
  }
  return format.format(date);
}
