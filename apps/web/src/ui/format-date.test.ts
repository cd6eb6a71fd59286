// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
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
});
