import { useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { modeloNotificacaoSchema, NOTIFICATION_TEMPLATE_LANGUAGES } from '@portal/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useBreadcrumbLabel } from '../../app/shell/breadcrumb-labels';
import { ActivationButton } from '../../ui/ActivationButton';
import { AuditLink } from '../../ui/AuditLink';
import { TextInput } from '../../ui/form/fields';
import { useZodForm } from '../../ui/form/use-zod-form';
import { Guard } from '../../ui/Guard';
import { LoadingView } from '../../ui/LoadingView';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { StatusChip } from '../../ui/StatusChip';
import { useToast } from '../../ui/toast';
import { MODELOS_REFETCH, PAGE, PLACEHOLDERS } from './generic-notifications.documents';
import {
  AtivarModeloNotificacaoDocument,
  InativarModeloNotificacaoDocument,
  type ModeloNotificacaoCamposFragment,
  ModeloNotificacaoDocument,
  SalvarModeloNotificacaoDocument,
} from './generic-notifications.generated';

const RichTextEditor = lazy(async () => ({ default: (await import('../../ui/RichTextEditor')).RichTextEditor }));

type Entry = ModeloNotificacaoCamposFragment;
type Idioma = (typeof NOTIFICATION_TEMPLATE_LANGUAGES)[number];
type Values = {
  nome: string;
  titulo: string;
  texto: string;
  traducoes: { idioma: Idioma; titulo: string; texto: string }[];
} & Record<string, unknown>;

const initialValues = (entry: Entry | undefined): Values => ({
  nome: entry?.nome ?? '',
  titulo: entry?.titulo ?? '',
  texto: entry?.texto ?? '',
  traducoes: (entry?.traducoes ?? []).map((v) => ({ idioma: v.idioma, titulo: v.titulo, texto: v.texto })),
});

/** The placeholders the title and text may hold, with what each becomes. */
function PlaceholdersHint() {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {t('genericNotifications.template.placeholders')}
      </Typography>
      {PLACEHOLDERS.map((p) => (
        <Chip
          key={p}
          size="small"
          variant="outlined"
          label={`${p}: ${t(`genericNotifications.placeholder.${p.slice(2, -2)}`)}`}
        />
      ))}
    </Stack>
  );
}

