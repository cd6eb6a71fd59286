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
