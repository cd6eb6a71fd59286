import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { APPROVE_KEY, allowedActions } from '@portal/domain';
import { lazy, type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSignedInUser } from '../../app/current-user/signed-in-user';
import { ChipsField } from '../../ui/form/ChipsField';
import { CheckboxInput, DateInput } from '../../ui/form/fields';
import { useLocalDraft } from '../../ui/form/use-local-draft';
import { useZodForm } from '../../ui/form/use-zod-form';
import { formatDateTime } from '../../ui/format-date';
import { LoadingView } from '../../ui/LoadingView';
import { useToast } from '../../ui/toast';
import { type Attachment, AttachmentsField } from './AttachmentsField';
import { AudienceFields, FixedAudience } from './AudienceFields';
import { type Comunicado, DEPARTAMENTOS_COMUNICADOS } from './communications.documents';
import {
  type ComunicadoFormValues,
  comunicadoFormRules,
  EMPTY_FORM,
  type FormField,
  type FormIntent,
  formValuesOf,
  scheduleOf,
  toComunicadoInput,
} from './comunicado-form';
import { ApproverSelect, SchedulePicker } from './FormPickers';
import { comunicadoUrls } from './format';
import { LanguageVersions } from './LanguageVersions';
import { PreviewDialog } from './PreviewDialog';
import { usePersistComunicado } from './use-persist-comunicado';

/** Tiptap is large: it loads with the first form, never with /home. */
const RichTextEditor = lazy(async () => ({ default: (await import('../../ui/RichTextEditor')).RichTextEditor }));

type Props = { mode: 'novo' | 'editar' | 'errata'; comunicado?: Comunicado };

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

/**
 * The communication form (issue 5 point 6): /comunicados/novo, /editar/:id and /errata/:id. Errors
 * show once a field is touched or a submit was tried (docs/domains/screens-and-forms.md#forms); each button validates
 * what its move needs (domain schemas) and the buttons come from the rules (`viewerCan`, or the domain's
 * `allowedActions` for a draft not saved yet). A failure shows the server's message and re-enables it.
 */
