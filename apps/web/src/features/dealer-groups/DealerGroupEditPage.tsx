import { useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { applyMask, dealerGroupFormSchema } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useBreadcrumbLabel } from '../../app/shell/breadcrumb-labels';
import { AuditLink } from '../../ui/AuditLink';
import { TextInput } from '../../ui/form/fields';
import { useZodForm } from '../../ui/form/use-zod-form';
import { Guard } from '../../ui/Guard';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { type ListParams, useListParams } from '../../ui/list/use-list-params';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { StatusChip } from '../../ui/StatusChip';
import { useToast } from '../../ui/toast';
import { GROUPS_KEYS, GROUPS_REFETCH, PAGE } from './dealer-groups.documents';
import {
  type GrupoCamposFragment,
  GrupoDealersDocument,
  type GrupoDealersQuery,
  GrupoDocument,
  GrupoUsuariosDocument,
  type GrupoUsuariosQuery,
  SalvarGrupoDocument,
} from './dealer-groups.generated';
import { GroupActivationButton } from './GroupActivationButton';

type Group = GrupoCamposFragment;
type DealerRow = NonNullable<GrupoDealersQuery['grupo']>['dealers']['content'][number];
type UserRow = NonNullable<GrupoUsuariosQuery['grupo']>['usuarios']['content'][number];

/** The form of a group (or a new one): its name, on the domain's `dealerGroupFormSchema` the server also applies. */
function GroupForm({ group }: { group?: Group }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useZodForm(dealerGroupFormSchema, { nome: group?.nome ?? '' });
  const [salvar, { loading }] = useMutation(SalvarGrupoDocument, { refetchQueries: GROUPS_REFETCH });
  const submit = form.onSubmit(async (grupo) => {
    try {
      await salvar({ variables: { id: group?.id ?? null, grupo }, awaitRefetchQueries: true });
      toast.success(t('dealerGroups.form.saved'));
      navigate('/grupos');
    } catch (error) {
      if (!form.showServerErrors(error)) toast.error(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 560 }}>
      <TextInput label={t('dealerGroups.field.nome')} required {...form.bind('nome')} />
      {!group && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('dealerGroups.form.createdActive')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to="/grupos" disabled={loading}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={loading}>
          {t('common.save')}
        </Button>
      </Stack>
    </Box>
  );
}

/** The group's dealers (any state), one page at a time. */
function DealersTab({ id, list }: { id: string; list: ListParams }) {
  const { t } = useTranslation();
  const { page, rowsPerPage } = list.query;
  const { data, previousData, loading, error } = useQuery(GrupoDealersDocument, {
    variables: { id, page, rowsPerPage },
    fetchPolicy: 'cache-and-network',
  });
  const dealers = (data ?? previousData)?.grupo.dealers;
  const columns: Column<DealerRow>[] = [
    { id: 'nomeExibicao', label: t('dealerGroups.members.dealerName'), render: (d) => d.nomeExibicao },
    { id: 'nome', label: t('dealerGroups.members.corporateName'), hideOnMobile: true, render: (d) => d.nome },
    { id: 'codigo', label: t('dealerGroups.members.code'), hideOnMobile: true, render: (d) => d.codigoPrincipal },
    { id: 'cnpj', label: 'CNPJ', hideOnMobile: true, render: (d) => applyMask('cnpj', d.cnpj) },
    { id: 'status', label: t('dealerGroups.field.status'), render: (d) => <StatusChip active={d.active} /> },
  ];
  return (
    <DataTable
      label={t('dealerGroups.members.dealers')}
      columns={columns}
      rows={dealers?.content}
      total={dealers?.totalElements ?? 0}
      getRowId={(d) => d.id}
      list={list}
      loading={loading}
      error={error}
      errorFallback={t('dealerGroups.members.loadError')}
      emptyText={t('dealerGroups.members.noDealers')}
      searchLabel={false}
    />
  );
}

/** The group's users (linked to it or to one of its dealers, any state), one page at a time. */
function UsersTab({ id, list }: { id: string; list: ListParams }) {
  const { t } = useTranslation();
  const { page, rowsPerPage } = list.query;
  const { data, previousData, loading, error } = useQuery(GrupoUsuariosDocument, {
    variables: { id, page, rowsPerPage },
    fetchPolicy: 'cache-and-network',
  });
  const users = (data ?? previousData)?.grupo.usuarios;
  const columns: Column<UserRow>[] = [
    { id: 'nome', label: t('dealerGroups.members.userName'), render: (u) => u.nome },
    {
      id: 'email',
      label: t('dealerGroups.members.email'),
      hideOnMobile: true,
      render: (u) => <Box sx={{ overflowWrap: 'anywhere' }}>{u.email}</Box>,
    },
    { id: 'status', label: t('dealerGroups.field.status'), render: (u) => <StatusChip active={u.active} /> },
  ];
  return (
    <DataTable
      label={t('dealerGroups.members.users')}
      columns={columns}
      rows={users?.content}
      total={users?.totalElements ?? 0}
      getRowId={(u) => u.id}
      list={list}
      loading={loading}
      error={error}
      errorFallback={t('dealerGroups.members.loadError')}
      emptyText={t('dealerGroups.members.noUsers')}
      searchLabel={false}
    />
  );
}

/** URL parameter of the members' tab: ?membros=usuarios (dealers by default). */
const MEMBERS = 'membros';

/** The group's members in two tabs (its dealers, its users), each paged; the page is in the URL. */
function Members({ group }: { group: Group }) {
  const { t } = useTranslation();
  const list = useListParams({ filters: [MEMBERS] });
  const tab = list.query.filters[MEMBERS] === 'usuarios' ? 'usuarios' : 'dealers';
  return (
    <Box component="section" aria-labelledby="group-members" sx={{ mt: 4 }}>
      <Typography id="group-members" variant="h6" component="h2">
        {t('dealerGroups.members.title')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, next: string) => list.setFilter(MEMBERS, next === 'usuarios' ? next : null)}
        aria-label={t('dealerGroups.members.title')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 1 }}
      >
        <Tab value="dealers" label={t('dealerGroups.members.dealersCount', { count: group.quantidadeDealers })} />
        <Tab value="usuarios" label={t('dealerGroups.members.users')} />
      </Tabs>
      <Box role="tabpanel" aria-label={t(`dealerGroups.members.${tab === 'dealers' ? 'dealers' : 'users'}`)}>
        {tab === 'dealers' ? <DealersTab id={group.id} list={list} /> : <UsersTab id={group.id} list={list} />}
      </Box>
    </Box>
  );
}

