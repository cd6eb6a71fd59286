import { maskedString } from './masks.js';
import { z } from './zod.js';

// Messages are i18n keys: `validation` for the generic ones, `organisation` for the rules of the
// dealers, dealer groups and user groups (packages/i18n).

/** Corporate name minimum (docs/domains/organisation.md). */
export const CORPORATE_NAME_MIN = 10;
/** Dealer codes (main and additional): the spec reads "10 or 20 characters"; we allow 20. */
export const DEALER_CODE_MAX = 20;
/** Names of groups, dealers and user groups. */
export const ORGANISATION_NAME_MAX = 255;

/** The 27 federated units of Brazil (a dealer's address). */
export const UFS = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type Uf = (typeof UFS)[number];

/** Digits only: CNPJ, CPF and CEP are stored bare, so uniqueness holds with or without punctuation. */
export const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** A required, trimmed name of at most ORGANISATION_NAME_MAX characters. */
export const organisationName = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(ORGANISATION_NAME_MAX, 'validation.tooLong');

/** A list of record ids (uuid), distinct. */
export const idList = z
  .array(z.uuid({ error: 'validation.invalid' }))
  .default([])
  .transform((ids) => [...new Set(ids)]);

const requiredCnpj = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .pipe(maskedString('cnpj'))
  .transform(onlyDigits);

const dealerCode = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(DEALER_CODE_MAX, 'validation.tooLong');

const optionalText = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v || null);

/** A dealer group: its name; active unless said otherwise (docs/domains/organisation.md). */
export const dealerGroupSchema = z.object({
  nome: organisationName,
  active: z.boolean().default(true),
});
export type DealerGroupInput = z.input<typeof dealerGroupSchema>;

/** A dealer's value of one complementary datum of a product it uses (the complementary-data dialog). */
export const DADO_COMPLEMENTAR_VALOR_MAX = 255;

const dealerFields = z.object({
  nome: organisationName.pipe(z.string().min(CORPORATE_NAME_MIN, 'organisation.corporateNameMin')),
  nomeExibicao: organisationName,
  cnpj: requiredCnpj,
  cnpjsAdicionais: z.array(requiredCnpj).default([]),
  codigoPrincipal: dealerCode,
  codigosAdicionais: z.array(dealerCode).default([]),
  grupoId: z.uuid({ error: 'validation.required' }),
  marcaIds: idList,
  produtoIds: idList,
  dadosComplementares: z
    .array(
      z.object({
        dadoComplementarId: z.uuid({ error: 'validation.invalid' }),
        valor: z
          .string({ error: 'validation.required' })
          .trim()
          .min(1, 'validation.required')
          .max(DADO_COMPLEMENTAR_VALOR_MAX, 'validation.tooLong'),
      }),
    )
    .default([]),
  logradouro: optionalText,
  bairro: optionalText,
  cidade: optionalText,
  cep: z
    .string()
    .trim()
    .pipe(maskedString('cep'))
    .transform((v) => onlyDigits(v) || null)
    .nullish(),
  complemento: optionalText,
  uf: z.enum(UFS, { error: 'validation.invalid' }).nullish(),
  contatos: z
    .array(
      z.object({
        nome: organisationName,
        email: z.preprocess(
          (v) => (v === '' || v === null ? undefined : v),
          z.email({ error: 'validation.email' }).optional(),
        ),
        telefone: z.preprocess(
          (v) => (v === '' || v === null ? undefined : v),
          z.string().trim().pipe(maskedString('phone')).optional(),
        ),
      }),
    )
    .default([]),
  active: z.boolean().default(true),
});

