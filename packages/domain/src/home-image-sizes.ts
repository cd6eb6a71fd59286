// Recommended image sizes of /home's slides and ads (SPEC §9; docs/domains/home.md#images), apart from the
// zod schemas of slides-schemas.ts so that /home can read them without zod in its first JavaScript.

/** The slide image the banner is drawn for: the forms show it and warn when an image's ratio differs. */
export const SLIDE_IMAGE_SIZE = { width: 1140, height: 400 } as const;
/** The ad image the ad column is drawn for. */
export const ANUNCIO_IMAGE_SIZE = { width: 175, height: 400 } as const;
