import { ANUNCIO_IMAGE_SIZE, SLIDE_IMAGE_SIZE } from '@portal/domain';

/** The image of a slide or ad as the views need it: the generated `ArquivoConteudoHome`, or a form's local file. */
export type HomeImageData = {
  /** The original (signed link), or an object URL while the admin form previews a file not uploaded yet. */
  arquivoLink: string;
  largura?: number | null;
  altura?: number | null;
  /** WebP variants, narrowest first; empty or absent while not made (a preview, an old upload). */
  variantes?: readonly { largura: number; altura: number; link: string }[] | null;
};

/**
 * The `srcset` of an image: its WebP variants by width, then the original when its width is known and wider, so the
 * browser picks the smallest file that fills the slot. Undefined when there are no variants (only `src` then).
 */
export function srcSetOf(image: HomeImageData): string | undefined {
  const variantes = image.variantes ?? [];
  if (variantes.length === 0) return undefined;
  const entries = [...variantes].sort((a, b) => a.largura - b.largura).map((v) => `${v.link} ${v.largura}w`);
  const widest = Math.max(...variantes.map((v) => v.largura));
  if (image.largura && image.largura > widest) entries.push(`${image.arquivoLink} ${image.largura}w`);
  return entries.join(', ');
}

/** The banner's box: the recommended slide ratio, kept while loading and whatever each image's own size. */
export const SLIDE_ASPECT_RATIO = `${SLIDE_IMAGE_SIZE.width} / ${SLIDE_IMAGE_SIZE.height}`;
/** How wide the banner draws on /home: the page's content width (at most 1440 minus its padding). */
export const SLIDE_SIZES = '(min-width: 1440px) 1392px, (min-width: 600px) calc(100vw - 48px), calc(100vw - 32px)';

/** The ad's box: the recommended ad ratio, kept while loading and whatever the image's own size. */
export const AD_ASPECT_RATIO = `${ANUNCIO_IMAGE_SIZE.width} / ${ANUNCIO_IMAGE_SIZE.height}`;
/** The widest the ad draws on a phone, below the content (a full-width 175x400 column would be a screen tall). */
export const AD_MAX_WIDTH_SMALL = 200;
/** How wide the ad draws on /home: 20 % of the content beside it from 600 px, at most `AD_MAX_WIDTH_SMALL` below. */
export const AD_SIZES = `(min-width: 1440px) 279px, (min-width: 600px) 20vw, ${AD_MAX_WIDTH_SMALL}px`;
