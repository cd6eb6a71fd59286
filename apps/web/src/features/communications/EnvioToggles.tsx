import { useMutation } from '@apollo/client';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../ui/toast';
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
 * Favourite and archive toggles of a delivery (docs/domains/communications.md#deliveries-and-the-inbox).
 * A failure shows its own text ("error updating favourite, try again") and leaves the toggle as it was.
 */
export function EnvioToggles({ idComunicado, favorito, arquivado, onChanged }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [favoritar, fav] = useMutation(FAVORITAR_ENVIO);
  const [arquivar, arq] = useMutation(ARQUIVAR_ENVIO);

  const toggleFavourite = async () => {
    try {
      await favoritar({ variables: { idComunicado, favorito: !favorito } });
      onChanged?.();
    } catch {
      toast.error('communicationsUi.toggles.favouriteError');
    }
  };
  const toggleArchive = async () => {
    try {
      await arquivar({ variables: { idComunicado, arquivado: !arquivado } });
      onChanged?.();
    } catch {
      toast.error('communicationsUi.toggles.archiveError');
    }
  };

  const favLabel = t(favorito ? 'communicationsUi.toggles.unfavourite' : 'communicationsUi.toggles.favourite');
  const arqLabel = t(arquivado ? 'communicationsUi.toggles.unarchive' : 'communicationsUi.toggles.archive');
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title={favLabel}>
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
      <Tooltip title={arqLabel}>
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
