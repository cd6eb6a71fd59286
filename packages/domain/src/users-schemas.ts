import { ONBOARDING_IDS } from './constants.js';
import { maskedString } from './masks.js';
import { idList, ORGANISATION_NAME_MAX, onlyDigits } from './organisation-schemas.js';
import { IDIOMAS, USER_TYPES, type UserType } from './user-types.js';
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

// ---- The user form of the users administration (issue 14; docs/domains/users.md#administration) ----

/**
 * What the user form's rules depend on, from usuariosPortalProperties (lists of user types) and the positions
 * catalogue (`cargosExistem`: it is not empty). Web and server build the same schema from it.
 */
export type UserFormRules = {
  tiposUsuarioDocumentoObrigatorio: UserType[];
  tiposUsuarioInformarCargo: UserType[];
  tiposUsuarioInformarGestao: UserType[];
  informarDepartamentoCargo: boolean;
  cargosExistem: boolean;
};

/** A position of the form, or one the user already holds: the catalogue entry, the dealer, department and start. */
export type CargoEntry = {
  cargoId: string;
  dealerId?: string | null;
  departamentoId?: string | null;
  dataInicio: string;
};

/** Most codes a user may carry, and their length (SPEC §5 Code: 10 or 20 characters; we allow 20). */
export const USER_CODE_MAX = 20;

const USER_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Whether `v` is a real calendar day written YYYY-MM-DD. */
export const isCalendarDay = (v: string) =>
  USER_DAY.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** An optional day: '' and absent become null; else 'YYYY-MM-DD' (the date part of an ISO date-time is taken). */
const optionalDay = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().slice(0, 10)) : v),
  z
    .string()
    .refine(isCalendarDay, 'validation.invalidDate')
    .nullish()
    .transform((v) => v ?? null),
);
const requiredDay = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().slice(0, 10)) : v),
  z.string({ error: 'validation.required' }).refine(isCalendarDay, 'validation.invalidDate'),
);
const optionalId = z
  .preprocess(blankToNull, z.uuid({ error: 'validation.invalid' }).nullish())
  .transform((v) => v ?? null);
