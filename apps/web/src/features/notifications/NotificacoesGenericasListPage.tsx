import { useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatDateTime } from '../../ui/format-date';
import { Guard } from '../../ui/Guard';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { useListParams } from '../../ui/list/use-list-params';
import { PageHeader } from '../../ui/PageHeader';
import { GENERICAS_REFETCH, PAGE } from './generic-notifications.documents';
import {
  CancelarNotificacaoGenericaDocument,
  type NotificacaoGenericaCamposFragment,
  NotificacoesGenericasDocument,
} from './generic-notifications.generated';

type Entry = NotificacaoGenericaCamposFragment;

const STATUS_COLOUR = { AGENDADA: 'info', ENVIADA: 'success', CANCELADA: 'default' } as const;

/** "2 grupos de usuários, 1 tipo de usuário, 3 dealers": what the audience names, in a line. */
function useAudienceSummary() {
  const { t } = useTranslation();
  return (a: Entry['audiencia']) =>
    (
      [
        ['gruposUsuarios', a.gruposUsuarios.length],
        ['tiposUsuario', a.tiposUsuario.length],
        ['grupos', a.grupos.length],
        ['dealers', a.dealers.length],
        ['usuarios', a.usuarios.length],
      ] as const
    )
      .filter(([, n]) => n > 0)
      .map(([kind, count]) => t(`genericNotifications.summary.${kind}`, { count }))
      .join(', ') || '—';
}

/**
 * /notificacoesGenericas (PORTAL_NOTIFICACOES_GENERICAS): the generic notifications sent or scheduled, newest
 * first, with their audience, how many received and read each, and their status. A scheduled one can be
 * edited or cancelled (after a confirmation).
 */
export function NotificacoesGenericasListPage() {
  const { t, i18n } = useTranslation();
  const list = useListParams();
  const summary = useAudienceSummary();
  const [cancelling, setCancelling] = useState<Entry | null>(null);
  const { data, previousData, loading, error } = useQuery(NotificacoesGenericasDocument, {
    variables: { page: list.query.page, rowsPerPage: list.query.rowsPerPage },
    fetchPolicy: 'cache-and-network',
  });
  const [cancelar] = useMutation(CancelarNotificacaoGenericaDocument, { refetchQueries: GENERICAS_REFETCH });
  const page = (data ?? previousData)?.notificacoesGenericas;
  const editPath = (e: Entry) => `/notificacoesGenericas/editar/${e.tipo}/${e.id}`;

  const columns: Column<Entry>[] = [
    { id: 'titulo', label: t('genericNotifications.form.titulo'), render: (e) => e.titulo },
    {
      id: 'tipo',
      label: t('genericNotifications.tipo'),
      hideOnMobile: true,
      render: (e) =>
        e.modelo
          ? t('genericNotifications.fromTemplate', { name: e.modelo.nome })
          : t('genericNotifications.fromScratch'),
    },
    {
      id: 'audiencia',
      label: t('genericNotifications.form.audience'),
      hideOnMobile: true,
      render: (e) => summary(e.audiencia),
    },
    {
      id: 'destinatarios',
      label: t('genericNotifications.recipients'),
      align: 'right',
      hideOnMobile: true,
      render: (e) => e.destinatarios,
    },
    { id: 'lidas', label: t('genericNotifications.reads'), align: 'right', hideOnMobile: true, render: (e) => e.lidas },
    {
      id: 'data',
      label: t('genericNotifications.date'),
      hideOnMobile: true,
      render: (e) => formatDateTime(e.enviadaEm ?? e.dataAgendamento ?? e.criadaEm, i18n.language),
    },
    {
      id: 'status',
      label: t('genericNotifications.status'),
      render: (e) => (
        <Chip size="small" color={STATUS_COLOUR[e.status]} label={t(`genericNotifications.statusOf.${e.status}`)} />
      ),
    },
  ];

  return (
    <Box sx={PAGE}>
      <Guard keys={['PORTAL_NOTIFICACOES_GENERICAS']} fallback>
        <PageHeader
          title={t('genericNotifications.listTitle')}
          subtitle={t('genericNotifications.listSubtitle')}
          actions={
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Guard keys={['PORTAL_MANUTENCAO_MODELO']}>
                <Button component={RouterLink} to="/modelosNotificacao">
                  {t('genericNotifications.template.listTitle')}
                </Button>
              </Guard>
              <Button variant="outlined" component={RouterLink} to="/notificacoesGenericas/nova/comModelo">
                {t('genericNotifications.newFromTemplate')}
              </Button>
              <Button variant="contained" component={RouterLink} to="/notificacoesGenericas/nova/modelo">
                {t('genericNotifications.new')}
              </Button>
            </Stack>
          }
        />
        <DataTable
          label={t('genericNotifications.listTitle')}
          columns={columns}
          rows={page?.content}
          total={page?.totalElements ?? 0}
          getRowId={(e) => e.id}
          list={list}
          loading={loading}
          error={error}
          errorFallback={t('genericNotifications.loadError')}
          emptyText={t('genericNotifications.empty')}
          searchLabel={false}
          rowActions={(e) =>
            e.status === 'AGENDADA' && (
              <>
                <Button
                  size="small"
                  component={RouterLink}
                  to={editPath(e)}
                  aria-label={t('genericNotifications.edit', { name: e.titulo })}
                >
                  {t('common.edit')}
                </Button>
                <Button
                  size="small"
                  sx={{ color: 'error.dark' }}
                  onClick={() => setCancelling(e)}
                  aria-label={t('genericNotifications.cancel', { name: e.titulo })}
                >
                  {t('genericNotifications.cancelShort')}
                </Button>
              </>
            )
          }
        />
        <ConfirmDialog
          open={Boolean(cancelling)}
          onClose={() => setCancelling(null)}
          onConfirm={() => cancelling && cancelar({ variables: { id: cancelling.id } })}
          title={t('genericNotifications.cancelTitle', { name: cancelling?.titulo ?? '' })}
          subtitle={t('genericNotifications.cancelSubtitle')}
          successMessage={t('genericNotifications.cancelled')}
        />
      </Guard>
    </Box>
  );
}
