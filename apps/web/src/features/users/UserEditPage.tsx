import { ApolloError, useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserType } from '@portal/domain';
import { GraphQLError } from 'graphql';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useSignedInUser } from '../../app/current-user/signed-in-user';
import { useBreadcrumbLabel } from '../../app/shell/breadcrumb-labels';
import { AuditLink } from '../../ui/AuditLink';
import { serverFieldErrors } from '../../ui/form/server-errors';
import { useZodForm } from '../../ui/form/use-zod-form';
import { Guard } from '../../ui/Guard';
import { QueryState } from '../../ui/QueryState';
import { WizardFrame } from '../../ui/wizard/WizardFrame';
import { PermissionsStep } from './PermissionsStep';
import { redundancyOf } from './ProductPermissionsCard';
import { UserDataStep } from './UserDataStep';
import { useUniquenessChecks } from './use-uniqueness-checks';
import {
  UserFormOpcoesDocument,
  UserFormProdutosDocument,
  UserFormSalvarUsuarioDocument,
  UserFormUsuarioDocument,
} from './user-form.generated';
import {
  fieldOf,
  initialValues,
  type Loaded,
  type Options,
  rulesOf,
  STEP_1_FIELDS,
  toInput,
  userFormSchema,
} from './user-form-values';

/** The frame of the users screens: padded, at most the content width (1440 px). */
const PAGE = { px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' } as const;

/** A BAD_USER_INPUT answer with its fields named as the form's (`usuario.cpf` → cpf), for `showServerErrors`. */
function onFormFields(error: unknown): ApolloError | null {
  const entries = Object.entries(serverFieldErrors(error));
  if (!entries.length) return null;
  const fields: Record<string, string> = {};
  for (const [path, key] of entries) fields[fieldOf(path.split('.'))] ??= key;
  return new ApolloError({ graphQLErrors: [new GraphQLError('BAD_USER_INPUT', { extensions: { fields } })] });
}

/**
 * The two-step user wizard on the domain's `salvarUsuarioSchema` (the server applies the same): user data, then
 * permissions per product. Every step checks its fields before moving on; the last saves the user with their
 * positions and management data and returns to /usuarios with a message naming the user.
 */
function UserWizard({ loaded, options }: { loaded: Loaded | undefined; options: Options }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const rules = useMemo(() => rulesOf(options), [options]);
  const schema = useMemo(() => userFormSchema(rules), [rules]);
  const form = useZodForm(schema, () => initialValues(options, loaded));
  const checks = useUniquenessChecks(form.values.id);
  const [filter, setFilter] = useState<string[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const self = loaded?.usuario.id === me.id;
  const { values } = form;
  const produtosQuery = useQuery(UserFormProdutosDocument, {
    variables: { idsDealer: values.idsDealers, tipoUsuario: values.tipo as UserType },
    skip: !values.tipo,
    fetchPolicy: 'network-only',
  });
  const produtos = (produtosQuery.data ?? produtosQuery.previousData)?.produtosByDealersAndTipoUsuario;
  const [salvar] = useMutation(UserFormSalvarUsuarioDocument, {
    // The users list reads afresh whatever changed.
    update: (cache) => {
      cache.evict({ fieldName: 'usuarios' });
      cache.gc();
    },
  });
  const labelOf = (field: string) =>
    field === 'cargos' ? t('userForm.sections.positions') : t(`userForm.field.${field}`, { defaultValue: field });

  const validateUserData = async () => {
    for (const f of STEP_1_FIELDS) form.touch(f);
    const valid = STEP_1_FIELDS.every((f) => !form.errors[f]);
    const free = (await checks.checkEmail(values.email)) && (await checks.checkCpf(values.cpf));
    return valid && free;
  };

  const validatePermissions = () => {
    const redundant = (produtos ?? []).filter(
      (p) => redundancyOf(p, values.produtos[p.id] ?? { idsTiposAcesso: [], idsFuncionalidades: [] }).length,
    );
    // A card with the error stays in view even when the filter had hidden it.
    if (redundant.length && filter.length) setFilter([...new Set([...filter, ...redundant.map((p) => p.id)])]);
    return redundant.length === 0 && form.attempt();
  };

  const submit = async () => {
    setProblems([]);
    const input = toInput(values, rules);
    try {
      await salvar({
        variables: { ...input, usuario: { ...input.usuario, tipo: values.tipo as UserType } },
      });
      return values.id;
    } catch (error) {
      const onFields = onFormFields(error);
      if (onFields) {
        form.showServerErrors(onFields);
        setProblems(Object.entries(serverFieldErrors(onFields)).map(([f, key]) => `${labelOf(f)}: ${t(key)}`));
      }
      throw error;
    }
  };

  return (
    <WizardFrame
      title={loaded ? loaded.usuario.nome : t('userForm.newTitle')}
      closeTo="/usuarios"
      initialId={values.id}
      successMessage={t(loaded ? 'userForm.updated' : 'userForm.created', { name: values.nome.trim() })}
      steps={[
        {
          label: t('userForm.steps.data'),
          validate: validateUserData,
          content: (
            <UserDataStep form={form} options={options} loaded={loaded} rules={rules} checks={checks} self={self} />
          ),
        },
        {
          label: t('userForm.steps.permissions'),
          validate: validatePermissions,
          submit,
          content: (
            <Stack spacing={2}>
              {problems.length > 0 && (
                <Alert severity="error" role="alert">
                  {problems.map((p) => (
                    <Typography key={p} variant="body2">
                      {p}
                    </Typography>
                  ))}
                </Alert>
              )}
              <PermissionsStep
                form={form}
                produtos={produtos}
                loading={produtosQuery.loading}
                error={produtosQuery.error}
                filter={filter}
                onFilter={setFilter}
                self={self}
              />
            </Stack>
          ),
        },
      ]}
    />
  );
}

/**
 * /usuarios/novo and /usuarios/:id (PORTAL_MANUTENCAO_USUARIOS): the user wizard with the administrator's
 * choices (`usuarioDominioQuery`, the portal's user-form properties, positions, departments, dismissal reasons)
 * and, when editing, the user with their positions and management data. Closing returns to /usuarios.
 */
export function UserEditPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const id = useParams().id;
  const userQuery = useQuery(UserFormUsuarioDocument, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'network-only',
  });
  const optionsQuery = useQuery(UserFormOpcoesDocument, { fetchPolicy: 'network-only' });
  const loaded = userQuery.data;
  const options = optionsQuery.data;
  useBreadcrumbLabel(pathname, loaded?.usuario.nome);

  return (
    <Box sx={PAGE}>
      <Guard keys={['PORTAL_MANUTENCAO_USUARIOS']} fallback>
        <QueryState
          loading={userQuery.loading || optionsQuery.loading}
          error={userQuery.error ?? optionsQuery.error}
          errorFallback={t('userForm.loadError')}
          hasData={Boolean(options && (!id || loaded))}
        >
          {loaded && (
            <Guard types={['TECSINAPSE']}>
              <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 2 }}>
                <AuditLink entidade="usuario" id={loaded.usuario.id} />
              </Stack>
            </Guard>
          )}
          {options && <UserWizard key={loaded?.usuario.id ?? 'novo'} loaded={loaded} options={options} />}
        </QueryState>
      </Guard>
    </Box>
  );
}
