import {
  agendamentoSchema,
  approverProblem,
  audienceSchema,
  comunicadoSchema,
  errataSchema,
  htmlHasContent,
  type Idioma,
} from '@portal/domain';
import type { FormSchema } from '../../ui/form/use-zod-form';
import type { Comunicado, ComunicadoInputVariables } from './communications.documents';
import { fromDateInput, toDateInput } from './format';

/** What the form edits; dates as their input values ('' for none). */
export type ComunicadoFormValues = {
  titulo: string;
  mensagem: string;
  etiquetas: string[];
  departamentoId: string | null;
  dataInicioExibicao: string;
  dataFimExibicao: string;
  idsGruposUsuarios: string[];
  idsGrupos: string[];
  emailsAvulsos: string[];
  idsUsuariosRemovidos: string[];
  idsArquivos: string[];
  aprovadorId: string | null;
  justificativa: string;
  agendar: boolean;
  dataHoraAgendamento: string;
  /** Recipients confirm "I have read and understood" (issue 17 point 4). */
  exigeConfirmacao: boolean;
  /** Language of the title and message; null: the author's (decision 0042). */
  idioma: Idioma | null;
  /** Versions in the other languages; an empty one is not sent. */
  traducoes: { idioma: Idioma; titulo: string; mensagem: string }[];
};
export type FormField = keyof ComunicadoFormValues;

/**
 * What the user asked for: save a draft, submit it to an approver, send it (now or scheduled: holders
 * of the approval key) or create an errata. Each needs different rules (docs/domains/communications.md#the-form).
 */
export type FormIntent = 'save' | 'submit' | 'send' | 'errata';

export const EMPTY_FORM: ComunicadoFormValues = {
  titulo: '',
  mensagem: '',
  etiquetas: [],
  departamentoId: null,
  dataInicioExibicao: '',
  dataFimExibicao: '',
  idsGruposUsuarios: [],
  idsGrupos: [],
  emailsAvulsos: [],
  idsUsuariosRemovidos: [],
  idsArquivos: [],
  aprovadorId: null,
  justificativa: '',
  agendar: false,
  dataHoraAgendamento: '',
  exigeConfirmacao: false,
  idioma: null,
  traducoes: [],
};

/** The form's values for an existing communication (edit) or an original (errata: content copied). */
export function formValuesOf(c: Comunicado): ComunicadoFormValues {
  return {
    ...EMPTY_FORM,
    titulo: c.titulo,
    mensagem: c.mensagem,
    etiquetas: c.etiquetas,
    departamentoId: c.departamento?.id ?? null,
    dataInicioExibicao: toDateInput(c.dataInicioExibicao),
    dataFimExibicao: toDateInput(c.dataFimExibicao),
    idsGruposUsuarios: c.grupos.map((g) => g.id),
    idsGrupos: c.gruposDealers.map((g) => g.id),
    emailsAvulsos: c.emailsAvulsos,
    idsUsuariosRemovidos: c.usuariosRemovidos.map((u) => u.id),
    idsArquivos: c.arquivos.map((a) => a.id),
    aprovadorId: c.usuarioAprovador?.id ?? null,
    exigeConfirmacao: c.exigeConfirmacao,
    idioma: c.idioma,
    traducoes: c.traducoes.map((v) => ({ idioma: v.idioma, titulo: v.titulo, mensagem: v.mensagem })),
  };
}

/** The versions worth sending: those with a title or a message (an untouched tab is no version). */
const filledVersions = (v: ComunicadoFormValues) =>
  v.traducoes
    .filter((tr) => tr.idioma !== v.idioma && (tr.titulo.trim() || htmlHasContent(tr.mensagem)))
    .map((tr) => ({ idioma: tr.idioma, titulo: tr.titulo.trim(), mensagem: tr.mensagem }));

/** The API input (ComunicadoInput) of the values. */
export function toComunicadoInput(v: ComunicadoFormValues): ComunicadoInputVariables {
  return {
    titulo: v.titulo.trim(),
    mensagem: v.mensagem,
    etiquetas: v.etiquetas,
    departamentoId: v.departamentoId,
    dataInicioExibicao: fromDateInput(v.dataInicioExibicao),
    dataFimExibicao: fromDateInput(v.dataFimExibicao),
    idsGruposUsuarios: v.idsGruposUsuarios,
    idsGrupos: v.idsGrupos,
    emailsAvulsos: v.emailsAvulsos,
    idsUsuariosRemovidos: v.idsUsuariosRemovidos,
    idsArquivos: v.idsArquivos,
    aprovadorId: v.aprovadorId,
    exigeConfirmacao: v.exigeConfirmacao,
    idioma: v.idioma,
    traducoes: filledVersions(v),
  };
}

/** The ISO instant of the schedule input, null when not scheduling. */
export function scheduleOf(v: ComunicadoFormValues): string | null {
  if (!v.agendar || !v.dataHoraAgendamento) return null;
  const date = new Date(v.dataHoraAgendamento);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

type Issues = { issues: { path: PropertyKey[]; message: string }[] };
type Parsed = { success: true } | { success: false; error: Issues };

function collect(into: Partial<Record<FormField, string>>, result: Parsed) {
  if (result.success) return;
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FormField;
    into[field] ??= issue.message;
  }
}

/**
 * The i18n key of each field's first error for an intent, by the domain's schemas
 * (docs/domains/communications.md#the-form): title and message always; an audience to submit or send (not for an
 * errata: the original's); an approver for a creator without the approval key; a schedule at least 1 hour ahead; an
 * errata's justification of at least 15 characters.
 */
export function validateComunicadoForm(
  values: ComunicadoFormValues,
  intent: FormIntent,
  ctx: { userId: string; needsApprover: boolean; audienceFixed?: boolean; now: Date },
): Partial<Record<FormField, string>> {
  const errors: Partial<Record<FormField, string>> = {};
  const input = toComunicadoInput(values);
  if (intent === 'errata') collect(errors, errataSchema.safeParse({ ...input, justificativa: values.justificativa }));
  else if (intent === 'save' || ctx.audienceFixed) collect(errors, comunicadoSchema.safeParse(input));
  else collect(errors, audienceSchema.safeParse(input));
  if (intent === 'submit' && ctx.needsApprover) {
    const problem = approverProblem(ctx.userId, values.aprovadorId);
    if (problem) errors.aprovadorId = problem;
  }
  if (values.agendar)
    collect(
      errors,
      agendamentoSchema(ctx.now).safeParse({ dataHoraAgendamento: values.dataHoraAgendamento || undefined }),
    );
  return errors;
}

/**
 * The rules of one intent as a form schema (`useZodForm`): the values with the attachments' ids are
 * checked by `validateComunicadoForm`, each field's first error an issue on that field.
 */
export function comunicadoFormRules(
  intent: FormIntent,
  ctx: { userId: string; needsApprover: boolean; audienceFixed?: boolean; now: Date; idsArquivos: string[] },
): FormSchema<ComunicadoFormValues> {
  return {
    safeParse(value) {
      const values = { ...(value as ComunicadoFormValues), idsArquivos: ctx.idsArquivos };
      const issues = Object.entries(validateComunicadoForm(values, intent, ctx)).map(([field, message]) => ({
        path: [field],
        message: message as string,
      }));
      return issues.length ? { success: false, error: { issues } } : { success: true, data: values };
    },
  };
}
