import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewDialog } from '../../ui/ViewDialog';
import { ComunicadoBody } from './ComunicadoBody';

type Props = { open: boolean; onClose: () => void } & Pick<
  ComponentProps<typeof ComunicadoBody>,
  'comunicado' | 'errata'
>;

/** The form's content as the recipient will see it: the same body as /comunicados/visualizarEnvio. */
export function PreviewDialog({ open, onClose, comunicado, errata }: Props) {
  const { t } = useTranslation();
  return (
    <ViewDialog
      open={open}
      onClose={onClose}
      title={t('communicationsUi.form.previewTitle')}
      closeLabel={t('communicationsUi.form.closePreview')}
      dividers
    >
      <ComunicadoBody headingLevel="h2" errata={errata} comunicado={comunicado} sent={false} />
    </ViewDialog>
  );
}
