import { useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { applyMask } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSignedInUser } from '../../app/current-user/signed-in-user';
import { ActivationButton } from '../../ui/ActivationButton';
import { formatDate } from '../../ui/format-date';
import { Guard } from '../../ui/Guard';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { download } from '../../ui/list/download';
import { useListParams } from '../../ui/list/use-list-params';
import { PageHeader } from '../../ui/PageHeader';
import { StatusChip } from '../../ui/StatusChip';
import { SpecialActivationButton } from './SpecialActivationButton';
import { UsersListFilters } from './UsersListFilters';
import {
  UsersListAtivacaoEspecialDocument,
  UsersListAtivarDocument,
  UsersListDocument,
  UsersListInativarDocument,
  type UsersListLinhaFragment,
} from './users-list.generated';
import { USER_FILTERS, USER_SORT_FIELDS, usersExportUrl, usersListVariables } from './users-list-params';

type User = UsersListLinhaFragment;

/** The frame of the users screens, as the other administration screens': padded, at most the content width. */
const PAGE = { px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' } as const;

/** A row shows this many dealers, then "+N". */
const DEALERS_SHOWN = 2;

/** Lists whose rows change with an activation: this list and the user's form (the other helper's `UserForm…`). */
const REFETCH = ['UsersList'];

/** A user's state: active or inactive, and special activation when granted. */
function UserStatus({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <StatusChip active={user.active} />
      {user.ativacaoEspecial && <Chip size="small" variant="outlined" label={t('usersList.especial.chip')} />}
    </Stack>
  );
}

/** The list itself, for a user allowed to see it (either key of `/usuarios`). */
function UsersList() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSignedInUser();
  const keys = new Set(signedIn.funcionalidades.map((f) => f.chave));
  const canManage = keys.has('PORTAL_MANUTENCAO_USUARIOS');
  const canSpecial = keys.has('LIBERAR_ATIVACAO_ESPECIAL');
  const list = useListParams({ sortable: USER_SORT_FIELDS, filters: USER_FILTERS });
  const { data, previousData, loading, error } = useQuery(UsersListDocument, {
    variables: usersListVariables(list.query),
    fetchPolicy: 'cache-and-network',
  });
  const [ativar] = useMutation(UsersListAtivarDocument, { refetchQueries: REFETCH });
  const [inativar] = useMutation(UsersListInativarDocument, { refetchQueries: REFETCH });
  const [alterarEspecial] = useMutation(UsersListAtivacaoEspecialDocument, { refetchQueries: REFETCH });
  const page = (data ?? previousData)?.usuarios;

  const editable = (u: User) => canManage && u.editavel;
  const hasActions = canManage || canSpecial;

  const columns: Column<User>[] = [
    {
      id: 'nome',
      label: t('usersList.field.nome'),
      sortable: true,
      render: (u) => (
        <>
          {u.nome}
          {/* A phone shows the e-mail and the state under the name, their columns being hidden. */}
          <Box sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {u.email}
          </Box>
          <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
            <UserStatus user={u} />
          </Box>
        </>
      ),
    },
    {
      id: 'email',
      label: t('usersList.field.email'),
      sortable: true,
      hideOnMobile: true,
      render: (u) => <Box sx={{ overflowWrap: 'anywhere' }}>{u.email}</Box>,
    },
    {
      id: 'cpf',
      label: t('usersList.field.cpf'),
      hideOnMobile: true,
      render: (u) => <Box sx={{ whiteSpace: 'nowrap' }}>{u.cpf ? applyMask('cpf', u.cpf) : '—'}</Box>,
    },
    {
      id: 'tipo',
      label: t('usersList.field.tipo'),
      sortable: true,
      hideOnMobile: true,
      render: (u) => u.tipo.description,
    },
    {
      id: 'dealers',
      label: t('usersList.field.dealers'),
      hideOnMobile: true,
      render: (u) => {
        const shown = u.dealers.slice(0, DEALERS_SHOWN).map((d) => d.nomeExibicao);
        const more = u.dealers.length - shown.length;
        return shown.length ? `${shown.join(', ')}${more > 0 ? ` ${t('usersList.more', { count: more })}` : ''}` : '—';
      },
    },
    {
      id: 'ultimoAcesso',
      label: t('usersList.field.ultimoAcesso'),
      sortable: true,
      hideOnMobile: true,
      render: (u) => (u.ultimoAcesso ? formatDate(u.ultimoAcesso, i18n.language) : t('usersList.never')),
    },
    {
      id: 'status',
      label: t('usersList.field.status'),
      hideOnMobile: true,
      render: (u) => <UserStatus user={u} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('usersList.title')}
        subtitle={t(canManage ? 'usersList.subtitle' : 'usersList.readOnly')}
        actions={
          canManage && (
            <Button variant="contained" component={RouterLink} to="/usuarios/novo">
              {t('usersList.new')}
            </Button>
          )
        }
      />
      <DataTable
        label={t('usersList.title')}
        columns={columns}
        rows={page?.content}
        total={page?.totalElements ?? 0}
        getRowId={(u) => u.id}
        list={list}
        loading={loading}
        error={error}
        errorFallback={t('usersList.loadError')}
        emptyText={t('usersList.empty')}
        searchLabel={t('usersList.search')}
        onRowOpen={canManage ? (u) => editable(u) && navigate(`/usuarios/${u.id}`) : undefined}
        onExport={(query) => download(usersExportUrl(query))}
        filters={<UsersListFilters list={list} canManage={canManage} />}
        rowActions={
          hasActions
            ? (u) => (
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  sx={{ alignItems: 'flex-end', justifyContent: 'flex-end' }}
                >
                  {editable(u) && (
                    <Button
                      size="small"
                      component={RouterLink}
                      to={`/usuarios/${u.id}`}
                      aria-label={t('usersList.edit', { name: u.nome })}
                      sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
                    >
                      {t('common.edit')}
                    </Button>
                  )}
                  {editable(u) && u.id !== signedIn.id && (
                    <ActivationButton
                      active={u.active}
                      name={u.nome}
                      deactivateWarning={t('usersList.deactivateWarning')}
                      onChange={(active) => (active ? ativar : inativar)({ variables: { id: u.id } })}
                    />
                  )}
                  {canSpecial && u.editavel && (
                    <SpecialActivationButton
                      especial={u.ativacaoEspecial}
                      name={u.nome}
                      onChange={(ativacaoEspecial) => alterarEspecial({ variables: { id: u.id, ativacaoEspecial } })}
                    />
                  )}
                </Stack>
              )
            : undefined
        }
      />
    </>
  );
}

/**
 * /usuarios (PORTAL_MANUTENCAO_USUARIOS, or PORTAL_CONSULTA_VISUALIZACAO_USUARIOS for a read-only list):
 * the users of the administrator's scope, searched (name, e-mail or CPF), filtered, sorted and paged on
 * the server with the state in the URL, exported as .xlsx. Editing, (in)activating and special
 * activation show only where the key allows and the row is `editavel` (the scope rule,
 * docs/domains/users.md#the-scope-rule).
 */
export function UsersListPage() {
  return (
    <Box sx={PAGE}>
      <Guard keys={['PORTAL_MANUTENCAO_USUARIOS', 'PORTAL_CONSULTA_VISUALIZACAO_USUARIOS']} fallback>
        <UsersList />
      </Guard>
    </Box>
  );
}
