import { ApolloError } from '@apollo/client';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Toast duration and position of SPEC §8/§9: bottom-left, 5000 ms. */
export const TOAST_DURATION_MS = 5000;

/** Mounts the toasts (notistack) around the app. Variants: success, warning, error, info. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      autoHideDuration={TOAST_DURATION_MS}
      maxSnack={3}
    >
      {children}
    </SnackbarProvider>
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
  success: (message: string) => void;
  warning: (message: string) => void;
  info: (message: string) => void;
  /** A message or i18n key, an Apollo error (its server message) or any other error (generic text). */
  error: (errorOrMessage: unknown) => void;
};

/** Shows toasts; messages may be i18n keys or already translated texts. */
export function useToast(): Toast {
  const { enqueueSnackbar } = useSnackbar();
  const { t: translate, i18n } = useTranslation();
  return useMemo(() => {
    // A key is translated; a text that is not a key (already translated) is shown as it is.
    const t = (text: string) => (i18n.exists(text) ? translate(text) : text);
    return {
      success: (message) => enqueueSnackbar(t(message), { variant: 'success' }),
      warning: (message) => enqueueSnackbar(t(message), { variant: 'warning' }),
      info: (message) => enqueueSnackbar(t(message), { variant: 'info' }),
      error: (error) => enqueueSnackbar(errorText(error, t), { variant: 'error' }),
    } satisfies Toast;
  }, [enqueueSnackbar, translate, i18n]);
}