/** The template's editor, on the domain's `modeloNotificacaoSchema` the server also applies. */
function ModeloForm({ entry }: { entry?: Entry }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useZodForm(modeloNotificacaoSchema, initialValues(entry));
  const [salvar, { loading }] = useMutation(SalvarModeloNotificacaoDocument, { refetchQueries: MODELOS_REFETCH });
  const submit = form.onSubmit(async (modelo) => {
    try {
      await salvar({ variables: { id: entry?.id ?? null, modelo }, awaitRefetchQueries: true });
      form.saved();
      toast.success('genericNotifications.template.saved');
      navigate('/modelosNotificacao');
    } catch (error) {
      if (!form.showServerErrors(error)) toast.error(error);
    }
  });
  const versions = form.values.traducoes;
  const toggle = (idioma: Idioma, on: boolean) =>
    form.set(
      'traducoes',
      on
        ? [...versions, { idioma, titulo: form.values.titulo, texto: form.values.texto }]
        : versions.filter((v) => v.idioma !== idioma),
    );
  const patch = (idioma: Idioma, change: Partial<Values['traducoes'][number]>) =>
    form.set(
      'traducoes',
      versions.map((v) => (v.idioma === idioma ? { ...v, ...change } : v)),
    );
  const textoError = form.errorOf('texto');
  const versionsError = form.errorOf('traducoes');

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 880 }}>
      <Stack spacing={2}>
        <TextInput label={t('genericNotifications.template.nome')} required {...form.bind('nome')} />
        <PlaceholdersHint />
        <TextInput label={t('genericNotifications.template.titulo')} required {...form.bind('titulo')} />
        <Suspense fallback={<LoadingView />}>
          <RichTextEditor
            label={t('genericNotifications.template.texto')}
            value={form.values.texto}
            onChange={(html) => form.set('texto', html)}
            onBlur={() => form.touch('texto')}
            error={textoError ? t(textoError) : undefined}
          />
        </Suspense>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="h6" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
            {t('genericNotifications.template.versions')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('genericNotifications.template.versionsHint')}
          </Typography>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {NOTIFICATION_TEMPLATE_LANGUAGES.map((idioma) => (
              <FormControlLabel
                key={idioma}
                control={
                  <Checkbox
                    checked={versions.some((v) => v.idioma === idioma)}
                    onChange={(e) => toggle(idioma, e.target.checked)}
                  />
                }
                label={t(`idioma.${idioma}`)}
              />
            ))}
          </Stack>
          {versionsError && (
            <Typography role="alert" color="error" variant="body2">
              {t(versionsError)}
            </Typography>
          )}
        </Box>
        {versions.map((v) => (
          <Stack key={v.idioma} spacing={2} sx={{ borderLeft: 3, borderColor: 'divider', pl: 2 }}>
            <Typography variant="subtitle1" component="h2">
              {t('genericNotifications.template.versionOf', { language: t(`idioma.${v.idioma}`) })}
            </Typography>
            <TextInput
              name={`titulo-${v.idioma}`}
              label={t('genericNotifications.template.tituloIn', { language: t(`idioma.${v.idioma}`) })}
              required
              value={v.titulo}
              onChange={(titulo) => patch(v.idioma, { titulo })}
              onBlur={() => form.touch('traducoes')}
            />
            <Suspense fallback={<LoadingView />}>
              <RichTextEditor
                label={t('genericNotifications.template.textoIn', { language: t(`idioma.${v.idioma}`) })}
                value={v.texto}
                onChange={(texto) => patch(v.idioma, { texto })}
                onBlur={() => form.touch('traducoes')}
              />
            </Suspense>
          </Stack>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to="/modelosNotificacao" disabled={loading}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={loading}>
          {t('common.save')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * /modelosNotificacao/novo and /modelosNotificacao/:id (PORTAL_MANUTENCAO_MODELO): a template's name,
 * title and rich text with placeholders, its optional versions per language, and its status.
 */
export function ModeloFormPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const id = useParams().id;
  const query = useQuery(ModeloNotificacaoDocument, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'network-only',
  });
  const [ativar] = useMutation(AtivarModeloNotificacaoDocument, { refetchQueries: MODELOS_REFETCH });
  const [inativar] = useMutation(InativarModeloNotificacaoDocument, { refetchQueries: MODELOS_REFETCH });
  const entry = query.data?.modeloNotificacao;
  useBreadcrumbLabel(pathname, entry?.nome);

  return (
    <Box sx={PAGE}>
      <Guard keys={['PORTAL_MANUTENCAO_MODELO']} fallback>
        <PageHeader
          title={
            id
              ? t('genericNotifications.template.titleEdit', { name: entry?.nome ?? '' })
              : t('genericNotifications.template.titleNew')
          }
          actions={
            entry && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <StatusChip active={entry.active} />
                <ActivationButton
                  active={entry.active}
                  name={entry.nome}
                  deactivateWarning={t('genericNotifications.template.deactivateWarning')}
                  onChange={(active) => (active ? ativar : inativar)({ variables: { id: entry.id } })}
                />
                <AuditLink entidade="modelo_notificacao" id={entry.id} />
              </Stack>
            )
          }
        />
        <QueryState
          loading={query.loading}
          error={query.error}
          errorFallback={t('genericNotifications.template.loadError')}
          hasData={!id || Boolean(entry)}
        >
          <ModeloForm key={entry?.id ?? 'novo'} entry={entry} />
        </QueryState>
      </Guard>
    </Box>
  );
}
