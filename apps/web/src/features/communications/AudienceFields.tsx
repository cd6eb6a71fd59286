import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ChipsField, EMAIL_SEPARATORS } from '../../ui/form/ChipsField';
import { GRUPOS_USUARIOS_ATIVOS } from '../library/library.documents';
import {
  type Audiencia,
  CONTAGEM_DESTINATARIOS,
  GRUPOS_COMUNICADO,
  type GrupoResumo,
  type UsuarioComunicado,
} from './communications.documents';
import { COUNT_DEBOUNCE_MS } from './format';
import { RemovedUsersField } from './RemovedUsersField';
import { useDebounced } from './use-debounced';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type GroupsProps = {
  label: string;
  options: GrupoResumo[];
  value: string[];
  onChange: (ids: string[]) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
};

function GroupsField({ label, options, value, onChange, onBlur, error, disabled }: GroupsProps) {
  const selected = options.filter((o) => value.includes(o.id));
  return (
    <Autocomplete
      multiple
      options={options}
      value={selected}
      disabled={disabled}
      getOptionLabel={(o) => o.nome}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, next) => onChange(next.map((o) => o.id))}
      onBlur={onBlur}
      renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error} />}
    />
  );
}

/** "N destinatários": the exact count of an audience (contagemDestinatarios), 300 ms after it settles. */
export function RecipientCount({ audiencia }: { audiencia: Audiencia }) {
  const { t } = useTranslation();
  const settled = useDebounced(audiencia, COUNT_DEBOUNCE_MS);
  const empty = settled.idsGruposUsuarios.length + settled.idsGrupos.length + settled.emailsAvulsos.length === 0;
  const { data, loading, error } = useQuery(CONTAGEM_DESTINATARIOS, {
    variables: { audiencia: settled },
    skip: empty,
    fetchPolicy: 'network-only',
  });
  let text = t('communicationsUi.form.recipients', { count: 0 });
  if (!empty && loading) text = t('communicationsUi.form.countLoading');
  else if (!empty && data) text = t('communicationsUi.form.recipients', { count: data.contagemDestinatarios.total });
  if (error) return <Alert severity="warning">{error.graphQLErrors[0]?.message ?? t('error.internal')}</Alert>;
  return (
    <Typography role="status" aria-live="polite" sx={{ fontWeight: 600 }}>
      {text}
    </Typography>
  );
}

type Props = {
  value: Audiencia;
  onChange: (patch: Partial<Audiencia>) => void;
  onBlur: () => void;
  /** The users removed when the communication was loaded (names for the chips). */
  removedUsers: UsuarioComunicado[];
  error?: string;
  disabled?: boolean;
};

/**
 * The audience (issue 5 point 3): user groups, dealer groups and manual e-mails, minus removed users
 * (found by a search of the audience, issue 14 point 9), with the live recipient count.
 */
export function AudienceFields({ value, onChange, onBlur, removedUsers, error, disabled }: Props) {
  const { t } = useTranslation();
  const userGroups = useQuery(GRUPOS_USUARIOS_ATIVOS, { fetchPolicy: 'network-only' }).data?.gruposUsuariosAtivos ?? [];
  const dealerGroups = useQuery(GRUPOS_COMUNICADO).data?.gruposComunicado ?? [];
  return (
    <Stack spacing={2}>
      <GroupsField
        label={t('communicationsUi.form.userGroups')}
        options={userGroups}
        value={value.idsGruposUsuarios}
        onChange={(ids) => onChange({ idsGruposUsuarios: ids })}
        onBlur={onBlur}
        error={error}
        disabled={disabled}
      />
      <GroupsField
        label={t('communicationsUi.form.dealerGroups')}
        options={dealerGroups}
        value={value.idsGrupos}
        onChange={(ids) => onChange({ idsGrupos: ids })}
        onBlur={onBlur}
        disabled={disabled}
      />
      <ChipsField
        label={t('communicationsUi.form.emails')}
        value={value.emailsAvulsos}
        onChange={(emails) => onChange({ emailsAvulsos: emails })}
        onBlur={onBlur}
        helperText={t('communicationsUi.form.emailsHint')}
        disabled={disabled}
        separators={EMAIL_SEPARATORS}
        accept={(text) => {
          const email = text.toLowerCase();
          return EMAIL.test(email)
            ? { value: email }
            : { error: t('communicationsUi.form.invalidEmail', { email: text }) };
        }}
      />
      <RemovedUsersField
        audiencia={value}
        initial={removedUsers}
        onChange={(ids) => onChange({ idsUsuariosRemovidos: ids })}
        disabled={disabled}
      />
      <RecipientCount audiencia={value} />
    </Stack>
  );
}

/** The fixed audience of an errata: the original's, read-only, with its count. */
export function FixedAudience({
  grupos,
  gruposDealers,
  emailsAvulsos,
  audiencia,
}: {
  grupos: GrupoResumo[];
  gruposDealers: GrupoResumo[];
  emailsAvulsos: string[];
  audiencia: Audiencia;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {t('communicationsUi.form.audienceFixed')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {[...grupos, ...gruposDealers].map((g) => (
          <Chip key={g.id} size="small" label={g.nome} />
        ))}
        {emailsAvulsos.map((e) => (
          <Chip key={e} size="small" variant="outlined" label={e} />
        ))}
      </Stack>
      <RecipientCount audiencia={audiencia} />
    </Stack>
  );
}
