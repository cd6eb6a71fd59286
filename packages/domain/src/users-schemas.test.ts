import { describe, expect, it } from 'vitest';
import { changeLanguageSchema, createUserSchema, onboardingSeenSchema } from './users-schemas.js';

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
