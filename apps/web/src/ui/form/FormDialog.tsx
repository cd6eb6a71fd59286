import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
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
  /**
   * Whether the form holds something the user would lose. Default: something was typed in it (an `input`
   * event inside the form). Esc or a click outside then asks before closing; Cancel never asks.
   */
  dirty?: boolean;
  children: ReactNode;
};

/**
 * A dialog around one form: title, fields, cancel and submit. Enter submits (a real form), and a busy
 * dialog cannot be closed by Esc or the backdrop, so a failed write leaves it open and usable. A dialog
 * with typed content asks before Esc or a click outside throws it away (docs/domains/screens-and-forms.md).
 */
export function FormDialog({
  open = true,
  title,
  submitLabel,
  busy,
  onClose,
  onSubmit,
  maxWidth = 'sm',
  dirty,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const askId = useId();
  const [typed, setTyped] = useState(false);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    // A dialog kept mounted starts clean each time it opens.
    if (!open) setTyped(false);
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(event);
  };
  // Esc and the backdrop: straight away when nothing would be lost, else after the user says so.
  const dismiss = () => {
    if (busy) return;
    if (dirty ?? typed) setAsking(true);
    else onClose();
  };
  return (
    <>
      <Dialog open={open} onClose={dismiss} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
        <form noValidate onSubmit={submit} onInput={() => setTyped(true)}>
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
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby={askId} maxWidth="xs" role="alertdialog">
        <DialogTitle id={askId}>{t('common.discardTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('common.discardText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} autoFocus>
            {t('common.keepEditing')}
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setAsking(false);
              onClose();
            }}
          >
            {t('common.discard')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
