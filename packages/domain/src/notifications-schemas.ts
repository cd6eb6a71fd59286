import { isNotificationLink } from './links.js';
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
