import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

export type FormDialogProps = {
  /** Default true: most dialogs mount only while open. */
  open?: boolean;
  title: ReactNode;
  submitLabel: string;
  /** While true the form is disabled and the dialog cannot be dismissed. */
  busy: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
};

/**
 * A dialog around one form: title, fields, cancel and submit. Enter submits (a real form), and a busy
 * dialog cannot be closed by Esc or the backdrop, so a failed write leaves it open and usable.
 */
export function FormDialog({
  open = true,
  title,
  submitLabel,
  busy,
  onClose,
  onSubmit,
  maxWidth = 'sm',
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(event);
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
