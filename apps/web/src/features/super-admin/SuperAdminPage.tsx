import { useLazyQuery, useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { editarProdutoSchema, importarGrupoUsuariosSchema, syncIdentityProviderSchema } from '@portal/domain';
import { createElement, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CheckboxInput, SelectInput, TextInput } from '../../ui/form/fields';
import { MultiSelectInput } from '../../ui/form/MultiSelectInput';
import { useZodForm } from '../../ui/form/use-zod-form';
import { Guard } from '../../ui/Guard';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/QueryState';
import {
  EditarProdutoDocument,
  ImportarGrupoUsuariosDocument,
  PreviaImportarGrupoUsuariosDocument,
  type ResultadoSincronizacaoFieldsFragment,
  SincronizarDealersDocument,
  SincronizarGruposDocument,
  SincronizarIdentityProviderDocument,
  SincronizarUsuariosDocument,
  SuperAdminDealersDoGrupoDocument,
  SuperAdminGruposDocument,
  SuperAdminProdutosDocument,
  type SuperAdminProdutosQuery,
} from './super-admin.generated';

/** The frame of the screen, as the other screens': padded, at most the content width. */
const PAGE = { px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' } as const;

type Produto = SuperAdminProdutosQuery['produtos'][number];

/** One product's base address: saved after a confirmation; the header menu is refetched (its links follow). */
function ProductRow({ produto }: { produto: Produto }) {
  const { t } = useTranslation();
  const form = useZodForm(editarProdutoSchema, { id: produto.id, baseUriHomolog: produto.baseUriHomolog ?? '' });
  const [confirming, setConfirming] = useState(false);
  const [editar] = useMutation(EditarProdutoDocument, { refetchQueries: ['Frame', 'SuperAdminProdutos'] });
  const save = async () => {
    try {
      await editar({ variables: { id: produto.id, baseUriHomolog: form.values.baseUriHomolog } });
      form.saved();
    } catch (error) {
      form.showServerErrors(error);
      throw error;
    }
  };
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'flex-start' } }}
      onSubmit={(e) => {
        e.preventDefault();
        if (form.attempt()) setConfirming(true);
      }}
    >
      <Typography sx={{ minWidth: 160, pt: { md: 2 } }} component="h2" variant="subtitle1">
        {produto.nome}
      </Typography>
      <TextInput {...form.bind('baseUriHomolog')} label={t('superAdmin.product.baseUri')} />
      <Button type="submit" variant="contained" sx={{ mt: { md: 1 }, flexShrink: 0 }}>
        {t('superAdmin.product.save')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={save}
        title={t('superAdmin.product.confirm', { name: produto.nome, uri: form.values.baseUriHomolog })}
        successMessage={t('superAdmin.product.success')}
      />
    </Stack>
  );
}

/** The product tab: every product's base address (`editarProduto`). */
function ProductTab() {
  const { t } = useTranslation();
  const query = useQuery(SuperAdminProdutosDocument, { fetchPolicy: 'network-only' });
  const produtos = query.data?.produtos ?? [];
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('superAdmin.product.intro')}</Typography>
      <QueryState
        loading={query.loading}
        error={query.error}
        hasData={Boolean(query.data)}
        empty={produtos.length === 0}
        emptyText={t('superAdmin.product.empty')}
      >
        <Stack spacing={3}>
          {produtos.map((p) => (
            <ProductRow key={`${p.id}:${p.baseUriHomolog ?? ''}`} produto={p} />
          ))}
        </Stack>
      </QueryState>
    </Stack>
  );
}

const EMPTY_MIGRATION = { grupoOrigemId: '', grupoDestinoId: '', idsDealers: [] as string[], inativarOrigem: false };

/**
 * The migration tab (`importarGrupoUsuarios`): origin, target and the dealers to move (none: a merge);
 * a preview states the counts, which the confirmation repeats before the move.
 */
