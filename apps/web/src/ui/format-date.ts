import { getI18n } from 'react-i18next';
import { dateTimeFormat } from './intl';

/** Day, month and a four-digit year (issue 17 point 11): `dateStyle: 'short'` gives '24/11/26' in es and en. */
const DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const DAY_TIME = { ...DAY, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/**
 * A date and time in the interface language, always on the 24-hour clock (English would otherwise say '2:30 PM'
 * while the forms take '14:30', `ui/form/DateTimeInput`) and with a four-digit year.
 */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return invalidDate(locale);
  return dateTimeFormat(locale, DAY_TIME).format(date);
}

/** A date (day granularity) in the interface language, with a four-digit year. */
export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return invalidDate(locale);
  return dateTimeFormat(locale, DAY).format(date);
}

/** What an unreadable date shows (SPEC §8 "invalid date") instead of breaking the screen it is on. */
function invalidDate(locale: string): string {
  return getI18n()?.t('validation.invalidDate', { lng: locale }) ?? '';
}
