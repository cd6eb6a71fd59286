import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format-date';
import { ViewDialog } from '../../ui/ViewDialog';
import { formatSize, ItemIcon, kindOf } from './item-kind';
import type { ItemBiblioteca } from './library.documents';
import { DownloadIcon } from './library-icons';
import { TruncatedName } from './TruncatedName';

type Props = { file: ItemBiblioteca; onClose: () => void; onDownload: (item: ItemBiblioteca) => void };

/**
 * What opening a file without a preview shows (docs/domains/library.md#file-details), instead of a download the user
 * did not ask for: its kind's icon, type, size, owner and dates, and the download.
 */
export function FileDetails({ file, onClose, onDownload }: Props) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    [t('library.details.type'), t(`library.kind.${kindOf(file)}`)],
    [t('library.details.size'), formatSize(file.tamanho, i18n.language)],
    [t('library.details.owner'), file.proprietario?.nome ?? ''],
    [t('library.details.created'), formatDateTime(file.dataCriacao, i18n.language)],
    [t('library.details.modified'), formatDateTime(file.ultimaModificacao, i18n.language)],
  ];
  return (
    <ViewDialog title={<TruncatedName name={file.nome} />} onClose={onClose} maxWidth="sm">
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 3, alignItems: 'center' }}>
        <Box sx={{ fontSize: 96, lineHeight: 0 }}>
          <ItemIcon item={file} fontSize="inherit" />
        </Box>
        <Box
          component="dl"
          sx={{ m: 0, flex: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {t('library.details.noPreview')}
      </Typography>
      {file.viewerCan.baixar && (
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => onDownload(file)} sx={{ mt: 2 }}>
          {t('library.details.download')}
        </Button>
      )}
    </ViewDialog>
  );
}
