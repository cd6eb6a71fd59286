import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

export type ViewDialogProps = {
  /** Default true: most dialogs mount only while open. */
  open?: boolean;
  title: ReactNode;
  onClose: () => void;
  /** The close button's text; "Fechar" by default. */
  closeLabel?: string;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** A size of its own instead of `maxWidth` (CSS lengths; not when full screen on a phone): the clone dialog's 70vw by at most 80vh. */
  size?: { width: string; maxHeight: string };
  /** Full screen on a phone (≤ 768 px): for dialogs that hold a list. */
  phoneFullScreen?: boolean;
  /** Lines above and below the content, for long content that scrolls. */
  dividers?: boolean;
  children: ReactNode;
};

/**
 * A dialog that shows something and has nothing to submit (a preview, a read-only list): title, content
 * and one close button; Esc and the backdrop close it too. Forms use FormDialog, confirmations ConfirmDialog.
 */
export function ViewDialog({
  open = true,
  title,
  onClose,
  closeLabel,
  maxWidth = 'md',
  phoneFullScreen = false,
  dividers = false,
  size,
  children,
}: ViewDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery('(max-width:768px)');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={phoneFullScreen && phone}
      slotProps={
        size && !(phoneFullScreen && phone)
          ? { paper: { sx: { width: size.width, maxWidth: size.width, maxHeight: size.maxHeight } } }
          : undefined
      }
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers={dividers}>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{closeLabel ?? t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
