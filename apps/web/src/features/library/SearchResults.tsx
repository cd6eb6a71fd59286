import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LIBRARY_DEFAULT_PAGE_SIZE, LIBRARY_PAGE_SIZES } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../app/apollo-client';
import { formatDateTime } from '../../ui/format-date';
import { LoadingView } from '../../ui/LoadingView';
import { folderPath } from './format';
import { BUSCA_BIBLIOTECA_PAGED, type ItemBiblioteca } from './library.documents';
import { FileIcon, FolderIcon, ImageIcon } from './library-icons';
import { TruncatedName } from './TruncatedName';

/** The server search (buscaBibliotecaPaged) as a paged table (5, 10, 15; default 5) with each hit's folder. */
export function SearchResults({ busca, onOpen }: { busca: string; onOpen: (item: ItemBiblioteca) => void }) {
  const { t, i18n } = useTranslation();
  // A new search starts at the first page.
  const [paging, setPaging] = useState({ busca, page: 0 });
  const page = paging.busca === busca ? paging.page : 0;
  const setPage = (p: number) => setPaging({ busca, page: p });
  const [rowsPerPage, setRowsPerPage] = useState<number>(LIBRARY_DEFAULT_PAGE_SIZE);
  const { data, previousData, loading, error } = useQuery(BUSCA_BIBLIOTECA_PAGED, {
    variables: { filterInput: { busca, page, rowsPerPage } },
    fetchPolicy: 'cache-and-network',
  });
  const result = (data ?? previousData)?.buscaBibliotecaPaged;

  if (error && !result) return <Alert severity="error">{apiErrorMessage(error, t('library.loadError'))}</Alert>;
  if (!result) return <LoadingView />;

  return (
    <Box component="section" aria-label={t('library.searchResults')} aria-busy={loading}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('library.searchResults')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('library.columns.name')}</TableCell>
              <TableCell>{t('library.columns.location')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('library.columns.modified')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.content.map((item) => (
              <TableRow key={item.id} hover>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    {item.pasta ? (
                      <FolderIcon color="primary" fontSize="small" />
                    ) : item.arquivoImagem ? (
                      <ImageIcon color="action" fontSize="small" />
                    ) : (
                      <FileIcon color="action" fontSize="small" />
                    )}
                    <Link component="button" type="button" onClick={() => onOpen(item)} sx={{ textAlign: 'left' }}>
                      <TruncatedName name={item.nome} />
                    </Link>
                  </Box>
                </TableCell>
                <TableCell>{folderPath(t('library.root'), item.breadcrumb)}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {formatDateTime(item.ultimaModificacao, i18n.language)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {result.totalElements === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('library.noResults')}
        </Typography>
      )}
      <TablePagination
        component="div"
        count={result.totalElements}
        page={page}
        onPageChange={(_, p) => setPage(p)}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={[...LIBRARY_PAGE_SIZES]}
        onRowsPerPageChange={(event) => {
          setRowsPerPage(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('library.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('library.displayedRows', { from, to, count })}
      />
    </Box>
  );
}
