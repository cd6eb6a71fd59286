import { z } from './zod.js';

/**
 * Password rules (docs/domains/sign-in-and-sessions.md#passwords): at least 8 characters with upper case, lower case,
 * number and symbol.
 */
export const PASSWORD_MIN = 8;

/** Returns the i18n keys of every rule the password breaks (empty when valid). */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN) problems.push('password.min');
  if (!/[A-Z]/.test(password)) problems.push('password.upper');
  if (!/[a-z]/.test(password)) problems.push('password.lower');
  if (!/[0-9]/.test(password)) problems.push('password.number');
  if (!/[^A-Za-z0-9]/.test(password)) problems.push('password.symbol');
  return problems;
}

export const passwordSchema = z.string().superRefine((value, ctx) => {
  for (const message of passwordProblems(value)) ctx.addIssue({ code: 'custom', message });
});

/**
 * Change-password form (docs/domains/sign-in-and-sessions.md#passwords): current required; new differs from current;
 * confirmation matches.
 */
export const changePasswordSchema = z
  .object({
    senhaAtual: z.string().min(1, 'validation.required'),
    novaSenha: passwordSchema,
    confirmacao: z.string().min(1, 'validation.required'),
  })
  .superRefine((v, ctx) => {
    if (v.novaSenha && v.novaSenha === v.senhaAtual)
      ctx.addIssue({ code: 'custom', path: ['novaSenha'], message: 'password.sameAsCurrent' });
    if (v.confirmacao !== v.novaSenha)
      ctx.addIssue({ code: 'custom', path: ['confirmacao'], message: 'password.confirmationMismatch' });
  });
