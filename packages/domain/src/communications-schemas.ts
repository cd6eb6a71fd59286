import {
  approverProblem,
  COMUNICADO_REASON_MAX,
  COMUNICADO_TAG_MAX,
  COMUNICADO_TITLE_MAX,
  isScheduleValid,
  JUSTIFICATION_MIN,
} from './communications-rules.js';
import { IDIOMAS } from './user-types.js';
import { z } from './zod.js';

// Messages are i18n keys (packages/i18n, `communications` namespace). Ids are plain non-empty strings.

/** Distinct values, first occurrence kept, by `key`. */
const distinct = (values: string[], key: (v: string) => string = (v) => v) => {
  const seen = new Set<string>();
  return values.filter((v) => !seen.has(key(v)) && seen.add(key(v)));
};

const ids = z
  .array(z.string().min(1, 'validation.invalid'))
  .default([])
  .transform((v) => distinct(v));

const optionalDate = z.coerce.date({ error: 'validation.invalidDate' }).nullable().optional();

// Media a message may consist of alone (an image announcement has no text but is not empty).
const MEDIA_TAG = /<(img|video|iframe)\b/i;

/**
 * Whether an HTML message has content: some text once tags, comments and whitespace entities are
 * removed, or an image or video. "<p><br></p>", what an empty editor holds, has none.
 */
export function htmlHasContent(html: string): boolean {
  if (MEDIA_TAG.test(html)) return true;
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ');
  return text.trim() !== '';
}

/**
 * At least one user group, dealer group or manual e-mail to send to (docs/domains/communications.md#audience). Removed
 * users and the exact count are the server's business.
 */
export function hasAudience(v: {
  idsGruposUsuarios?: readonly string[];
  idsGrupos?: readonly string[];
  emailsAvulsos?: readonly string[];
}): boolean {
  return Boolean(v.idsGruposUsuarios?.length || v.idsGrupos?.length || v.emailsAvulsos?.length);
}

/** The fields of the communication form (docs/domains/communications.md#the-form), without the cross-field rules. */
const comunicadoFields = z.object({
  titulo: z
    .string({ error: 'communications.titleRequired' })
    .trim()
    .min(1, 'communications.titleRequired')
    .max(COMUNICADO_TITLE_MAX, 'communications.titleTooLong'),
  // HTML from the editor; the server sanitises it with its allow-list before storing.
  mensagem: z
    .string({ error: 'communications.messageRequired' })
    .refine(htmlHasContent, 'communications.messageRequired'),
  etiquetas: z
    .array(z.string().trim().min(1, 'validation.required').max(COMUNICADO_TAG_MAX, 'communications.tagTooLong'))
    .default([])
    .transform((v) => distinct(v)),
  departamentoId: z.string().min(1, 'validation.invalid').nullable().optional(),
  dataInicioExibicao: optionalDate,
  dataFimExibicao: optionalDate,
  idsGruposUsuarios: ids,
  /** Dealer groups. */
  idsGrupos: ids,
  // Lowercased like every e-mail of the portal (docs/domains/screens-and-forms.md#e-mail-fields), so duplicates
  // differing in case collapse.
  emailsAvulsos: z
    .array(z.string().trim().toLowerCase().pipe(z.email('validation.email')))
    .default([])
    .transform((v) => distinct(v)),
  idsUsuariosRemovidos: ids,
  idsArquivos: ids,
  aprovadorId: z.string().min(1, 'validation.invalid').nullable().optional(),
  /** Language of the title and message (decision 0042); null: the author's. */
  idioma: z.enum(IDIOMAS, { error: 'validation.invalid' }).nullish(),
  /** Versions of title and message in the other languages (decision 0042): one per language, not the original's. */
  traducoes: z
    .array(
      z.object({
        idioma: z.enum(IDIOMAS, { error: 'validation.invalid' }),
        titulo: z
          .string({ error: 'communications.titleRequired' })
          .trim()
          .min(1, 'communications.titleRequired')
          .max(COMUNICADO_TITLE_MAX, 'communications.titleTooLong'),
        mensagem: z
          .string({ error: 'communications.messageRequired' })
          .refine(htmlHasContent, 'communications.messageRequired'),
      }),
    )
    .nullish()
    .transform((v) => v ?? [])
    .refine((v) => new Set(v.map((t) => t.idioma)).size === v.length, 'communicationsHistory.translationTwice'),
});

