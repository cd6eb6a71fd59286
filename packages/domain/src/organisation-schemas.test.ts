import { describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits } from './cnpj.js';
import {
  brandSchema,
  cnpjSearchDigits,
  dealerGroupSchema,
  dealerSchema,
  dealerUpdateSchema,
  userGroupSchema,
} from './organisation-schemas.js';

const GROUP = '7d3c8f2e-4b1a-4c6e-9f0a-1b2c3d4e5f60';
const CNPJ = '11.444.777/0001-61';
const OTHER_CNPJ = cnpjWithCheckDigits('112223330001');

/** The i18n keys of the issues of a failed parse, by field path. */
function problems(schema: { safeParse(v: unknown): any }, input: unknown): Record<string, string> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i: any) => [i.path.join('.'), i.message]));
}

const dealer = (over: Record<string, unknown> = {}) => ({
  nome: 'Horizonte Veículos Ltda',
  nomeExibicao: 'Horizonte',
  cnpj: CNPJ,
  codigoPrincipal: 'D001',
  grupoId: GROUP,
  ...over,
});

describe('dealer schema (CNPJ, code, corporate name)', () => {
  it('accepts a valid dealer, storing CNPJ and CEP as digits, with defaults', () => {
    const parsed = dealerSchema.parse(dealer({ cep: '01310-100', uf: 'SP', cnpjsAdicionais: [OTHER_CNPJ] }));
    expect(parsed).toMatchObject({
      cnpj: '11444777000161',
      cnpjsAdicionais: [OTHER_CNPJ],
      cep: '01310100',
      uf: 'SP',
      codigosAdicionais: [],
      marcaIds: [],
      contatos: [],
      active: true,
      logradouro: null,
    });
  });

  it.each([
    ['a short corporate name', { nome: 'Curta Ltd' }, { nome: 'organisation.corporateNameMin' }],
    ['no corporate name', { nome: '  ' }, { nome: 'validation.required' }],
    ['no display name', { nomeExibicao: '' }, { nomeExibicao: 'validation.required' }],
    ['no CNPJ', { cnpj: '' }, { cnpj: 'validation.required' }],
    ['an incomplete CNPJ', { cnpj: '11.444.777/0001' }, { cnpj: 'validation.invalidFormat' }],
    ['wrong check digits', { cnpj: '11.444.777/0001-62' }, { cnpj: 'validation.invalid' }],
    [
      'an additional CNPJ like the main one',
      { cnpjsAdicionais: ['11444777000161'] },
      { 'cnpjsAdicionais.0': 'organisation.cnpjRepeated' },
    ],
    [
      'an invalid additional CNPJ',
      { cnpjsAdicionais: ['11444777000100'] },
      { 'cnpjsAdicionais.0': 'validation.invalid' },
    ],
    ['no code', { codigoPrincipal: ' ' }, { codigoPrincipal: 'validation.required' }],
    ['a code over 20 characters', { codigoPrincipal: 'X'.repeat(21) }, { codigoPrincipal: 'validation.tooLong' }],
    [
      'an additional code like the main one',
      { codigosAdicionais: ['D001'] },
      { 'codigosAdicionais.0': 'organisation.codeRepeated' },
    ],
    ['an empty additional code', { codigosAdicionais: [''] }, { 'codigosAdicionais.0': 'validation.required' }],
    ['no group', { grupoId: undefined }, { grupoId: 'validation.required' }],
    ['a brand that is no id', { marcaIds: ['x'] }, { 'marcaIds.0': 'validation.invalid' }],
    ['an unknown federated unit', { uf: 'XX' }, { uf: 'validation.invalid' }],
    ['an incomplete CEP', { cep: '01310-10' }, { cep: 'validation.invalidFormat' }],
    ['a product that is no id', { produtoIds: ['x'] }, { 'produtoIds.0': 'validation.invalid' }],
    ['a contact without name', { contatos: [{ nome: '' }] }, { 'contatos.0.nome': 'validation.required' }],
    [
      'a contact e-mail that is not one',
      { contatos: [{ nome: 'Ana', email: 'ana@' }] },
      { 'contatos.0.email': 'validation.email' },
    ],
    [
      'an incomplete phone',
      { contatos: [{ nome: 'Ana', telefone: '(11) 4000' }] },
      { 'contatos.0.telefone': 'validation.invalidFormat' },
    ],
    [
      'an empty complementary value',
      { dadosComplementares: [{ dadoComplementarId: GROUP, valor: ' ' }] },
      { 'dadosComplementares.0.valor': 'validation.required' },
    ],
    [
      'a complementary datum given twice',
      {
        dadosComplementares: [
          { dadoComplementarId: GROUP, valor: 'a' },
          { dadoComplementarId: GROUP, valor: 'b' },
        ],
      },
      { 'dadosComplementares.1.dadoComplementarId': 'validation.invalid' },
    ],
  ])('refuses %s', (_, over, expected) => {
    expect(problems(dealerSchema, dealer(over))).toEqual(expected);
  });

  it('keeps an empty contact e-mail and phone as absent, and accepts a mobile number', () => {
    expect(
      dealerSchema.parse(dealer({ contatos: [{ nome: 'Ana', email: '', telefone: '(11) 98765-4321' }] })).contatos,
    ).toEqual([{ nome: 'Ana', telefone: '(11) 98765-4321' }]);
  });
});

