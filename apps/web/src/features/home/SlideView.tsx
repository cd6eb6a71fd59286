import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SLIDE_IMAGE_SIZE } from '@portal/domain';
import { ContentLink } from './ContentLink';
import { type HomeImageData, SLIDE_ASPECT_RATIO, SLIDE_SIZES, srcSetOf } from './home-image';

/**
 * What a slide shows, as `slidesAtivos` answers it (fragment `HomeSlide`) or as the slide form builds it from its
 * values for the preview (the image then a local object URL without variants).
 */
export type SlideViewData = {
  titulo: string;
  corTitulo?: string | null;
  tamanhoTitulo?: number | null;
  subtitulo?: string | null;
  corSubtitulo?: string | null;
  tamanhoSubtitulo?: number | null;
  tituloBotao?: string | null;
  link?: string | null;
  linkTarget?: string | null;
  arquivo?: HomeImageData | null;
};

const TITLE_SIZE = 40;
const SUBTITLE_SIZE = 20;
const TEXT_COLOUR = '#ffffff';

/**
 * A text size in pixels as drawn on a banner `SLIDE_IMAGE_SIZE.width` wide, scaled with the banner (container query
 * units) so the texts keep their place over the image on a phone, never under 12 px nor over the size chosen.
 */
const scaled = (px: number) =>
  `clamp(${Math.min(px, 12)}px, ${((px * 100) / SLIDE_IMAGE_SIZE.width).toFixed(3)}cqi, ${px}px)`;

/** Makes a link cover the whole slide, so a click anywhere follows it while only the link takes focus. */
const stretched = {
  position: 'static',
  '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1 },
} as const;

/** The image fills the slide under its texts (the slide's own stacking context), cropped to the ratio. */
const coverImage = {
  position: 'absolute',
  inset: 0,
  zIndex: -1,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  display: 'block',
} as const;

type Props = {
  slide: SlideViewData;
  /** The first slide of the banner: its image loads first (`fetchpriority="high"`, not lazily). */
  priority?: boolean;
  /** The `sizes` of the image: how wide the slide draws (the /home banner's by default; a preview passes its own). */
  sizes?: string;
};

/**
 * One slide (docs/domains/home.md): the image filling the banner's fixed ratio, the title, subtitle and button over it
 * with the colours and sizes chosen, and the slide's link (the button, or the title when there is no button) covering
 * it. No data fetching: /home's banner and the slide form's preview both draw with it. The texts stay in the flow
 * (the image sits under them in the box's own stacking context), so a stretched link covers the whole slide.
 */
export function SlideView({ slide, priority = false, sizes = SLIDE_SIZES }: Props) {
  const image = slide.arquivo;
  const srcSet = image ? srcSetOf(image) : undefined;
  const titleSize = slide.tamanhoTitulo ?? TITLE_SIZE;
  const subtitleSize = slide.tamanhoSubtitulo ?? SUBTITLE_SIZE;
  const button = slide.link && slide.tituloBotao ? slide.tituloBotao : null;
  return (
    <Box
      sx={{
        position: 'relative',
        isolation: 'isolate',
        display: 'flex',
        alignItems: 'center',
        aspectRatio: SLIDE_ASPECT_RATIO,
        width: '100%',
        overflow: 'hidden',
        borderRadius: 1,
        containerType: 'inline-size',
        background: (theme) => `linear-gradient(120deg, ${theme.palette.primary.dark}, ${theme.palette.primary.main})`,
      }}
    >
      {image && (
        // A plain <img>: MUI's Box would read width and height as styles, and they must stay attributes.
        <img
          src={image.arquivoLink}
          srcSet={srcSet}
          sizes={srcSet ? sizes : undefined}
          width={image.largura ?? SLIDE_IMAGE_SIZE.width}
          height={image.altura ?? SLIDE_IMAGE_SIZE.height}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding={priority ? 'sync' : 'async'}
          style={coverImage}
        />
      )}
      <Box
        sx={{
          // The left part of a wide slide (the image shows on the right); nearly all of a narrow one, whose texts
          // would otherwise wrap word by word.
          maxWidth: '65%',
          '@container (max-width: 600px)': { maxWidth: 'calc(100% - 48px)' },
          maxHeight: '100%',
          // Room for the banner's previous button, so it never covers the texts (the next one on the right is
          // beyond maxWidth).
          paddingInlineStart: 'max(48px, 5cqi)',
          paddingInlineEnd: '2cqi',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          alignItems: 'flex-start',
          gap: '1.5cqi',
          textShadow: '0 1px 3px rgba(0, 0, 0, 0.55)',
          overflowWrap: 'anywhere',
        }}
      >
        <Box
          component="p"
          sx={{
            m: 0,
            fontWeight: 700,
            lineHeight: 1.15,
            color: slide.corTitulo ?? TEXT_COLOUR,
            fontSize: scaled(titleSize),
          }}
        >
          {slide.link && !button ? (
            <Box
              component={ContentLink}
              href={slide.link}
              target={slide.linkTarget}
              sx={{
                ...stretched,
                color: 'inherit',
                textDecoration: 'none',
                '&:hover': { textDecoration: 'underline' },
              }}
            >
              {slide.titulo}
            </Box>
          ) : (
            slide.titulo
          )}
        </Box>
        {slide.subtitulo && (
          <Box
            component="p"
            sx={{ m: 0, lineHeight: 1.3, color: slide.corSubtitulo ?? TEXT_COLOUR, fontSize: scaled(subtitleSize) }}
          >
            {slide.subtitulo}
          </Box>
        )}
        {button && slide.link && (
          <Button
            component={ContentLink}
            href={slide.link}
            target={slide.linkTarget}
            variant="contained"
            disableRipple
            sx={{
              ...stretched,
              mt: '0.5cqi',
              textShadow: 'none',
              fontSize: scaled(16),
              py: 'clamp(2px, 0.8cqi, 8px)',
              px: 'clamp(8px, 2cqi, 22px)',
              minWidth: 0,
              // White with dark text: it stands out on any image, and on the slide's own blue when there is none.
              bgcolor: '#fff',
              color: 'grey.900',
              '&:hover': { bgcolor: 'grey.200' },
              // Two tones, so the ring shows on light and dark images alike.
              '&:focus-visible': { outline: '3px solid #000', outlineOffset: 2, boxShadow: '0 0 0 5px #fff' },
            }}
          >
            {button}
          </Button>
        )}
      </Box>
    </Box>
  );
}
