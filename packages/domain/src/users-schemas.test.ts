import { describe, expect, it } from 'vitest';
import {
  type CargoEntry,
  changeLanguageSchema,
  createUserSchema,
  onboardingSeenSchema,
  positionAddIssue,
  redundantAccessTypes,
  salvarUsuarioSchema,
  type UserFormRules,
} from './users-schemas.js';

const DEALER = '7d3c8f2e-4b1a-4c6e-9f0a-1b2c3d4e5f60';

function problems(schema: { safeParse(v: unknown): any }, input: unknown): Record<string, string> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i: any) => [i.path.join('.'), i.message]));
}

const user = (over: Record<string, unknown> = {}) => ({ nome: 'Ana', email: 'ana@x.demo', tipo: 'MONTADORA', ...over });

describe('new user schema (the user form)', () => {
  it('lowercases and trims the e-mail, keeps the CPF as digits, empty CPF becomes null, defaults', () => {
    expect(createUserSchema.parse(user({ email: ' Ana@X.Demo ', cpf: ' 529.982.247-25 ' }))).toMatchObject({
      email: 'ana@x.demo',
      cpf: '52998224725',
      idioma: 'PT_BR',
      active: true,
      idsDealers: [],
    });
    expect(createUserSchema.parse(user({ cpf: '  ' })).cpf).toBeNull();
    expect(createUserSchema.parse(user()).cpf).toBeNull();
    expect(createUserSchema.parse(user({ tipo: 'DEALER_GRUPO', idsDealers: [DEALER, DEALER] })).idsDealers).toEqual([
      DEALER,
    ]);
  });

  it.each([
    ['no name', { nome: ' ' }, { nome: 'validation.required' }],
    ['no e-mail', { email: '' }, { email: 'validation.required' }],
    ['a malformed e-mail', { email: 'ana@' }, { email: 'validation.email' }],
    ['a CPF with wrong check digits', { cpf: '529.982.247-26' }, { cpf: 'validation.invalid' }],
    ['an incomplete CPF', { cpf: '529.982' }, { cpf: 'validation.invalidFormat' }],
    ['no type', { tipo: undefined }, { tipo: 'validation.required' }],
    ['an unknown type', { tipo: 'CHEFE' }, { tipo: 'validation.required' }],
    ['an unknown language', { idioma: 'FR' }, { idioma: 'validation.invalid' }],
    ['a dealer user without dealers', { tipo: 'DEALER_GRUPO' }, { idsDealers: 'users.dealerRequired' }],
    ['a link that is no id', { idsGruposUsuarios: ['1'] }, { 'idsGruposUsuarios.0': 'validation.invalid' }],
  ])('refuses %s', (_, over, expected) => {
    expect(problems(createUserSchema, user(over))).toEqual(expected);
  });
});

describe('the signed-in user actions', () => {
  it('language: a known one; onboarding: a known tour', () => {
    expect(problems(changeLanguageSchema, { id: 'u', idioma: 'ES' })).toEqual({});
    expect(problems(changeLanguageSchema, { id: 'u', idioma: 'FR' })).toEqual({ idioma: 'validation.invalid' });
    expect(problems(onboardingSeenSchema, { id: 'HOME' })).toEqual({});
    expect(problems(onboardingSeenSchema, { id: 'NOPE' })).toEqual({ id: 'validation.invalid' });
  });
});

const DEALER2 = '8e4d9a3f-5c2b-4d7f-8a1b-2c3d4e5f6a71';
const CARGO = '9f5e0b4a-6d3c-4e8a-9b2c-3d4e5f6a7b82';
const CARGO2 = 'a06f1c5b-7e4d-4f9b-8c3d-4e5f6a7b8c93';
const DEPT = 'b1702d6c-8f5e-4a0c-9d4e-5f6a7b8c9da4';
const MOTIVO = 'c2813e7d-9a6f-4b1d-8e5f-6a7b8c9d0eb5';

const RULES: UserFormRules = {
  tiposUsuarioDocumentoObrigatorio: ['DEALER_GRUPO'],
  tiposUsuarioInformarCargo: ['DEALER_GRUPO'],
  tiposUsuarioInformarGestao: ['DEALER_GRUPO'],
  informarDepartamentoCargo: false,
  cargosExistem: true,
};
const NO_RULES: UserFormRules = {
  tiposUsuarioDocumentoObrigatorio: [],
  tiposUsuarioInformarCargo: [],
  tiposUsuarioInformarGestao: [],
  informarDepartamentoCargo: false,
  cargosExistem: false,
};

/** A valid dealer user under RULES; `over` replaces parts (usuario merged). */
const form = (over: { usuario?: Record<string, unknown>; cargos?: unknown; infos?: unknown } = {}) => ({
  usuario: {
    nome: 'Ana',
    email: 'ana@x.demo',
    cpf: '529.982.247-25',
    tipo: 'DEALER_GRUPO',
    idsDealers: [DEALER],
    ...over.usuario,
  },
  cargos: 'cargos' in over ? over.cargos : [{ cargoId: CARGO, dealerId: DEALER, dataInicio: '2026-01-05' }],
  infos:
    'infos' in over ? over.infos : { dataAdmissao: '2026-01-05', emailSuperior: 'Chefe@X.demo', dataDesligamento: '' },
});