function MigrationTab() {
  const { t } = useTranslation();
  const form = useZodForm(importarGrupoUsuariosSchema, EMPTY_MIGRATION);
  const { grupoOrigemId, grupoDestinoId, idsDealers } = form.values;
  const groups = useQuery(SuperAdminGruposDocument, { fetchPolicy: 'network-only' });
  const dealers = useQuery(SuperAdminDealersDoGrupoDocument, {
    variables: { id: grupoOrigemId },
    skip: !grupoOrigemId,
    fetchPolicy: 'network-only',
  });
  const [preview, previewResult] = useLazyQuery(PreviaImportarGrupoUsuariosDocument, { fetchPolicy: 'network-only' });
  const [migrate] = useMutation(ImportarGrupoUsuariosDocument, {
    refetchQueries: ['SuperAdminGrupos', 'SuperAdminDealersDoGrupo'],
  });
  const [confirming, setConfirming] = useState(false);
  const [previewed, setPreviewed] = useState<string | null>(null);
  const key = JSON.stringify(form.values);
  const counts = previewed === key ? previewResult.data?.previaImportarGrupoUsuarios : undefined;

  const groupOptions = (groups.data?.grupos.content ?? []).map((g) => ({
    value: g.id,
    label: g.active ? g.nome : `${g.nome} (${t('common.inactive')})`,
  }));
  const dealerOptions = (dealers.data?.grupo.dealers.content ?? []).map((d) => ({
    value: d.id,
    label: `${d.codigoPrincipal} · ${d.nomeExibicao}`,
  }));
  const target = groupOptions.find((g) => g.value === grupoDestinoId)?.label ?? '';
  const input = { grupoOrigemId, grupoDestinoId, idsDealers, inativarOrigem: form.values.inativarOrigem };

  const runPreview = async () => {
    if (!form.attempt()) return;
    const result = await preview({ variables: { input } });
    if (!result.error) setPreviewed(key);
  };
  const run = async () => {
    try {
      await migrate({ variables: { input } });
      form.reset(EMPTY_MIGRATION);
      setPreviewed(null);
    } catch (error) {
      form.showServerErrors(error);
      throw error;
    }
  };

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('superAdmin.migration.intro')}</Typography>
      <QueryState loading={groups.loading} error={groups.error} hasData={Boolean(groups.data)}>
        <Stack spacing={2} sx={{ maxWidth: 720 }}>
          <SelectInput
            {...form.bind('grupoOrigemId')}
            onChange={(value) => form.setValues((v) => ({ ...v, grupoOrigemId: value, idsDealers: [] }))}
            label={t('superAdmin.migration.origin')}
            options={groupOptions}
            required
          />
          <SelectInput
            {...form.bind('grupoDestinoId')}
            label={t('superAdmin.migration.target')}
            options={groupOptions}
            required
          />
          <MultiSelectInput
            {...form.bind('idsDealers')}
            label={t('superAdmin.migration.dealers')}
            options={dealerOptions}
            disabled={!grupoOrigemId}
          />
          {idsDealers.length === 0 && (
            <CheckboxInput {...form.bind('inativarOrigem')} label={t('superAdmin.migration.inactivateOrigin')} />
          )}
          <Stack direction="row" spacing={2}>
            <Button variant="outlined" onClick={() => void runPreview()} disabled={previewResult.loading}>
              {t('superAdmin.migration.preview')}
            </Button>
            <Button variant="contained" disabled={!counts} onClick={() => setConfirming(true)}>
              {t('superAdmin.migration.migrate')}
            </Button>
          </Stack>
          {previewResult.error && <Alert severity="error">{previewResult.error.message}</Alert>}
          {counts && (
            <Alert severity="info" role="status">
              {t('superAdmin.migration.previewResult', { countDealers: counts.dealers, countUsers: counts.usuarios })}
            </Alert>
          )}
        </Stack>
      </QueryState>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={run}
        title={t('superAdmin.migration.confirm', {
          countDealers: counts?.dealers ?? 0,
          countUsers: counts?.usuarios ?? 0,
          target,
        })}
        successMessage={t('superAdmin.migration.success')}
      />
    </Stack>
  );
}

type SyncResult = ResultadoSincronizacaoFieldsFragment;

