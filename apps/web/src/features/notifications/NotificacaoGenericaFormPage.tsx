import { useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  fillPlaceholders,
  notificacaoGenericaFormSchema,
  TIPOS_NOTIFICACAO_GENERICA,
  type TipoNotificacaoGenerica,
  USER_TYPES,
} from '@portal/domain';
import DOMPurify from 'dompurify';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useSignedInUser } from '../../app/current-user/signed-in-user';
import { usePortalProperties } from '../../app/portal-properties';
import { useBreadcrumbLabel } from '../../app/shell/breadcrumb-labels';
import { DateTimeInput } from '../../ui/form/DateTimeInput';
import { CheckboxInput, SelectInput, TextInput } from '../../ui/form/fields';
import { MultiSelectInput } from '../../ui/form/MultiSelectInput';
import { type FormSchema, useZodForm } from '../../ui/form/use-zod-form';
import { Guard } from '../../ui/Guard';
import { LoadingView } from '../../ui/LoadingView';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { useToast } from '../../ui/toast';
import { ViewDialog } from '../../ui/ViewDialog';
import { AudienceSearchField, type Option, useDebounced } from './AudienceSearchField';
import { GENERICAS_REFETCH, PAGE, PLACEHOLDERS } from './generic-notifications.documents';
import {
  ContagemDestinatariosNotificacaoDocument,
  type ModeloNotificacaoCamposFragment,
  ModelosNotificacaoAtivosDocument,
  type NotificacaoGenericaCamposFragment,
  NotificacaoGenericaDocument,
  OpcoesAudienciaNotificacaoDocument,
  SalvarNotificacaoGenericaDocument,
} from './generic-notifications.generated';

const RichTextEditor = lazy(async () => ({ default: (await import('../../ui/RichTextEditor')).RichTextEditor }));

type Entry = NotificacaoGenericaCamposFragment;
type Modelo = ModeloNotificacaoCamposFragment;

type Values = {
  modeloId: string;
  titulo: string;
  texto: string;
  link: string;
  usuarios: Option[];
  gruposUsuarios: string[];
  tiposUsuario: string[];
  grupos: string[];
  dealers: Option[];
  agendar: boolean;
  dataAgendamento: string;
} & Record<string, unknown>;

/** A local 'YYYY-MM-DDTHH:mm' for an instant (the schedule's input). */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const initialValues = (entry: Entry | undefined): Values => ({
  modeloId: entry?.modelo?.id ?? '',
  titulo: entry?.tipo === 'modelo' ? entry.titulo : '',
  texto: entry?.tipo === 'modelo' ? entry.texto : '',
  link: entry?.link ?? '',
  usuarios: entry?.audiencia.usuarios ?? [],
  gruposUsuarios: entry?.audiencia.gruposUsuarios.map((g) => g.id) ?? [],
  tiposUsuario: entry?.audiencia.tiposUsuario ?? [],
  grupos: entry?.audiencia.grupos.map((g) => g.id) ?? [],
  dealers: entry?.audiencia.dealers ?? [],
  agendar: Boolean(entry?.dataAgendamento),
  dataAgendamento: entry?.dataAgendamento ? toLocalInput(new Date(entry.dataAgendamento)) : '',
});

const audienceOf = (v: Values) => ({
  idsUsuarios: v.usuarios.map((u) => u.id),
  idsGruposUsuarios: v.gruposUsuarios,
  tiposUsuario: v.tiposUsuario,
  idsGrupos: v.grupos,
  idsDealers: v.dealers.map((d) => d.id),
});

/** The form's values as the mutation's input (the schedule as an instant; '' when not scheduled). */
function toInput(tipo: TipoNotificacaoGenerica, v: Values) {
  const at = v.agendar ? new Date(v.dataAgendamento) : null;
  return {
    tipo,
    modeloId: tipo === 'comModelo' ? v.modeloId || null : null,
    titulo: tipo === 'modelo' ? v.titulo : null,
    texto: tipo === 'modelo' ? v.texto : null,
    link: v.link || null,
    audiencia: audienceOf(v),
    dataAgendamento: at ? (Number.isNaN(at.getTime()) ? 'invalid' : at.toISOString()) : null,
  };
}

/**
 * The domain's `notificacaoGenericaFormSchema` (the server applies it too) over the form's values, plus
 * what only the form asks: an audience, and a date when scheduling. Issues land on the form's fields.
 */
