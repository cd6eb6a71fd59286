import { describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits, isValidCnpj } from './cnpj.js';
import { changePasswordSchema, passwordProblems } from './password.js';

describe('password rules (docs/domains/sign-in-and-sessions.md#passwords)', () => {
  it.each([
    ['Portal@2026', []],
    ['short1!', ['password.min', 'password.upper']],
    ['alllowercase1!', ['password.upper']],
    ['ALLUPPERCASE1!', ['password.lower']],
    ['NoNumbers!!', ['password.number']],
    ['NoSymbols123', ['password.symbol']],
    ['', ['password.min', 'password.upper', 'password.lower', 'password.number', 'password.symbol']],
  ])('%s -> %o', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
  });

  it('change password: current required, new differs, confirmation matches', () => {
    const issues = (v: object) =>
      changePasswordSchema.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];
    expect(issues({ senhaAtual: 'Portal@2026', novaSenha: 'Nova@2027', confirmacao: 'Nova@2027' })).toEqual([]);
    expect(issues({ senhaAtual: '', novaSenha: 'Nova@2027', confirmacao: 'Nova@2027' })).toEqual([
      'senhaAtual:validation.required',
    ]);
    expect(issues({ senhaAtual: 'Portal@2026', novaSenha: 'Portal@2026', confirmacao: 'Portal@2026' })).toEqual([
      'novaSenha:password.sameAsCurrent',
    ]);
    expect(issues({ senhaAtual: 'Portal@2026', novaSenha: 'Nova@2027', confirmacao: 'Nova@2028' })).toEqual([
      'confirmacao:password.confirmationMismatch',
    ]);
  });
});

describe('CNPJ check digits', () => {
  it.each([
    ['11.222.333/0001-81', true],
    ['11222333000181', true],
    ['11.222.333/0001-82', false],
    ['00.000.000/0000-00', false],
    ['123', false],
  ])('%s -> %s', (cnpj, valid) => {
    expect(isValidCnpj(cnpj)).toBe(valid);
  });

  it('completes check digits that validate', () => {
    for (const base of ['112223330001', '987654320001', '123456780001'])
      expect(isValidCnpj(cnpjWithCheckDigits(base))).toBe(true);
  });
});
