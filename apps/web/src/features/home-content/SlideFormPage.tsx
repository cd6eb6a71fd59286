import { useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import { businessDay, slideSchema } from '@portal/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { TextInput } from '../../ui/form/fields';
import { useZodForm } from '../../ui/form/use-zod-form';
import { useToast } from '../../ui/toast';
import { ColourInput } from './ColourInput';
import { type CommonBind, CommonFields } from './CommonFields';
import { HomeContentFormBody, HomeContentFormFrame } from './HomeContentFormFrame';
import { HomeContentPreview } from './HomeContentPreview';
import { KINDS, SLIDES_REFETCH } from './home-content.documents';
import {
  AtivarSlideDocument,
  InativarSlideDocument,
  SalvarSlideDocument,
  SlideAdministracaoDocument,
  type SlideCamposFragment,
} from './home-content.generated';
import { commonValues } from './home-content-values';
import { useHomeImage } from './use-home-image';

const KIND = KINDS.slide;

/** A slide as the form holds it; colours '#rrggbb' and sizes as typed text. */
const initialValues = (slide: SlideCamposFragment | undefined) => ({
  ...commonValues(slide),
  corTitulo: slide?.corTitulo ?? '#ffffff',
  tamanhoTitulo: String(slide?.tamanhoTitulo ?? 36),
  subtitulo: slide?.subtitulo ?? '',
  corSubtitulo: slide?.corSubtitulo ?? '#ffffff',
  tamanhoSubtitulo: String(slide?.tamanhoSubtitulo ?? 20),
  tituloBotao: slide?.tituloBotao ?? '',
});

/** The form of one slide (or a new one), on the domain's `slideSchema` that the server also applies. */
function SlideForm({ slide }: { slide?: SlideCamposFragment }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const today = businessDay(new Date());
  const schema = useMemo(() => slideSchema(today, slide?.inicioDate), [today, slide?.inicioDate]);
  const form = useZodForm(schema, () => initialValues(slide));
  const image = useHomeImage(slide?.arquivo, KIND.fileType, (id) => form.set('arquivoId', id));
  const [salvar, { loading }] = useMutation(SalvarSlideDocument, { refetchQueries: SLIDES_REFETCH });
  const submit = form.onSubmit(async (data) => {
    try {
      await salvar({ variables: { id: slide?.id ?? null, slide: data }, awaitRefetchQueries: true });
      toast.success(`${KIND.text}.form.saved`);
      navigate(KIND.path);
    } catch (error) {
      if (!form.showServerErrors(error)) toast.error(error);
    }
  });

  const texts = (
    <>
      <ColourInput label={t('homeContent.field.corTitulo')} {...form.bind('corTitulo')} />
      <TextInput label={t('homeContent.field.tamanhoTitulo')} {...form.bind('tamanhoTitulo')} />
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <TextInput label={t('homeContent.field.subtitulo')} {...form.bind('subtitulo')} />
      </Box>
      <ColourInput label={t('homeContent.field.corSubtitulo')} {...form.bind('corSubtitulo')} />
      <TextInput label={t('homeContent.field.tamanhoSubtitulo')} {...form.bind('tamanhoSubtitulo')} />
      <TextInput
        label={t('homeContent.field.tituloBotao')}
        {...form.bind('tituloBotao')}
        helperText={t('homeContent.field.tituloBotaoHelp')}
      />
      <Box sx={{ display: { xs: 'none', md: 'block' } }} />
    </>
  );

  return (
    <HomeContentFormBody
      kind={KIND}
      fields={
        <CommonFields
          // The slide's values hold every shared field, typed the same.
          bind={form.bind as CommonBind}
          values={form.values}
          today={today}
          keptStart={slide?.inicioDate}
          storedGroups={slide?.grupos}
          texts={texts}
        />
      }
      image={image}
      imageError={form.errorOf('arquivoId')}
      preview={<HomeContentPreview kind="slide" values={form.values} imageUrl={image.image?.url ?? null} />}
      saving={loading}
      onSubmit={submit}
    />
  );
}

/**
 * /slides/novo and /slides/editar/:id (PORTAL_MANUTENCAO_SLIDES): a slide's texts and colours, link,
 * display window, user groups and image, with a live preview; saving returns to the list.
 */
export function SlideFormPage() {
  const id = useParams().id;
  const query = useQuery(SlideAdministracaoDocument, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'network-only',
  });
  const [ativar] = useMutation(AtivarSlideDocument, { refetchQueries: SLIDES_REFETCH });
  const [inativar] = useMutation(InativarSlideDocument, { refetchQueries: SLIDES_REFETCH });
  const slide = query.data?.slide;
  return (
    <HomeContentFormFrame
      kind={KIND}
      id={id}
      entry={slide}
      loading={query.loading}
      error={query.error}
      onActivation={(active) => (active ? ativar : inativar)({ variables: { id: id ?? '' } })}
    >
      <SlideForm key={slide?.id ?? 'novo'} slide={slide} />
    </HomeContentFormFrame>
  );
}
