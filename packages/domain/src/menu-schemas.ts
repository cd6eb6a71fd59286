import { USER_TYPES } from './user-types.js';
import { z } from './zod.js';

// Messages are i18n keys (packages/i18n: `validation` and `menus.validation`).

export const MENU_TITLE_MAX = 100;
export const MENU_URI_MAX = 500;
/** Depth of the menu tree (docs/domains/menu-and-shell.md#menus-administration): category, item, sub-item. */
export const MENU_MAX_DEPTH = 3;
/** Sort fields of the menus administration list (`ordenacao`, '-' before one for descending). */
export const MENU_SORT_FIELDS = ['titulo', 'ordem', 'pai', 'uri'] as const;

/** A form's empty text or select means "none". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalId = z.preprocess(blankToNull, z.string().min(1).nullable().default(null));

/**
 * A menu category or item as the administration saves it (`salvarMenu`; the web's edit form uses the
 * same schema). An entry with a parent is an item and needs a uri; a uri is an in-app path ('/…') or
 * an http(s) address, and an external entry (opened in a new tab) needs the address. `ordem` is a
 * whole number from 0; the text of a form field is accepted. Parent, product and keys are checked
 * against the database by the server.
 */
export const menuSchema = z
  .object({
    titulo: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      .max(MENU_TITLE_MAX, 'menus.validation.titleTooLong'),
    uri: z.preprocess(
      blankToNull,
      z.string().trim().max(MENU_URI_MAX, 'menus.validation.uriTooLong').nullable().default(null),
    ),
    produtoId: optionalId,
    parentId: optionalId,
    ordem: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
      z
        .number({
          error: (issue) => (issue.input === undefined ? 'validation.required' : 'menus.validation.orderInteger'),
        })
        .int('menus.validation.orderInteger')
        .min(0, 'menus.validation.orderInteger')
        .max(9999, 'menus.validation.orderInteger'),
    ),
    externo: z.boolean().default(false),
    chaves: z.array(z.string().min(1)).default([]),
    tipos: z.array(z.enum(USER_TYPES, { error: 'validation.invalid' })).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.parentId && !v.uri) ctx.addIssue({ code: 'custom', path: ['uri'], message: 'menus.validation.uriRequired' });
    else if (v.uri && !/^(\/|https?:\/\/)/i.test(v.uri))
      ctx.addIssue({ code: 'custom', path: ['uri'], message: 'menus.validation.uriFormat' });
    else if (v.externo && !/^https?:\/\//i.test(v.uri ?? ''))
      ctx.addIssue({ code: 'custom', path: ['uri'], message: 'menus.validation.externalUri' });
  });
export type MenuFormInput = z.input<typeof menuSchema>;
export type MenuData = z.output<typeof menuSchema>;
