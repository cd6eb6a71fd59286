import { useQuery } from '@apollo/client';
import ListItemButton from '@mui/material/ListItemButton';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFirstDataPolicy } from '../../app/first-data';
import { formatDateTime } from '../../ui/format-date';
import { loadErrorText } from '../../ui/load-error-text';
import { FileIcon, FolderIcon, ImageIcon } from '../library/library-icons';
import { useDownload } from '../library/use-download';
import { HOME_ROW_HEIGHT, HomeCard, HomeRowText } from './HomeCard';
import { HomeUltimosModificadosDocument } from './home.generated';
import { RECENT_FILES } from './home-data';

/**
 * The card of the library files the user can read that changed last (ultimosModificados): opening one downloads it
 * through a fresh signed link, as the library's double click does (a folder opens in the library).
 */
export function RecentFilesCard() {
  const { t, i18n } = useTranslation();
  const download = useDownload();
  const { data, loading, error } = useQuery(HomeUltimosModificadosDocument, {
    variables: { limite: RECENT_FILES },
    fetchPolicy: useFirstDataPolicy(HomeUltimosModificadosDocument, 'cache-and-network'),
  });
  const items = data?.ultimosModificados.map((item) => {
    const Icon = item.pasta ? FolderIcon : item.arquivoImagem ? ImageIcon : FileIcon;
    const link = item.pasta ? { component: RouterLink, to: `/biblioteca/${encodeURIComponent(item.id)}` } : {};
    return (
      <li key={item.id}>
        <ListItemButton
          {...link}
          onClick={item.pasta ? undefined : () => void download([item])}
          sx={{ minHeight: HOME_ROW_HEIGHT, px: 1 }}
        >
          <Icon color="action" sx={{ mr: 2, flexShrink: 0 }} />
          <HomeRowText
            primary={item.nome}
            secondary={t('home.files.modified', {
              pasta: item.pastaPai.nome,
              data: formatDateTime(item.ultimaModificacao, i18n.language),
            })}
          />
        </ListItemButton>
      </li>
    );
  });
  return (
    <HomeCard
      title={t('home.files.title')}
      moreHref="/biblioteca"
      moreLabel={t('home.files.more')}
      loading={loading}
      error={error ? loadErrorText(error, t, t('home.files.loadError')) : null}
      emptyText={t('home.files.empty')}
      rows={RECENT_FILES}
      items={items ?? null}
    />
  );
}
