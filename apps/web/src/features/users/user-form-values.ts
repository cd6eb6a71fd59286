import {
  applyMask,
  DEFAULT_IDIOMA,
  type Idioma,
  type SalvarUsuarioParsed,
  salvarUsuarioSchema,
  type UserFormRules,
  type UserType,
} from '@portal/domain';
import type { FormSchema } from '../../ui/form/use-zod-form';
import type { UserFormOpcoesQuery, UserFormUsuarioQuery } from './user-form.generated';

export type Options = UserFormOpcoesQuery;
export type Loaded = UserFormUsuarioQuery;

/** A position as the form holds it: what is sent (ids, start) and the names shown in the list. */
export type CargoRow = {
  key: string;
  cargoId: string;
  cargoNome: string;
  dealerId: string | null;
  dealerNome: string | null;
  departamentoId: string | null;
  departamentoNome: string | null;
  dataInicio: string;
};

/** A user's permissions on one product: chosen access types and individual features. */
export type ProductPermissions = { idsTiposAcesso: string[]; idsFuncionalidades: string[] };

/** The wizard's values, as its inputs hold them (masked CPF and phones; '' for an empty text or choice). */
export type Values = {
  id: string | null;
  nome: string;
  email: string;
  cpf: string;
  codigos: string[];
  telefones: string[];
  celulares: string[];
  tipo: UserType | '';
  idioma: Idioma;
  marcas: string[];
  idsGrupos: string[];
  idsDealers: string[];
  /** A loaded user's user groups, sent back as they are (this form does not change them); null when new. */
  idsGruposUsuarios: string[] | null;
  cargos: CargoRow[];
  dataAdmissao: string;
  emailSuperior: string;
  dataDesligamento: string;
  desligamentoId: string;
  /** Per product id; a product without an entry has no permissions (SPEC §3 defaults). */
  produtos: Record<string, ProductPermissions>;
} & Record<string, unknown>;

let nextKey = 0;
/** A key that tells the position rows apart (never sent). */
export const rowKey = () => `cargo-${nextKey++}`;

/** The schema's rules from the portal properties and the positions catalogue (`cargosExistem`). */
export function rulesOf(options: Options): UserFormRules {
  const p = options.usuariosPortalProperties;
  return {
    tiposUsuarioDocumentoObrigatorio: p.tiposUsuarioDocumentoObrigatorio.map((t) => t.id),
    tiposUsuarioInformarCargo: p.tiposUsuarioInformarCargo.map((t) => t.id),
    tiposUsuarioInformarGestao: p.tiposUsuarioInformarGestao.map((t) => t.id),
    informarDepartamentoCargo: p.informarDepartamentoCargo,
    cargosExistem: options.cargos.length > 0,
  };
}

/** Whether the type carries positions in this portal (and there are positions to choose). */
export const showsPositions = (rules: UserFormRules, tipo: UserType | '') =>
  tipo !== '' && rules.cargosExistem && rules.tiposUsuarioInformarCargo.includes(tipo);

/** Whether the type carries management data (admission, superior, dismissal). */
export const showsManagement = (rules: UserFormRules, tipo: UserType | '') =>
  tipo !== '' && rules.tiposUsuarioInformarGestao.includes(tipo);

/**
 * The form's first values (SPEC §3 defaults in the user form): a new user gets the only offered type, every
 * brand and empty permissions; a loaded user with no brands gets every brand.
 */
