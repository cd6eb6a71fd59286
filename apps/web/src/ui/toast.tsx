import { ApolloError } from '@apollo/client';
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueuedToast, ToastAction } from './ToastHost';

export type { ToastAction };

/** notistack loads with the first toast: most visits show none, and /home's first JavaScript stays small. */
const ToastHost = lazy(async () => ({ default: (await import('./ToastHost')).ToastHost }));
const EnqueueContext = createContext<(toast: QueuedToast) => void>(() => {});

/**
 * Provides the toasts around the app (docs/domains/screens-and-forms.md#toasts: bottom-left, 5000 ms; variants success,
 * warning, error, info). Toasts asked for before notistack has loaded are queued and shown once it has.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<QueuedToast[]>([]);
  const [mounted, setMounted] = useState(false);
  const enqueue = useCallback((toast: QueuedToast) => {
    setMounted(true);
    setQueue((list) => [...list, toast]);
  }, []);
  const onShown = useCallback((count: number) => setQueue((list) => list.slice(count)), []);
  return (
    <EnqueueContext value={enqueue}>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <ToastHost queue={queue} onShown={onShown} />
        </Suspense>
      )}
    </EnqueueContext>
  );
}

/**
 * The text of a failure for the user: the API's translated message of a GraphQL error (the server
 * translates it), a plain string as given (translated when it is a key), and anything else (network
 * errors, exceptions) as the generic 'error.internal' text.
 */
export function errorText(error: unknown, t: (key: string) => string): string {
  if (typeof error === 'string') return t(error);
  if (error instanceof ApolloError) return error.graphQLErrors[0]?.message ?? t('error.internal');
  return t('error.internal');
}

export type Toast = {
  /** `action`: one button on the toast (an Undo), its label translated when it is a key. */
  success: (message: string, action?: ToastAction) => void;
  warning: (message: string) => void;
  info: (message: string) => void;
  /** A message or i18n key, an Apollo error (its server message) or any other error (generic text). */
  error: (errorOrMessage: unknown) => void;
};

/** Shows toasts; messages may be i18n keys or already translated texts. */
export function useToast(): Toast {
  const enqueue = useContext(EnqueueContext);
  const { t: translate, i18n } = useTranslation();
  return useMemo(() => {
    // A key is translated; a text that is not a key (already translated) is shown as it is.
    const t = (text: string) => (i18n.exists(text) ? translate(text) : text);
    return {
      success: (message, action) =>
        enqueue({
          message: t(message),
          variant: 'success',
          ...(action ? { action: { ...action, label: t(action.label) } } : {}),
        }),
      warning: (message) => enqueue({ message: t(message), variant: 'warning' }),
      info: (message) => enqueue({ message: t(message), variant: 'info' }),
      error: (error) => enqueue({ message: errorText(error, t), variant: 'error' }),
    } satisfies Toast;
  }, [enqueue, translate, i18n]);
}