function formSchema(tipo: TipoNotificacaoGenerica): FormSchema<ReturnType<typeof toInput>> {
  return {
    safeParse(value: unknown) {
      const v = value as Values;
      const input = toInput(tipo, v);
      const issues: { path: PropertyKey[]; message: string }[] = [];
      const parsed = notificacaoGenericaFormSchema(new Date()).safeParse(input);
      if (!parsed.success)
        issues.push(...parsed.error.issues.map((i) => ({ path: [i.path[0] ?? 'titulo'], message: i.message })));
      if (!Object.values(input.audiencia).some((list) => list.length))
        issues.push({ path: ['gruposUsuarios'], message: 'genericNotifications.form.audienceRequired' });
      if (v.agendar && !v.dataAgendamento) issues.push({ path: ['dataAgendamento'], message: 'validation.required' });
      return issues.length ? { success: false, error: { issues } } : { success: true, data: input };
    },
  };
}

/** "N destinatários": the exact count of the audience (contagemDestinatariosNotificacao), once it settles. */
function RecipientCount({ values }: { values: Values }) {
  const { t } = useTranslation();
  const audiencia = useDebounced(audienceOf(values), 300);
  const empty = !Object.values(audiencia).some((list) => list.length);
  const { data, loading, error } = useQuery(ContagemDestinatariosNotificacaoDocument, {
    variables: { audiencia },
    skip: empty,
    fetchPolicy: 'network-only',
  });
  let text = t('genericNotifications.form.recipients', { count: 0 });
  if (!empty && loading) text = t('genericNotifications.form.counting');
  else if (!empty && data)
    text = t('genericNotifications.form.recipients', { count: data.contagemDestinatariosNotificacao });
  if (error) return <Alert severity="warning">{t('genericNotifications.form.countError')}</Alert>;
  return (
    <Typography role="status" aria-live="polite" sx={{ fontWeight: 600 }}>
      {text}
    </Typography>
  );
}

/** What a recipient will see: the title and text, a template's placeholders filled with the signed-in user's name. */
function Preview({
  titulo,
  texto,
  link,
  onClose,
}: {
  titulo: string;
  texto: string;
  link: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const values = { nome: user.nome, produto: usePortalProperties().name, link: link || '' };
  const html = DOMPurify.sanitize(fillPlaceholders(texto, values), { USE_PROFILES: { html: true } });
  return (
    <ViewDialog title={t('genericNotifications.form.previewTitle')} onClose={onClose} dividers>
      <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
        {fillPlaceholders(titulo, values)}
      </Typography>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above. */}
      <Box sx={{ mt: 1, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />
      <Typography variant="caption" color="text.secondary">
        {t('genericNotifications.form.previewNote')}
      </Typography>
    </ViewDialog>
  );
}

function GenericForm({ tipo, entry }: { tipo: TipoNotificacaoGenerica; entry?: Entry }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const schema = useMemo(() => formSchema(tipo), [tipo]);
  const form = useZodForm(schema, () => initialValues(entry));
  const [preview, setPreview] = useState(false);
  const options = useQuery(OpcoesAudienciaNotificacaoDocument).data?.opcoesAudienciaNotificacao;
  const modelos = useQuery(ModelosNotificacaoAtivosDocument, { skip: tipo !== 'comModelo' }).data
    ?.modelosNotificacaoAtivos;
  const modelo: Modelo | undefined = modelos?.find((m) => m.id === form.values.modeloId);
  const [salvar, { loading }] = useMutation(SalvarNotificacaoGenericaDocument, { refetchQueries: GENERICAS_REFETCH });
  const submit = form.onSubmit(async (notificacao) => {
    try {
      await salvar({ variables: { id: entry?.id ?? null, notificacao }, awaitRefetchQueries: true });
      form.saved();
      toast.success(
        notificacao.dataAgendamento ? 'genericNotifications.form.scheduled' : 'genericNotifications.form.sent',
      );
      navigate('/notificacoesGenericas');
    } catch (error) {
      if (!form.showServerErrors(error)) toast.error(error);
    }
  });
  const textoError = form.errorOf('texto');
  const audienceError = form.errorOf('gruposUsuarios');

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 880 }}>
      <Stack spacing={2}>
        {tipo === 'comModelo' ? (
          <>
            <SelectInput
              label={t('genericNotifications.form.modelo')}
              required
              {...form.bind('modeloId')}
              options={[
                { value: '', label: t('genericNotifications.form.modeloNone') },
                ...(modelos ?? []).map((m) => ({ value: m.id, label: m.nome })),
              ]}
            />
            {modelo && (
              <Alert severity="info">
                {t('genericNotifications.form.fromTemplate', { title: modelo.titulo, fields: PLACEHOLDERS.join(', ') })}
              </Alert>
            )}
          </>
        ) : (
          <>
            <TextInput label={t('genericNotifications.form.titulo')} required {...form.bind('titulo')} />
            <Suspense fallback={<LoadingView />}>
              <RichTextEditor
                label={t('genericNotifications.form.texto')}
                value={form.values.texto}
                onChange={(html) => form.set('texto', html)}
                onBlur={() => form.touch('texto')}
                error={textoError ? t(textoError) : undefined}
              />
            </Suspense>
          </>
        )}
        <TextInput
          label={t('genericNotifications.form.link')}
          {...form.bind('link')}
          helperText={t('genericNotifications.form.linkHint')}
        />
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
          {t('genericNotifications.form.audience')}
        </Typography>
        <MultiSelectInput
          label={t('genericNotifications.form.gruposUsuarios')}
          {...form.bind('gruposUsuarios')}
          error={audienceError}
          options={(options?.gruposUsuarios ?? []).map((g) => ({ value: g.id, label: g.nome }))}
        />
        <MultiSelectInput
          label={t('genericNotifications.form.tiposUsuario')}
          {...form.bind('tiposUsuario')}
          options={USER_TYPES.map((id) => ({ value: id, label: t(`userType.${id}`) }))}
        />
        <MultiSelectInput
          label={t('genericNotifications.form.grupos')}
          {...form.bind('grupos')}
          options={(options?.grupos ?? []).map((g) => ({ value: g.id, label: g.nome }))}
        />
        <AudienceSearchField
          kind="dealers"
          label={t('genericNotifications.form.dealers')}
          value={form.values.dealers}
          onChange={(next) => form.set('dealers', next)}
        />
        <AudienceSearchField
          kind="usuarios"
          label={t('genericNotifications.form.usuarios')}
          value={form.values.usuarios}
          onChange={(next) => form.set('usuarios', next)}
        />
        <RecipientCount values={form.values} />
        <CheckboxInput label={t('genericNotifications.form.agendar')} {...form.bind('agendar')} />
        {form.values.agendar && (
          <Box sx={{ maxWidth: 360 }}>
            <DateTimeInput
              label={t('genericNotifications.form.dataAgendamento')}
              {...form.bind('dataAgendamento')}
              helperText={t('genericNotifications.form.scheduleHint')}
              min={toLocalInput(new Date())}
            />
          </Box>
        )}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 3, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/notificacoesGenericas" disabled={loading}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => setPreview(true)}
          disabled={tipo === 'comModelo' ? !modelo : !form.values.titulo && !form.values.texto}
        >
          {t('genericNotifications.form.preview')}
        </Button>
        <Button type="submit" variant="contained" loading={loading}>
          {t(form.values.agendar ? 'genericNotifications.form.schedule' : 'genericNotifications.form.send')}
        </Button>
      </Stack>
      {preview && (
        <Preview
          titulo={tipo === 'comModelo' ? (modelo?.titulo ?? '') : form.values.titulo}
          texto={tipo === 'comModelo' ? (modelo?.texto ?? '') : form.values.texto}
          link={form.values.link}
          onClose={() => setPreview(false)}
        />
      )}
    </Box>
  );
}