export function ComunicadoForm({ mode, comunicado }: Props) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const chaves = useMemo(() => user.funcionalidades.map((f) => f.chave), [user]);
  const errata = mode === 'errata';

  const [attachments, setAttachments] = useState<Attachment[]>(() =>
    (comunicado?.arquivos ?? []).map((a) => ({ key: a.id, id: a.id, nome: a.nome, status: 'done' as const })),
  );
  // The rules of the last button pressed (errors show for what that move needs).
  const [attempt, setAttempt] = useState<FormIntent | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState(false);

  const departamentos = useQuery(DEPARTAMENTOS_COMUNICADOS).data?.departamentosComunicados ?? [];
  const persist = usePersistComunicado();

  // What the user may do: the server's viewerCan for a saved one, the domain rules for a new draft.
  const can = useMemo(() => {
    if (errata) return { save: false, submit: false, send: false, errata: true };
    if (comunicado)
      return {
        save: comunicado.viewerCan.editar,
        submit: comunicado.viewerCan.enviarParaAprovacao,
        send: comunicado.viewerCan.enviar,
        errata: false,
      };
    const actions = allowedActions(
      { id: user.id, chaves },
      { status: 'RASCUNHO', criadorId: user.id, aprovadorId: null },
    );
    return {
      save: actions.includes('SALVAR'),
      submit: actions.includes('ENVIAR_PARA_APROVACAO'),
      send: actions.includes('ENVIAR'),
      errata: false,
    };
  }, [errata, comunicado, user.id, chaves]);
  // A creator without the approval key must choose an approver
  // (docs/domains/communications.md#who-writes-and-who-approves); a holder sends directly.
  const needsApprover = can.submit && !chaves.includes(APPROVE_KEY);
  const showSubmit = can.submit && needsApprover;

  // An errata (being created, or its draft edited) goes to the original's recipients: no audience here.
  const audienceFixed = errata || Boolean(comunicado?.idParent);
  const idsArquivos = attachments.flatMap((a) => (a.status === 'done' && a.id ? [a.id] : []));
  const rules = (intent: FormIntent) =>
    comunicadoFormRules(intent, { userId: user.id, needsApprover, audienceFixed, now: new Date(), idsArquivos });
  const form = useZodForm(
    rules(attempt ?? (errata ? 'errata' : 'save')),
    (): ComunicadoFormValues =>
      comunicado
        ? { ...formValuesOf(comunicado), ...(errata ? { aprovadorId: null } : {}) }
        : { ...EMPTY_FORM, idioma: user.idioma.id },
  );
  const { values, set, touch } = form;
  // Kept in this browser while it has changes, offered back on the next visit (issue 17 point 8).
  const draft = useLocalDraft(`comunicado:${user.id}:${comunicado?.id ?? 'novo'}:${mode}`, form);
  const errorOf = (field: FormField) => {
    const key = form.errorOf(field);
    return key ? t(key) : undefined;
  };
  const uploading = attachments.some((a) => a.status === 'sending');

  const run = async (intent: FormIntent) => {
    setAttempt(intent);
    if (!form.attempt(rules(intent))) {
      toast.error('communicationsUi.form.invalid');
      return;
    }
    setBusy(true);
    try {
      const done = await persist({
        intent,
        input: toComunicadoInput({ ...values, idsArquivos }),
        comunicado,
        justificativa: values.justificativa,
        aprovadorId: values.aprovadorId,
        dataHoraAgendamento: scheduleOf(values),
      });
      toast.success(done.message);
      draft.clear();
      navigate(comunicadoUrls.visualizar(done.id));
    } catch (error) {
      if (!form.showServerErrors(error)) toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  const departamento = departamentos.find((d) => d.id === values.departamentoId) ?? null;
  const audiencia = {
    idsGruposUsuarios: values.idsGruposUsuarios,
    idsGrupos: values.idsGrupos,
    emailsAvulsos: values.emailsAvulsos,
    idsUsuariosRemovidos: values.idsUsuariosRemovidos,
  };
  const heading =
    mode === 'novo'
      ? t('communicationsUi.form.newTitle')
      : errata
        ? t('communicationsUi.form.errataTitle', { titulo: comunicado?.titulo ?? '' })
        : t('communicationsUi.form.editTitle');
  const disabled = busy;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void run(errata ? 'errata' : 'save');
      }}
      sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1100, mx: 'auto' }}
    >
      <Typography variant="h4" component="h1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {heading}
      </Typography>
      {mode === 'editar' && comunicado?.status.id === 'REJEITADO' && comunicado.motivoRejeicao && (
        // Why it came back, first: the author corrects it before resubmitting (issue 17 point 2).
        <Alert severity="error" sx={{ mb: 3 }} data-testid="rejection-reason">
          <AlertTitle>{t('communicationsUi.manage.rejectedNotice')}</AlertTitle>
          <strong>{t('communicationsUi.manage.rejectionReason')}:</strong>{' '}
          <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comunicado.motivoRejeicao}
          </Box>
        </Alert>
      )}
      {draft.offer && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Stack direction="row" spacing={1}>
              <Button color="inherit" size="small" onClick={draft.restore}>
                {t('communicationsUi.form.draftRestore')}
              </Button>
              <Button color="inherit" size="small" onClick={draft.discard}>
                {t('communicationsUi.form.draftDiscard')}
              </Button>
            </Stack>
          }
        >
          {t('communicationsUi.form.draftFound', {
            quando: formatDateTime(draft.offer.savedAt.toISOString(), i18n.language),
          })}
        </Alert>
      )}
      <Stack spacing={3}>
        <Section title={t('communicationsUi.form.content')}>
          {errata && (
            <TextField
              label={t('communicationsUi.form.justification')}
              value={values.justificativa}
              onChange={(e) => set('justificativa', e.target.value)}
              onBlur={() => touch('justificativa')}
              error={Boolean(errorOf('justificativa'))}
              helperText={errorOf('justificativa') ?? t('communicationsUi.form.justificationHint')}
              disabled={disabled}
              required
              multiline
              minRows={2}
            />
          )}
          <TextField
            label={t('communicationsUi.form.titulo')}
            value={values.titulo}
            onChange={(e) => set('titulo', e.target.value)}
            onBlur={() => touch('titulo')}
            error={Boolean(errorOf('titulo'))}
            helperText={errorOf('titulo')}
            disabled={disabled}
            required
            fullWidth
          />
          <Suspense fallback={<LoadingView />}>
            <RichTextEditor
              // A new original language may swap in another version's message (LanguageVersions).
              key={values.idioma ?? ''}
              label={t('communicationsUi.form.mensagem')}
              value={values.mensagem}
              onChange={(html) => set('mensagem', html)}
              onBlur={() => touch('mensagem')}
              error={errorOf('mensagem')}
              disabled={disabled}
            />
          </Suspense>
          <TextField
            select
            label={t('communicationsUi.form.department')}
            value={values.departamentoId ?? ''}
            onChange={(e) => set('departamentoId', e.target.value || null)}
            helperText={
              departamento?.assinatura
                ? t('communicationsUi.form.signature', { assinatura: departamento.assinatura })
                : undefined
            }
            disabled={disabled}
          >
            <MenuItem value="">{t('communicationsUi.form.noDepartment')}</MenuItem>
            {departamentos.map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {d.sigla} · {d.nome}
              </MenuItem>
            ))}
          </TextField>
          <ChipsField
            label={t('communicationsUi.form.tags')}
            value={values.etiquetas}
            onChange={(tags) => set('etiquetas', tags)}
            onBlur={() => touch('etiquetas')}
            error={errorOf('etiquetas')}
            helperText={t('communicationsUi.form.tagsHint')}
            disabled={disabled}
          />
          <AttachmentsField value={attachments} onChange={setAttachments} disabled={disabled} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <DateInput
              {...form.bind('dataInicioExibicao')}
              label={t('communicationsUi.form.displayStart')}
              disabled={disabled}
            />
            <DateInput
              {...form.bind('dataFimExibicao')}
              label={t('communicationsUi.form.displayEnd')}
              disabled={disabled}
            />
          </Stack>
          <CheckboxInput
            {...form.bind('exigeConfirmacao')}
            label={t('communicationsConfirmation.field')}
            helperText={t('communicationsConfirmation.fieldHelp')}
            disabled={disabled}
          />
        </Section>

        <Section title={t('communicationsHistory.languages.label')}>
          <LanguageVersions
            value={{
              idioma: values.idioma ?? user.idioma.id,
              titulo: values.titulo,
              mensagem: values.mensagem,
              traducoes: values.traducoes,
            }}
            onChange={(next) => form.setValues((v) => ({ ...v, ...next }))}
            onBlur={() => touch('traducoes')}
            error={errorOf('traducoes')}
            disabled={disabled}
          />
        </Section>

        <Section title={t('communicationsUi.form.audience')}>
          {audienceFixed && !errata ? (
            <Typography variant="body2" color="text.secondary">
              {t('communicationsUi.form.audienceFixed')}
            </Typography>
          ) : errata && comunicado ? (
            <FixedAudience
              grupos={comunicado.grupos}
              gruposDealers={comunicado.gruposDealers}
              emailsAvulsos={comunicado.emailsAvulsos}
              audiencia={audiencia}
            />
          ) : (
            <AudienceFields
              value={audiencia}
              onChange={(patch) => form.setValues((v) => ({ ...v, ...patch }))}
              onBlur={() => touch('idsGruposUsuarios')}
              removedUsers={comunicado?.usuariosRemovidos ?? []}
              error={errorOf('idsGruposUsuarios')}
              disabled={disabled}
            />
          )}
        </Section>

        {(showSubmit || can.send) && (
          <Section title={showSubmit ? t('communicationsUi.form.approver') : t('communicationsUi.form.schedule')}>
            {showSubmit && (
              <ApproverSelect
                value={values.aprovadorId}
                onChange={(id) => set('aprovadorId', id)}
                onBlur={() => touch('aprovadorId')}
                error={errorOf('aprovadorId')}
                disabled={disabled}
              />
            )}
            {can.send && (
              <SchedulePicker
                agendar={values.agendar}
                value={values.dataHoraAgendamento}
                onToggle={(on) => set('agendar', on)}
                onChange={(v) => set('dataHoraAgendamento', v)}
                onBlur={() => touch('dataHoraAgendamento')}
                error={form.errorOf('dataHoraAgendamento')}
                disabled={disabled}
              />
            )}
          </Section>
        )}

        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button
            component={RouterLink}
            to={comunicado ? comunicadoUrls.visualizar(comunicado.id) : comunicadoUrls.inbox}
            disabled={disabled}
          >
            {t('communicationsUi.form.cancel')}
          </Button>
          <Button onClick={() => setPreview(true)} disabled={disabled}>
            {t('communicationsUi.form.preview')}
          </Button>
          {errata ? (
            <Button type="submit" variant="contained" disabled={disabled || uploading}>
              {t('communicationsUi.form.createErrata')}
            </Button>
          ) : (
            <>
              {can.save && (
                <Button
                  type="submit"
                  variant={showSubmit || can.send ? 'outlined' : 'contained'}
                  disabled={disabled || uploading}
                >
                  {t('communicationsUi.form.save')}
                </Button>
              )}
              {showSubmit && (
                <Button variant="contained" onClick={() => void run('submit')} disabled={disabled || uploading}>
                  {t('communicationsUi.form.submitForApproval')}
                </Button>
              )}
              {can.send && (
                <Button variant="contained" onClick={() => void run('send')} disabled={disabled || uploading}>
                  {t('communicationsUi.form.send')}
                </Button>
              )}
            </>
          )}
        </Stack>
        {form.submitted && Object.keys(form.errors).length > 0 && (
          <Alert severity="error" role="alert">
            {t('communicationsUi.form.invalid')}
          </Alert>
        )}
      </Stack>

      <PreviewDialog
        open={preview}
        onClose={() => setPreview(false)}
        errata={errata}
        comunicado={{
          titulo: values.titulo,
          mensagem: values.mensagem,
          etiquetas: values.etiquetas,
          departamento,
          dataInicioExibicao: values.dataInicioExibicao || null,
          dataFimExibicao: values.dataFimExibicao || null,
          justificativa: values.justificativa || null,
          usuarioCriador: comunicado?.usuarioCriador ?? { nome: user.nome },
          idioma: values.idioma ?? user.idioma.id,
          traducoes: values.traducoes,
          arquivos: attachments.flatMap((a) => (a.id ? [{ id: a.id, nome: a.nome, arquivoLink: '#' }] : [])),
        }}
      />
    </Box>
  );
}
