/** User types (docs/domains/permissions.md#user-types). */
export const USER_TYPES = ['TECSINAPSE', 'MONTADORA', 'DEALER_GRUPO'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Interface languages (docs/domains/i18n.md#languages). PT_BR is the default. */
export const IDIOMAS = ['PT_BR', 'ES', 'EN'] as const;
export type Idioma = (typeof IDIOMAS)[number];
export const DEFAULT_IDIOMA: Idioma = 'PT_BR';

/** Locale tag used by i18n catalogues for each idioma. */
export const LOCALE_BY_IDIOMA: Record<Idioma, 'pt-BR' | 'es' | 'en'> = {
  PT_BR: 'pt-BR',
  ES: 'es',
  EN: 'en',
};

export function idiomaFromLocale(locale: string | undefined | null): Idioma {
  const l = (locale ?? '').toLowerCase();
  if (l.startsWith('es')) return 'ES';
  if (l.startsWith('en')) return 'EN';
  return 'PT_BR';
}
