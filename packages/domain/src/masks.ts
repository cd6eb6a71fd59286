import { isValidCnpj } from './cnpj.js';
import { z } from './zod.js';

/**
 * The masked inputs of the forms (docs/domains/screens-and-forms.md#masked-inputs): Brazilian documents, zip code and
 * phone numbers.
 */
export type MaskKind = 'cpf' | 'cnpj' | 'cep' | 'phone';

/** Each kind's masks, shortest first; `0` stands for a digit. */
export const MASKS: Record<MaskKind, readonly string[]> = {
  cpf: ['000.000.000-00'],
  cnpj: ['00.000.000/0000-00'],
  cep: ['00000-000'],
  phone: ['(00) 0000-0000', '(00) 00000-0000'],
};

const digitsOf = (text: string) => text.replace(/\D/g, '');
const slots = (mask: string) => mask.replaceAll(/[^0]/g, '').length;

/** CPF check digits. Accepts formatted or bare digits. */
export function isValidCpf(value: string): boolean {
  const digits = digitsOf(value);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (len: number) => {
    const sum = [...digits.slice(0, len)].reduce((acc, d, i) => acc + Number(d) * (len + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

/** Formats what was typed with the kind's mask (extra digits are dropped): '12345678' → '12345-678'. */
export function applyMask(kind: MaskKind, text: string): string {
  const masks = MASKS[kind];
  const longest = masks[masks.length - 1];
  const digits = digitsOf(text).slice(0, slots(longest));
  const mask = masks.find((m) => slots(m) >= digits.length) ?? longest;
  let out = '';
  let next = 0;
  for (const char of mask) {
    if (next >= digits.length) break;
    out += char === '0' ? digits[next++] : char;
  }
  return out;
}

const VALID: Record<MaskKind, (digits: string) => boolean> = {
  cpf: isValidCpf,
  cnpj: isValidCnpj,
  cep: () => true,
  // Area code 11–99 without a zero digit; an 11-digit number is a mobile and starts with 9.
  phone: (d) => /^[1-9]{2}/.test(d) && (d.length === 10 || d[2] === '9'),
};

/**
 * The problem of a masked value as an i18n key (docs/domains/screens-and-forms.md#masked-inputs):
 * 'validation.invalidFormat' while the mask is incomplete, 'validation.invalid' when complete but not a valid value;
 * null when fine or empty.
 */
export function maskProblem(kind: MaskKind, value: string): 'validation.invalidFormat' | 'validation.invalid' | null {
  const digits = digitsOf(value);
  if (digits === '') return null;
  if (!MASKS[kind].some((m) => slots(m) === digits.length)) return 'validation.invalidFormat';
  return VALID[kind](digits) ? null : 'validation.invalid';
}

/** An optional masked string for the domain's schemas ('' allowed; use `.min(1)` before it to require one). */
export const maskedString = (kind: MaskKind) =>
  z.string().superRefine((value, ctx) => {
    const problem = maskProblem(kind, value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
