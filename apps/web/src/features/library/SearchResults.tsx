import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format-date';
import { type Column, DataTable } from '../../ui/list/DataTable';
import type { ListParams } from '../../ui/list/use-list-params';
import { type Excerpt, SearchExcerpt } from '../../ui/SearchExcerpt';
import { folderPath } from './format';
import { ItemIcon } from './item-kind';
import { BUSCA_BIBLIOTECA_PAGED, type ItemBiblioteca } from './library.documents';
import { NameTooltip, TruncatedName } from './TruncatedName';

type Props = {
  list: ListParams;
  onOpen: (item: ItemBiblioteca) => void;
  /** The selected hits, across pages: what the toolbar acts on during a search. */
  selected?: ReadonlyMap<string, ItemBiblioteca>;
  onSelect?: (next: ReadonlyMap<string, ItemBiblioteca>) => void;
};

/**
 * The server search (buscaBibliotecaPaged) on the kit's list, paged by the library's sizes (5, 10, 15;
 * default 5), with each hit's folder; the search text, page and size are in the URL of the folder. Hits
 * can be selected (the toolbar then acts on them).
 */
export function SearchResults({ list, onOpen, selected, onSelect }: Props) {
  const { t, i18n } = useTranslation();
  const { busca, page, rowsPerPage } = list.query;
  const { data, previousData, loading, error } = useQuery(BUSCA_BIBLIOTECA_PAGED, {
    variables: { filterInput: { busca, page, rowsPerPage } },
    fetchPolicy: 'cache-and-network',
  });
  const result = (data ?? previousData)?.buscaBibliotecaPaged;
  // A file found by its text shows where: a short excerpt with the matched words (docs/domains/search.md#matching).
  const excerpts = new Map((result?.content ?? []).map((hit) => [hit.id, hit.trecho]));
  const columns: Column<ItemBiblioteca>[] = [
    {
      id: 'nome',
      label: t('library.columns.name'),
      render: (item) => (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <ItemIcon item={item} fontSize="small" />
            <NameTooltip name={item.nome}>
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
                <TruncatedName name={item.nome} hoverTitle={false} />
              </Link>
            </NameTooltip>
          </Box>
          {excerpts.get(item.id) && <SearchExcerpt excerpt={excerpts.get(item.id) as Excerpt} />}
        </>
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
      selection={
        selected && onSelect
          ? {
              selected: [...selected.keys()],
              onChange: (ids) => {
                const rows = result?.content ?? [];
                const next = new Map<string, ItemBiblioteca>();
                for (const id of ids) {
                  const item = rows.find((r) => r.id === id) ?? selected.get(id);
                  if (item) next.set(id, item);
                }
                onSelect(next);
              },
            }
          : undefined
      }
    />
  );
}
