import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { COMUNICADO_PAGE_SIZES, type InboxTab } from '@portal/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { apiErrorMessage } from '../../app/apollo-client';
import { formatDateTime } from '../../ui/format-date';
import { LoadingView } from '../../ui/LoadingView';
import { COMUNICADO_ENVIOS, COMUNICADOS } from './communications.documents';
import { EnvioToggles } from './EnvioToggles';
import { comunicadoUrls } from './format';
import { StatusTag, Tag } from './Tag';

export type Paging = { page: number; rowsPerPage: number };
type ListProps = { busca: string; paging: Paging; onPaging: (p: Paging) => void };

function Pager({ count, paging, onPaging }: { count: number; paging: Paging; onPaging: (p: Paging) => void }) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={count}
      page={paging.page}
      rowsPerPage={paging.rowsPerPage}
      rowsPerPageOptions={[...COMUNICADO_PAGE_SIZES]}
      onPageChange={(_, page) => onPaging({ ...paging, page })}
      onRowsPerPageChange={(e) => onPaging({ page: 0, rowsPerPage: Number(e.target.value) })}
      labelRowsPerPage={t('communicationsUi.inbox.rowsPerPage')}
      labelDisplayedRows={({ from, to, count: total }) =>
        t('communicationsUi.inbox.displayedRows', { from, to, count: total })
      }
    />
  );
}

function ListState({
  loading,
  error,
  empty,
  children,
}: {
  loading: boolean;
  error?: string;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (error) return <Alert severity="error">{error}</Alert>;
  if (loading) return <LoadingView />;
  if (empty)
    return (
      <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
        {t('communicationsUi.inbox.empty')}
      </Typography>
    );
  return <>{children}</>;
}

/** A tab of received deliveries (RECEBIDOS, LIDOS, FAVORITOS, ARQUIVADOS): unread ones in bold. */
export function EnviosList({ aba, busca, paging, onPaging }: ListProps & { aba: Exclude<InboxTab, 'ENVIADOS'> }) {
  const { t, i18n } = useTranslation();
  const { data, loading, error, refetch } = useQuery(COMUNICADO_ENVIOS, {
    variables: { aba, busca: busca || undefined, ...paging },
    fetchPolicy: 'cache-and-network',
  });
  const page = data?.comunicadoEnvios;
  return (
    <ListState
      loading={loading && !page}
      error={error && apiErrorMessage(error, t('communicationsUi.inbox.loadError'))}
      empty={page?.content.length === 0}
    >
      <List aria-label={t('communicationsUi.inbox.list')}>
        {page?.content.map((envio) => (
          <ListItem
            key={envio.id}
            divider
            disablePadding
            secondaryAction={
              <EnvioToggles
                idComunicado={envio.comunicado.id}
                favorito={envio.favorito}
                arquivado={envio.arquivado}
                onChanged={() => void refetch()}
              />
            }
            sx={{ '& .MuiListItemButton-root': { pr: 14 } }}
          >
            <ListItemButton component={RouterLink} to={comunicadoUrls.envio(envio.comunicado.id)}>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography component="span" sx={{ fontWeight: envio.lido ? 400 : 700, overflowWrap: 'anywhere' }}>
                      {envio.comunicado.titulo}
                    </Typography>
                    {!envio.lido && <Chip size="small" color="primary" label={t('communicationsUi.inbox.unread')} />}
                    {envio.comunicado.idParent && <Tag colour="warning" label={t('communicationsUi.view.errata')} />}
                  </Stack>
                }
                secondary={`${t('communicationsUi.inbox.from', { nome: envio.comunicado.usuarioCriador.nome })} · ${t(
                  'communicationsUi.inbox.receivedAt',
                  { data: formatDateTime(envio.dataRecebimento, i18n.language) },
                )}`}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Pager count={page?.totalElements ?? 0} paging={paging} onPaging={onPaging} />
    </ListState>
  );
}

/** ENVIADOS: what the user created or must approve, with status chips and the pending approvals. */
export function SentList({ busca, paging, onPaging }: ListProps) {
  const { t, i18n } = useTranslation();
  const { data, loading, error } = useQuery(COMUNICADOS, {
    variables: { filtro: { busca: busca || undefined, ...paging } },
    fetchPolicy: 'cache-and-network',
  });
  const page = data?.comunicados;
  return (
    <ListState
      loading={loading && !page}
      error={error && apiErrorMessage(error, t('communicationsUi.inbox.loadError'))}
      empty={page?.content.length === 0}
    >
      <List aria-label={t('communicationsUi.inbox.list')}>
        {page?.content.map((c) => (
          <ListItem key={c.id} divider disablePadding>
            <ListItemButton component={RouterLink} to={comunicadoUrls.visualizar(c.id)}>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                      {c.titulo}
                    </Typography>
                    <StatusTag status={c.status.id} />
                    {c.viewerCan.aprovar && (
                      <Tag colour="warning" label={t('communicationsUi.inbox.pendingApproval')} />
                    )}
                  </Stack>
                }
                secondary={`${c.usuarioCriador.nome} · ${t('communicationsUi.inbox.createdAt', {
                  data: formatDateTime(c.createdDateTime, i18n.language),
                })}`}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Pager count={page?.totalElements ?? 0} paging={paging} onPaging={onPaging} />
    </ListState>
  );
}
