import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingView } from './LoadingView';
import { loadErrorText } from './load-error-text';

export { loadErrorText };

type Props = {
  loading: boolean;
  error?: unknown;
  /** True when the answer came and has nothing to show. */
  empty?: boolean;
  emptyText?: string;
  /** Shown for a failure without a message from the API (network): 'could not load the ...'. */
  errorFallback?: string;
  /** Rendered once data is there (data kept from a previous answer shows while reloading). */
  children: ReactNode;
  /** True when there is data to show, even while a refetch runs or failed. */
  hasData: boolean;
};

/**
 * One query's states on a screen: loading before the first answer, the API's error message, an empty
 * text, else the content. Data already shown stays during a refetch.
 */
export function QueryState({ loading, error, empty, emptyText, errorFallback, hasData, children }: Props) {
  const { t } = useTranslation();
  if (!hasData && error) return <Alert severity="error">{loadErrorText(error, t, errorFallback)}</Alert>;
  if (!hasData && loading) return <LoadingView />;
  if (!hasData || empty)
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {emptyText ?? t('common.empty')}
      </Typography>
    );
  return children;
}