describe('dealer update schema (the same rules, plus the id)', () => {
  const ID = '0b7e8c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b';

  it('accepts the dealer with its id', () => {
    expect(dealerUpdateSchema.parse(dealer({ id: ID }))).toMatchObject({ id: ID, cnpj: '11444777000161' });
  });

  it.each([
    ['no id', {}, { id: 'validation.invalid' }],
    ['an id that is no uuid', { id: '42' }, { id: 'validation.invalid' }],
    ['a short corporate name', { id: ID, nome: 'Curta' }, { nome: 'organisation.corporateNameMin' }],
    ['wrong check digits', { id: ID, cnpj: '11.444.777/0001-62' }, { cnpj: 'validation.invalid' }],
    [
      'a repeated additional CNPJ',
      { id: ID, cnpjsAdicionais: [OTHER_CNPJ, OTHER_CNPJ] },
      { 'cnpjsAdicionais.1': 'organisation.cnpjRepeated' },
    ],
    [
      'a repeated additional code',
      { id: ID, codigosAdicionais: ['X1', 'X1'] },
      { 'codigosAdicionais.1': 'organisation.codeRepeated' },
    ],
    [
      'an additional code over 20 characters',
      { id: ID, codigosAdicionais: ['Y'.repeat(21)] },
      { 'codigosAdicionais.0': 'validation.tooLong' },
    ],
  ])('refuses %s', (_, over, expected) => {
    expect(problems(dealerUpdateSchema, dealer(over))).toEqual(expected);
  });
});

describe('brand schema and the CNPJ search', () => {
  it.each([
    [{ descricao: ' Aurora ' }, {}],
    [{ descricao: '' }, { descricao: 'validation.required' }],
    [{ descricao: 'x'.repeat(256) }, { descricao: 'validation.tooLong' }],
  ])('brand %j', (input, expected) => {
    expect(problems(brandSchema, input)).toEqual(expected);
  });

  it.each([
    ['11.444.777/0001-61', '11444777000161'],
    ['11444777000161', '11444777000161'],
    ['11.444', '11444'],
    ['D001', null],
    ['Horizonte', null],
    ['12', null],
  ])('reads %j as CNPJ digits %j', (busca, digits) => {
    expect(cnpjSearchDigits(busca)).toBe(digits);
  });
});

describe('dealer group and user group schemas', () => {
  it('trims the name and defaults to active (and private for user groups)', () => {
    expect(dealerGroupSchema.parse({ nome: ' Grupo Sul ' })).toEqual({ nome: 'Grupo Sul', active: true });
    expect(userGroupSchema.parse({ nome: 'Vendas' })).toEqual({ nome: 'Vendas', publico: false, active: true });
  });

  it.each([
    [{ nome: '' }, { nome: 'validation.required' }],
    [{}, { nome: 'validation.required' }],
    [{ nome: 'x'.repeat(256) }, { nome: 'validation.tooLong' }],
  ])('refuses %j', (input, expected) => {
    expect(problems(dealerGroupSchema, input)).toEqual(expected);
    expect(problems(userGroupSchema, input)).toEqual(expected);
  });
});
