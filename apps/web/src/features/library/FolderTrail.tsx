import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LIBRARY_ROOT_ID } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { folderUrl } from './format';
import type { ItemBiblioteca } from './library.documents';
import { NameTooltip, TruncatedName } from './TruncatedName';

/**
 * The folder breadcrumb (docs/domains/library.md#folders-files-and-the-root): the library root, then every ancestor,
 * then the folder itself.
 */
export function FolderTrail({
  folder,
}: {
  folder: Pick<ItemBiblioteca, 'id' | 'nome' | 'breadcrumb'> | null | undefined;
}) {
  const { t } = useTranslation();
  const ancestors = folder?.breadcrumb.filter((p) => p.id !== LIBRARY_ROOT_ID) ?? [];
  return (
    <Breadcrumbs aria-label={t('library.folderTrail')} sx={{ wordBreak: 'break-word' }}>
      {folder ? (
        <Link component={RouterLink} to="/biblioteca" underline="hover" color="inherit">
          {t('library.root')}
        </Link>
      ) : (
        <Typography color="text.primary" aria-current="page">
          {t('library.root')}
        </Typography>
      )}
      {ancestors.map((p) => (
        <NameTooltip key={p.id} name={p.nome}>
          <Link component={RouterLink} to={folderUrl(p.id)} underline="hover" color="inherit">
            <TruncatedName name={p.nome} hoverTitle={false} />
          </Link>
        </NameTooltip>
      ))}
      {folder && (
        <Typography color="text.primary" aria-current="page">
          <TruncatedName name={folder.nome} />
        </Typography>
      )}
    </Breadcrumbs>
  );
}
