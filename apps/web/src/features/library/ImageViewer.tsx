import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../app/shell/icons';
import { formatDateTime } from '../../ui/format-date';
import type { ItemBiblioteca } from './library.documents';
import { DownloadIcon, NextIcon, PreviousIcon } from './library-icons';
import { TruncatedName } from './TruncatedName';

type Props = {
  images: readonly ItemBiblioteca[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onDownload: (item: ItemBiblioteca) => void;
};

/**
 * The image viewer overlay (docs/domains/library.md#image-viewer): one of the folder's images at a time, previous/next
 * (buttons and arrow keys, wrapping), download, owner and creation date; Esc closes.
 */
export function ImageViewer({ images, index, onIndexChange, onClose, onDownload }: Props) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const image = images[index];
  if (!image) return null;
  const many = images.length > 1;
  const go = (step: number) => onIndexChange((index + step + images.length) % images.length);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!many) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
  };

  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      onKeyDown={onKeyDown}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { bgcolor: 'rgba(0, 0, 0, 0.92)', color: 'common.white' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: { xs: 1, sm: 2 } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} component="h2" variant="h6" noWrap>
            <TruncatedName name={image.nome} />
          </Typography>
          <Typography variant="body2" sx={{ opacity: 0.8 }}>
            {image.proprietario && `${t('library.viewer.owner', { nome: image.proprietario.nome })} · `}
            {t('library.viewer.created', { data: formatDateTime(image.dataCriacao, i18n.language) })}
            {many && ` · ${t('library.viewer.position', { index: index + 1, total: images.length })}`}
          </Typography>
        </Box>
        <Button color="inherit" startIcon={<DownloadIcon />} onClick={() => onDownload(image)}>
          {t('library.viewer.download')}
        </Button>
        <IconButton color="inherit" aria-label={t('library.viewer.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 0, px: 1 }}>
        {many && (
          <IconButton color="inherit" aria-label={t('library.viewer.previous')} onClick={() => go(-1)}>
            <PreviousIcon fontSize="large" />
          </IconButton>
        )}
        <Box
          component="img"
          src={image.arquivoLink ?? image.arquivoMiniaturaLink ?? undefined}
          alt={image.nome}
          sx={{ maxWidth: 'calc(100% - 112px)', maxHeight: 'calc(100vh - 110px)', objectFit: 'contain' }}
        />
        {many && (
          <IconButton color="inherit" aria-label={t('library.viewer.next')} onClick={() => go(1)}>
            <NextIcon fontSize="large" />
          </IconButton>
        )}
      </Box>
    </Dialog>
  );
}