/**
 * /notificacoesGenericas/nova/:tipo and /notificacoesGenericas/editar/:tipo/:id (PORTAL_NOTIFICACOES_GENERICAS):
 * a generic notification written from scratch (`modelo`) or from an active template (`comModelo`), its
 * audience with the exact count, a preview, and an optional schedule. Only a scheduled one can be edited.
 * The breadcrumb names the tipo.
 */
export function NotificacaoGenericaFormPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const params = useParams();
  const tipo = params.tipo as TipoNotificacaoGenerica;
  const id = params.id;
  const query = useQuery(NotificacaoGenericaDocument, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'network-only',
  });
  const entry = query.data?.notificacaoGenerica;
  const valid = (TIPOS_NOTIFICACAO_GENERICA as readonly string[]).includes(tipo);
  useBreadcrumbLabel(pathname, valid ? t(`genericNotifications.crumb.${id ? 'edit' : 'new'}.${tipo}`) : undefined);
  if (!valid) return <Navigate to="/notificacoesGenericas" replace />;
  // The address names the notification's own tipo (its breadcrumb and form depend on it).
  if (entry && entry.tipo !== tipo)
    return <Navigate to={`/notificacoesGenericas/editar/${entry.tipo}/${entry.id}`} replace />;
  const editable = !entry || entry.status === 'AGENDADA';

  return (
    <Box sx={PAGE}>
      <Guard keys={['PORTAL_NOTIFICACOES_GENERICAS']} fallback>
        <PageHeader title={t(`genericNotifications.crumb.${id ? 'edit' : 'new'}.${tipo}`)} />
        <QueryState
          loading={query.loading}
          error={query.error}
          errorFallback={t('genericNotifications.loadError')}
          hasData={!id || Boolean(entry)}
        >
          {editable ? (
            <GenericForm key={entry?.id ?? tipo} tipo={tipo} entry={entry} />
          ) : (
            <Alert severity="info">{t('notifications.notScheduled')}</Alert>
          )}
        </QueryState>
      </Guard>
    </Box>
  );
}