const optionalEmail = z.preprocess(blankToNull, emailField.nullish()).transform((v) => v ?? null);
const phoneList = z
  .array(z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').pipe(maskedString('phone')))
  .nullish()
  .transform((v) => [...new Set((v ?? []).map(onlyDigits))]);

/** An object that refuses unknown fields (issue 14: extra input fields are refused), with an i18n-key message. */
const strictObject = <T extends Parameters<typeof z.strictObject>[0]>(shape: T) =>
  z.strictObject(shape, { error: 'validation.invalid' });

const produtoPermissoes = strictObject({
  idProduto: z.uuid({ error: 'validation.invalid' }),
  idsFuncionalidades: idList,
  idsTiposAcesso: idList,
});

/** UsuarioInput (SPEC §3 User form). Unknown fields are refused. */
const usuarioInput = strictObject({
  id: optionalId,
  nome: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(ORGANISATION_NAME_MAX, 'validation.tooLong'),
  email: emailField,
  cpf: cpfField,
  codigos: z
    .array(
      z
        .string({ error: 'validation.required' })
        .trim()
        .min(1, 'validation.required')
        .max(USER_CODE_MAX, 'validation.tooLong'),
    )
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
  tipo: z.enum(USER_TYPES, { error: 'validation.required' }),
  idioma: z
    .enum(IDIOMAS, { error: 'validation.invalid' })
    .nullish()
    .transform((v) => v ?? null),
  idsDealers: idList.nullish().transform((v) => v ?? []),
  marcas: idList.nullish().transform((v) => v ?? []),
  telefones: phoneList,
  celulares: phoneList,
  idsGrupos: idList.nullish().transform((v) => v ?? []),
  idsGruposUsuarios: idList.nullish().transform((v) => v ?? []),
  produtos: z
    .array(produtoPermissoes)
    .nullish()
    .transform((v) => v ?? []),
});

/** CargoInput: dealerId and departamentoId only when non-empty. */
const cargoInput = strictObject({
  cargoId: z.uuid({ error: 'validation.required' }),
  dataInicio: requiredDay,
  dealerId: optionalId,
  departamentoId: optionalId,
});

/** InfoUsuarioInput: the management data. */
const infoInput = strictObject({
  dataAdmissao: optionalDay,
  emailSuperior: optionalEmail,
  dataDesligamento: optionalDay,
  desligamentoId: optionalId,
});

/** The fields of salvarUsuario, before the rules that depend on UserFormRules. */
const salvarUsuarioFields = strictObject({
  usuario: usuarioInput,
  cargos: z
    .array(cargoInput)
    .nullish()
    .transform((v) => v ?? []),
  infos: infoInput.nullish().transform((v) => v ?? null),
});

/**
 * salvarUsuario's arguments { usuario, cargos, infos } with every SPEC §5 user-form rule (messages are i18n keys,
 * paths are the form's fields). The rules that need the database (e-mail and CPF unique, podeAdicionarCargo, the
 * scope and grant rules) are the server's. Positions are dropped when the type is not in tiposUsuarioInformarCargo,
 * management data when it is not in tiposUsuarioInformarGestao.
 */
export function salvarUsuarioSchema(rules: UserFormRules) {
  return z
    .preprocess((input) => {
      // Positions and management data of a type that does not carry them are ignored, not validated.
      if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
      const v = input as Record<string, unknown>;
      const tipo = (v.usuario as { tipo?: UserType } | null | undefined)?.tipo as UserType;
      return {
        ...v,
        cargos: rules.tiposUsuarioInformarCargo.includes(tipo) ? v.cargos : [],
        infos: rules.tiposUsuarioInformarGestao.includes(tipo) ? (v.infos ?? {}) : null,
      };
    }, salvarUsuarioFields)
    .superRefine((v, ctx) => {
      const { usuario, cargos, infos } = v;
      const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
      if (rules.tiposUsuarioDocumentoObrigatorio.includes(usuario.tipo) && !usuario.cpf)
        issue(['usuario', 'cpf'], 'validation.required');
      if (usuario.tipo === 'DEALER_GRUPO' && usuario.idsDealers.length === 0)
        issue(['usuario', 'idsDealers'], 'users.dealerRequired');

      if (infos) {
        if (rules.cargosExistem && !infos.dataAdmissao) issue(['infos', 'dataAdmissao'], 'validation.required');
        if (rules.cargosExistem && !infos.emailSuperior) issue(['infos', 'emailSuperior'], 'validation.required');
        if (infos.dataDesligamento && infos.dataAdmissao && infos.dataDesligamento < infos.dataAdmissao)
          issue(['infos', 'dataDesligamento'], 'users.dismissalBeforeAdmission');
        if (infos.dataDesligamento && !infos.desligamentoId)
          issue(['infos', 'desligamentoId'], 'users.dismissalReasonRequired');
      }

      if (rules.tiposUsuarioInformarCargo.includes(usuario.tipo) && rules.cargosExistem) {
        if (cargos.length === 0) issue(['cargos'], 'users.positionRequired');
        else if (usuario.idsDealers.some((d) => !cargos.some((c) => c.dealerId === d)))
          issue(['cargos'], 'users.positionPerDealer');
      }
      cargos.forEach((cargo, i) => {
        if (rules.informarDepartamentoCargo && !cargo.departamentoId)
          issue(['cargos', i, 'departamentoId'], 'validation.required');
        if (cargo.dealerId && !usuario.idsDealers.includes(cargo.dealerId))
          issue(['cargos', i, 'dealerId'], 'users.positionDealerNotSelected');
        if (cargos.slice(0, i).some((c) => sameSlot(c, cargo)))
          issue(['cargos', i, 'cargoId'], 'users.positionDuplicate');
      });
    });
}
export type SalvarUsuarioInput = z.input<typeof salvarUsuarioFields>;
export type SalvarUsuarioParsed = z.output<ReturnType<typeof salvarUsuarioSchema>>;

const sameDealer = (a: CargoEntry, b: CargoEntry) => (a.dealerId || null) === (b.dealerId || null);
const sameSlot = (a: CargoEntry, b: CargoEntry) => a.cargoId === b.cargoId && sameDealer(a, b);

/**
 * Whether `candidate` can be added next to the positions already chosen (SPEC §5 adding a position): an i18n key
 * of the first problem, or null. Position and start are required (department too when informarDepartamentoCargo);
 * the same position twice at one dealer is refused, and so is a start earlier than a position already held at
 * that dealer. The type/dealer check is the server's (podeAdicionarCargo).
 */
export function positionAddIssue(existing: CargoEntry[], candidate: CargoEntry, rules: UserFormRules): string | null {
  if (!candidate.cargoId || !candidate.dataInicio) return 'users.positionFieldsRequired';
  if (rules.informarDepartamentoCargo && !candidate.departamentoId) return 'users.positionFieldsRequired';
  if (!isCalendarDay(candidate.dataInicio)) return 'validation.invalidDate';
  if (existing.some((e) => sameSlot(e, candidate))) return 'users.positionDuplicate';
  if (existing.some((e) => sameDealer(e, candidate) && candidate.dataInicio < e.dataInicio))
    return 'users.positionStartsBeforeExisting';
  return null;
}

/**
 * The access types all of whose default features are also selected one by one (SPEC §5 permissions per
 * product): their names, for the error "header message, then the names one per line". An access type with no
 * default features is never redundant.
 */
export function redundantAccessTypes(
  selectedAccessTypes: { id: string; nome: string; funcionalidadesPadrao: string[] }[],
  selectedFeatureIds: string[],
): string[] {
  const selected = new Set(selectedFeatureIds);
  return selectedAccessTypes
    .filter((t) => t.funcionalidadesPadrao.length > 0 && t.funcionalidadesPadrao.every((f) => selected.has(f)))
    .map((t) => t.nome);
}
