import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format-date';
import { type Column, DataTable } from '../../ui/list/DataTable';
import type { ListParams } from '../../ui/list/use-list-params';
import { folderPath } from './format';
import { BUSCA_BIBLIOTECA_PAGED, type ItemBiblioteca } from './library.documents';
import { FileIcon, FolderIcon, ImageIcon } from './library-icons';
import { TruncatedName } from './TruncatedName';

/**
 * The server search (buscaBibliotecaPaged) on the kit's list, paged by the library's sizes (5, 10, 15;
 * default 5), with each hit's folder; the search text, page and size are in the URL of the folder.
 */
export function SearchResults({ list, onOpen }: { list: ListParams; onOpen: (item: ItemBiblioteca) => void }) {
  const { t, i18n } = useTranslation();
  const { busca, page, rowsPerPage } = list.query;
  const { data, previousData, loading, error } = useQuery(BUSCA_BIBLIOTECA_PAGED, {
    variables: { filterInput: { busca, page, rowsPerPage } },
    fetchPolicy: 'cache-and-network',
  });
  const result = (data ?? previousData)?.buscaBibliotecaPaged;
  const columns: Column<ItemBiblioteca>[] = [
    {
      id: 'nome',
      label: t('library.columns.name'),
      render: (item) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {item.pasta ? (
            <FolderIcon color="primary" fontSize="small" />
          ) : item.arquivoImagem ? (
            <ImageIcon color="action" fontSize="small" />
          ) : (
            <FileIcon color="action" fontSize="small" />
          )}
          <Link
            component="button"
            type="button"
            onClick={(e) => {
              // The row opens it too: one open (one download), not two.
              e.stopPropagation();
              onOpen(item);
            }}
            sx={{ textAlign: 'left' }}
          >
            <TruncatedName name={item.nome} />
          </Link>
        </Box>
      ),
    },
    {
      id: 'local',
      label: t('library.columns.location'),
      render: (item) => folderPath(t('library.root'), item.breadcrumb),
    },
    {
      id: 'modificado',
      label: t('library.columns.modified'),
      render: (item) => formatDateTime(item.ultimaModificacao, i18n.language),
      hideOnMobile: true,
    },
  ];

  return (
    <DataTable
      label={t('library.searchResults')}
      columns={columns}
      rows={result?.content}
      total={result?.totalElements ?? 0}
      getRowId={(item) => item.id}
      list={list}
      loading={loading}
      error={error}
      emptyText={t('library.noResults')}
      errorFallback={t('library.loadError')}
      searchLabel={false}
      onRowOpen={onOpen}
    />
  );
}
