import { isNotificationLink } from './links.js';
import { USER_TYPES } from './user-types.js';
import { z } from './zod.js';

/** Longest title of a notification. */
export const NOTIFICATION_TITLE_MAX = 200;

/**
 * A generic notification (enviarNotificacaoGenerica): title and text required (trimmed), an optional
 * in-portal or https link, and its recipients: users and user groups. Messages are i18n keys.
 */
export const notificacaoGenericaSchema = z.object({
  titulo: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(NOTIFICATION_TITLE_MAX, 'validation.invalid'),
  texto: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required'),
  link: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isNotificationLink(v), 'validation.invalidFormat'),
  idsUsuarios: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  idsGruposUsuarios: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
});
export type NotificacaoGenericaInput = z.input<typeof notificacaoGenericaSchema>;

/** Longest name of a notification template. */
export const NOTIFICATION_TEMPLATE_NAME_MAX = 120;

/** The placeholders a template's title and text may hold, filled per recipient when sent. */
export const NOTIFICATION_PLACEHOLDERS = ['nome', 'produto', 'link'] as const;

/** The languages a template may have a version in besides its default text (the recipient's language picks). */
export const NOTIFICATION_TEMPLATE_LANGUAGES = ['PT_BR', 'ES', 'EN'] as const;

const titleField = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(NOTIFICATION_TITLE_MAX, 'validation.invalid');
const textField = z.string({ error: 'validation.required' }).trim().min(1, 'validation.required');

/**
 * A notification template (salvarModeloNotificacao, PORTAL_MANUTENCAO_MODELO): a name, a default title
 * and rich text with placeholders ({{nome}}, {{produto}}, {{link}}), and optional versions per language
 * (each with its own title and text; at most one per language).
 */
export const modeloNotificacaoSchema = z.object({
  nome: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(NOTIFICATION_TEMPLATE_NAME_MAX, 'validation.invalid'),
  titulo: titleField,
  texto: textField,
  traducoes: z
    .array(z.object({ idioma: z.enum(NOTIFICATION_TEMPLATE_LANGUAGES), titulo: titleField, texto: textField }))
    .nullish()
    .transform((v) => v ?? [])
    .refine((v) => new Set(v.map((t) => t.idioma)).size === v.length, 'validation.invalid'),
});
export type ModeloNotificacaoInput = z.input<typeof modeloNotificacaoSchema>;

const idList = z
  .array(z.string())
  .nullish()
  .transform((v) => v ?? []);

/**
 * Who a generic notification reaches: users, user groups, user types, dealer groups and dealers (their
 * union, active users only).
 */
export const audienciaNotificacaoSchema = z.object({
  idsUsuarios: idList,
  idsGruposUsuarios: idList,
  tiposUsuario: z
    .array(z.enum(USER_TYPES))
    .nullish()
    .transform((v) => v ?? []),
  idsGrupos: idList,
  idsDealers: idList,
});
export type AudienciaNotificacaoInput = z.input<typeof audienciaNotificacaoSchema>;

/** How a generic notification is written: from scratch (`modelo`) or from a template (`comModelo`). */
export const TIPOS_NOTIFICACAO_GENERICA = ['modelo', 'comModelo'] as const;
export type TipoNotificacaoGenerica = (typeof TIPOS_NOTIFICACAO_GENERICA)[number];

/**
 * A generic notification of the screens (salvarNotificacaoGenerica): from scratch (title and text) or
 * from an active template (`modeloId`; its title and text, placeholders filled per recipient at send),
 * an optional link, an audience, and an optional schedule strictly after `now` (the business clock).
 */
export const notificacaoGenericaFormSchema = (now: Date) =>
  z
    .object({
      tipo: z.enum(TIPOS_NOTIFICACAO_GENERICA),
      modeloId: z
        .string()
        .nullish()
        .transform((v) => v || null),
      titulo: z
        .string()
        .trim()
        .max(NOTIFICATION_TITLE_MAX, 'validation.invalid')
        .nullish()
        .transform((v) => v ?? ''),
      texto: z
        .string()
        .trim()
        .nullish()
        .transform((v) => v ?? ''),
      link: notificacaoGenericaSchema.shape.link,
      audiencia: audienciaNotificacaoSchema,
      dataAgendamento: z
        .string()
        .nullish()
        .transform((v) => (v ? new Date(v) : null))
        .refine((d) => d === null || !Number.isNaN(d.getTime()), 'validation.invalidDate')
        .refine((d) => d === null || d.getTime() > now.getTime(), 'notifications.scheduleInPast'),
    })
    .superRefine((v, ctx) => {
      if (v.tipo === 'comModelo' && !v.modeloId)
        ctx.addIssue({ code: 'custom', path: ['modeloId'], message: 'validation.required' });
      if (v.tipo === 'modelo' && !v.titulo)
        ctx.addIssue({ code: 'custom', path: ['titulo'], message: 'validation.required' });
      if (v.tipo === 'modelo' && !v.texto)
        ctx.addIssue({ code: 'custom', path: ['texto'], message: 'validation.required' });
    });
export type NotificacaoGenericaFormInput = z.input<ReturnType<typeof notificacaoGenericaFormSchema>>;

/**
 * Fills a template's placeholders ({{nome}}, {{produto}}, {{link}}; spaces inside the braces allowed);
 * unknown ones stay as written. `encode` turns a value into what the target holds (HTML-escaped text).
 */
export function fillPlaceholders(
  text: string,
  values: Partial<Record<(typeof NOTIFICATION_PLACEHOLDERS)[number], string>>,
  encode: (value: string) => string = (v) => v,
): string {
  return text.replace(/\{\{\s*(nome|produto|link)\s*\}\}/g, (whole, key: keyof typeof values) => {
    const value = values[key];
    return value === undefined ? whole : encode(value);
  });
}