/**
 * /grupos/novo and /grupos/:id (PORTAL_MANUTENCAO_DEALERS_GRUPO): a dealer group's name and state,
 * and, for an existing one, its dealers and users. Inactivating states how many dealers and users go
 * with it; reactivating says that they do not come back.
 */
export function DealerGroupEditPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const id = useParams().id;
  const query = useQuery(GrupoDocument, { variables: { id: id ?? '' }, skip: !id, fetchPolicy: 'network-only' });
  const group = query.data?.grupo;
  useBreadcrumbLabel(pathname, group?.nome);

  return (
    <Box sx={PAGE}>
      <Guard keys={GROUPS_KEYS} fallback>
        <PageHeader
          title={id ? (group?.nome ?? t('route.gruposEditar')) : t('route.gruposNovo')}
          subtitle={id ? t('route.gruposEditar') : undefined}
          actions={
            group && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" color="text.secondary">
                  {t('dealerGroups.field.status')}
                </Typography>
                <StatusChip active={group.active} />
                <GroupActivationButton group={group} />
                <AuditLink entidade="grupo" id={group.id} />
              </Stack>
            )
          }
        />
        <QueryState
          loading={query.loading}
          error={query.error}
          errorFallback={t('dealerGroups.form.loadError')}
          hasData={!id || Boolean(group)}
        >
          <GroupForm key={group?.id ?? 'novo'} group={group} />
          {group && <Members group={group} />}
        </QueryState>
      </Guard>
    </Box>
  );
}
