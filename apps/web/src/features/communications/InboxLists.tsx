import { useQuery } from '@apollo/client';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InboxTab, ManageTab } from '@portal/domain';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTime } from '../../ui/format-date';
import { type Column, DataTable } from '../../ui/list/DataTable';
import type { ListParams } from '../../ui/list/use-list-params';
import { useApprovalsCount } from './approvals-count';
import { COMUNICADO_ENVIOS, COMUNICADOS } from './communications.documents';
import { EnvioToggles } from './EnvioToggles';
import { comunicadoUrls } from './format';
import { InboxItemExtras } from './InboxItemExtras';
import { StatusTag, Tag } from './Tag';

/** One row of the inbox: the title as a link (bold while unread), its tags, a line of details, then any extras. */
function Summary(props: {
  to: string;
  title: string;
  bold?: boolean;
  tags: ReactNode;
  details: string;
  extra?: ReactNode;
}) {
  return (
    <Stack spacing={0.25} sx={{ py: 0.5 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Link
          component={RouterLink}
          to={props.to}
          // The row opens it too: one navigation, not two.
          onClick={(e) => e.stopPropagation()}
          color="inherit"
          underline="hover"
          sx={{ fontWeight: props.bold ? 700 : 400, overflowWrap: 'anywhere' }}
        >
          {props.title}
        </Link>
        {props.tags}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {props.details}
      </Typography>
      {props.extra}
    </Stack>
  );
}

/** The kit's list as the inbox shows it: rows read as cards, no visible headers, search beside the tabs. */
const inboxListProps = (t: (key: string) => string) =>
  ({
    label: t('communicationsUi.inbox.list'),
    emptyText: t('communicationsUi.inbox.empty'),
    errorFallback: t('communicationsUi.inbox.loadError'),
    searchLabel: false,
    hideHeader: true,
  }) as const;

/** A tab of received deliveries (RECEBIDOS, LIDOS, FAVORITOS, ARQUIVADOS): unread ones in bold. */
export function EnviosList({ aba, list }: { aba: Exclude<InboxTab, ManageTab>; list: ListParams }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { busca, page, rowsPerPage } = list.query;
  const { data, previousData, loading, error, refetch } = useQuery(COMUNICADO_ENVIOS, {
    variables: { aba, busca: busca || undefined, page, rowsPerPage },
    fetchPolicy: 'cache-and-network',
  });
  const result = (data ?? previousData)?.comunicadoEnvios;
  type Envio = NonNullable<typeof result>['content'][number];
  const columns: Column<Envio>[] = [
    {
      id: 'comunicado',
      label: t('communicationsUi.inbox.communication'),
      render: (envio) => (
        <Summary
          to={comunicadoUrls.envio(envio.comunicado.id)}
          title={envio.comunicado.titulo}
          bold={!envio.lido}
          tags={
            <>
              {!envio.lido && <Chip size="small" color="primary" label={t('communicationsUi.inbox.unread')} />}
              {envio.comunicado.idParent && <Tag colour="warning" label={t('communicationsUi.view.errata')} />}
            </>
          }
          details={[
            t('communicationsUi.inbox.from', { nome: envio.comunicado.usuarioCriador.nome }),
            // Issue 17 point 10: its department, an excerpt, attachment and tag indicators.
            envio.comunicado.departamento?.nome,
            t('communicationsUi.inbox.receivedAt', { data: formatDateTime(envio.dataRecebimento, i18n.language) }),
          ]
            .filter(Boolean)
            .join(' · ')}
          extra={<InboxItemExtras comunicado={envio.comunicado} />}
        />
      ),
    },
  ];
  return (
    <DataTable
      {...inboxListProps(t)}
      columns={columns}
      rows={result?.content}
      total={result?.totalElements ?? 0}
      getRowId={(envio) => envio.id}
      list={list}
      loading={loading}
      error={error}
      onRowOpen={(envio) => navigate(comunicadoUrls.envio(envio.comunicado.id))}
      rowActions={(envio) => (
        <EnvioToggles
          idComunicado={envio.comunicado.id}
          favorito={envio.favorito}
          arquivado={envio.arquivado}
          onChanged={() => void refetch()}
        />
      )}
    />
  );
}

/**
 * The user's own communications in one tab (decision 0032), with status chips: A_APROVAR (waiting for their
 * decision; refetched when the live count changes), EM_APROVACAO (theirs waiting for someone else) or ENVIADOS.
 */
export function SentList({ lista, list }: { lista: ManageTab; list: ListParams }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { busca, page, rowsPerPage } = list.query;
  const { data, previousData, loading, error, refetch } = useQuery(COMUNICADOS, {
    variables: { filtro: { busca: busca || undefined, lista, page, rowsPerPage } },
    fetchPolicy: 'cache-and-network',
  });
  const toApprove = useApprovalsCount();
  const live = lista === 'A_APROVAR' ? toApprove : null;
  const total = (data ?? previousData)?.comunicados.totalElements;
  useEffect(() => {
    // A submission or decision elsewhere changed what waits: show it without a reload.
    if (live !== null && total !== undefined && live !== total && !busca) void refetch();
  }, [live, total, busca, refetch]);
  const result = (data ?? previousData)?.comunicados;
  type Comunicado = NonNullable<typeof result>['content'][number];
  const columns: Column<Comunicado>[] = [
    {
      id: 'comunicado',
      label: t('communicationsUi.inbox.communication'),
      render: (c) => (
        <Summary
          to={comunicadoUrls.visualizar(c.id)}
          title={c.titulo}
          tags={
            <>
              <StatusTag status={c.status.id} />
              {c.viewerCan.aprovar && <Tag colour="warning" label={t('communicationsUi.inbox.pendingApproval')} />}
            </>
          }
          details={`${c.usuarioCriador.nome} · ${t('communicationsUi.inbox.createdAt', {
            data: formatDateTime(c.createdDateTime, i18n.language),
          })}`}
        />
      ),
    },
  ];
  return (
    <DataTable
      {...inboxListProps(t)}
      columns={columns}
      rows={result?.content}
      total={result?.totalElements ?? 0}
      getRowId={(c) => c.id}
      list={list}
      loading={loading}
      error={error}
      onRowOpen={(c) => navigate(comunicadoUrls.visualizar(c.id))}
    />
  );
}
