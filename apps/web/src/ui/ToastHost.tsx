import { TOAST_DURATION_MS } from '@portal/domain';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';

/** A toast waiting for notistack (asked for through useToast before it has loaded). */
export type QueuedToast = { message: string; variant: 'success' | 'warning' | 'error' | 'info' };

type Props = { queue: QueuedToast[]; onShown: (count: number) => void };

/** notistack's toasts, mounted with the first toast (see ToastProvider): shows what is queued. */
export function ToastHost({ queue, onShown }: Props) {
  useEffect(() => {
    if (!queue.length) return;
    for (const toast of queue) enqueueSnackbar(toast.message, { variant: toast.variant });
    onShown(queue.length);
  }, [queue, onShown]);

  return (
    <SnackbarProvider
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      autoHideDuration={TOAST_DURATION_MS}
      maxSnack={3}
    />
  );
}
