import { ONBOARDING_IDS } from './constants.js';
import { maskedString } from './masks.js';
import { idList, ORGANISATION_NAME_MAX, onlyDigits } from './organisation-schemas.js';
import { IDIOMAS, USER_TYPES } from './user-types.js';
import { z } from './zod.js';

// Messages are i18n keys: `validation` for the generic ones, `users` for the users' own rules.

/** An e-mail address: trimmed and lowercased (e-mails are lowercased), valid format. */
export const emailField = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .toLowerCase()
  .pipe(z.email({ error: 'validation.email' }));

/** An optional CPF: trimmed, empty becomes null, else valid check digits; stored as digits. */
export const cpfField = z
  .string()
  .trim()
  .pipe(maskedString('cpf'))
  .transform((v) => onlyDigits(v) || null)
  .nullish()
  .transform((v) => v ?? null);

/**
 * A new user (docs/domains/users.md), the part of the user form the tables hold today: name, e-mail (unique: the
 * server's check), optional CPF (unique), type, language, active, and the links to dealers, dealer
 * groups, user groups, brands, feature keys, access types and complementary data (ids). A DEALER_GRUPO
 * user needs at least one dealer. Positions, management data and per-product permissions come with the
 * users administration.
 */
export const createUserSchema = z
  .object({
    nome: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      .max(ORGANISATION_NAME_MAX, 'validation.tooLong'),
    email: emailField,
    cpf: cpfField,
    tipo: z.enum(USER_TYPES, { error: 'validation.required' }),
    idioma: z.enum(IDIOMAS, { error: 'validation.invalid' }).default('PT_BR'),
    active: z.boolean().default(true),
    idsDealers: idList,
    idsGrupos: idList,
    idsGruposUsuarios: idList,
    idsMarcas: idList,
    idsFuncionalidades: idList,
    idsTiposAcesso: idList,
    idsDadosComplementares: idList,
  })
  .superRefine((v, ctx) => {
    if (v.tipo === 'DEALER_GRUPO' && v.idsDealers.length === 0)
      ctx.addIssue({ code: 'custom', path: ['idsDealers'], message: 'users.dealerRequired' });
  });
export type CreateUserInput = z.input<typeof createUserSchema>;

/** mudarLinguaUsuario: the user (oneself) and the new interface language. */
export const changeLanguageSchema = z.object({
  id: z.string().min(1, 'validation.required'),
  idioma: z.enum(IDIOMAS, { error: 'validation.invalid' }),
});

/** setCurrentUserOnboardingSeen: one of the guided tours (`ONBOARDING_IDS`). */
export const onboardingSeenSchema = z.object({ id: z.enum(ONBOARDING_IDS, { error: 'validation.invalid' }) });
