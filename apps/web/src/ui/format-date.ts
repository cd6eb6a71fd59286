/**
 * A date and time in the interface language, always on the 24-hour clock: English would otherwise
 * say '2:30 PM' while the forms take '14:30' (`ui/form/DateTimeInput`).
 */
export function formatDateTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }).format(
    new Date(iso),
  );
}

/** A date (day granularity) in the interface language. */
export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).format(new Date(iso));
}
