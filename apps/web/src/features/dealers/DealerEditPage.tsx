import { ApolloError, useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { applyMask, dealerSchema, UFS } from '@portal/domain';
import { GraphQLError } from 'graphql';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useBreadcrumbLabel } from '../../app/shell/breadcrumb-labels';
import { ActivationButton } from '../../ui/ActivationButton';
import { AuditLink } from '../../ui/AuditLink';
import { ChipsField } from '../../ui/form/ChipsField';
import { FormDialog } from '../../ui/form/FormDialog';
import { EmailInput, MaskedInput, SelectInput, TextInput } from '../../ui/form/fields';
import { MaskedMultiInput } from '../../ui/form/MaskedMultiInput';
import { MultiSelectInput } from '../../ui/form/MultiSelectInput';
import { serverFieldErrors } from '../../ui/form/server-errors';
import { useZodForm, type ZodForm } from '../../ui/form/use-zod-form';
import { Guard } from '../../ui/Guard';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { useListParams } from '../../ui/list/use-list-params';
import { QueryState } from '../../ui/QueryState';
import { StatusChip } from '../../ui/StatusChip';
import { WizardFrame } from '../../ui/wizard/WizardFrame';
import { DEALERS_REFETCH, PAGE } from './dealers.documents';
import {
  AtivarDealerDocument,
  DealerDocument,
  type DealerQuery,
  InativarDealerDocument,
  OpcoesDealerDocument,
  type OpcoesDealerQuery,
  SalvarDealerDocument,
} from './dealers.generated';
import { useDealerKeyChecks } from './use-key-checks';

type Loaded = DealerQuery['dealer'];
type Options = OpcoesDealerQuery['opcoesDealer'];
/** A contact as the step holds it; `key` only tells the rows apart (the schema drops it). */
type Contato = { key: string; nome: string; email: string; telefone: string };
let nextContactKey = 0;
const contactKey = () => `c${nextContactKey++}`;

/** The wizard's values, as its inputs hold them (masked CNPJs and CEP; '' for an empty text). */
type Values = {
  nome: string;
  nomeExibicao: string;
  cnpj: string;
  cnpjsAdicionais: string[];
  codigoPrincipal: string;
  codigosAdicionais: string[];
  grupoId: string;
  marcaIds: string[];
  produtoIds: string[];
  dadosComplementares: { dadoComplementarId: string; valor: string }[];
  logradouro: string;
  bairro: string;
  cidade: string;
  cep: string;
  complemento: string;
  uf: string | null;
  contatos: Contato[];
} & Record<string, unknown>;

const initialValues = (d: Loaded | undefined): Values => ({
  nome: d?.nome ?? '',
  nomeExibicao: d?.nomeExibicao ?? '',
  cnpj: d ? applyMask('cnpj', d.cnpj) : '',
  cnpjsAdicionais: (d?.cnpjsAdicionais ?? []).map((c) => applyMask('cnpj', c)),
  codigoPrincipal: d?.codigoPrincipal ?? '',
  codigosAdicionais: d?.codigosAdicionais ?? [],
  grupoId: d?.grupo.id ?? '',
  marcaIds: (d?.marcas ?? []).map((m) => m.id),
  produtoIds: (d?.produtos ?? []).map((p) => p.id),
  dadosComplementares: (d?.dadosComplementares ?? []).map((x) => ({
    dadoComplementarId: x.dadoComplementarId,
    valor: x.valor,
  })),
  logradouro: d?.logradouro ?? '',
  bairro: d?.bairro ?? '',
  cidade: d?.cidade ?? '',
  cep: d?.cep ? applyMask('cep', d.cep) : '',
  complemento: d?.complemento ?? '',
  uf: d?.uf ?? null,
  contatos: (d?.contatos ?? []).map((c) => ({
    key: contactKey(),
    nome: c.nome,
    email: c.email ?? '',
    telefone: c.telefone ?? '',
  })),
});

/** Which step holds each field, so a server error can say where to go back to. */
const STEP_FIELDS: readonly (readonly (keyof Values & string)[])[] = [
  ['nome', 'nomeExibicao', 'cnpj', 'cnpjsAdicionais'],
  ['codigoPrincipal', 'codigosAdicionais'],
  ['logradouro', 'bairro', 'cidade', 'cep', 'complemento', 'uf'],
  ['contatos'],
  ['grupoId', 'marcaIds', 'produtoIds', 'dadosComplementares'],
];

