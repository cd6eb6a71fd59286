import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type ComponentProps, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ComunicadoBody } from './ComunicadoBody';

type Props = { open: boolean; onClose: () => void } & Pick<
  ComponentProps<typeof ComunicadoBody>,
  'comunicado' | 'errata'
>;

/** The form's content as the recipient will see it: the same body as /comunicados/visualizarEnvio. */
export function PreviewDialog({ open, onClose, comunicado, errata }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('communicationsUi.form.previewTitle')}</DialogTitle>
      <DialogContent dividers>
        <ComunicadoBody headingLevel="h2" errata={errata} comunicado={comunicado} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('communicationsUi.form.closePreview')}</Button>
      </DialogActions>
    </Dialog>
  );
}