describe('salvarUsuarioSchema (the user form of the administration)', () => {
  const schema = salvarUsuarioSchema(RULES);

  it('normalises: e-mails lowercased, CPF digits, empty becomes null, absent lists empty', () => {
    const parsed = schema.parse(form({ usuario: { email: ' Ana@X.Demo ', telefones: ['(11) 3456-7890'] } }));
    expect(parsed.usuario).toMatchObject({
      email: 'ana@x.demo',
      cpf: '52998224725',
      idioma: null,
      telefones: ['1134567890'],
      celulares: [],
      codigos: [],
      marcas: [],
      produtos: [],
    });
    expect(parsed.infos).toEqual({
      dataAdmissao: '2026-01-05',
      emailSuperior: 'chefe@x.demo',
      dataDesligamento: null,
      desligamentoId: null,
    });
    expect(parsed.cargos).toEqual([
      { cargoId: CARGO, dealerId: DEALER, departamentoId: null, dataInicio: '2026-01-05' },
    ]);
  });

  it('ignores management data and positions for the types that do not carry them', () => {
    const parsed = schema.parse(
      form({ usuario: { tipo: 'MONTADORA', idsDealers: [], cpf: '' }, infos: { dataAdmissao: 'nope' } }),
    );
    expect(parsed.infos).toBeNull();
    expect(parsed.cargos).toEqual([]);
    expect(parsed.usuario.cpf).toBeNull();
  });

  it.each([
    ['no name', form({ usuario: { nome: '' } }), { 'usuario.nome': 'validation.required' }],
    ['a malformed e-mail', form({ usuario: { email: 'a@' } }), { 'usuario.email': 'validation.email' }],
    [
      'a CPF with wrong check digits',
      form({ usuario: { cpf: '529.982.247-26' } }),
      { 'usuario.cpf': 'validation.invalid' },
    ],
    ['no CPF for a document-required type', form({ usuario: { cpf: ' ' } }), { 'usuario.cpf': 'validation.required' }],
    ['an empty code', form({ usuario: { codigos: ['A1', ' '] } }), { 'usuario.codigos.1': 'validation.required' }],
    ['no type', form({ usuario: { tipo: undefined } }), { 'usuario.tipo': 'validation.required' }],
    [
      'a dealer user without dealers',
      form({ usuario: { idsDealers: [] }, cargos: [{ cargoId: CARGO, dataInicio: '2026-01-05' }] }),
      { 'usuario.idsDealers': 'users.dealerRequired' },
    ],
    [
      'a malformed phone',
      form({ usuario: { celulares: ['(11) 9'] } }),
      { 'usuario.celulares.0': 'validation.invalidFormat' },
    ],
    [
      'no admission date',
      form({ infos: { emailSuperior: 'c@x.demo' } }),
      { 'infos.dataAdmissao': 'validation.required' },
    ],
    [
      'no management data at all',
      form({ infos: null }),
      {
        'infos.dataAdmissao': 'validation.required',
        'infos.emailSuperior': 'validation.required',
      },
    ],
    [
      "a malformed superior's e-mail",
      form({ infos: { dataAdmissao: '2026-01-05', emailSuperior: 'x' } }),
      {
        'infos.emailSuperior': 'validation.email',
      },
    ],
    [
      'a dismissal before the admission',
      form({
        infos: {
          dataAdmissao: '2026-01-05',
          emailSuperior: 'c@x.demo',
          dataDesligamento: '2026-01-04',
          desligamentoId: MOTIVO,
        },
      }),
      { 'infos.dataDesligamento': 'users.dismissalBeforeAdmission' },
    ],
    [
      'a dismissal without a reason',
      form({ infos: { dataAdmissao: '2026-01-05', emailSuperior: 'c@x.demo', dataDesligamento: '2026-02-01' } }),
      { 'infos.desligamentoId': 'users.dismissalReasonRequired' },
    ],
    [
      'an impossible day',
      form({ infos: { dataAdmissao: '2026-02-30', emailSuperior: 'c@x.demo' } }),
      {
        'infos.dataAdmissao': 'validation.invalidDate',
      },
    ],
    ['no positions', form({ cargos: [] }), { cargos: 'users.positionRequired' }],
    [
      'a selected dealer without a position',
      form({ usuario: { idsDealers: [DEALER, DEALER2] } }),
      { cargos: 'users.positionPerDealer' },
    ],
    [
      "a position at a dealer that isn't selected",
      form({
        cargos: [
          { cargoId: CARGO, dealerId: DEALER, dataInicio: '2026-01-05' },
          { cargoId: CARGO, dealerId: DEALER2, dataInicio: '2026-01-05' },
        ],
      }),
      { 'cargos.1.dealerId': 'users.positionDealerNotSelected' },
    ],
    [
      'the same position twice at a dealer',
      form({
        cargos: [
          { cargoId: CARGO, dealerId: DEALER, dataInicio: '2026-01-05' },
          { cargoId: CARGO, dealerId: DEALER, dataInicio: '2026-03-05' },
        ],
      }),
      { 'cargos.1.cargoId': 'users.positionDuplicate' },
    ],
    [
      'a position without start',
      form({ cargos: [{ cargoId: CARGO, dealerId: DEALER }] }),
      {
        'cargos.0.dataInicio': 'validation.required',
      },
    ],
    ['an unknown field of the user', form({ usuario: { senha: 'x' } }), { usuario: 'validation.invalid' }],
    [
      'an unknown field of a position',
      form({ cargos: [{ cargoId: CARGO, dealerId: DEALER, dataInicio: '2026-01-05', x: 1 }] }),
      {
        'cargos.0': 'validation.invalid',
      },
    ],
    [
      'an unknown field of the management data',
      form({ infos: { dataAdmissao: '2026-01-05', emailSuperior: 'c@x.demo', salario: 1 } }),
      {
        infos: 'validation.invalid',
      },
    ],
    [
      'an unknown permission field',
      form({ usuario: { produtos: [{ idProduto: DEPT, idsFuncionalidades: [], idsTiposAcesso: [], chaves: [] }] } }),
      {
        'usuario.produtos.0': 'validation.invalid',
      },
    ],
  ])('refuses %s', (_, input, expected) => {
    expect(problems(schema, input)).toEqual(expected);
  });

  it('asks the department of each position when departments are shown', () => {
    const withDepts = salvarUsuarioSchema({ ...RULES, informarDepartamentoCargo: true });
    expect(problems(withDepts, form())).toEqual({ 'cargos.0.departamentoId': 'validation.required' });
    const ok = form({ cargos: [{ cargoId: CARGO, dealerId: DEALER, departamentoId: DEPT, dataInicio: '2026-01-05' }] });
    expect(problems(withDepts, ok)).toEqual({});
  });

  it('with no positions in the catalogue asks neither positions nor admission and superior', () => {
    const rules = { ...RULES, cargosExistem: false };
    expect(problems(salvarUsuarioSchema(rules), form({ cargos: [], infos: null }))).toEqual({});
    expect(problems(salvarUsuarioSchema(NO_RULES), form({ usuario: { cpf: null }, cargos: [], infos: null }))).toEqual(
      {},
    );
  });
});

