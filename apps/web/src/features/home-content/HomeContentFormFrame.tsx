import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HomeContentStatus } from '@portal/domain';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useBreadcrumbLabel } from '../../app/shell/breadcrumb-labels';
import { ActivationButton } from '../../ui/ActivationButton';
import { AuditLink } from '../../ui/AuditLink';
import { Guard } from '../../ui/Guard';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { StatusChip } from './HomeContentList';
import { FORM_LAYOUT } from './HomeContentPreview';
import { type HomeContentKind, PAGE } from './home-content.documents';
import { ImageField } from './ImageField';
import type { HomeImage } from './use-home-image';

type Props = {
  kind: HomeContentKind;
  /** The edited item's id (none for a new one) and, once loaded, the item. */
  id?: string;
  entry?: { id: string; titulo: string; active: boolean; status: HomeContentStatus };
  loading: boolean;
  error: unknown;
  onActivation: (active: boolean) => Promise<unknown>;
  children: ReactNode;
};

/**
 * The page around a slide or ad form: its title, the edited item's status with the activation button,
 * the loading and error states, behind the kind's key.
 */
export function HomeContentFormFrame({ kind, id, entry, loading, error, onActivation, children }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useBreadcrumbLabel(pathname, entry?.titulo);
  return (
    <Box sx={PAGE}>
      <Guard keys={[kind.key]} fallback>
        <PageHeader
          title={id ? t(`${kind.text}.form.titleEdit`, { name: entry?.titulo ?? '' }) : t(`${kind.text}.form.titleNew`)}
          actions={
            entry && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" color="text.secondary">
                  {t('homeContent.field.status')}
                </Typography>
                <StatusChip status={entry.status} />
                <ActivationButton
                  active={entry.active}
                  name={entry.titulo}
                  deactivateWarning={t('homeContent.form.deactivateWarning')}
                  onChange={onActivation}
                />
                <AuditLink entidade={kind.fileType === 'SLIDE' ? 'slide' : 'anuncio'} id={entry.id} />
              </Stack>
            )
          }
        />
        <QueryState
          loading={loading}
          error={error}
          errorFallback={t(`${kind.text}.form.loadError`)}
          hasData={!id || Boolean(entry)}
        >
          {children}
        </QueryState>
      </Guard>
    </Box>
  );
}

type BodyProps = {
  kind: HomeContentKind;
  /** The kind's own fields (CommonFields with, for a slide, its texts). */
  fields: ReactNode;
  image: HomeImage;
  /** The form's error of `arquivoId` (an i18n key). */
  imageError?: string;
  /** The live preview, beside the fields on a wide screen. */
  preview: ReactNode;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
};

/** The form of a slide or ad: its fields and image, the preview beside them, cancel (back to the list) and save. */
export function HomeContentFormBody({ kind, fields, image, imageError, preview, saving, onSubmit }: BodyProps) {
  const { t } = useTranslation();
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={FORM_LAYOUT}>
      <Stack spacing={3}>
        {fields}
        <ImageField kind={kind} image={image} error={imageError} />
      </Stack>
      {preview}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', gridColumn: { lg: '1' } }}>
        <Button component={RouterLink} to={kind.path} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={saving} disabled={image.uploading}>
          {t('common.save')}
        </Button>
      </Stack>
    </Box>
  );
}
