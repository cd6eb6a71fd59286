import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { UploadDropzone } from '../../ui/UploadDropzone';
import type { HomeContentKind } from './home-content.documents';
import { ratioDiffers } from './upload-image';
import type { HomeImage } from './use-home-image';

const ACCEPT = { 'image/*': ['.png', '.jpg', '.jpeg', '.webp', '.gif'] };

/**
 * The image of a slide or ad: a drop area stating the recommended size, the chosen image's thumbnail
 * and size, and a warning when its proportions differ from the recommended ones by more than 5 %
 * (SPEC §9). `error` is the form's error of `arquivoId` (an i18n key).
 */
export function ImageField({ kind, image, error }: { kind: HomeContentKind; image: HomeImage; error?: string }) {
  const { t } = useTranslation();
  const recommended = kind.imageSize;
  const shown = image.image;
  const size = shown?.width && shown.height ? { width: shown.width, height: shown.height } : null;
  const problem = image.error ?? error;
  return (
    <Stack spacing={1}>
      <Typography component="h2" variant="subtitle1">
        {t('homeContent.field.image')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {shown && (
          <Box
            component="img"
            src={shown.url}
            alt={t('homeContent.form.imageAlt', { name: shown.name })}
            onLoad={(e) => image.measured(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight)}
            sx={{ display: 'block', maxHeight: 120, maxWidth: { xs: '100%', sm: 280 }, objectFit: 'contain' }}
          />
        )}
        <Box sx={{ flex: 1 }}>
          <UploadDropzone
            multiple={false}
            accept={ACCEPT}
            disabled={image.uploading}
            label={t(shown ? 'homeContent.form.imageReplace' : 'homeContent.form.imageDrop')}
            hint={t('homeContent.form.imageHint', recommended)}
            onFiles={(files) => void image.choose(files[0])}
          />
        </Box>
      </Stack>
      {image.uploading && <LinearProgress aria-label={t('homeContent.form.uploading')} />}
      {shown && size && (
        <Typography variant="body2" color="text.secondary">
          {t('homeContent.form.imageSize', { name: shown.name, ...size })}
        </Typography>
      )}
      {size && ratioDiffers(size, recommended) && (
        <Alert severity="warning">
          {t('homeContent.form.ratioWarning', { ...size, rw: recommended.width, rh: recommended.height })}
        </Alert>
      )}
      {problem && <FormHelperText error>{t(problem)}</FormHelperText>}
    </Stack>
  );
}
