// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../app/i18n';
import { formatDate, formatDateTime } from './format-date';

describe('formatDate and formatDateTime (issue 17 point 11: four-digit years, 24-hour clock)', () => {
  const iso = '2026-03-05T17:07:00.000Z';
  it.each([
    ['pt-BR', '05/03/2026'],
    ['es', '05/03/2026'],
    ['en', '03/05/2026'],
  ])('%s: the day with its four-digit year, and the time on a 24-hour clock', (locale, day) => {
    expect(formatDate(iso, locale)).toBe(day);
    const dateTime = formatDateTime(iso, locale);
    expect(dateTime).toContain(day);
    expect(dateTime).toMatch(/\b\d{2}:07\b/);
    expect(dateTime).not.toMatch(/AM|PM/);
  });

  it('says "invalid date" in the language asked for an unreadable date instead of breaking the screen', async () => {
    await i18n.loadLanguages(['es', 'en']);
    expect(formatDate('not a date', 'pt-BR')).toBe('Data inválida.');
    expect(formatDateTime('', 'es')).toBe('Fecha no válida.');
    expect(formatDateTime('2026-13-45', 'en')).toBe('Invalid date.');
  });

  it('makes one formatter per language and shape, not one per date (each costs a millisecond or more)', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    for (let day = 1; day <= 20; day++) {
      formatDate(`2026-04-${String(day).padStart(2, '0')}T10:00:00.000Z`, 'es');
      formatDateTime(`2026-04-${String(day).padStart(2, '0')}T10:00:00.000Z`, 'es');
    }
    // The test above already made both of the es formatters.
    expect(made).not.toHaveBeenCalled();
    formatDate('2026-04-01T10:00:00.000Z', 'pt-PT');
    formatDate('2026-04-02T10:00:00.000Z', 'pt-PT');
    expect(made).toHaveBeenCalledTimes(1);
    made.mockRestore();
  });
});
