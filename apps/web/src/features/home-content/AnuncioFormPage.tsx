import { useMutation, useQuery } from '@apollo/client';
import { anuncioSchema, businessDay } from '@portal/domain';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useZodForm } from '../../ui/form/use-zod-form';
import { useToast } from '../../ui/toast';
import { CommonFields } from './CommonFields';
import { HomeContentFormBody, HomeContentFormFrame } from './HomeContentFormFrame';
import { HomeContentPreview } from './HomeContentPreview';
import { ANUNCIOS_REFETCH, KINDS } from './home-content.documents';
import {
  AnuncioAdministracaoDocument,
  type AnuncioAdministracaoQuery,
  AtivarAnuncioDocument,
  InativarAnuncioDocument,
  SalvarAnuncioDocument,
} from './home-content.generated';
import { commonValues } from './home-content-values';
import { useHomeImage } from './use-home-image';

const KIND = KINDS.anuncio;
type Anuncio = AnuncioAdministracaoQuery['anuncio'];

/** The form of one ad (or a new one), on the domain's `anuncioSchema` that the server also applies. */
function AnuncioForm({ anuncio }: { anuncio?: Anuncio }) {
  const toast = useToast();
  const navigate = useNavigate();
  const today = businessDay(new Date());
  const schema = useMemo(() => anuncioSchema(today, anuncio?.inicioDate), [today, anuncio?.inicioDate]);
  const form = useZodForm(schema, () => commonValues(anuncio));
  const image = useHomeImage(anuncio?.arquivo, KIND.fileType, (id) => form.set('arquivoId', id));
  const [salvar, { loading }] = useMutation(SalvarAnuncioDocument, { refetchQueries: ANUNCIOS_REFETCH });
  const submit = form.onSubmit(async (data) => {
    try {
      await salvar({ variables: { id: anuncio?.id ?? null, anuncio: data }, awaitRefetchQueries: true });
      toast.success(`${KIND.text}.form.saved`);
      navigate(KIND.path);
    } catch (error) {
      if (!form.showServerErrors(error)) toast.error(error);
    }
  });

  return (
    <HomeContentFormBody
      kind={KIND}
      fields={
        <CommonFields
          bind={form.bind}
          values={form.values}
          today={today}
          keptStart={anuncio?.inicioDate}
          storedGroups={anuncio?.grupos}
        />
      }
      image={image}
      imageError={form.errorOf('arquivoId')}
      preview={<HomeContentPreview kind="anuncio" values={form.values} imageUrl={image.image?.url ?? null} />}
      saving={loading}
      onSubmit={submit}
    />
  );
}

/**
 * /anuncios/novo and /anuncios/editar/:id (PORTAL_MANUTENCAO_ANUNCIOS): an ad's title, link, display
 * window, user groups and image, with a live preview; saving returns to the list.
 */
export function AnuncioFormPage() {
  const id = useParams().id;
  const query = useQuery(AnuncioAdministracaoDocument, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'network-only',
  });
  const [ativar] = useMutation(AtivarAnuncioDocument, { refetchQueries: ANUNCIOS_REFETCH });
  const [inativar] = useMutation(InativarAnuncioDocument, { refetchQueries: ANUNCIOS_REFETCH });
  const anuncio = query.data?.anuncio;
  return (
    <HomeContentFormFrame
      kind={KIND}
      id={id}
      entry={anuncio}
      loading={query.loading}
      error={query.error}
      onActivation={(active) => (active ? ativar : inativar)({ variables: { id: id ?? '' } })}
    >
      <AnuncioForm key={anuncio?.id ?? 'novo'} anuncio={anuncio} />
    </HomeContentFormFrame>
  );
}
