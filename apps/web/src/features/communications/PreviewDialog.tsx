import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { comunicadoVersion, comunicadoVersions, type Idioma } from '@portal/domain';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewDialog } from '../../ui/ViewDialog';
import { ComunicadoBody } from './ComunicadoBody';

type Body = ComponentProps<typeof ComunicadoBody>['comunicado'];
type Props = { open: boolean; onClose: () => void; errata?: boolean } & {
  /** The content, with its language versions when it has any (decision 0042). */
  comunicado: Body & { idioma?: Idioma | null; traducoes?: { idioma: Idioma; titulo: string; mensagem: string }[] };
};

/**
 * The form's content as the recipient will see it: the same body as /comunicados/visualizarEnvio. With language
 * versions, a switch shows each one as its readers will read it.
 */
export function PreviewDialog({ open, onClose, comunicado, errata }: Props) {
  const { t } = useTranslation();
  const versions = comunicadoVersions({
    ...comunicado,
    traducoes: (comunicado.traducoes ?? []).filter((v) => v.titulo.trim() || v.mensagem.trim()),
  });
  const [shown, setShown] = useState<Idioma | null>(null);
  const idioma = versions.some((v) => v.idioma === shown) ? (shown as Idioma) : versions[0].idioma;
  const version = comunicadoVersion({ ...comunicado, traducoes: versions.slice(1) }, idioma);
  return (
    <ViewDialog
      open={open}
      onClose={onClose}
      title={t('communicationsUi.form.previewTitle')}
      closeLabel={t('communicationsUi.form.closePreview')}
      dividers
    >
      {versions.length > 1 && (
        <ToggleButtonGroup
          value={idioma}
          exclusive
          size="small"
          onChange={(_, next: Idioma | null) => next && setShown(next)}
          aria-label={t('communicationsHistory.languages.preview')}
          sx={{ mb: 2, flexWrap: 'wrap' }}
        >
          {versions.map((v) => (
            <ToggleButton key={v.idioma} value={v.idioma}>
              {t(`idioma.${v.idioma}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <ComunicadoBody
        headingLevel="h2"
        errata={errata}
        comunicado={{ ...comunicado, titulo: version.titulo, mensagem: version.mensagem }}
        sent={false}
      />
    </ViewDialog>
  );
}
