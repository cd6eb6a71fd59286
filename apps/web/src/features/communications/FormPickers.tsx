import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DateTimeInput } from '../../ui/form/DateTimeInput';
import { APROVADORES_COMUNICADO } from './communications.documents';
import { toLocalInput } from './format';

/** The approver of a submission (aprovadoresComunicado: holders of the approval key, not oneself). */
export function ApproverSelect(props: {
  value: string | null;
  onChange: (id: string | null) => void;
  onBlur: () => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const aprovadores = useQuery(APROVADORES_COMUNICADO).data?.aprovadoresComunicado ?? [];
  return (
    <TextField
      select
      label={t('communicationsUi.form.approver')}
      value={aprovadores.some((a) => a.id === props.value) ? props.value : ''}
      onChange={(e) => props.onChange(e.target.value || null)}
      onBlur={props.onBlur}
      error={Boolean(props.error)}
      helperText={props.error}
      disabled={props.disabled}
      required
      slotProps={{ select: { onClose: props.onBlur } }}
    >
      {aprovadores.map((a) => (
        <MenuItem key={a.id} value={a.id}>
          {a.nome} ({a.email})
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Send now, or schedule at least 1 hour ahead (docs/domains/communications.md#scheduling), on the 24-hour clock. */
export function SchedulePicker(props: {
  agendar: boolean;
  value: string;
  onToggle: (on: boolean) => void;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** The i18n key of the schedule's error. */
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={
          <Checkbox
            checked={props.agendar}
            onChange={(e) => props.onToggle(e.target.checked)}
            disabled={props.disabled}
          />
        }
        label={t('communicationsUi.form.schedule')}
      />
      {props.agendar && (
        <Box sx={{ maxWidth: 360 }}>
          <DateTimeInput
            name="dataHoraAgendamento"
            label={t('communicationsUi.form.scheduleAt')}
            value={props.value}
            onChange={props.onChange}
            onBlur={props.onBlur}
            error={props.error}
            helperText={t('communicationsUi.form.scheduleHint')}
            disabled={props.disabled}
            min={toLocalInput(new Date())}
          />
        </Box>
      )}
    </Stack>
  );
}
