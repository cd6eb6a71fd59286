import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ScaledFrame } from './ScaledFrame';

/** What a slide shows, as the form holds it (sizes as typed). */
export type SlidePreviewValues = {
  titulo: string;
  corTitulo: string;
  tamanhoTitulo: string;
  subtitulo: string;
  corSubtitulo: string;
  tamanhoSubtitulo: string;
  tituloBotao: string;
  link: string;
};

type Props =
  | { kind: 'slide'; values: SlidePreviewValues; imageUrl: string | null }
  | { kind: 'anuncio'; values: { titulo: string }; imageUrl: string | null };

/**
 * The form page's layout: the fields, then the preview, then the buttons; on a wide screen the preview
 * stays in view in a column beside the fields while they are edited.
 */
export const FORM_LAYOUT = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 880px) minmax(0, 1fr)' },
  alignItems: 'start',
} as const;

const px = (size: string, fallback: number) => {
  const n = Number(size);
  return Number.isInteger(n) && n >= 10 && n <= 96 ? n : fallback;
};

/** A slide drawn as the banner: the image across, the texts and the button over it. */
function SlidePreview({ values, imageUrl }: { values: SlidePreviewValues; imageUrl: string | null }) {
  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: '1140 / 400',
        minWidth: 0,
        bgcolor: 'grey.700',
        backgroundImage: imageUrl ? `url("${imageUrl}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        borderRadius: 1,
        // No overflow clip: a box with an aspect ratio then grows to fit long texts, as on a phone.
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: 1,
        px: 6,
      }}
    >
      <Typography
        component="p"
        sx={{
          color: values.corTitulo || '#ffffff',
          fontSize: px(values.tamanhoTitulo, 36),
          fontWeight: 700,
          lineHeight: 1.2,
        }}
      >
        {values.titulo}
      </Typography>
      {values.subtitulo && (
        <Typography
          component="p"
          sx={{ color: values.corSubtitulo || '#ffffff', fontSize: px(values.tamanhoSubtitulo, 20) }}
        >
          {values.subtitulo}
        </Typography>
      )}
      {values.tituloBotao && values.link && (
        <Box>
          <Button variant="contained" tabIndex={-1}>
            {values.tituloBotao}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** An ad drawn in its column: the image at the recommended width. */
function AdPreview({ titulo, imageUrl }: { titulo: string; imageUrl: string | null }) {
  return (
    <Box
      role="img"
      aria-label={titulo}
      sx={{
        width: 175,
        aspectRatio: '175 / 400',
        bgcolor: 'grey.300',
        backgroundImage: imageUrl ? `url("${imageUrl}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        borderRadius: 1,
      }}
    />
  );
}

/** Grey blocks standing for the rest of /home (the cards), so the item is seen in its place. */
function Placeholder({ height }: { height: number }) {
  return <Box sx={{ flex: 1, minWidth: 0, minHeight: height, bgcolor: 'action.hover', borderRadius: 1 }} />;
}

/** The page around the item at one width: the banner on top for a slide, the ad beside (or under) the content. */
function Page({ wide, children, kind }: { wide: boolean; kind: 'slide' | 'anuncio'; children: ReactNode }) {
  const pad = wide ? 3 : 2;
  if (kind === 'slide')
    return (
      <Box sx={{ p: pad, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        {children}
        <Box sx={{ display: 'flex', gap: 2, flexDirection: wide ? 'row' : 'column' }}>
          <Placeholder height={120} />
          <Placeholder height={120} />
        </Box>
      </Box>
    );
  return (
    <Box
      sx={{
        p: pad,
        display: 'flex',
        gap: 2,
        flexDirection: wide ? 'row' : 'column',
        alignItems: wide ? 'flex-start' : 'center',
      }}
    >
      <Box sx={{ flex: 1, width: '100%', display: 'flex', gap: 2, flexDirection: wide ? 'row' : 'column' }}>
        <Placeholder height={400} />
        {wide && <Placeholder height={400} />}
      </Box>
      {children}
    </Box>
  );
}

/**
 * The slide or ad as /home will show it, at 1440 px and at 375 px wide, scaled into the form; it
 * follows the form's values and the chosen image (before it is saved).
 */
export function HomeContentPreview(props: Props) {
  const { t } = useTranslation();
  const item = (
    <>
      {props.kind === 'slide' ? (
        <SlidePreview values={props.values} imageUrl={props.imageUrl} />
      ) : (
        <AdPreview titulo={props.values.titulo} imageUrl={props.imageUrl} />
      )}
    </>
  );
  return (
    <Box
      component="section"
      aria-labelledby="home-content-preview"
      sx={{
        position: { lg: 'sticky' },
        top: { lg: 88 },
        gridColumn: { lg: 2 },
        gridRow: { lg: '1 / span 2' },
      }}
    >
      <Typography id="home-content-preview" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('homeContent.form.preview')}
      </Typography>
      {/* Side by side under the form; stacked in the column beside it on a wide screen. */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '3fr 1fr', lg: '1fr' },
          alignItems: 'start',
        }}
      >
        <ScaledFrame width={1440} caption={t('homeContent.form.previewDesktop')}>
          <Page wide kind={props.kind}>
            {item}
          </Page>
        </ScaledFrame>
        <ScaledFrame width={375} caption={t('homeContent.form.previewMobile')}>
          <Page wide={false} kind={props.kind}>
            {item}
          </Page>
        </ScaledFrame>
      </Box>
    </Box>
  );
}
