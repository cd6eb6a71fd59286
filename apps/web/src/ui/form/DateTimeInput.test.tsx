// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { formatDateTime } from '../format-date';
import { DateTimeInput } from './DateTimeInput';
import { typeDay } from './type-day.testing';

let current = '';

function Harness({ initial, error }: { initial: string; error?: string }) {
  const [value, setValue] = useState(initial);
  current = value;
  return <DateTimeInput label="Envio" name="envio" value={value} onChange={setValue} onBlur={() => {}} error={error} />;
}

function renderField(initial: string, error?: string) {
  render(
    <I18nextProvider i18n={i18n}>
      <Harness initial={initial} error={error} />
    </I18nextProvider>,
  );
  const group = screen.getByRole('group', { name: 'Envio' });
  const time = within(group).getByRole('textbox', { name: i18n.t('common.time') }) as HTMLInputElement;
  // The day: the kit's DateInput, loaded on first use, in the portal's language.
  const day = async () =>
    within(await within(group).findByRole('group', { name: i18n.t('common.date') }, { timeout: 10_000 }))
      .getAllByRole('spinbutton')
      .map((s) => s.textContent)
      .join('/');
  return { group, day, time };
}

describe('DateTimeInput: a day and a 24-hour time', () => {
  afterEach(() => cleanup());
  afterAll(() => i18n.changeLanguage('pt-BR'));

  it.each(['pt-BR', 'es', 'en'])('shows and takes 14:30, never AM/PM, in %s', async (language) => {
    await act(() => i18n.changeLanguage(language));
    const { group, day, time } = renderField('2026-03-10T14:30');
    expect(await day()).toBe(language === 'en' ? '03/10/2026' : '10/03/2026');
    // Not the browser's time input: its display follows the browser's locale (AM/PM in English).
    expect(time.type).toBe('text');
    expect(time.value).toBe('14:30');
    expect(group.textContent).not.toMatch(/\b(AM|PM)\b/i);

    fireEvent.change(time, { target: { value: '2:30 PM' } });
    expect(time.value).toBe('14:30');
    fireEvent.change(time, { target: { value: '2330' } });
    expect(time.value).toBe('23:30');
    expect(current).toBe('2026-03-10T23:30');
    fireEvent.change(time, { target: { value: '9:' } });
    expect(current).toBe('2026-03-10T09:');

    expect(formatDateTime('2026-03-10T14:30', language)).toContain('14:30');
    expect(formatDateTime('2026-03-10T14:30', language)).not.toMatch(/AM|PM/i);
  });

  it('gives the day alone while the time is missing, and nothing when both are empty', async () => {
    const { day, time } = renderField('');
    await day();
    await typeDay(i18n.t('common.date'), '2026-03-10');
    expect(current).toBe('2026-03-10T');
    fireEvent.change(time, { target: { value: '0800' } });
    expect(current).toBe('2026-03-10T08:00');
    await typeDay(i18n.t('common.date'), '');
    fireEvent.change(time, { target: { value: '' } });
    expect(current).toBe('');
  });

  it('shows its error (an i18n key) translated, described on both inputs', () => {
    const { group, time } = renderField('2026-03-10T', 'communications.scheduleRequired');
    const text = i18n.t('communications.scheduleRequired');
    expect(within(group).getByText(text)).toBeTruthy();
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(time.getAttribute('aria-describedby') ?? '')?.textContent).toBe(text);
  });
});
