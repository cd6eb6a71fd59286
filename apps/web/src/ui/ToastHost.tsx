import Button from '@mui/material/Button';
import { TOAST_DURATION_MS } from '@portal/domain';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';

/** A toast waiting for notistack (asked for through useToast before it has loaded). */
export type QueuedToast = {
  message: string;
  variant: 'success' | 'warning' | 'error' | 'info';
  /** One button on the toast (Undo); clicking it closes the toast. */
  action?: ToastAction;
};

/** A toast's button: its (translated) label and what it does. */
export type ToastAction = { label: string; onClick: () => void };

type Props = { queue: QueuedToast[]; onShown: (count: number) => void };

/** notistack's toasts, mounted with the first toast (see ToastProvider): shows what is queued. */
export function ToastHost({ queue, onShown }: Props) {
  useEffect(() => {
    if (!queue.length) return;
    for (const toast of queue) {
      const { action } = toast;
      enqueueSnackbar(toast.message, {
        variant: toast.variant,
        action: action
          ? (key) => (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  closeSnackbar(key);
                  action.onClick();
                }}
              >
                {action.label}
              </Button>
            )
          : undefined,
      });
    }
    onShown(queue.length);
  }, [queue, onShown]);

  return (
    <SnackbarProvider
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      autoHideDuration={TOAST_DURATION_MS}
      maxSnack={3}
      // The same message again (a second click on a step that still fails) is not stacked over the first.
      preventDuplicate
    />
  );
}
