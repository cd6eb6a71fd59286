/**
 * What a half-typed or impossible day (31/02) gives the form from the kit's `DateInput`: not a day, so its schema
 * answers "invalid date" (`validation.invalidDate`). A filter ignores it until the day is whole.
 */
export const UNREADABLE_DAY = 'invalid-date';

/** Whether `value` is a whole day, 'YYYY-MM-DD' (what `DateInput` gives once a day is typed or picked). */
export const isWholeDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
