import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { AUDIT_ACOES, AUDIT_ENTIDADES, type AuditEntity, auditPath, isAuditEntity } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isWholeDay } from '../../ui/form/day-value';
import { DateInput } from '../../ui/form/fields';
import { formatDateTime } from '../../ui/format-date';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { download } from '../../ui/list/download';
import { exportHref, FilterSelect } from '../../ui/list/list-filters';
import { type ListQuery, useListParams } from '../../ui/list/use-list-params';
import { AuditChanges } from './AuditChanges';
import { type AuditoriaLinhaFragment, BuscaAuditoriaDocument } from './audit.generated';

/** Filters kept in the URL: ?acao=editar&entidade=dealer&de=2026-01-01&ate=2026-01-31 (and ?busca= for who acted). */
const FILTERS = ['acao', 'entidade', 'de', 'ate'] as const;

/** One entity's history, or none for the search across entities. */
export type AuditScope = { entidade: AuditEntity; entidadeId: string } | null;

/** The list's URL state as the `buscaAuditoria` query's variables (and the export's query string). */
export function auditVariables(scope: AuditScope, query: ListQuery) {
  const { acao, entidade, de, ate } = query.filters;
  return {
    entidade: scope?.entidade ?? (entidade && isAuditEntity(entidade) ? entidade : null),
    entidadeId: scope?.entidadeId ?? null,
    acao: acao || null,
    busca: query.busca || null,
    dataInicio: de || null,
    dataFim: ate || null,
    page: query.page,
    rowsPerPage: query.rowsPerPage,
  };
}

/** The `.xlsx` export of what the list shows: the same filters, every page. */
export function auditExportUrl(scope: AuditScope, query: ListQuery): string {
  const { page: _p, rowsPerPage: _r, ...filter } = auditVariables(scope, query);
  return exportHref('/api/auditoria.xlsx', filter);
}

/**
 * The audit rows of one entity (`scope`) or of the whole portal, newest first: when and who, the action
 * (translated; with the entity and a link to its history in the search), and the difference; filtered by
 * action, who acted (the search box), period and, across entities, the entity type; paged and exported.
 */
export function AuditTable({ scope, label }: { scope: AuditScope; label: string }) {
  const { t, i18n } = useTranslation();
  const list = useListParams({ filters: FILTERS });
  const { data, previousData, loading, error } = useQuery(BuscaAuditoriaDocument, {
    variables: auditVariables(scope, list.query),
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.buscaAuditoria;
  const { filters } = list.query;
  const entityName = (entidade: string) =>
    i18n.exists(`audit.entidade.${entidade}`) ? t(`audit.entidade.${entidade}`) : entidade;

  /** The action (translated) and, across entities, the entity with a link to its history. */
  const action = (a: AuditoriaLinhaFragment) => (
    <>
      <Box>{i18n.exists(`audit.acao.${a.acao}`) ? t(`audit.acao.${a.acao}`) : a.acao}</Box>
      {!scope && (
        <Typography variant="body2" color="text.secondary">
          {isAuditEntity(a.entidade) ? (
            <Link component={RouterLink} to={auditPath(a.entidade, a.entidadeId)}>
              {entityName(a.entidade)}
            </Link>
          ) : (
            entityName(a.entidade)
          )}
        </Typography>
      )}
    </>
  );

  const columns: Column<AuditoriaLinhaFragment>[] = [
    {
      id: 'data',
      label: t('audit.column.data'),
      render: (a) => (
        <Box sx={{ minWidth: 120 }}>
          <Box sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.data, i18n.language)}</Box>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {a.usuario ? a.usuario.nome : t('audit.system')}
          </Typography>
          {a.usuario && (
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {a.usuario.email}
            </Typography>
          )}
          {/* On a phone the action column is hidden: the action shows here. */}
          <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 1 }}>{action(a)}</Box>
        </Box>
      ),
    },
    { id: 'acao', label: t('audit.column.acao'), hideOnMobile: true, render: action },
    { id: 'diferencas', label: t('audit.column.diferencas'), render: (a) => <AuditChanges changes={a.diferencas} /> },
  ];

  return (
    <DataTable
      label={label}
      columns={columns}
      rows={page?.content}
      total={page?.totalElements ?? 0}
      getRowId={(a) => a.id}
      list={list}
      loading={loading}
      error={error}
      errorFallback={t('audit.loadError')}
      emptyText={t('audit.noRows')}
      searchLabel={t('audit.busca')}
      onExport={(query) => download(auditExportUrl(scope, query))}
      filters={
        <>
          <FilterSelect
            name="acao"
            label={t('audit.filterAcao')}
            value={filters.acao ?? ''}
            onChange={(v) => list.setFilter('acao', v || null)}
            options={AUDIT_ACOES.map((a) => ({ value: a, label: t(`audit.acao.${a}`) }))}
          />
          {!scope && (
            <FilterSelect
              name="entidade"
              label={t('audit.filterEntidade')}
              value={filters.entidade ?? ''}
              onChange={(v) => list.setFilter('entidade', v || null)}
              options={AUDIT_ENTIDADES.map((e) => ({ value: e, label: entityName(e) }))}
            />
          )}
          <DateInput
            size="small"
            name="de"
            label={t('audit.dataInicio')}
            value={filters.de ?? ''}
            max={filters.ate}
            onChange={(v) => (v === '' || isWholeDay(v)) && list.setFilter('de', v || null)}
            onBlur={() => {}}
          />
          <DateInput
            size="small"
            name="ate"
            label={t('audit.dataFim')}
            value={filters.ate ?? ''}
            min={filters.de}
            onChange={(v) => (v === '' || isWholeDay(v)) && list.setFilter('ate', v || null)}
            onBlur={() => {}}
          />
        </>
      }
    />
  );
}