/**
 * A BAD_USER_INPUT answer with its fields reduced to the wizard's (`cnpjsAdicionais.0` → `cnpjsAdicionais`),
 * so `showServerErrors` puts each on its input.
 */
function onWizardFields(error: unknown): ApolloError | null {
  const fields = serverFieldErrors(error);
  const entries = Object.entries(fields);
  if (!entries.length) return null;
  const reduced: Record<string, string> = {};
  for (const [path, key] of entries) reduced[path.split('.')[0]] ??= key;
  return new ApolloError({ graphQLErrors: [new GraphQLError('BAD_USER_INPUT', { extensions: { fields: reduced } })] });
}

function Grid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>{children}</Box>;
}

/** The contacts step: a list of people (name, e-mail, phone), added and removed. */
function ContactsStep({ form }: { form: ZodForm<Values> }) {
  const { t } = useTranslation();
  const contatos = form.values.contatos;
  const change = (i: number, field: keyof Contato, value: string) =>
    form.set(
      'contatos',
      contatos.map((c, j) => (j === i ? { ...c, [field]: value } : c)),
    );
  // Each contact's own problems (the form keeps one per top-level field), shown once the step was checked.
  const shown = Boolean(form.errorOf('contatos'));
  const parsed = dealerSchema.safeParse(form.values);
  const problems = new Map<string, string>();
  if (shown && !parsed.success)
    for (const issue of parsed.error.issues)
      if (issue.path[0] === 'contatos') problems.set(issue.path.slice(1).join('.'), issue.message);
  return (
    <Stack spacing={2}>
      {contatos.length === 0 && <Typography color="text.secondary">{t('dealers.form.noContacts')}</Typography>}
      {contatos.map((c, i) => (
        <Paper
          key={c.key}
          variant="outlined"
          sx={{ p: 2 }}
          component="fieldset"
          aria-label={t('dealers.form.contact', { n: i + 1 })}
        >
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr auto' },
              alignItems: 'start',
            }}
          >
            <TextInput
              label={t('dealers.field.contatoNome')}
              required
              name={`contatos.${i}.nome`}
              value={c.nome}
              onChange={(v) => change(i, 'nome', v)}
              onBlur={() => form.touch('contatos')}
              error={problems.get(`${i}.nome`)}
            />
            <EmailInput
              label={t('dealers.field.contatoEmail')}
              name={`contatos.${i}.email`}
              value={c.email}
              onChange={(v) => change(i, 'email', v)}
              onBlur={() => form.touch('contatos')}
              error={problems.get(`${i}.email`)}
            />
            <MaskedInput
              kind="phone"
              label={t('dealers.field.contatoTelefone')}
              name={`contatos.${i}.telefone`}
              value={c.telefone}
              onChange={(v) => change(i, 'telefone', v)}
              onBlur={() => form.touch('contatos')}
              error={problems.get(`${i}.telefone`)}
            />
            <IconButton
              aria-label={t('dealers.form.removeContact', { n: i + 1 })}
              onClick={() =>
                form.set(
                  'contatos',
                  contatos.filter((_, j) => j !== i),
                )
              }
              sx={{ mt: 1 }}
            >
              ×
            </IconButton>
          </Box>
        </Paper>
      ))}
      <Box>
        <Button
          onClick={() => form.set('contatos', [...contatos, { key: contactKey(), nome: '', email: '', telefone: '' }])}
        >
          {t('dealers.form.addContact')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * The complementary-data dialog: one value per complementary datum of the products the dealer uses
 * (docs/domains/organisation.md#complementary-data); an empty value removes it.
 */
function ComplementaryDataDialog({
  form,
  options,
  onClose,
}: {
  form: ZodForm<Values>;
  options: Options;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const offered = options.dadosComplementares.filter(
    (d) => !d.produtoId || form.values.produtoIds.includes(d.produtoId),
  );
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(form.values.dadosComplementares.map((d) => [d.dadoComplementarId, d.valor])),
  );
  const productName = (id: string | null | undefined) => options.produtos.find((p) => p.id === id)?.nome;
  return (
    <FormDialog
      title={t('dealers.complementary.title')}
      submitLabel={t('confirm.confirm')}
      busy={false}
      onClose={onClose}
      onSubmit={() => {
        form.set(
          'dadosComplementares',
          offered
            .filter((d) => values[d.id]?.trim())
            .map((d) => ({ dadoComplementarId: d.id, valor: values[d.id].trim() })),
        );
        onClose();
      }}
    >
      {offered.length === 0 ? (
        <Typography color="text.secondary">{t('dealers.complementary.none')}</Typography>
      ) : (
        <Stack spacing={2} sx={{ pt: 1 }}>
          {offered.map((d) => (
            <TextInput
              key={d.id}
              label={productName(d.produtoId) ? `${d.descricao} (${productName(d.produtoId)})` : d.descricao}
              name={`dado-${d.id}`}
              value={values[d.id] ?? ''}
              onChange={(v) => setValues((all) => ({ ...all, [d.id]: v }))}
              onBlur={() => {}}
            />
          ))}
        </Stack>
      )}
    </FormDialog>
  );
}

/** The create/edit wizard of a dealer, on the domain's `dealerSchema` that the server also applies. */
function DealerWizard({ dealer, options }: { dealer?: Loaded; options: Options }) {
  const { t } = useTranslation();
  const form = useZodForm(dealerSchema, () => initialValues(dealer));
  const [salvar] = useMutation(SalvarDealerDocument, { refetchQueries: DEALERS_REFETCH });
  const [dialog, setDialog] = useState(false);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const stepValid = (fields: readonly (keyof Values & string)[]) => () => {
    for (const f of fields) form.touch(f);
    return fields.every((f) => !form.errors[f]);
  };
  const keysTaken = useDealerKeyChecks(dealer?.id ?? null);
  /** A step holding CNPJs or codes: valid, and none of them another dealer's (asked at the step, not at the end). */
  const stepWithKeys = (fields: readonly (keyof Values & string)[], keys: 'cnpj' | 'codigoPrincipal') => async () => {
    if (!stepValid(fields)()) return false;
    const taken = await keysTaken(form.values, [keys]);
    if (taken) form.showServerErrors(taken);
    return !taken;
  };
  const bindUf = {
    name: 'uf',
    value: form.values.uf ?? '',
    onChange: (v: string) => form.set('uf', v || null),
    onBlur: () => form.touch('uf'),
    error: form.errorOf('uf'),
  };
  const labelOf: Record<string, string> = {
    nome: t('dealers.field.nome'),
    nomeExibicao: t('dealers.field.nomeExibicao'),
    cnpj: t('dealers.field.cnpj'),
    cnpjsAdicionais: t('dealers.field.cnpjsAdicionais'),
    codigoPrincipal: t('dealers.field.codigoPrincipal'),
    codigosAdicionais: t('dealers.field.codigosAdicionais'),
    grupoId: t('dealers.field.grupo'),
    marcaIds: t('dealers.field.marcas'),
    produtoIds: t('dealers.field.produtos'),
    dadosComplementares: t('dealers.complementary.title'),
    logradouro: t('dealers.field.logradouro'),
    bairro: t('dealers.field.bairro'),
    cidade: t('dealers.field.cidade'),
    cep: t('dealers.field.cep'),
    complemento: t('dealers.field.complemento'),
    uf: t('dealers.field.uf'),
    contatos: t('dealers.steps.contacts'),
  };

  const submit = async () => {
    setServerProblems([]);
    const parsed = dealerSchema.safeParse(form.values);
    if (!parsed.success) {
      // A rule across steps (an additional CNPJ like the main one) shows only once every field is filled:
      // list what is wrong here, each on its field when the user goes back.
      form.attempt();
      const wrong = Object.entries(form.errors).filter((e): e is [string, string] => Boolean(e[1]));
      setServerProblems(wrong.map(([f, key]) => `${labelOf[f] ?? f}: ${t(key)}`));
      throw new Error(t('common.stepInvalid'));
    }
    const { active: _active, ...input } = parsed.data;
    try {
      const { data } = await salvar({
        variables: { id: dealer?.id ?? null, dealer: input },
        awaitRefetchQueries: true,
      });
      return data?.salvarDealer.id ?? null;
    } catch (error) {
      const onFields = onWizardFields(error);
      if (onFields) {
        form.showServerErrors(onFields);
        const fields = serverFieldErrors(onFields);
        setServerProblems(Object.entries(fields).map(([f, key]) => `${labelOf[f] ?? f}: ${t(key)}`));
      }
      throw error;
    }
  };

  const products = options.produtos.map((p) => ({ value: p.id, label: p.nome }));
  const chosenData = form.values.dadosComplementares.length;

  return (
    <>
      <WizardFrame
        title={dealer ? dealer.nomeExibicao : t('route.dealersNovo')}
        closeTo="/dealers"
        initialId={dealer?.id ?? null}
        successMessage={t(dealer ? 'dealers.form.updated' : 'dealers.form.created', {
          name: form.values.nomeExibicao,
        })}
        steps={[
          {
            label: t('dealers.steps.identification'),
            validate: stepWithKeys(STEP_FIELDS[0], 'cnpj'),
            content: (
              <Grid>
                <TextInput
                  label={t('dealers.field.nome')}
                  required
                  helperText={t('dealers.field.nomeHelp')}
                  {...form.bind('nome')}
                />
                <TextInput label={t('dealers.field.nomeExibicao')} required {...form.bind('nomeExibicao')} />
                <MaskedInput kind="cnpj" label={t('dealers.field.cnpj')} required {...form.bind('cnpj')} />
                <MaskedMultiInput
                  kind="cnpj"
                  label={t('dealers.field.cnpjsAdicionais')}
                  helperText={t('dealers.field.multiHelp')}
                  {...form.bind('cnpjsAdicionais')}
                />
              </Grid>
            ),
          },
          {
            label: t('dealers.steps.codes'),
            validate: stepWithKeys(STEP_FIELDS[1], 'codigoPrincipal'),
            content: (
              <Grid>
                <TextInput label={t('dealers.field.codigoPrincipal')} required {...form.bind('codigoPrincipal')} />
                <ChipsField
                  label={t('dealers.field.codigosAdicionais')}
                  helperText={t('dealers.field.multiHelp')}
                  value={form.values.codigosAdicionais}
                  onChange={(v) => form.set('codigosAdicionais', v)}
                  onBlur={() => form.touch('codigosAdicionais')}
                  error={form.errorOf('codigosAdicionais') ? t(form.errorOf('codigosAdicionais') as string) : undefined}
                />
              </Grid>
            ),
          },
          {
            label: t('dealers.steps.address'),
            validate: stepValid(STEP_FIELDS[2]),
            content: (
              <Grid>
                <TextInput label={t('dealers.field.logradouro')} {...form.bind('logradouro')} />
                <TextInput label={t('dealers.field.bairro')} {...form.bind('bairro')} />
                <TextInput label={t('dealers.field.cidade')} {...form.bind('cidade')} />
                <MaskedInput kind="cep" label={t('dealers.field.cep')} {...form.bind('cep')} />
                <TextInput label={t('dealers.field.complemento')} {...form.bind('complemento')} />
                <SelectInput
                  label={t('dealers.field.uf')}
                  {...bindUf}
                  options={[
                    { value: '', label: t('dealers.field.ufNone') },
                    ...UFS.map((uf) => ({ value: uf, label: uf })),
                  ]}
                />
              </Grid>
            ),
          },
          {
            label: t('dealers.steps.contacts'),
            validate: stepValid(STEP_FIELDS[3]),
            content: <ContactsStep form={form} />,
          },
          {
            label: t('dealers.steps.acting'),
            validate: stepValid(STEP_FIELDS[4]),
            submit,
            content: (
              <Stack spacing={2}>
                {serverProblems.length > 0 && (
                  <Alert severity="error" role="alert">
                    {serverProblems.map((p) => (
                      <div key={p}>{p}</div>
                    ))}
                  </Alert>
                )}
                <Grid>
                  <SelectInput
                    label={t('dealers.field.grupo')}
                    required
                    {...form.bind('grupoId')}
                    options={options.grupos
                      .filter((g) => g.active || g.id === form.values.grupoId)
                      .map((g) => ({ value: g.id, label: g.nome }))}
                  />
                  <MultiSelectInput
                    label={t('dealers.field.marcas')}
                    {...form.bind('marcaIds')}
                    options={options.marcas
                      .filter((m) => m.active || form.values.marcaIds.includes(m.id))
                      .map((m) => ({ value: m.id, label: m.nome }))}
                  />
                  <MultiSelectInput
                    label={t('dealers.field.produtos')}
                    {...form.bind('produtoIds')}
                    options={products}
                  />
                  <Box>
                    <Button variant="outlined" onClick={() => setDialog(true)}>
                      {t('dealers.complementary.open')}
                    </Button>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      {t('dealers.complementary.count', { count: chosenData })}
                    </Typography>
                    {form.errorOf('dadosComplementares') && (
                      <Typography variant="body2" color="error" role="alert">
                        {t(form.errorOf('dadosComplementares') as string)}
                      </Typography>
                    )}
                  </Box>
                </Grid>
              </Stack>
            ),
          },
        ]}
      />
      {dialog && <ComplementaryDataDialog form={form} options={options} onClose={() => setDialog(false)} />}
    </>
  );
}

type DealerUser = Loaded['usuarios'][number];

/** A dealer's users with their user groups, searched and paged on the page (a dealer has tens of users). */
function DealerUsers({ dealer }: { dealer: Loaded }) {
  const { t } = useTranslation();
  const list = useListParams();
  const busca = list.query.busca.toLowerCase();
  const found = dealer.usuarios.filter(
    (u) => !busca || u.nome.toLowerCase().includes(busca) || u.email.toLowerCase().includes(busca),
  );
  const start = list.query.page * list.query.rowsPerPage;
  const groups = [
    ...new Map(dealer.usuarios.flatMap((u) => u.gruposUsuarios).map((g) => [g.id, g.nome])).values(),
  ].sort();
  const columns: Column<DealerUser>[] = [
    { id: 'nome', label: t('dealers.users.nome'), render: (u) => u.nome },
    { id: 'email', label: t('dealers.users.email'), hideOnMobile: true, render: (u) => u.email },
    {
      id: 'grupos',
      label: t('dealers.users.grupos'),
      hideOnMobile: true,
      render: (u) => u.gruposUsuarios.map((g) => g.nome).join(', ') || '—',
    },
    {
      id: 'status',
      label: t('dealers.field.status'),
      render: (u) => <StatusChip active={u.active} />,
    },
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="dealer-usuarios" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography id="dealer-usuarios" variant="h6" component="h2">
        {t('dealers.users.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('dealers.users.group', { name: dealer.grupo.nome })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {groups.length ? t('dealers.users.userGroups', { names: groups.join(', ') }) : t('dealers.users.noUserGroups')}
      </Typography>
      <DataTable
        label={t('dealers.users.title')}
        columns={columns}
        rows={found.slice(start, start + list.query.rowsPerPage)}
        total={found.length}
        getRowId={(u) => u.id}
        list={list}
        emptyText={t('dealers.users.empty')}
        searchLabel={t('dealers.users.search')}
      />
    </Paper>
  );
}

/**
 * /dealers/novo and /dealers/:id (PORTAL_MANUTENCAO_DEALERS_GRUPO): the dealer wizard (identification,
 * codes, address, contacts, acting data with the complementary-data dialog), its status, and, when
 * editing, its users and groups. Finishing returns to the list.
 */
export function DealerEditPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const id = useParams().id;
  const dealerQuery = useQuery(DealerDocument, { variables: { id: id ?? '' }, skip: !id, fetchPolicy: 'network-only' });
  const optionsQuery = useQuery(OpcoesDealerDocument, { fetchPolicy: 'network-only' });
  const [ativar] = useMutation(AtivarDealerDocument, { refetchQueries: DEALERS_REFETCH });
  const [inativar] = useMutation(InativarDealerDocument, { refetchQueries: DEALERS_REFETCH });
  const dealer = dealerQuery.data?.dealer;
  const options = optionsQuery.data?.opcoesDealer;
  useBreadcrumbLabel(pathname, dealer?.nomeExibicao);

  return (
    <Box sx={PAGE}>
      <Guard keys={['PORTAL_MANUTENCAO_DEALERS_GRUPO']} fallback>
        <QueryState
          loading={dealerQuery.loading || optionsQuery.loading}
          error={dealerQuery.error ?? optionsQuery.error}
          errorFallback={t('dealers.form.loadError')}
          hasData={Boolean(options && (!id || dealer))}
        >
          {dealer && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', mb: 2 }}>
              <Typography variant="body2" color="text.secondary">
                {t('dealers.field.status')}
              </Typography>
              <StatusChip active={dealer.active} />
              <ActivationButton
                active={dealer.active}
                name={dealer.nomeExibicao}
                deactivateWarning={t('dealers.form.deactivateWarning')}
                onChange={(active) => (active ? ativar : inativar)({ variables: { id: dealer.id } })}
              />
              <AuditLink entidade="dealer" id={dealer.id} />
            </Stack>
          )}
          {options && <DealerWizard key={dealer?.id ?? 'novo'} dealer={dealer} options={options} />}
          {dealer && <DealerUsers dealer={dealer} />}
        </QueryState>
      </Guard>
    </Box>
  );
}
