import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput, type FieldProps } from './fields';

/**
 * 'HH:mm' while typed: digits only (no AM/PM), the colon added after the hours; '9:' becomes '09:'.
 * Out-of-range values (25:00) are left for the schema to refuse.
 */
function maskTime(text: string): string {
  const typed = /^(\d{1,2}):(\d{0,2})/.exec(text.trim());
  if (typed) return `${typed[1]?.padStart(2, '0')}:${typed[2]}`;
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits;
}

/** Splits 'YYYY-MM-DDTHH:mm' (also partial) into its day and its time. */
function split(value: string): [string, string] {
  const at = value.indexOf('T');
  return at < 0 ? [value, ''] : [value.slice(0, at), value.slice(at + 1)];
}

/**
 * A day and a 24-hour time, as the local 'YYYY-MM-DDTHH:mm' a `datetime-local` input gives ('' when
 * both parts are empty). The browser's own date-time input shows AM/PM in English, whatever the page
 * language; here the day is the kit's `DateInput` (MUI X's picker in the portal's language, day granularity) and the
 * time a masked 'HH:mm' text, so every language shows and accepts 14:30. A partial value (a day without a time)
 * reaches the form as it is, for its schema to refuse.
 */
export function DateTimeInput({ min, ...props }: FieldProps<string> & { min?: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const helperId = useId();
  const [day, time] = split(props.value);
  const change = (nextDay: string, nextTime: string) =>
    props.onChange(nextDay || nextTime ? `${nextDay}T${nextTime}` : '');
  const helper = props.error ? t(props.error) : props.helperText;
  const described = helper ? helperId : undefined;

  return (
    <Stack
      component="fieldset"
      aria-labelledby={labelId}
      aria-describedby={described}
      spacing={1}
      sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
    >
      <Typography id={labelId} component="legend" variant="body2" color={props.error ? 'error' : 'text.secondary'}>
        {props.label}
        {props.required ? ' *' : ''}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <DateInput
            name={`${props.name}.dia`}
            label={t('common.date')}
            value={day}
            onChange={(nextDay) => change(nextDay, time)}
            onBlur={props.onBlur}
            error={props.error}
            errorTextElsewhere
            disabled={props.disabled}
            required={props.required}
            autoFocus={props.autoFocus}
            min={min?.slice(0, 10)}
          />
        </Box>
        <TextField
          name={`${props.name}.hora`}
          label={t('common.time')}
          placeholder={t('common.timeFormat')}
          value={time}
          onChange={(e) => {
            // Letters (AM/PM) are refused: the time is on the 24-hour clock in every language.
            if (/^[\d:\s]*$/.test(e.target.value)) change(day, maskTime(e.target.value));
          }}
          onBlur={props.onBlur}
          error={Boolean(props.error)}
          disabled={props.disabled}
          required={props.required}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { inputMode: 'numeric', maxLength: 5, 'aria-describedby': described },
          }}
          sx={{ flex: '0 0 7.5rem' }}
        />
      </Stack>
      {helper && (
        <FormHelperText id={helperId} error={Boolean(props.error)} sx={{ mx: 1.75, mt: 0 }}>
          {helper}
        </FormHelperText>
      )}
    </Stack>
  );
}
