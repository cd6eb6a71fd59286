import { type FormEvent, useState } from 'react';

/** The part of a zod schema the forms use (keeps zod itself out of the web's direct dependencies). */
type Schema<O> = {
  safeParse(value: unknown): { success: true; data: O } | { success: false; error: { issues: SchemaIssue[] } };
};
type SchemaIssue = { path: PropertyKey[]; message: string };

/**
 * Form state for the library dialogs (SPEC §4, house style of ChangePasswordForm): values validated
 * by a domain schema on every change; a field's first error (an i18n key) shows once it was touched
 * or a submit was attempted; submit marks everything attempted and calls `onValid` only when valid.
 */
export function useZodForm<I extends Record<string, unknown>, O>(schema: Schema<O>, initial: I) {
  const [values, setValues] = useState<I>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof I, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const result = schema.safeParse(values);
  const errors: Partial<Record<keyof I, string>> = {};
  if (!result.success)
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof I;
      errors[field] ??= issue.message;
    }

  return {
    values,
    setValues,
    set: <K extends keyof I>(field: K, value: I[K]) => setValues((v) => ({ ...v, [field]: value })),
    touch: (field: keyof I) => setTouched((t) => ({ ...t, [field]: true })),
    /** The i18n key of the field's error, when it should show. */
    errorOf: (field: keyof I): string | undefined => (touched[field] || submitted ? errors[field] : undefined),
    reset: (next: I = initial) => {
      setValues(next);
      setTouched({});
      setSubmitted(false);
    },
    onSubmit: (onValid: (data: O) => unknown) => (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      if (result.success) void onValid(result.data);
    },
  };
}
