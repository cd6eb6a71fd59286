import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UserFormRules, UserType } from '@portal/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChipsField } from '../../ui/form/ChipsField';
import { DateInput, EmailInput, MaskedInput, SelectInput, TextInput } from '../../ui/form/fields';
import { MaskedMultiInput } from '../../ui/form/MaskedMultiInput';
import { MultiSelectInput } from '../../ui/form/MultiSelectInput';
import type { ZodForm } from '../../ui/form/use-zod-form';
import { PositionsSection } from './PositionsSection';
import type { UniquenessChecks } from './use-uniqueness-checks';
import { type Loaded, type Options, showsManagement, showsPositions, type Values } from './user-form-values';

function Grid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>{children}</Box>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={2} aria-label={title}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

type Props = {
  form: ZodForm<Values>;
  options: Options;
  loaded: Loaded | undefined;
  rules: UserFormRules;
  checks: UniquenessChecks;
  /** The administrator edits themself: type, dealer groups and dealers are not theirs to change. */
  self: boolean;
};

/**
 * Step 1 of the user wizard (SPEC §2, §5): personal data, type and language, brands, dealer groups and dealers,
 * positions per dealer and, for the types in tiposUsuarioInformarGestao, the management data. The type picker
 * shows only when more than one type is offered, the brand picker only when more than one brand exists.
 */
export function UserDataStep({ form, options, loaded, rules, checks, self }: Props) {
  const { t } = useTranslation();
  const dominio = options.usuarioDominioQuery;
  const { values } = form;
  const tipo = values.tipo;
  const dealerType = tipo === 'DEALER_GRUPO';

  // A loaded user's type, groups and dealers stay nameable even when the administrator's choices lack them.
  const types = [...dominio.tiposUsuario];
  if (loaded && !types.some((x) => x.id === loaded.usuario.tipo.id)) types.push(loaded.usuario.tipo);
  const groups = [...dominio.grupos];
  for (const g of loaded?.usuario.grupos ?? []) if (!groups.some((x) => x.id === g.id)) groups.push(g);
  const dealers = [...dominio.dealers];
  for (const d of loaded?.usuario.dealers ?? []) if (!dealers.some((x) => x.id === d.id)) dealers.push(d);
  const dealerLabel = (d: (typeof dealers)[number]) => `${d.nomeExibicao} (${d.codigoPrincipal})`;

  const setDealers = (ids: string[]) => {
    form.set('idsDealers', ids);
    // Positions belong to a selected dealer: those of a dealer taken out go with it.
    form.set(
      'cargos',
      values.cargos.filter((c) => !c.dealerId || ids.includes(c.dealerId)),
    );
  };

  const email = form.bind('email');
  const cpf = form.bind('cpf');

  return (
    <Stack spacing={4}>
      {loaded && !loaded.usuario.editavel && <Alert severity="info">{t('userForm.notEditable')}</Alert>}
      <Section title={t('userForm.sections.personal')}>
        <Grid>
          <TextInput label={t('userForm.field.nome')} required {...form.bind('nome')} />
          <EmailInput
            label={t('userForm.field.email')}
            required
            {...email}
            onChange={(v) => {
              checks.clear('email');
              email.onChange(v);
            }}
            onBlur={() => {
              email.onBlur();
              if (!form.errors.email) void checks.checkEmail(values.email);
            }}
            error={checks.taken.email ?? email.error}
          />
          <MaskedInput
            kind="cpf"
            label={t('userForm.field.cpf')}
            required={tipo !== '' && rules.tiposUsuarioDocumentoObrigatorio.includes(tipo)}
            {...cpf}
            onChange={(v) => {
              checks.clear('cpf');
              cpf.onChange(v);
            }}
            onBlur={() => {
              cpf.onBlur();
              if (!form.errors.cpf) void checks.checkCpf(values.cpf);
            }}
            error={checks.taken.cpf ?? cpf.error}
          />
          <ChipsField
            label={t('userForm.field.codigos')}
            helperText={t('userForm.field.multiHelp')}
            value={values.codigos}
            onChange={(v) => form.set('codigos', v)}
            onBlur={() => form.touch('codigos')}
            error={form.errorOf('codigos') ? t(form.errorOf('codigos') as string) : undefined}
          />
          <MaskedMultiInput
            kind="phone"
            label={t('userForm.field.telefones')}
            helperText={t('userForm.field.multiHelp')}
            {...form.bind('telefones')}
          />
          <MaskedMultiInput
            kind="phone"
            label={t('userForm.field.celulares')}
            helperText={t('userForm.field.multiHelp')}
            {...form.bind('celulares')}
          />
        </Grid>
      </Section>

      <Section title={t('userForm.sections.access')}>
        <Grid>
          {types.length > 1 && (
            <SelectInput
              label={t('userForm.field.tipo')}
              required
              disabled={self}
              options={types.map((x) => ({ value: x.id, label: x.description }))}
              {...form.bind('tipo')}
              onChange={(v) => form.set('tipo', v as UserType)}
            />
          )}
          <SelectInput
            label={t('userForm.field.idioma')}
            options={dominio.idiomas.map((x) => ({ value: x.id, label: x.description }))}
            {...form.bind('idioma')}
            onChange={(v) => form.set('idioma', v as Values['idioma'])}
          />
          {dominio.marcas.length > 1 && (
            <MultiSelectInput
              label={t('userForm.field.marcas')}
              options={dominio.marcas.map((m) => ({ value: m.id, label: m.description }))}
              {...form.bind('marcas')}
            />
          )}
          <MultiSelectInput
            label={t('userForm.field.idsGrupos')}
            disabled={self}
            options={groups.map((g) => ({ value: g.id, label: g.nome }))}
            {...form.bind('idsGrupos')}
          />
          <MultiSelectInput
            label={t('userForm.field.idsDealers')}
            required={dealerType}
            disabled={self}
            helperText={self ? t('userForm.selfHelp') : undefined}
            options={dealers.map((d) => ({ value: d.id, label: dealerLabel(d) }))}
            {...form.bind('idsDealers')}
            onChange={setDealers}
          />
        </Grid>
      </Section>

      {showsPositions(rules, tipo) && (
        <Section title={t('userForm.sections.positions')}>
          <PositionsSection
            form={form}
            options={options}
            rules={rules}
            dealers={dealers
              .filter((d) => values.idsDealers.includes(d.id))
              .map((d) => ({ id: d.id, nome: dealerLabel(d) }))}
          />
        </Section>
      )}

      {showsManagement(rules, tipo) && (
        <Section title={t('userForm.sections.management')}>
          <Grid>
            <DateInput
              label={t('userForm.field.dataAdmissao')}
              required={rules.cargosExistem}
              {...form.bind('dataAdmissao')}
            />
            <EmailInput
              label={t('userForm.field.emailSuperior')}
              required={rules.cargosExistem}
              {...form.bind('emailSuperior')}
            />
            <DateInput
              label={t('userForm.field.dataDesligamento')}
              min={values.dataAdmissao || undefined}
              {...form.bind('dataDesligamento')}
            />
            <SelectInput
              label={t('userForm.field.desligamentoId')}
              required={Boolean(values.dataDesligamento)}
              options={[
                { value: '', label: t('userForm.field.noReason') },
                ...options.desligamentos.map((d) => ({ value: d.id, label: d.motivo })),
              ]}
              {...form.bind('desligamentoId')}
            />
          </Grid>
        </Section>
      )}
    </Stack>
  );
}
