import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format-date';
import { ViewDialog } from '../../ui/ViewDialog';
import { formatSize, ItemIcon, kindOf } from './item-kind';
import { CONTAGEM_CONTEUDO_BIBLIOTECA, GRUPOS_USUARIOS_ATIVOS, type ItemBiblioteca } from './library.documents';
import { DownloadIcon } from './library-icons';
import { TruncatedName } from './TruncatedName';
import { groupsAt, WhoCanSee } from './WhoCanSee';

/** The item's icon beside its facts as a description list. */
function Facts({ item, rows }: { item: ItemBiblioteca; rows: [string, string][] }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 3, alignItems: 'center' }}>
      <Box sx={{ fontSize: 96, lineHeight: 0 }}>
        <ItemIcon item={item} fontSize="inherit" />
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
  );
}

function useCommonRows(item: ItemBiblioteca): [string, string][] {
  const { t, i18n } = useTranslation();
  return [
    [t('library.details.type'), t(`library.kind.${kindOf(item)}`)],
    [t('library.details.owner'), item.proprietario?.nome ?? ''],
    [t('library.details.created'), formatDateTime(item.dataCriacao, i18n.language)],
    [t('library.details.modified'), formatDateTime(item.ultimaModificacao, i18n.language)],
  ];
}

type FileProps = { file: ItemBiblioteca; onClose: () => void; onDownload: (item: ItemBiblioteca) => void };

/**
 * What opening a file without a preview shows (docs/domains/library.md#file-details), instead of a download the user
 * did not ask for: its kind's icon, type, size, owner and dates, and the download.
 */
export function FileDetails({ file, onClose, onDownload }: FileProps) {
  const { t, i18n } = useTranslation();
  const [type, ...rest] = useCommonRows(file);
  const rows: [string, string][] = [
    type,
    [t('library.details.size'), formatSize(file.tamanho, i18n.language)],
    ...rest,
  ];
  return (
    <ViewDialog title={<TruncatedName name={file.nome} />} onClose={onClose} maxWidth="sm">
      <Facts item={file} rows={rows} />
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

/**
 * A folder's details (docs/domains/library.md#who-can-see-this): owner, dates and what it holds, then who can see it:
 * its groups with their levels, kinds and people counts, and the people of each for those who may list them.
 */
export function FolderDetails({ folder, onClose }: { folder: ItemBiblioteca; onClose: () => void }) {
  const { t } = useTranslation();
  const counts = useQuery(CONTAGEM_CONTEUDO_BIBLIOTECA, {
    variables: { ids: [folder.id] },
    fetchPolicy: 'network-only',
  });
  const groups = useQuery(GRUPOS_USUARIOS_ATIVOS, { fetchPolicy: 'cache-and-network' }).data?.gruposUsuariosAtivos;
  const found = counts.data?.contagemConteudoBiblioteca;
  const contents = found
    ? t('library.details.contentsValue', { arquivos: found.arquivos, pastas: found.pastas })
    : t('library.details.counting');
  const rows: [string, string][] = [...useCommonRows(folder), [t('library.details.contents'), contents]];
  return (
    <ViewDialog title={<TruncatedName name={folder.nome} />} onClose={onClose} maxWidth="sm">
      <Facts item={folder} rows={rows} />
      <Box sx={{ mt: 3 }}>
        <WhoCanSee
          groups={groups ?? []}
          read={groupsAt(folder, 'LEITURA')}
          write={groupsAt(folder, 'LEITURA_ESCRITA')}
          emptyText={groups ? t('library.people.noAccessGroups') : t('library.details.counting')}
        />
      </Box>
    </ViewDialog>
  );
}
