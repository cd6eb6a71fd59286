import { describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits } from './cnpj.js';
import { dealerGroupSchema, dealerSchema, userGroupSchema } from './organisation-schemas.js';

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
  ])('refuses %s', (_, over, expected) => {
    expect(problems(dealerSchema, dealer(over))).toEqual(expected);
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
