import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from './toast';

/**
 * The dialog leaves the page this long after closing, once its exit transition is over
 * (docs/domains/screens-and-forms.md#confirm-dialog).
 */
export const CONFIRM_UNMOUNT_MS = 1000;

export type ConfirmDialogProps = {
  open: boolean;
  /** Called once the dialog is done: after a cancel, or after the confirmation succeeded or failed. */
  onClose: () => void;
  /** The action; while its promise is pending the dialog shows a loading state. */
  onConfirm: () => unknown;
  onCancel?: () => void;
  /** Texts (already translated); defaults 'Você tem certeza?', 'Confirmar', 'Cancelar' in the user's language. */
  title?: string;
  subtitle?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Success toast text; `false` shows none. Default: a generic success text. */
  successMessage?: string | false;
  /** Error toast text; default: the server's message of the error (or the generic error text). */
  errorMessage?: string;
};

/**
 * The generic confirm dialog (docs/domains/screens-and-forms.md#confirm-dialog): idle → loading on confirm → success or
 * error toast → closed either way. Esc cancels, Enter confirms.
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  onCancel,
  title,
  subtitle,
  confirmLabel,
  cancelLabel,
  successMessage,
  errorMessage,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const titleId = useId();
  const [loading, setLoading] = useState(false);
  const [mounted, setMounted] = useState(open);

  useEffect(() => {
    if (open) {
      setMounted(true);
      return;
    }
    const timer = setTimeout(() => setMounted(false), CONFIRM_UNMOUNT_MS);
    return () => clearTimeout(timer);
  }, [open]);

  if (!mounted && !open) return null;

  const cancel = () => {
    if (loading) return;
    onCancel?.();
    onClose();
  };

  const confirm = async () => {
    if (loading || !open) return;
    setLoading(true);
    try {
      await onConfirm();
      if (successMessage !== false) toast.success(successMessage ?? t('confirm.success'));
    } catch (error) {
      console.error(error);
      toast.error(errorMessage ?? error);
    } finally {
      setLoading(false);
      onClose();
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // A focused button answers Enter itself.
    if (event.key !== 'Enter' || (event.target as HTMLElement).closest('button')) return;
    event.preventDefault();
    void confirm();
  };

  return (
    <Dialog
      open={open}
      onClose={cancel}
      onKeyDown={onKeyDown}
      aria-labelledby={titleId}
      aria-busy={loading}
      keepMounted
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title ?? t('confirm.title')}</DialogTitle>
      {subtitle && (
        <DialogContent>
          <DialogContentText>{subtitle}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={cancel} disabled={loading}>
          {cancelLabel ?? t('confirm.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void confirm()}
          disabled={loading}
          startIcon={loading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {confirmLabel ?? t('confirm.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