export function initialValues(options: Options, loaded: Loaded | undefined): Values {
  const dominio = options.usuarioDominioQuery;
  const allBrands = dominio.marcas.map((m) => m.id);
  const u = loaded?.usuario;
  const info = loaded?.infoUsuario;
  const produtos: Record<string, ProductPermissions> = {};
  const entry = (id: string) => {
    produtos[id] ??= { idsTiposAcesso: [], idsFuncionalidades: [] };
    return produtos[id];
  };
  for (const ta of u?.tiposAcesso ?? []) if (ta.produto) entry(ta.produto.id).idsTiposAcesso.push(ta.id);
  for (const f of u?.funcionalidades ?? []) if (f.produto) entry(f.produto.id).idsFuncionalidades.push(f.id);
  const onlyType = dominio.tiposUsuario.length === 1 ? dominio.tiposUsuario[0].id : '';
  return {
    id: u?.id ?? null,
    nome: u?.nome ?? '',
    email: u?.email ?? '',
    cpf: u?.cpf ? applyMask('cpf', u.cpf) : '',
    codigos: u?.codigos ?? [],
    telefones: (u?.telefones ?? []).map((p) => applyMask('phone', p)),
    celulares: (u?.celulares ?? []).map((p) => applyMask('phone', p)),
    tipo: u?.tipo.id ?? onlyType,
    idioma: u?.idioma.id ?? DEFAULT_IDIOMA,
    marcas: u?.marcas.length ? u.marcas.map((m) => m.id) : allBrands,
    idsGrupos: (u?.grupos ?? []).map((g) => g.id),
    idsDealers: (u?.dealers ?? []).map((d) => d.id),
    idsGruposUsuarios: u ? u.gruposUsuarios.map((g) => g.id) : null,
    cargos: (loaded?.cargos ?? []).map((c) => ({
      key: rowKey(),
      cargoId: c.cargoId,
      cargoNome: c.nome,
      dealerId: c.dealer?.id ?? null,
      dealerNome: c.dealer?.nome ?? null,
      departamentoId: c.departamento?.id ?? null,
      departamentoNome: c.departamento?.nome ?? null,
      dataInicio: c.dataInicio ?? '',
    })),
    dataAdmissao: info?.dataAdmissao ?? '',
    emailSuperior: info?.emailSuperior ?? '',
    dataDesligamento: info?.dataDesligamento ?? '',
    desligamentoId: info?.desligamento?.id ?? '',
    produtos,
  };
}

/**
 * salvarUsuario's arguments from the form (SPEC §5 on submit): management data only for the gestão types, each
 * position with dealerId / departamentoId only when non-empty, one permissions entry per product the form knows.
 * The schema then trims, lowercases and reduces (CPF to digits or null).
 */
export function toInput(values: Values, rules: UserFormRules) {
  const gestao = showsManagement(rules, values.tipo);
  return {
    usuario: {
      ...(values.id ? { id: values.id } : {}),
      nome: values.nome,
      email: values.email,
      cpf: values.cpf.trim() || null,
      codigos: values.codigos,
      tipo: values.tipo || undefined,
      idioma: values.idioma,
      idsDealers: values.idsDealers,
      marcas: values.marcas,
      telefones: values.telefones,
      celulares: values.celulares,
      idsGrupos: values.idsGrupos,
      ...(values.idsGruposUsuarios ? { idsGruposUsuarios: values.idsGruposUsuarios } : {}),
      produtos: Object.entries(values.produtos).map(([idProduto, p]) => ({
        idProduto,
        idsFuncionalidades: p.idsFuncionalidades,
        idsTiposAcesso: p.idsTiposAcesso,
      })),
    },
    cargos: values.cargos.map((c) => ({
      cargoId: c.cargoId,
      dataInicio: c.dataInicio,
      ...(c.dealerId ? { dealerId: c.dealerId } : {}),
      ...(c.departamentoId ? { departamentoId: c.departamentoId } : {}),
    })),
    infos: gestao
      ? {
          dataAdmissao: values.dataAdmissao || null,
          emailSuperior: values.emailSuperior || null,
          dataDesligamento: values.dataDesligamento || null,
          desligamentoId: values.desligamentoId || null,
        }
      : null,
  };
}

/**
 * The form field a schema or server path belongs to: `usuario.cpf` → cpf, `infos.dataAdmissao` → dataAdmissao,
 * `cargos.0.dealerId` → cargos, `usuario.produtos.1.idProduto` → produtos.
 */
export function fieldOf(path: readonly PropertyKey[]): string {
  const [head, second] = path;
  if ((head === 'usuario' || head === 'infos') && second !== undefined) return String(second);
  return String(head ?? '');
}

/**
 * The domain's `salvarUsuarioSchema` seen from the form: it validates the salvarUsuario arguments built from the
 * values, and names each problem by its form field, so `useZodForm` shows it on that field.
 */
export function userFormSchema(rules: UserFormRules): FormSchema<SalvarUsuarioParsed> {
  const schema = salvarUsuarioSchema(rules);
  return {
    safeParse(value: unknown) {
      const result = schema.safeParse(toInput(value as Values, rules));
      if (result.success) return { success: true, data: result.data };
      return {
        success: false,
        error: { issues: result.error.issues.map((i) => ({ path: [fieldOf(i.path)], message: i.message })) },
      };
    },
  };
}

/** Which step holds each field, so step 1 checks its own and a server error can say where it belongs. */
export const STEP_1_FIELDS = [
  'nome',
  'email',
  'cpf',
  'codigos',
  'telefones',
  'celulares',
  'tipo',
  'idioma',
  'marcas',
  'idsGrupos',
  'idsDealers',
  'cargos',
  'dataAdmissao',
  'emailSuperior',
  'dataDesligamento',
  'desligamentoId',
] as const;
