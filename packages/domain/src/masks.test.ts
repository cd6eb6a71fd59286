import { describe, expect, it } from 'vitest';
import { applyMask, isValidCpf, maskedString, maskProblem } from './masks.js';

describe('masked inputs (docs/domains/screens-and-forms.md#masked-inputs)', () => {
  it('formats typed digits with the mask', () => {
    expect(applyMask('cpf', '52998224725')).toBe('529.982.247-25');
    expect(applyMask('cnpj', '11444777000161')).toBe('11.444.777/0001-61');
    expect(applyMask('cep', '01310100')).toBe('01310-100');
    expect(applyMask('phone', '1133334444')).toBe('(11) 3333-4444');
    expect(applyMask('phone', '11987654321')).toBe('(11) 98765-4321');
    expect(applyMask('cep', '0131')).toBe('0131');
    expect(applyMask('cep', '013101009999')).toBe('01310-100');
  });

  it("answers 'Formato inválido' while incomplete, else 'Valor inválido' for a wrong value", () => {
    expect(maskProblem('cpf', '')).toBeNull();
    expect(maskProblem('cpf', '529.982.247')).toBe('validation.invalidFormat');
    expect(maskProblem('cpf', '529.982.247-26')).toBe('validation.invalid');
    expect(maskProblem('cpf', '111.111.111-11')).toBe('validation.invalid');
    expect(maskProblem('cpf', '529.982.247-25')).toBeNull();
    expect(maskProblem('cnpj', '11.444.777/0001-61')).toBeNull();
    expect(maskProblem('cnpj', '11.444.777/0001-62')).toBe('validation.invalid');
    expect(maskProblem('cep', '01310-10')).toBe('validation.invalidFormat');
    expect(maskProblem('phone', '(11) 3333-444')).toBe('validation.invalidFormat');
    expect(maskProblem('phone', '(11) 88765-4321')).toBe('validation.invalid');
    expect(maskProblem('phone', '(01) 3333-4444')).toBe('validation.invalid');
    expect(isValidCpf('52998224725')).toBe(true);
  });

  it('serves the schemas with the same keys', () => {
    const result = maskedString('cep').safeParse('0131');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.invalidFormat');
    expect(maskedString('cep').safeParse('').success).toBe(true);
  });
});
