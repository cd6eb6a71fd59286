import type { IncomingMessage } from 'node:http';
import { type Locale, resolveLocale } from '@portal/i18n';

export const LANG_COOKIE = 'portal_lang';

/**
 * Locale of a provider page: ?lang=, then the ui_locales the portal asked for, then the language
 * cookie, then Accept-Language.
 */
export function localeOfRequest(req: IncomingMessage, uiLocales?: unknown): Locale {
  const url = new URL(req.url ?? '/', 'http://x');
  const fromQuery = url.searchParams.get('lang') ?? url.searchParams.get('ui_locales');
  if (fromQuery) return resolveLocale(fromQuery);
  if (typeof uiLocales === 'string' && uiLocales) return resolveLocale(uiLocales);
  const cookie = /(?:^|;\s*)portal_lang=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (cookie) return resolveLocale(decodeURIComponent(cookie));
  return resolveLocale(req.headers['accept-language']);
}