/** The rules across fields: additional CNPJs and codes neither repeat the main one nor each other; one value per complementary datum. */
function dealerCrossRules(
  v: z.output<typeof dealerFields>,
  ctx: { addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: string }): void },
) {
  v.cnpjsAdicionais.forEach((cnpj, i) => {
    if (cnpj === v.cnpj || v.cnpjsAdicionais.indexOf(cnpj) !== i)
      ctx.addIssue({ code: 'custom', path: ['cnpjsAdicionais', i], message: 'organisation.cnpjRepeated' });
  });
  const codes = [v.codigoPrincipal, ...v.codigosAdicionais];
  v.codigosAdicionais.forEach((code, i) => {
    if (codes.indexOf(code) !== i + 1)
      ctx.addIssue({ code: 'custom', path: ['codigosAdicionais', i], message: 'organisation.codeRepeated' });
  });
  const data = v.dadosComplementares.map((d) => d.dadoComplementarId);
  data.forEach((id, i) => {
    if (data.indexOf(id) !== i)
      ctx.addIssue({
        code: 'custom',
        path: ['dadosComplementares', i, 'dadoComplementarId'],
        message: 'validation.invalid',
      });
  });
}

/**
 * A new dealer (docs/domains/organisation.md): corporate name of at least 10 characters, display name, a CNPJ with
 * valid check digits, additional CNPJs each valid, distinct and different from the main one, a main
 * code and additional codes (not empty, at most DEALER_CODE_MAX), its dealer group, the brands it sells,
 * the products it uses with their complementary data, address and contacts. CNPJs and CEP are stored
 * as digits. Uniqueness is the server's check.
 */
export const dealerSchema = dealerFields.superRefine(dealerCrossRules);
export type DealerInput = z.input<typeof dealerSchema>;

/** A dealer being edited: the same rules as a new one, plus its id (the wizard's save of an existing dealer). */
export const dealerUpdateSchema = dealerFields
  .extend({ id: z.uuid({ error: 'validation.invalid' }) })
  .superRefine(dealerCrossRules);
export type DealerUpdateInput = z.input<typeof dealerUpdateSchema>;

/** Sort fields of the dealers list (`ordenacao`, '-' before it for descending). */
export const DEALER_SORT_FIELDS = ['nome', 'nomeExibicao', 'cnpj', 'codigoPrincipal', 'grupo', 'cidade', 'uf'] as const;

/** A brand: its description (created or renamed), unique ignoring case and accents on the server. */
export const brandSchema = z.object({ descricao: organisationName });
export type BrandInput = z.input<typeof brandSchema>;

/** Sort fields of the brands list. */
export const BRAND_SORT_FIELDS = ['descricao', 'dealers'] as const;

/**
 * The search text of the dealers list as a CNPJ: its digits when the text is only digits and CNPJ
 * punctuation (at least 3 digits), so "11.444.777" and "11444777" find the same dealers; null otherwise.
 */
export function cnpjSearchDigits(busca: string): string | null {
  const text = busca.trim();
  if (!/^[\d./\s-]+$/.test(text)) return null;
  const digits = onlyDigits(text);
  return digits.length >= 3 ? digits : null;
}

/** A user group (docs/domains/user-groups.md): name, public or private (private unless said), active unless said otherwise. */
export const userGroupSchema = z.object({
  nome: organisationName,
  publico: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type UserGroupInput = z.input<typeof userGroupSchema>;

/** Most users added to a user group at once (the member search offers a page of them). */
export const USER_GROUP_MEMBERS_ADD_MAX = 100;

/** Adding users to a user group: at least one user id, at most USER_GROUP_MEMBERS_ADD_MAX. */
export const userGroupMembersSchema = z.object({
  idsUsuarios: z
    .array(z.uuid({ error: 'validation.invalid' }))
    .min(1, { error: 'validation.required' })
    .max(USER_GROUP_MEMBERS_ADD_MAX, { error: 'validation.invalid' }),
});

/** Inactivating a dealer group (the cascade of docs/domains/organisation.md): the group's id. */
export const inactivateDealerGroupSchema = z.object({ grupoId: z.uuid({ error: 'validation.invalid' }) });