/** What a synchronisation changed, kind by kind (announced to screen readers). */
function SyncResultView({ result }: { result: SyncResult }) {
  const { t } = useTranslation();
  return (
    <Alert severity={result.alteracoes ? 'success' : 'info'} role="status">
      <Typography variant="subtitle2" component="p">
        {t('superAdmin.sync.resultTitle')}
      </Typography>
      {result.alteracoes === 0 && <Typography variant="body2">{t('superAdmin.sync.nothing')}</Typography>}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {result.itens.map((item) => (
          <li key={item.tipo}>
            {t(`superAdmin.sync.kinds.${item.tipo as SyncKind}`)}: {item.quantidade}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

type SyncKind =
  | 'dealersInativados'
  | 'usuariosInativados'
  | 'marcasDesvinculadas'
  | 'cargosRemovidos'
  | 'sessoesEncerradas'
  | 'convitesEnviados'
  | 'vinculoProvedorDesfeito';

/**
 * One synchronisation: what it does, a button behind a confirmation, and what it changed. `children` are
 * its inputs (the e-mail of the identity provider's); `validate` says whether they are ready.
 */
function SyncCard(props: {
  id: 'groups' | 'dealers' | 'users' | 'identityProvider';
  run: () => Promise<SyncResult | undefined>;
  validate?: () => boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<SyncResult | null>(null);
  const title = t(`superAdmin.sync.${props.id}`);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Stack spacing={1.5}>
        <Typography component="h2" variant="subtitle1">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`superAdmin.sync.help.${props.id}`)}
        </Typography>
        {props.children}
        <Box>
          <Button
            variant="contained"
            onClick={() => {
              if (props.validate?.() ?? true) setConfirming(true);
            }}
          >
            {t('superAdmin.sync.run')}
          </Button>
        </Box>
        {result && <SyncResultView result={result} />}
      </Stack>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setResult(null);
          setResult((await props.run()) ?? null);
        }}
        title={t('superAdmin.sync.confirm')}
        subtitle={title}
        successMessage={t('superAdmin.sync.success')}
      />
    </Paper>
  );
}

/** The synchronisation tab (docs/domains/superadmin.md#synchronisation): four runs, each confirmed and reported. */
function SyncTab() {
  const { t } = useTranslation();
  const [grupos] = useMutation(SincronizarGruposDocument);
  const [dealers] = useMutation(SincronizarDealersDocument);
  const [usuarios] = useMutation(SincronizarUsuariosDocument);
  const [provider] = useMutation(SincronizarIdentityProviderDocument);
  const form = useZodForm(syncIdentityProviderSchema, { emailUsuario: '' });
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('superAdmin.sync.intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <SyncCard id="groups" run={async () => (await grupos()).data?.sincronizarGrupos} />
        <SyncCard id="dealers" run={async () => (await dealers()).data?.sincronizarDealers} />
        <SyncCard id="users" run={async () => (await usuarios()).data?.sincronizarUsuarios} />
        <SyncCard
          id="identityProvider"
          validate={() => form.attempt()}
          run={async () => {
            try {
              const done = await provider({ variables: { emailUsuario: form.values.emailUsuario } });
              form.saved();
              return done.data?.sincronizarIdentityProvider;
            } catch (error) {
              form.showServerErrors(error);
              throw error;
            }
          }}
        >
          <TextInput {...form.bind('emailUsuario')} label={t('superAdmin.sync.email')} autoComplete="email" required />
        </SyncCard>
      </Box>
    </Stack>
  );
}

const TABS = ['product', 'migration', 'sync'] as const;
const TAB_PANELS = { product: ProductTab, migration: MigrationTab, sync: SyncTab };

/**
 * `/superAdmin` (TECSINAPSE only; docs/domains/superadmin.md): the product, migration and synchronisation tabs, each
 * action behind a confirmation and answered with the spec's messages.
 */
export function SuperAdminPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof TABS)[number]>('product');
  return (
    <Box sx={PAGE}>
      <Guard types={['TECSINAPSE']} fallback>
        <PageHeader title={t('superAdmin.title')} />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Tabs
            value={tab}
            onChange={(_, next) => setTab(next)}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 3 }}
          >
            {TABS.map((id) => (
              <Tab key={id} value={id} label={t(`superAdmin.tabs.${id}`)} id={`superadmin-tab-${id}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" aria-labelledby={`superadmin-tab-${tab}`}>
            {createElement(TAB_PANELS[tab])}
          </Box>
        </Paper>
      </Guard>
    </Box>
  );
}
