import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { HOME_CONTENT_STATUSES, type HomeContentStatus } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ActivationButton } from '../../ui/ActivationButton';
import { SelectInput } from '../../ui/form/fields';
import { Guard } from '../../ui/Guard';
import { type Column, DataTable } from '../../ui/list/DataTable';
import type { ListQuery, useListParams } from '../../ui/list/use-list-params';
import { PageHeader } from '../../ui/PageHeader';
import { type HomeContentKind, PAGE } from './home-content.documents';
import type { SlideCamposFragment } from './home-content.generated';
import { WindowText } from './WindowText';

/** What the list shows of a slide or an ad (both fragments have these fields). */
export type ListRow = Pick<
  SlideCamposFragment,
  'id' | 'titulo' | 'inicioDate' | 'fimDate' | 'active' | 'status' | 'arquivo' | 'grupos'
>;

/** Filters kept in the URL: ?status=AGENDADO|EM_EXIBICAO|ENCERRADO|INATIVO. */
export const LIST_FILTERS = ['status'] as const;

/** The list's URL state as the query's variables (shared by the slides and ads queries). */
export function listVariables(query: ListQuery) {
  const status = query.filters.status as HomeContentStatus | undefined;
  return {
    busca: query.busca || null,
    status: status && HOME_CONTENT_STATUSES.includes(status) ? status : null,
    page: query.page,
    rowsPerPage: query.rowsPerPage,
  };
}

/** Filled chips whose white text keeps 4.5:1 (MUI's info and warning do not); ended and inactive stay grey. */
const STATUS_CHIP: Record<HomeContentStatus, Pick<ChipProps, 'color' | 'variant'>> = {
  AGENDADO: { color: 'primary' },
  EM_EXIBICAO: { color: 'success' },
  ENCERRADO: { color: 'default' },
  INATIVO: { color: 'default', variant: 'outlined' },
};

/** A status as a chip: scheduled, showing, ended or inactive (docs/domains/home.md#administration). */
export function StatusChip({ status }: { status: HomeContentStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" {...STATUS_CHIP[status]} label={t(`homeContent.status.${status}`)} />;
}

type Props = {
  kind: HomeContentKind;
  list: ReturnType<typeof useListParams>;
  page: { content: readonly ListRow[]; totalElements: number } | undefined;
  loading: boolean;
  error: unknown;
  /** Activates or deactivates one row on the server. */
  onActivation: (id: string, active: boolean) => Promise<unknown>;
};

/**
 * The administration list of slides or ads (the two screens differ only by their texts and queries):
 * title, image, display window, user groups and status; searched, filtered by status and paged on
 * the server with the state in the URL; each row opens its edit screen and can be activated or
 * deactivated after a confirmation.
 */
export function HomeContentList({ kind, list, page, loading, error, onActivation }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const editPath = (row: ListRow) => `${kind.path}/editar/${row.id}`;

  const columns: Column<ListRow>[] = [
    {
      id: 'titulo',
      label: t('homeContent.field.titulo'),
      render: (r) => (
        <>
          {r.titulo}
          {/* On a phone the window goes under the title: its column would push the status off screen. */}
          <Box sx={{ display: { xs: 'block', sm: 'none' }, typography: 'body2', color: 'text.secondary' }}>
            <WindowText item={r} />
          </Box>
        </>
      ),
    },
    {
      id: 'imagem',
      label: t('homeContent.field.image'),
      hideOnMobile: true,
      render: (r) =>
        r.arquivo ? (
          <Box
            component="img"
            // The narrowest WebP variant is plenty for a thumbnail; the original until variants exist.
            src={r.arquivo.variantes[0]?.link ?? r.arquivo.arquivoLink}
            alt={t('homeContent.list.thumbnail', { name: r.titulo })}
            loading="lazy"
            sx={{ display: 'block', height: 48, maxWidth: 136, objectFit: 'cover', borderRadius: 0.5 }}
          />
        ) : (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('homeContent.list.noImage')}
          </Box>
        ),
    },
    {
      id: 'periodo',
      label: t('homeContent.list.window'),
      hideOnMobile: true,
      render: (r) => <WindowText item={r} />,
    },
    {
      id: 'grupos',
      label: t('homeContent.field.grupos'),
      hideOnMobile: true,
      render: (r) => <Box sx={{ maxWidth: 240 }}>{r.grupos.map((g) => g.nome).join(', ') || '—'}</Box>,
    },
    { id: 'status', label: t('homeContent.field.status'), render: (r) => <StatusChip status={r.status} /> },
  ];

  return (
    <Box sx={PAGE}>
      <Guard keys={[kind.key]} fallback>
        <PageHeader
          title={t(`${kind.text}.list.title`)}
          subtitle={t(`${kind.text}.list.subtitle`)}
          actions={
            <Button variant="contained" component={RouterLink} to={`${kind.path}/novo`}>
              {t(`${kind.text}.list.new`)}
            </Button>
          }
        />
        <DataTable
          label={t(`${kind.text}.list.title`)}
          columns={columns}
          rows={page?.content}
          total={page?.totalElements ?? 0}
          getRowId={(r) => r.id}
          list={list}
          loading={loading}
          error={error}
          errorFallback={t(`${kind.text}.list.loadError`)}
          emptyText={t(`${kind.text}.list.empty`)}
          searchLabel={t('homeContent.list.search')}
          onRowOpen={(r) => navigate(editPath(r))}
          filters={
            <Box sx={{ minWidth: { sm: 200 } }}>
              <SelectInput
                size="small"
                name="status"
                label={t('homeContent.field.status')}
                value={list.query.filters.status ?? ''}
                onChange={(v) => list.setFilter('status', v || null)}
                onBlur={() => {}}
                options={[
                  { value: '', label: t('homeContent.list.all') },
                  ...HOME_CONTENT_STATUSES.map((s) => ({ value: s, label: t(`homeContent.status.${s}`) })),
                ]}
              />
            </Box>
          }
          rowActions={(r) => (
            <>
              <Button
                size="small"
                component={RouterLink}
                to={editPath(r)}
                aria-label={t('homeContent.list.edit', { name: r.titulo })}
                // On a phone a tap on the row opens it; the row keeps room for its status button.
                sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
              >
                {t('common.edit')}
              </Button>
              <ActivationButton
                active={r.active}
                name={r.titulo}
                deactivateWarning={t('homeContent.form.deactivateWarning')}
                onChange={(active) => onActivation(r.id, active)}
              />
            </>
          )}
        />
      </Guard>
    </Box>
  );
}
