import { type PortalLabelKey, portalLabelParams } from '@portal/domain';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@portal/i18n';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ptBRInitial } from '../generated/catalogue-initial';

/** The other languages' catalogues, each its own chunk: only the language in use is downloaded. */
const LAZY_CATALOGUES: Record<Exclude<Locale, 'pt-BR'>, () => Promise<object>> = {
  es: async () => (await import('@portal/i18n/catalogues/es')).es,
  en: async () => (await import('@portal/i18n/catalogues/en')).en,
};

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = LAZY_CATALOGUES[language as keyof typeof LAZY_CATALOGUES];
    if (!load) return callback(null, {});
    load().then(
      (catalogue) => callback(null, catalogue as never),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * The web's i18next instance over the shared catalogues. Of the default language (pt-BR) only the sections the frame
 * and /home use are bundled (`ptBRInitial`, generated); the whole catalogue loads with the first other screen
 * (`loadFullCatalogue`), and es and en load on first use (`changeLanguage` waits for them). That keeps /home's
 * initial JavaScript within budget as the catalogues grow. `<html lang>` follows the active language.
 */
export const i18n = i18next.createInstance();

void i18n
  .use(initReactI18next)
  .use(lazyCatalogues)
  .init({
    resources: { [DEFAULT_LOCALE]: { translation: ptBRInitial } },
    partialBundledLanguages: true,
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    initAsync: false,
    // React escapes what it renders. The customer's labels are variables of every text (`setPortalLabels`).
    interpolation: {
      escapeValue: false,
      defaultVariables: portalLabelParams(null, (key) => ptBRInitial.portalLabel[key]),
    },
    react: { useSuspense: false },
  });

const syncHtmlLang = (lng: string) => document.documentElement.setAttribute('lang', lng);
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

// `{{labelGrupo, lowercase}}`: a label inside a sentence.
i18n.services.formatter?.add('lowercase', (value) => String(value).toLocaleLowerCase(i18n.language));

/**
 * Makes the customer's labels (portal properties, docs/domains/portal-properties.md#labels) the
 * `{{labelDealer}}` … variables of every text, in every language: titles, menu, breadcrumbs,
 * buttons and messages then read the customer's words. Called once the properties are loaded.
 */
export function setPortalLabels(props: Partial<Record<PortalLabelKey, string | null>> | null) {
  const interpolation = i18n.options.interpolation ?? {};
  interpolation.defaultVariables = portalLabelParams(props, (key) => ptBRInitial.portalLabel[key]);
  i18n.options.interpolation = interpolation;
}

let fullCatalogue: Promise<void> | undefined;

/**
 * The whole pt-BR catalogue, added to the sections bundled at start: every screen but /home waits for it
 * (app/router.tsx), and the frame asks for it once it has rendered. Loaded once.
 */
export function loadFullCatalogue(): Promise<void> {
  fullCatalogue ??= import('@portal/i18n/catalogues/pt-BR').then(({ ptBR }) => {
    i18n.addResourceBundle(DEFAULT_LOCALE, 'translation', ptBR, true, true);
  });
  return fullCatalogue;
}
