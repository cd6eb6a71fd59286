/**
 * The customer's words for dealer, dealers, brand, brands, group, groups, new group and new dealer
 * (portal properties, docs/domains/portal-properties.md#labels), as the names texts interpolate them:
 * a catalogue text says `{{labelGrupos}}` where the customer's word goes, in every language.
 */
export const PORTAL_LABEL_KEYS = [
  'labelDealer',
  'labelDealers',
  'labelMarca',
  'labelMarcas',
  'labelGrupo',
  'labelGrupos',
  'labelNovoGrupo',
  'labelNovoDealer',
] as const;
export type PortalLabelKey = (typeof PORTAL_LABEL_KEYS)[number];

/**
 * The interpolation values of the labels: the customer's word, or `fallback(key)` (the catalogue's
 * `portalLabel.<key>` in the reader's language) when there is none (no properties row yet, an empty label).
 */
export function portalLabelParams(
  props: Partial<Record<PortalLabelKey, string | null>> | null | undefined,
  fallback: (key: PortalLabelKey) => string,
): Record<PortalLabelKey, string> {
  return Object.fromEntries(PORTAL_LABEL_KEYS.map((key) => [key, props?.[key]?.trim() || fallback(key)])) as Record<
    PortalLabelKey,
    string
  >;
}
