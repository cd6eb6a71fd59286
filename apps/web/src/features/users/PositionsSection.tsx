import { useApolloClient } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { positionAddIssue, type UserFormRules, type UserType } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/form/FormDialog';
import { DateInput, SelectInput } from '../../ui/form/fields';
import type { ZodForm } from '../../ui/form/use-zod-form';
import { formatDate } from '../../ui/format-date';
import { useToast } from '../../ui/toast';
import { UserFormPodeAdicionarCargoDocument } from './user-form.generated';
import { type CargoRow, type Options, rowKey, type Values } from './user-form-values';

type Dealer = { id: string; nome: string };
type Draft = { dealerId: string; cargoId: string; departamentoId: string; dataInicio: string };

/**
 * The add-a-position dialog (SPEC §5 adding a position): position and start (department too when the portal
 * shows departments) at one of the selected dealers. The domain's `positionAddIssue` checks the local rules,
 * then the server's `podeAdicionarCargo` the type/dealer rule; its refusal is an error toast.
 */
function AddPositionDialog({
  form,
  options,
  rules,
  dealers,
  onClose,
}: {
  form: ZodForm<Values>;
  options: Options;
  rules: UserFormRules;
  dealers: Dealer[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useApolloClient();
  const [draft, setDraft] = useState<Draft>({
    dealerId: dealers.length === 1 ? dealers[0].id : '',
    cargoId: '',
    departamentoId: '',
    dataInicio: '',
  });
  const [issue, setIssue] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bind = (field: keyof Draft) => ({
    name: `cargo-${field}`,
    value: draft[field],
    onChange: (v: string) => {
      setIssue(null);
      setDraft((d) => ({ ...d, [field]: v }));
    },
    onBlur: () => {},
  });

  const add = async () => {
    if (dealers.length > 0 && !draft.dealerId) {
      setIssue('users.positionFieldsRequired');
      return;
    }
    const candidate = {
      cargoId: draft.cargoId,
      dealerId: draft.dealerId || null,
      departamentoId: draft.departamentoId || null,
      dataInicio: draft.dataInicio,
    };
    const problem = positionAddIssue(form.values.cargos, candidate, rules);
    if (problem) {
      setIssue(problem);
      return;
    }
    setBusy(true);
    try {
      const { data } = await client.query({
        query: UserFormPodeAdicionarCargoDocument,
        variables: {
          cargoId: candidate.cargoId,
          tipoUsuario: form.values.tipo as UserType,
          dealerId: candidate.dealerId,
          usuarioId: form.values.id,
        },
        fetchPolicy: 'network-only',
      });
      if (!data.podeAdicionarCargo) {
        toast.error('users.positionNotAllowed');
        return;
      }
      const row: CargoRow = {
        key: rowKey(),
        ...candidate,
        cargoNome: options.cargos.find((c) => c.id === candidate.cargoId)?.nome ?? '',
        dealerNome: dealers.find((d) => d.id === candidate.dealerId)?.nome ?? null,
        departamentoNome:
          options.departamentosCargosUsuarios.find((d) => d.id === candidate.departamentoId)?.nome ?? null,
      };
      form.set('cargos', [...form.values.cargos, row]);
      form.touch('cargos');
      onClose();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t('userForm.positions.add')}
      submitLabel={t('userForm.positions.addSubmit')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void add()}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {issue && (
          <Alert severity="error" role="alert">
            {t(issue)}
          </Alert>
        )}
        {dealers.length > 0 && (
          <SelectInput
            label={t('userForm.positions.dealer')}
            required
            options={dealers.map((d) => ({ value: d.id, label: d.nome }))}
            {...bind('dealerId')}
          />
        )}
        <SelectInput
          label={t('userForm.positions.cargo')}
          required
          options={options.cargos.map((c) => ({ value: c.id, label: c.nome }))}
          {...bind('cargoId')}
        />
        {rules.informarDepartamentoCargo && (
          <SelectInput
            label={t('userForm.positions.departamento')}
            required
            options={options.departamentosCargosUsuarios.map((d) => ({ value: d.id, label: d.nome }))}
            {...bind('departamentoId')}
          />
        )}
        <DateInput label={t('userForm.positions.dataInicio')} required {...bind('dataInicio')} />
      </Stack>
    </FormDialog>
  );
}

/**
 * The positions of the user (SPEC §3 Cargo): one line per position with its dealer, department and start, each
 * removable; the add dialog above. The schema's rule (a position per selected dealer) shows under the list.
 */
export function PositionsSection({
  form,
  options,
  rules,
  dealers,
}: {
  form: ZodForm<Values>;
  options: Options;
  rules: UserFormRules;
  /** The selected dealers, named as in the dealer picker. */
  dealers: Dealer[];
}) {
  const { t, i18n } = useTranslation();
  const [adding, setAdding] = useState(false);
  const cargos = form.values.cargos;
  const error = form.errorOf('cargos');
  const describe = (c: CargoRow) =>
    [
      c.dealerNome ?? dealers.find((d) => d.id === c.dealerId)?.nome,
      c.departamentoNome,
      c.dataInicio
        ? // A day: read at local noon, so no time zone moves it to the day before.
          t('userForm.positions.since', { date: formatDate(`${c.dataInicio}T12:00:00`, i18n.language) })
        : null,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <Stack spacing={1}>
      {cargos.length === 0 ? (
        <Typography color="text.secondary">{t('userForm.positions.none')}</Typography>
      ) : (
        <Paper variant="outlined">
          <List dense aria-label={t('userForm.sections.positions')}>
            {cargos.map((c) => (
              <ListItem
                key={c.key}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('userForm.positions.remove', { name: c.cargoNome })}
                    onClick={() => {
                      form.set(
                        'cargos',
                        cargos.filter((x) => x.key !== c.key),
                      );
                      form.touch('cargos');
                    }}
                  >
                    ×
                  </IconButton>
                }
              >
                <ListItemText primary={c.cargoNome} secondary={describe(c)} />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {error && (
        <Typography variant="body2" color="error" role="alert">
          {t(error)}
        </Typography>
      )}
      <Box>
        <Button variant="outlined" onClick={() => setAdding(true)}>
          {t('userForm.positions.add')}
        </Button>
      </Box>
      {adding && (
        <AddPositionDialog
          form={form}
          options={options}
          rules={rules}
          dealers={dealers}
          onClose={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}
