import { type FormEvent, useState } from 'react';
import { focusFirstInvalid } from './focus-first-invalid';
import { useLeaveGuard } from './leave-guard';
import { serverFieldErrors } from './server-errors';

/** The part of a zod schema the forms use (keeps zod itself out of the web's direct dependencies). */
export type FormSchema<O> = {
  safeParse(value: unknown): { success: true; data: O } | { success: false; error: { issues: SchemaIssue[] } };
};
type SchemaIssue = { path: PropertyKey[]; message: string };

/** What a kit field needs from the form: spread `form.bind('field')` onto it. */
export type FieldBinding<V> = {
  name: string;
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  /** The i18n key of the error to show, if any. */
  error?: string;
};

/**
 * Form state bound to a domain schema (the forms rule of `docs/ARCHITECTURE.md`): values validated by
 * the schema the server also uses on every change; a field's first error (an i18n key) shows once it
 * was touched or a submit was attempted; submit marks everything attempted and calls `onValid` only
 * when valid. The server's per-field errors (`showServerErrors`) show on their field until it changes.
 * The schema may change between renders (a form whose buttons need different rules passes the rules
 * of the last button pressed) and `initial` may be a function, read once. While its values differ from where it
 * started (or was last `reset` or `saved`), leaving the page asks first (leave-guard.ts).
 */
export function useZodForm<I extends Record<string, unknown>, O>(schema: FormSchema<O>, initial: I | (() => I)) {
  const [values, setValues] = useState<I>(initial);
  const [baseline, setBaseline] = useState<I>(values);
  const dirty = values !== baseline && JSON.stringify(values) !== JSON.stringify(baseline);
  useLeaveGuard(dirty);
  const [touched, setTouched] = useState<Partial<Record<keyof I, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [fromServer, setFromServer] = useState<Partial<Record<keyof I, string>>>({});

  const result = schema.safeParse(values);
  const errors: Partial<Record<keyof I, string>> = {};
  const allErrors: Partial<Record<keyof I, string[]>> = {};
  if (!result.success)
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof I;
      errors[field] ??= issue.message;
      allErrors[field] = [...(allErrors[field] ?? []), issue.message];
    }

  const set = <K extends keyof I>(field: K, value: I[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFromServer((e) => ({ ...e, [field]: undefined }));
  };
  const touch = (field: keyof I) => setTouched((t) => ({ ...t, [field]: true }));
  /** The i18n key of the field's error, when it should show. */
  const errorOf = (field: keyof I): string | undefined =>
    fromServer[field] ?? (touched[field] || submitted ? errors[field] : undefined);

  return {
    values,
    /**
     * Every problem of the field (i18n keys: the server's first), when they should show: for fields
     * whose rules are listed together, like a new password's.
     */
    messagesOf: (field: keyof I): string[] => {
      const own = touched[field] || submitted ? (allErrors[field] ?? []) : [];
      const server = fromServer[field];
      return server ? [server, ...own] : own;
    },
    /** The field errors (i18n keys) of the current values, shown or not. */
    errors,
    /** Whether a submit was attempted (every error shows). */
    submitted,
    /**
     * Validates `values` with `check` (the rules of the button pressed) and marks the form attempted,
     * so every error shows; answers whether it passed.
     */
    attempt: (check: FormSchema<unknown> = schema): boolean => {
      setSubmitted(true);
      const valid = check.safeParse(values).success;
      if (!valid) focusFirstInvalid();
      return valid;
    },
    setValues,
    set,
    touch,
    errorOf,
    bind: <K extends keyof I & string>(field: K): FieldBinding<I[K]> => ({
      name: field,
      value: values[field],
      onChange: (value) => set(field, value),
      onBlur: () => touch(field),
      error: errorOf(field),
    }),
    /**
     * Shows a BAD_USER_INPUT answer's `extensions.fields` on the form's fields. Answers whether any
     * field took one (else the caller shows the failure as a toast).
     */
    showServerErrors: (error: unknown): boolean => {
      const mine = Object.entries(serverFieldErrors(error)).filter(([field]) => field in values);
      if (mine.length > 0) {
        setFromServer(Object.fromEntries(mine) as Partial<Record<keyof I, string>>);
        focusFirstInvalid();
      }
      return mine.length > 0;
    },
    /** Whether the values differ from where the form started (or was last reset or saved). */
    dirty,
    /** The current values are saved: leaving no longer asks (until they change again). */
    saved: () => setBaseline(values),
    reset: (next: I = typeof initial === 'function' ? (initial as () => I)() : initial) => {
      setValues(next);
      setBaseline(next);
      setTouched({});
      setSubmitted(false);
      setFromServer({});
    },
    onSubmit: (onValid: (data: O) => unknown) => (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      if (result.success) void onValid(result.data);
      else focusFirstInvalid(event.currentTarget as Element);
    },
  };
}

/** The form object of `useZodForm`, for components that take one. */
export type ZodForm<I extends Record<string, unknown>, O = unknown> = ReturnType<typeof useZodForm<I, O>>;
