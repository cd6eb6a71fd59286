import { useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { applyMask, DEALER_SORT_FIELDS, UFS } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ActivationButton } from '../../ui/ActivationButton';
import { Guard } from '../../ui/Guard';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { download } from '../../ui/list/download';
import { activeOf, exportHref, FilterSelect, ordenacaoOf, StatusFilter } from '../../ui/list/list-filters';
import { type ListQuery, useListParams } from '../../ui/list/use-list-params';
import { PageHeader } from '../../ui/PageHeader';
import { StatusChip } from '../../ui/StatusChip';
import { BrandsTab } from './BrandsTab';
import { DEALERS_REFETCH, PAGE } from './dealers.documents';
import {
  AtivarDealerDocument,
  type DealerLinhaFragment,
  DealersDocument,
  InativarDealerDocument,
  OpcoesDealerDocument,
} from './dealers.generated';

/** Filters kept in the URL: ?status=ATIVO|INATIVO&grupo=<id>&marca=<id>&uf=SP. */
const FILTERS = ['status', 'grupo', 'marca', 'uf'] as const;

/** The list's URL state as the `dealers` query's variables (and the export's query string). */
export function dealerVariables(query: ListQuery) {
  const { status, grupo, marca, uf } = query.filters;
  return {
    busca: query.busca || null,
    active: activeOf(status),
    grupoId: grupo || null,
    marcaId: marca || null,
    uf: uf || null,
    ordenacao: ordenacaoOf(query.sort),
    page: query.page,
    rowsPerPage: query.rowsPerPage,
  };
}

/** The `.xlsx` export of what the list shows: the same filter, search and order, every page. */
export function exportUrl(query: ListQuery): string {
  const { page: _p, rowsPerPage: _r, ...filter } = dealerVariables(query);
  return exportHref('/api/dealers.xlsx', filter);
}

/** The dealers tab: paged, searched (names, CNPJ with or without punctuation, codes), filtered, sorted, exported. */
function DealersTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams({ sortable: DEALER_SORT_FIELDS, filters: FILTERS });
  const { data, previousData, loading, error } = useQuery(DealersDocument, {
    variables: dealerVariables(list.query),
    fetchPolicy: 'cache-and-network',
  });
  const options = useQuery(OpcoesDealerDocument).data?.opcoesDealer;
  const [ativar] = useMutation(AtivarDealerDocument, { refetchQueries: DEALERS_REFETCH });
  const [inativar] = useMutation(InativarDealerDocument, { refetchQueries: DEALERS_REFETCH });
  const page = (data ?? previousData)?.dealers;
  const { filters } = list.query;

  const columns: Column<DealerLinhaFragment>[] = [
    { id: 'nomeExibicao', label: t('dealers.field.nomeExibicao'), sortable: true, render: (d) => d.nomeExibicao },
    { id: 'nome', label: t('dealers.field.nome'), sortable: true, hideOnMobile: true, render: (d) => d.nome },
    {
      id: 'cnpj',
      label: t('dealers.field.cnpj'),
      sortable: true,
      hideOnMobile: true,
      render: (d) => <Box sx={{ whiteSpace: 'nowrap' }}>{applyMask('cnpj', d.cnpj)}</Box>,
    },
    {
      id: 'codigoPrincipal',
      label: t('dealers.field.codigoPrincipal'),
      sortable: true,
      render: (d) => d.codigoPrincipal,
    },
    { id: 'grupo', label: t('dealers.field.grupo'), sortable: true, hideOnMobile: true, render: (d) => d.grupo.nome },
    {
      id: 'marcas',
      label: t('dealers.field.marcas'),
      hideOnMobile: true,
      render: (d) => d.marcas.map((m) => m.description).join(', ') || '—',
    },
    { id: 'uf', label: t('dealers.field.uf'), sortable: true, hideOnMobile: true, render: (d) => d.uf ?? '—' },
    {
      id: 'status',
      label: t('dealers.field.status'),
      render: (d) => <StatusChip active={d.active} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('dealers.list.title')}
        subtitle={t('dealers.list.subtitle')}
        actions={
          <Button variant="contained" component={RouterLink} to="/dealers/novo">
            {t('dealers.list.new')}
          </Button>
        }
      />
      <DataTable
        label={t('dealers.list.title')}
        columns={columns}
        rows={page?.content}
        total={page?.totalElements ?? 0}
        getRowId={(d) => d.id}
        list={list}
        loading={loading}
        error={error}
        errorFallback={t('dealers.list.loadError')}
        emptyText={t('dealers.list.empty')}
        searchLabel={t('dealers.list.search')}
        onRowOpen={(d) => navigate(`/dealers/${d.id}`)}
        onExport={(query) => download(exportUrl(query))}
        filters={
          <>
            <StatusFilter
              label={t('dealers.field.status')}
              value={filters.status}
              onChange={(v) => list.setFilter('status', v)}
            />
            <FilterSelect
              name="grupo"
              label={t('dealers.field.grupo')}
              value={filters.grupo ?? ''}
              onChange={(v) => list.setFilter('grupo', v || null)}
              options={(options?.grupos ?? []).map((g) => ({ value: g.id, label: g.nome }))}
            />
            <FilterSelect
              name="marca"
              label={t('dealers.field.marca')}
              value={filters.marca ?? ''}
              onChange={(v) => list.setFilter('marca', v || null)}
              options={(options?.marcas ?? []).map((m) => ({ value: m.id, label: m.nome }))}
            />
            <FilterSelect
              name="uf"
              label={t('dealers.field.uf')}
              value={filters.uf ?? ''}
              onChange={(v) => list.setFilter('uf', v || null)}
              options={UFS.map((uf) => ({ value: uf, label: uf }))}
            />
          </>
        }
        rowActions={(d) => (
          <>
            <Button
              size="small"
              component={RouterLink}
              to={`/dealers/${d.id}`}
              aria-label={t('dealers.list.edit', { name: d.nomeExibicao })}
              sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
            >
              {t('common.edit')}
            </Button>
            <ActivationButton
              active={d.active}
              name={d.nomeExibicao}
              deactivateWarning={t('dealers.form.deactivateWarning')}
              onChange={(active) => (active ? ativar : inativar)({ variables: { id: d.id } })}
            />
          </>
        )}
      />
    </>
  );
}

/**
 * /dealers (PORTAL_MANUTENCAO_DEALERS_GRUPO): two tabs, the dealers (the default) and the brands
 * (`?aba=marcas`, docs/decisions/0015-brands-on-the-dealers-screen.md), each a server-paged list with
 * its state in the URL.
 */
export function DealersListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('aba') === 'marcas' ? 'marcas' : 'dealers';
  return (
    <Box sx={PAGE}>
      <Guard keys={['PORTAL_MANUTENCAO_DEALERS_GRUPO']} fallback>
        <Tabs
          value={tab}
          onChange={(_, value: string) => setParams(value === 'marcas' ? { aba: 'marcas' } : {})}
          aria-label={t('dealers.tabs')}
          sx={{ mb: 2 }}
        >
          <Tab value="dealers" label={t('dealers.list.title')} id="aba-dealers" aria-controls="painel-dealers" />
          <Tab value="marcas" label={t('dealers.brands.title')} id="aba-marcas" aria-controls="painel-marcas" />
        </Tabs>
        <Box role="tabpanel" id={`painel-${tab}`} aria-labelledby={`aba-${tab}`}>
          {tab === 'marcas' ? <BrandsTab /> : <DealersTab />}
        </Box>
      </Guard>
    </Box>
  );
}
