import { useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { menuSchema, USER_TYPES } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { useBreadcrumbLabel } from '../../app/shell/breadcrumb-labels';
import { ActivationButton } from '../../ui/ActivationButton';
import { AuditLink } from '../../ui/AuditLink';
import { CheckboxInput, SelectInput, TextInput } from '../../ui/form/fields';
import { MultiSelectInput } from '../../ui/form/MultiSelectInput';
import { useZodForm } from '../../ui/form/use-zod-form';
import { Guard } from '../../ui/Guard';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import { StatusChip } from '../../ui/StatusChip';
import { useToast } from '../../ui/toast';
import { MENUS_REFETCH, PAGE } from './menus.documents';
import {
  AtivarMenuDocument,
  InativarMenuDocument,
  type MenuAdministracaoCamposFragment,
  MenuAdministracaoDocument,
  OpcoesMenuAdministracaoDocument,
  type OpcoesMenuAdministracaoQuery,
  SalvarMenuDocument,
} from './menus.generated';

type Entry = MenuAdministracaoCamposFragment;
type Options = OpcoesMenuAdministracaoQuery['opcoesMenuAdministracao'];
/** The form's values: text for the selects and the order, as the inputs hold them. */
type Values = {
  titulo: string;
  uri: string;
  produtoId: string;
  parentId: string;
  ordem: string;
  externo: boolean;
  chaves: string[];
  tipos: string[];
} & Record<string, unknown>;

const initialValues = (entry: Entry | undefined): Values => ({
  titulo: entry?.titulo ?? '',
  uri: entry?.uri ?? '',
  produtoId: entry?.produto?.id ?? '',
  parentId: entry?.pai?.id ?? '',
  ordem: entry ? String(entry.ordem) : '1',
  externo: entry?.externo ?? false,
  chaves: entry?.chaves ?? [],
  tipos: entry?.tipos ?? [],
});

/** The edit form of one entry (or a new one), on the domain's `menuSchema` that the server also applies. */
function MenuForm({ entry, options }: { entry?: Entry; options: Options }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const form = useZodForm(menuSchema, initialValues(entry));
  const [salvar, { loading }] = useMutation(SalvarMenuDocument, { refetchQueries: MENUS_REFETCH });
  const submit = form.onSubmit(async (menu) => {
    try {
      await salvar({ variables: { id: entry?.id ?? null, menu }, awaitRefetchQueries: true });
      toast.success('menus.form.saved');
      navigate('/menus');
    } catch (error) {
      if (!form.showServerErrors(error)) toast.error(error);
    }
  });
  const none = (label: string) => ({ value: '', label });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 880 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <TextInput
          label={t('menus.field.titulo')}
          required
          {...form.bind('titulo')}
          helperText={entry?.tituloChave ? t('menus.form.keyNote', { key: entry.tituloChave }) : undefined}
        />
        <SelectInput
          label={t('menus.field.pai')}
          {...form.bind('parentId')}
          options={[
            none(t('menus.field.paiNone')),
            ...options.pais.filter((p) => p.id !== entry?.id).map((p) => ({ value: p.id, label: p.titulo })),
          ]}
        />
        <TextInput label={t('menus.field.uri')} {...form.bind('uri')} helperText={t('menus.field.uriHelp')} />
        <SelectInput
          label={t('menus.field.produto')}
          {...form.bind('produtoId')}
          options={[
            none(t('menus.field.produtoNone')),
            ...options.produtos.map((p) => ({ value: p.id, label: p.nome })),
          ]}
        />
        <TextInput label={t('menus.field.ordem')} required {...form.bind('ordem')} />
        <CheckboxInput label={t('menus.field.externo')} {...form.bind('externo')} />
        <MultiSelectInput
          label={t('menus.field.chaves')}
          {...form.bind('chaves')}
          helperText={t('menus.field.noRestriction')}
          options={options.funcionalidades.map((f) => ({ value: f.chave, label: `${f.nome} (${f.produto})` }))}
        />
        <MultiSelectInput
          label={t('menus.field.tipos')}
          {...form.bind('tipos')}
          helperText={t('menus.field.noRestriction')}
          options={USER_TYPES.map((id) => ({ value: id, label: t(`userType.${id}`) }))}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to="/menus" disabled={loading}>
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
 * /menus/novo and /menus/:id (TECSINAPSE): a menu category or item with its parent, uri, product,
 * order, external flag, the keys and user types that see it, and its status. Saving returns to the list.
 */
export function MenuEditPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const id = useParams().id;
  const entryQuery = useQuery(MenuAdministracaoDocument, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'network-only',
  });
  const optionsQuery = useQuery(OpcoesMenuAdministracaoDocument, { fetchPolicy: 'network-only' });
  const [ativar] = useMutation(AtivarMenuDocument, { refetchQueries: MENUS_REFETCH });
  const [inativar] = useMutation(InativarMenuDocument, { refetchQueries: MENUS_REFETCH });
  const entry = entryQuery.data?.menuAdministracao;
  const options = optionsQuery.data?.opcoesMenuAdministracao;
  useBreadcrumbLabel(pathname, entry?.titulo);

  return (
    <Box sx={PAGE}>
      <Guard types={['TECSINAPSE']} fallback>
        <PageHeader
          title={id ? t('menus.form.titleEdit', { name: entry?.titulo ?? '' }) : t('menus.form.titleNew')}
          subtitle={entry?.quantidadeFilhos ? t('menus.form.children', { count: entry.quantidadeFilhos }) : undefined}
          actions={
            entry && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" color="text.secondary">
                  {t('menus.field.status')}
                </Typography>
                <StatusChip active={entry.active} />
                <ActivationButton
                  active={entry.active}
                  name={entry.titulo}
                  deactivateWarning={t('menus.form.deactivateWarning')}
                  onChange={(active) => (active ? ativar : inativar)({ variables: { id: entry.id } })}
                />
                <AuditLink entidade="menu" id={entry.id} />
              </Stack>
            )
          }
        />
        <QueryState
          loading={entryQuery.loading || optionsQuery.loading}
          error={entryQuery.error ?? optionsQuery.error}
          errorFallback={t('menus.form.loadError')}
          hasData={Boolean(options && (!id || entry))}
        >
          {options && <MenuForm key={entry?.id ?? 'novo'} entry={entry} options={options} />}
        </QueryState>
      </Guard>
    </Box>
  );
}
