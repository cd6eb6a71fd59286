import { useMutation } from '@apollo/client';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../ui/toast';
import { TOUCH_TOOLTIP } from '../../ui/touch-tooltip';
import { ArchiveIcon, StarBorderIcon, StarIcon, UnarchiveIcon } from './communication-icons';
import { ARQUIVAR_ENVIO, FAVORITAR_ENVIO } from './communications.documents';

type Props = {
  idComunicado: string;
  favorito: boolean;
  arquivado: boolean;
  /** Called after a toggle succeeded (e.g. to refetch the tab the delivery leaves). */
  onChanged?: () => void;
};

/**
 * Favourite and archive toggles of a delivery (docs/domains/communications.md#deliveries-and-the-inbox): each
 * change answers with a toast that offers to undo it. A failure shows its own text ("error updating favourite, try
 * again") and leaves the toggle as it was.
 */
export function EnvioToggles({ idComunicado, favorito, arquivado, onChanged }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [favoritar, fav] = useMutation(FAVORITAR_ENVIO);
  const [arquivar, arq] = useMutation(ARQUIVAR_ENVIO);

  /**
   * Sets favourite or archived to `value`; on success a toast says so and offers to undo it (issue 17 point 10),
   * which sets it back the same way (without another undo).
   */
  const toggle = async (kind: 'favorito' | 'arquivado', value: boolean, undoable = true) => {
    try {
      if (kind === 'favorito') await favoritar({ variables: { idComunicado, favorito: value } });
      else await arquivar({ variables: { idComunicado, arquivado: value } });
      onChanged?.();
      if (undoable)
        toast.success(`communicationsUi.toggles.${kind}${value ? 'On' : 'Off'}`, {
          label: 'common.undo',
          onClick: () => void toggle(kind, !value, false),
        });
    } catch {
      toast.error(
        kind === 'favorito' ? 'communicationsUi.toggles.favouriteError' : 'communicationsUi.toggles.archiveError',
      );
    }
  };
  const toggleFavourite = () => toggle('favorito', !favorito);
  const toggleArchive = () => toggle('arquivado', !arquivado);

  const favLabel = t(favorito ? 'communicationsUi.toggles.unfavourite' : 'communicationsUi.toggles.favourite');
  const arqLabel = t(arquivado ? 'communicationsUi.toggles.unarchive' : 'communicationsUi.toggles.archive');
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title={favLabel} {...TOUCH_TOOLTIP}>
        <IconButton
          aria-label={favLabel}
          aria-pressed={favorito}
          onClick={() => void toggleFavourite()}
          disabled={fav.loading}
          color={favorito ? 'warning' : 'default'}
        >
          {favorito ? <StarIcon /> : <StarBorderIcon />}
        </IconButton>
      </Tooltip>
      <Tooltip title={arqLabel} {...TOUCH_TOOLTIP}>
        <IconButton
          aria-label={arqLabel}
          aria-pressed={arquivado}
          onClick={() => void toggleArchive()}
          disabled={arq.loading}
        >
          {arquivado ? <UnarchiveIcon /> : <ArchiveIcon />}
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