describe('positionAddIssue (adding a position)', () => {
  const held: CargoEntry[] = [{ cargoId: CARGO, dealerId: DEALER, dataInicio: '2026-03-01' }];
  it.each<[string, CargoEntry, UserFormRules, string | null]>([
    [
      'another position at the same dealer, later',
      { cargoId: CARGO2, dealerId: DEALER, dataInicio: '2026-03-02' },
      RULES,
      null,
    ],
    [
      'the same position at another dealer',
      { cargoId: CARGO, dealerId: DEALER2, dataInicio: '2020-01-01' },
      RULES,
      null,
    ],
    ['no position', { cargoId: '', dealerId: DEALER, dataInicio: '2026-03-02' }, RULES, 'users.positionFieldsRequired'],
    ['no start', { cargoId: CARGO2, dealerId: DEALER, dataInicio: '' }, RULES, 'users.positionFieldsRequired'],
    [
      'no department when departments are shown',
      { cargoId: CARGO2, dealerId: DEALER, dataInicio: '2026-03-02' },
      { ...RULES, informarDepartamentoCargo: true },
      'users.positionFieldsRequired',
    ],
    [
      'an impossible start',
      { cargoId: CARGO2, dealerId: DEALER, dataInicio: '2026-13-01' },
      RULES,
      'validation.invalidDate',
    ],
    [
      'the same position at the same dealer',
      { cargoId: CARGO, dealerId: DEALER, dataInicio: '2026-04-01' },
      RULES,
      'users.positionDuplicate',
    ],
    [
      'a start earlier than a position held at that dealer',
      { cargoId: CARGO2, dealerId: DEALER, dataInicio: '2026-02-28' },
      RULES,
      'users.positionStartsBeforeExisting',
    ],
  ])('%s', (_, candidate, rules, expected) => {
    expect(positionAddIssue(held, candidate, rules)).toBe(expected);
  });
});

describe('redundantAccessTypes (the permissions redundancy error)', () => {
  const types = [
    { id: 't1', nome: 'Vendedor', funcionalidadesPadrao: ['f1', 'f2'] },
    { id: 't2', nome: 'Gerente', funcionalidadesPadrao: ['f2', 'f3'] },
    { id: 't3', nome: 'Vazio', funcionalidadesPadrao: [] },
  ];
  it.each<[string, string[], string[]]>([
    ['nothing selected one by one', [], []],
    ['some of the defaults', ['f1'], []],
    ['all the defaults of one type', ['f1', 'f2'], ['Vendedor']],
    ['all the defaults of both, in order', ['f3', 'f2', 'f1', 'f9'], ['Vendedor', 'Gerente']],
  ])('%s', (_, features, expected) => {
    expect(redundantAccessTypes(types, features)).toEqual(expected);
  });
});
