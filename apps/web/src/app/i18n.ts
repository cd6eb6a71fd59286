import { catalogues, DEFAULT_LOCALE, LOCALES } from '@portal/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The web's i18next instance over the shared catalogues. All three are bundled: they are small and a
 * language switch must not wait for the network. `<html lang>` follows the active language.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: catalogues[l] }])),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

const syncHtmlLang = (lng: string) => document.documentElement.setAttribute('lang', lng);
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);