/** The display end cannot be before the display start (docs/domains/dates-and-clock.md#date-rules). */
function displayDatesInOrder(
  v: { dataInicioExibicao?: Date | null; dataFimExibicao?: Date | null },
  ctx: z.RefinementCtx,
) {
  if (v.dataInicioExibicao && v.dataFimExibicao && v.dataFimExibicao < v.dataInicioExibicao)
    ctx.addIssue({ code: 'custom', path: ['dataFimExibicao'], message: 'communications.displayEndBeforeStart' });
}

/** No version in the original's own language (decision 0042). */
function translationsOtherThanOriginal(
  v: { idioma?: string | null; traducoes: { idioma: string }[] },
  ctx: z.RefinementCtx,
) {
  if (v.idioma && v.traducoes.some((t) => t.idioma === v.idioma))
    ctx.addIssue({ code: 'custom', path: ['traducoes'], message: 'communicationsHistory.translationOfOriginal' });
}

function requireAudience(v: Parameters<typeof hasAudience>[0], ctx: z.RefinementCtx) {
  if (!hasAudience(v))
    ctx.addIssue({ code: 'custom', path: ['idsGruposUsuarios'], message: 'communications.audienceRequired' });
}

/** Saving a draft (salvarComunicado): content rules only; the audience may still be empty. */
export const comunicadoSchema = comunicadoFields
  .superRefine(displayDatesInOrder)
  .superRefine(translationsOtherThanOriginal);
export type ComunicadoInput = z.input<typeof comunicadoSchema>;
export type Comunicado = z.output<typeof comunicadoSchema>;

/**
 * Anything that leads to sending (submit for approval, send, schedule): the draft rules plus at least
 * one recipient group or manual e-mail (`communications.audienceRequired`, shown on the group picker).
 */
export const audienceSchema = comunicadoFields
  .superRefine(displayDatesInOrder)
  .superRefine(translationsOtherThanOriginal)
  .superRefine(requireAudience);
export type AudienceInput = z.input<typeof audienceSchema>;

/** Rejection (rejeitarComunicado): the reason is required. */
export const rejeicaoSchema = z.object({
  motivoRejeicao: z
    .string({ error: 'communications.rejectionReasonRequired' })
    .trim()
    .min(1, 'communications.rejectionReasonRequired')
    .max(COMUNICADO_REASON_MAX, 'communications.reasonTooLong'),
});
export type RejeicaoInput = z.input<typeof rejeicaoSchema>;

/**
 * Errata (criarErrata): the communication fields plus a justification of at least 15 characters after
 * trimming (docs/domains/communications.md#errata). No audience: an errata goes to the original's recipients.
 */
export const errataSchema = comunicadoFields
  .extend({
    justificativa: z
      .string({ error: 'communications.justificationTooShort' })
      .trim()
      .min(JUSTIFICATION_MIN, 'communications.justificationTooShort')
      .max(COMUNICADO_REASON_MAX, 'communications.reasonTooLong'),
  })
  .superRefine(displayDatesInOrder)
  .superRefine(translationsOtherThanOriginal);
export type ErrataInput = z.input<typeof errataSchema>;

/**
 * Scheduling (AGENDAR): dataHoraAgendamento at least one hour after `now` (docs/domains/communications.md#scheduling).
 */
export const agendamentoSchema = (now: Date) =>
  z.object({
    dataHoraAgendamento: z.coerce
      .date({ error: 'communications.scheduleRequired' })
      .refine((d) => isScheduleValid(d, now), 'communications.scheduleTooSoon'),
  });
export type AgendamentoInput = z.input<ReturnType<typeof agendamentoSchema>>;

/**
 * Submitting to approval (enviarParaAprovacao): an approver is chosen and is not the creator
 * (`approverProblem`).
 */
export const submissaoSchema = (criadorId: string) =>
  z.object({
    aprovadorId: z
      .string()
      .nullish()
      .superRefine((id, ctx) => {
        const problem = approverProblem(criadorId, id);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  });

/**
 * The schedule choice of an approval or a send: now (`agendar` false), or at a date-time that
 * `agendamentoSchema` accepts. The output is the instant, or null for now.
 */
export const escolhaAgendamentoSchema = (now: Date) =>
  z
    .object({ agendar: z.boolean(), dataHoraAgendamento: z.string() })
    .superRefine((v, ctx) => {
      if (!v.agendar) return;
      const parsed = agendamentoSchema(now).safeParse({ dataHoraAgendamento: v.dataHoraAgendamento || undefined });
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: ['dataHoraAgendamento'], message: issue.message });
    })
    .transform((v) => (v.agendar ? new Date(v.dataHoraAgendamento) : null));
