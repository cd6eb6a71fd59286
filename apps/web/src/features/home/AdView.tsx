import Box from '@mui/material/Box';
import { ANUNCIO_IMAGE_SIZE } from '@portal/domain';
import { ContentLink } from './ContentLink';
import { AD_ASPECT_RATIO, AD_SIZES, type HomeImageData, srcSetOf } from './home-image';

/** The ad's width on a phone, for the administration's preview (defined beside the other slot sizes). */
export { AD_MAX_WIDTH_SMALL } from './home-image';

/**
 * What an ad shows, as `anuncioAleatorio` answers it (fragment `HomeAnuncio`) or as the ad form builds it from its
 * values for the preview (the image then a local object URL without variants).
 */
export type AdViewData = {
  titulo: string;
  link?: string | null;
  linkTarget?: string | null;
  arquivo?: HomeImageData | null;
};

type Props = {
  ad: AdViewData;
  /** The `sizes` of the image: how wide the ad draws (/home's by default; a preview passes its own). */
  sizes?: string;
};

/**
 * One ad (docs/domains/home.md): its image in the recommended ratio, named by the ad's title, the whole ad being its
 * link when it has one; the title on a tinted panel while there is no image. No data fetching: /home's ad slot and
 * the ad form's preview both draw with it.
 */
export function AdView({ ad, sizes = AD_SIZES }: Props) {
  const image = ad.arquivo;
  const srcSet = image ? srcSetOf(image) : undefined;
  const content = image ? (
    // A plain <img>: MUI's Box would read width and height as styles, and they must stay attributes.
    <img
      src={image.arquivoLink}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={image.largura ?? ANUNCIO_IMAGE_SIZE.width}
      height={image.altura ?? ANUNCIO_IMAGE_SIZE.height}
      alt={ad.titulo}
      loading="lazy"
      decoding="async"
      style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
    />
  ) : (
    <Box
      component="span"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        height: '100%',
        p: 2,
        textAlign: 'center',
        typography: 'h6',
        overflowWrap: 'anywhere',
        color: 'primary.contrastText',
        background: (theme) => `linear-gradient(160deg, ${theme.palette.primary.main}, ${theme.palette.primary.dark})`,
      }}
    >
      {ad.titulo}
    </Box>
  );
  const box = {
    display: 'block',
    aspectRatio: AD_ASPECT_RATIO,
    width: '100%',
    overflow: 'hidden',
    borderRadius: 1,
    bgcolor: 'action.hover',
  } as const;
  if (!ad.link) return <Box sx={box}>{content}</Box>;
  return (
    <Box
      component={ContentLink}
      href={ad.link}
      target={ad.linkTarget}
      sx={{
        ...box,
        color: 'inherit',
        textDecoration: 'none',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {content}
    </Box>
  );
}
