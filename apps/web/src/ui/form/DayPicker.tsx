import 'dayjs/locale/pt-br';
import 'dayjs/locale/es';
import 'dayjs/locale/en';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, esES, ptBR } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isWholeDay, UNREADABLE_DAY } from './day-value';
import type { FieldProps } from './field-props';

const textsOf = (locale: typeof ptBR) => locale.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * The portal's languages, as dayjs names them and with MUI X's texts (buttons, placeholders, screen-reader labels).
 * MUI's Spanish says "tú" in a few labels and "Dia": the portal's Spanish says "usted" (issue 17 point 11).
 */
const LOCALES = {
  'pt-BR': { adapter: 'pt-br', texts: textsOf(ptBR) },
  es: {
    adapter: 'es',
    texts: {
      ...textsOf(esES),
      openDatePickerDialogue: (date: string | null) =>
        date ? `Elija la fecha; la fecha elegida es ${date}` : 'Elija la fecha',
      dateTableLabel: 'elija la fecha',
      day: 'Día',
      weekDay: 'Día de la semana',
    },
  },
  en: { adapter: 'en', texts: textsOf(enUS) },
} as const;

export type DayPickerProps = FieldProps<string> & {
  min?: string;
  max?: string;
  /** Stretch to the row's width (a form) or keep the field's own. */
  fullWidth?: boolean;
  /** The error's text is shown by the field around this one (a day and a time): here only the red outline. */
  errorTextElsewhere?: boolean;
};

/**
 * The kit's day field (docs/domains/dates-and-clock.md#dates-in-forms): MUI X's date picker in the portal's
 * language (its day order, month names and texts), never the browser's. Holds 'YYYY-MM-DD', '' when empty and
 * `UNREADABLE_DAY` while what is typed is not a day. Loaded on first use (`DateInput`): it stays out of /home's first
 * JavaScript.
 */
export default function DayPicker({ min, max, fullWidth = true, errorTextElsewhere, ...props }: DayPickerProps) {
  const { t, i18n } = useTranslation();
  const locale = LOCALES[i18n.language as keyof typeof LOCALES] ?? LOCALES['pt-BR'];
  // A half-typed day cannot travel as 'YYYY-MM-DD': the last one typed is kept here so the field keeps showing it.
  const unreadable = useRef<Dayjs | null>(null);
  // MUI X gives no value while a day is half typed (15/MM/AAAA): leaving the field with text in it is unreadable too.
  const typed = useRef<HTMLInputElement>(null);
  const leave = () => {
    const text = typed.current?.value ?? '';
    if (props.value === '' && text) props.onChange(UNREADABLE_DAY);
    else if (props.value === UNREADABLE_DAY && !text) props.onChange('');
    props.onBlur();
  };
  const value = isWholeDay(props.value)
    ? dayjs(props.value)
    : props.value === UNREADABLE_DAY
      ? unreadable.current
      : props.value
        ? dayjs('invalid')
        : null;

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={locale.adapter} localeText={locale.texts}>
      <DatePicker
        label={props.label}
        name={props.name}
        value={value}
        minDate={min && isWholeDay(min) ? dayjs(min) : undefined}
        maxDate={max && isWholeDay(max) ? dayjs(max) : undefined}
        disabled={props.disabled}
        autoFocus={props.autoFocus}
        onChange={(next) => {
          if (!next) return props.onChange('');
          if (next.isValid()) return props.onChange(next.format('YYYY-MM-DD'));
          unreadable.current = next;
          props.onChange(UNREADABLE_DAY);
        }}
        onClose={leave}
        // The day's initial, from its full name: dayjs's shortest Portuguese names ("2ª", "3ª") gave "D 2 3 4 5 6 S".
        dayOfWeekFormatter={(day) => day.format('dddd').charAt(0).toUpperCase()}
        slotProps={{
          textField: {
            required: props.required,
            // The form's schema decides what is wrong (its message, in the portal's language), not the picker.
            error: Boolean(props.error),
            helperText: props.error && !errorTextElsewhere ? t(props.error) : props.helperText,
            onBlur: leave,
            inputRef: typed,
            size: props.size,
            fullWidth,
          },
        }}
      />
    </LocalizationProvider>
  );
}
