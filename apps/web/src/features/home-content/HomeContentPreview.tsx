import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AD_MAX_WIDTH_SMALL, AdView } from '../home/AdView';
import { SlideView } from '../home/SlideView';
import { ScaledFrame } from './ScaledFrame';

/** What a slide shows, as the form holds it (colours and sizes as typed). */
export type SlidePreviewValues = {
  titulo: string;
  corTitulo: string;
  tamanhoTitulo: string;
  subtitulo: string;
  corSubtitulo: string;
  tamanhoSubtitulo: string;
  tituloBotao: string;
  link: string;
  linkTarget: string;
};
type AdPreviewValues = { titulo: string; link: string; linkTarget: string };

type Props =
  | { kind: 'slide'; values: SlidePreviewValues; imageUrl: string | null }
  | { kind: 'anuncio'; values: AdPreviewValues; imageUrl: string | null };

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

// While a value is being typed the view draws its default instead of an invalid one.
const colour = (v: string) => (/^#[0-9a-fA-F]{6}$/.test(v) ? v : null);
const size = (v: string) => {
  const n = Number(v);
  return v !== '' && Number.isInteger(n) && n >= 10 && n <= 96 ? n : null;
};
const text = (v: string) => v.trim() || null;

/** Grey blocks standing for the rest of /home (the cards), so the item is seen in its place. */
function Placeholder({ height }: { height: number }) {
  return <Box sx={{ flex: 1, minWidth: 0, minHeight: height, bgcolor: 'action.hover', borderRadius: 1 }} />;
}

/**
 * /home around the item at one width, with /home's padding and gaps: the banner across the top for a
 * slide; for an ad the content and the ad column (20 % wide beside it, under it on a phone).
 */
function HomeAt({ wide, slide, ad }: { wide: boolean; slide?: ReactNode; ad?: ReactNode }) {
  return (
    <Box sx={{ p: wide ? 3 : 2 }}>
      {slide && <Box sx={{ mb: 3 }}>{slide}</Box>}
      <Box sx={{ display: 'flex', flexDirection: wide ? 'row' : 'column', gap: 3, alignItems: 'flex-start' }}>
        <Box
          sx={{ flex: 1, minWidth: 0, width: '100%', display: 'flex', gap: 3, flexDirection: wide ? 'row' : 'column' }}
        >
          <Placeholder height={wide ? 240 : 120} />
          <Placeholder height={wide ? 240 : 120} />
        </Box>
        {ad && (
          <Box sx={{ width: wide ? '20%' : '100%', maxWidth: wide ? undefined : AD_MAX_WIDTH_SMALL, flexShrink: 0 }}>
            {ad}
          </Box>
        )}
      </Box>
    </Box>
  );
}

/**
 * The slide or ad as /home will show it (the page's own `SlideView` / `AdView`), at 1440 px and at
 * 375 px wide, scaled into the form; it follows the form's values and the chosen image before it is
 * saved. The frames are inert: a click on the preview's link must not leave the form.
 */
export function HomeContentPreview(props: Props) {
  const { t } = useTranslation();
  const arquivo = props.imageUrl ? { arquivoLink: props.imageUrl } : null;
  const { values } = props;
  const link = { link: text(values.link), linkTarget: values.linkTarget };
  const item = (wide: boolean) =>
    props.kind === 'slide' ? (
      <HomeAt
        wide={wide}
        slide={
          <SlideView
            slide={{
              titulo: props.values.titulo,
              corTitulo: colour(props.values.corTitulo),
              tamanhoTitulo: size(props.values.tamanhoTitulo),
              subtitulo: text(props.values.subtitulo),
              corSubtitulo: colour(props.values.corSubtitulo),
              tamanhoSubtitulo: size(props.values.tamanhoSubtitulo),
              tituloBotao: text(props.values.tituloBotao),
              ...link,
              arquivo,
            }}
          />
        }
      />
    ) : (
      <HomeAt wide={wide} ad={<AdView ad={{ titulo: values.titulo, ...link, arquivo }} />} />
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
          {item(true)}
        </ScaledFrame>
        <ScaledFrame width={375} caption={t('homeContent.form.previewMobile')}>
          {item(false)}
        </ScaledFrame>
      </Box>
    </Box>
  );
}
