import { type PortalLabelKey, portalLabelParams, type UserType } from '@portal/domain';
import { type Locale, t } from '@portal/i18n';
import { type AppCache, SHARED_DATA_TTL_MS } from '../../platform/cache.js';
import type { DbOrTx } from '../../platform/db.js';
import { portalProperties } from './portal.tables.js';

/** Cache key of the portal properties (services.cache): whoever changes them invalidates it. */
export const PORTAL_PROPERTIES_CACHE_KEY = 'portal.properties';

export type PortalPropertiesRow = typeof portalProperties.$inferSelect;

/** Reads the single portal-properties row; null before the first seed/configuration. */
export async function loadPortalProperties(db: DbOrTx): Promise<PortalPropertiesRow | null> {
  const [row] = await db.select().from(portalProperties).limit(1);
  return row ?? null;
}

/** The portal properties through the shared cache (read on every page and by the sign-in screens). */
export function cachedPortalProperties(cache: AppCache, db: DbOrTx): Promise<PortalPropertiesRow | null> {
  return cache.get(PORTAL_PROPERTIES_CACHE_KEY, SHARED_DATA_TTL_MS, () => loadPortalProperties(db));
}

/** Maps the row to the API shape (docs/domains/portal-properties.md) (lists of types as {id}). */
export function presentPortalProperties(row: PortalPropertiesRow) {
  const { id: _id, linkHelpTec: _h, linkAcademia: _a, brandImageUrl: _b, ...rest } = row;
  const ids = (list: string[]) => list.map((id) => ({ id: id as UserType }));
  return {
    ...rest,
    tiposUsuarioDocumentoObrigatorio: ids(row.tiposUsuarioDocumentoObrigatorio),
    tiposUsuarioInformarCargo: ids(row.tiposUsuarioInformarCargo),
    tiposUsuarioInformarGestao: ids(row.tiposUsuarioInformarGestao),
  };
}

/**
 * The customer's labels as interpolation values for `t` (`{{labelGrupos}}` …,
 * docs/domains/portal-properties.md#labels), the catalogue's word in `locale` where there is none.
 */
export function portalLabels(row: PortalPropertiesRow | null, locale: Locale): Record<PortalLabelKey, string> {
  return portalLabelParams(row, (key) => t(locale, `portalLabel.${key}`));
}
