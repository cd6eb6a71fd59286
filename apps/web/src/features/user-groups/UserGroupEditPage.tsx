import { useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAllowed, userGroupSchema } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useSignedInUser } from '../../app/current-user/signed-in-user';
import { useBreadcrumbLabel } from '../../app/shell/breadcrumb-labels';
import { GuidedTour } from '../../app/tour/GuidedTour';
import { ActivationButton } from '../../ui/ActivationButton';
import { AuditLink } from '../../ui/AuditLink';
import { CheckboxInput, TextInput } from '../../ui/form/fields';
import { useZodForm } from '../../ui/form/use-zod-form';
import { Guard } from '../../ui/Guard';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { StatusChip } from '../../ui/StatusChip';
import { useToast } from '../../ui/toast';
import { AddMembers } from './AddMembers';
import { MembersTable } from './MembersTable';
import { USER_GROUP_TOUR_ID, USER_GROUP_TOUR_STEPS } from './user-group-tour';
import { PAGE, USER_GROUPS_REFETCH } from './user-groups.documents';
import {
  AtivarGrupoUsuariosDocument,
  GrupoDeUsuariosDocument,
  type GrupoUsuariosCamposFragment,
  InativarGrupoUsuariosDocument,
  SalvarGrupoUsuariosDocument,
} from './user-groups.generated';

type Group = GrupoUsuariosCamposFragment;
type Values = { nome: string; publico: boolean; active: boolean } & Record<string, unknown>;

/** Whether the signed-in user may create public groups or make a group public. */
function useMayPublish(): boolean {
  const user = useSignedInUser();
  const subject = { tipo: user.tipo.id, chaves: user.funcionalidades.map((f) => f.chave) };
  return isAllowed(subject, { keys: ['PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS'] });
}

/** The group's name, visibility and state, on the domain's `userGroupSchema` that the server also applies. */
function UserGroupForm({ group }: { group?: Group }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const mayPublish = useMayPublish();
  const form = useZodForm(
    userGroupSchema,
    (): Values => ({
      nome: group?.nome ?? '',
      publico: group?.publico ?? false,
      active: group?.active ?? true,
    }),
  );
  const [salvar, { loading }] = useMutation(SalvarGrupoUsuariosDocument, { refetchQueries: USER_GROUPS_REFETCH });
  const submit = form.onSubmit(async (grupo) => {
    try {
      const saved = await salvar({ variables: { id: group?.id ?? null, grupo }, awaitRefetchQueries: true });
      toast.success('userGroups.form.saved');
      // A new group stays on its screen, where its members are added.
      if (!group && saved.data) navigate(`/gruposUsuarios/${saved.data.salvarGrupoUsuarios.id}`, { replace: true });
    } catch (error) {
      if (!form.showServerErrors(error)) toast.error(error);
    }
  });
  // Without the key a private group cannot become public; a public one may still become private.
  const publicLocked = !mayPublish && !group?.publico;

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 880 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Box data-tour="grupo-usuario-nome">
          <TextInput label={t('userGroups.field.nome')} required {...form.bind('nome')} />
        </Box>
        <Stack data-tour="grupo-usuario-visibilidade">
          <CheckboxInput
            label={t('userGroups.form.publico')}
            {...form.bind('publico')}
            disabled={publicLocked}
            helperText={t(publicLocked ? 'userGroups.form.publicoLocked' : 'userGroups.form.publicoHelp')}
          />
          <CheckboxInput label={t('common.active')} {...form.bind('active')} />
        </Stack>
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to="/gruposUsuarios" disabled={loading}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={loading}>
          {t('common.save')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * /gruposUsuarios/novo and /gruposUsuarios/:id (PORTAL_MANUTENCAO_GRUPOS_USUARIOS): a user group's
 * name, visibility and state, and, once saved, its members (search and add, remove after a
 * confirmation). Carries the GRUPO_USUARIO guided tour.
 */
export function UserGroupEditPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const id = useParams().id;
  const groupQuery = useQuery(GrupoDeUsuariosDocument, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'cache-and-network',
  });
  const [ativar] = useMutation(AtivarGrupoUsuariosDocument, { refetchQueries: USER_GROUPS_REFETCH });
  const [inativar] = useMutation(InativarGrupoUsuariosDocument, { refetchQueries: USER_GROUPS_REFETCH });
  const group = groupQuery.data?.grupoUsuarios;
  useBreadcrumbLabel(pathname, group?.nome);

  return (
    <Box sx={PAGE}>
      <Guard keys={['PORTAL_MANUTENCAO_GRUPOS_USUARIOS']} fallback>
        <PageHeader
          title={id ? t('userGroups.form.titleEdit', { name: group?.nome ?? '' }) : t('userGroups.form.titleNew')}
          subtitle={group ? t('userGroups.form.count', { count: group.quantidadeUsuarios }) : undefined}
          actions={
            group && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" color="text.secondary">
                  {t('userGroups.field.status')}
                </Typography>
                <StatusChip active={group.active} />
                <ActivationButton
                  active={group.active}
                  name={group.nome}
                  deactivateWarning={t('userGroups.form.deactivateWarning')}
                  onChange={(active) => (active ? ativar : inativar)({ variables: { id: group.id } })}
                />
                <AuditLink entidade="grupo_usuarios" id={group.id} />
              </Stack>
            )
          }
        />
        <QueryState
          loading={groupQuery.loading && !group}
          error={groupQuery.error}
          errorFallback={t('userGroups.form.loadError')}
          hasData={!id || Boolean(group)}
        >
          <UserGroupForm
            key={group ? `${group.id}:${group.nome}:${group.publico}:${group.active}` : 'novo'}
            group={group}
          />
          {group && (
            <Box
              component="section"
              aria-labelledby="grupo-usuario-membros"
              sx={{ mt: 4 }}
              data-tour="grupo-usuario-membros"
            >
              <Typography id="grupo-usuario-membros" variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('userGroups.members.title')}
              </Typography>
              <AddMembers groupId={group.id} />
              <MembersTable groupId={group.id} label={t('userGroups.members.list')} removable />
            </Box>
          )}
          {group && <GuidedTour id={USER_GROUP_TOUR_ID} steps={USER_GROUP_TOUR_STEPS} />}
        </QueryState>
      </Guard>
    </Box>
  );
}
