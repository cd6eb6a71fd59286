// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18n } from '../../app/i18n';
import { DateInput } from './fields';
import { typeDay } from './type-day.testing';
import { useZodForm } from './use-zod-form';

let current = '';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  current = value;
  return <DateInput label="Início" name="inicio" value={value} onChange={setValue} onBlur={() => {}} />;
}

const schema = z.object({
  inicio: z
    .string()
    .min(1, 'validation.required')
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), 'validation.invalidDate'),
});

function Form() {
  const form = useZodForm(schema, { inicio: '' });
  return (
    <form onSubmit={form.onSubmit(async () => {})}>
      <DateInput label="Início" {...form.bind('inicio')} />
      <button type="submit">OK</button>
    </form>
  );
}

/** Types digits as a person does: into the focused section, which moves on by itself once complete. */
function typeDigits(first: HTMLElement, digits: string) {
  fireEvent.focus(first);
  fireEvent.click(first);
  for (const digit of digits) {
    const section = document.activeElement as HTMLElement;
    section.textContent = digit;
    fireEvent.input(section);
  }
}

const show = (node: React.ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
const sections = async () => {
  const group = await screen.findByRole('group', { name: 'Início' }, { timeout: 10_000 });
  return within(group).getAllByRole('spinbutton');
};

// The portal's language, not the browser's (jsdom's navigator says en-US): its day order, month names, texts.
const CASES = [
  {
    language: 'pt-BR',
    order: ['Dia', 'Mês', 'Ano'],
    typed: '10/03/2026',
    month: /dezembro/i,
    open: /Escolha uma data/,
    // dayjs's shortest Portuguese names are "Do 2ª 3ª…": the header read "D 2 3 4 5 6 S", like a row of days.
    weekdays: 'DSTQQSS',
  },
  {
    language: 'es',
    order: ['Día', 'Mes', 'Año'],
    typed: '10/03/2026',
    month: /diciembre/i,
    open: /^Elija la fecha/,
    weekdays: 'LMMJVSD',
  },
  {
    language: 'en',
    order: ['Month', 'Day', 'Year'],
    typed: '03/10/2026',
    month: /December/,
    open: /Choose date/,
    weekdays: 'SMTWTFS',
  },
] as const;

describe('DateInput: a day in the portal language', () => {
  afterEach(() => cleanup());
  afterAll(() => i18n.changeLanguage('pt-BR'));

  it.each(CASES)('$language: sections, typing and the calendar follow the portal language', async (c) => {
    await act(() => i18n.changeLanguage(c.language));
    show(<Harness initial="2026-03-10" />);
    const parts = await sections();
    expect(parts.map((p) => p.getAttribute('aria-label'))).toEqual(c.order);
    expect(parts.map((p) => p.textContent).join('/')).toBe(c.typed);

    await typeDay('Início', '2026-12-01');
    expect(current).toBe('2026-12-01');

    fireEvent.click(screen.getByRole('button', { name: c.open }));
    const calendar = await screen.findByRole('dialog');
    expect(within(calendar).getByText(c.month)).toBeTruthy();
    expect(
      within(calendar)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .join(''),
    ).toBe(c.weekdays);
    // The calendar's days of a 24-hour portal: no AM/PM anywhere.
    expect(calendar.textContent).not.toMatch(/\b(AM|PM)\b/);
  });

  it.each(CASES)('$language: a day that cannot be read says "invalid date" in that language', async (c) => {
    await act(() => i18n.changeLanguage(c.language));
    show(<Form />);
    const [first] = await sections();
    // The 31st of February, typed section by section in the language's order.
    typeDigits(first as HTMLElement, c.language === 'en' ? '02312026' : '31022026');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(i18n.t('validation.invalidDate'))).toBeTruthy();
    expect(i18n.t('validation.invalidDate')).toBe(
      { 'pt-BR': 'Data inválida.', es: 'Fecha no válida.', en: 'Invalid date.' }[c.language],
    );
  });

  it('gives the form the day, nothing when cleared, and a marker the schema refuses when left half typed', async () => {
    await act(() => i18n.changeLanguage('pt-BR'));
    show(<Harness />);
    const [day] = await sections();
    await typeDay('Início', '2026-03-10');
    expect(current).toBe('2026-03-10');
    await typeDay('Início', '');
    expect(current).toBe('');
    await typeDay('Início', '2026-03-10');

    // A person erases the day of a whole date and leaves: not a day, and the field keeps the month and year.
    fireEvent.focus(day as HTMLElement);
    fireEvent.click(day as HTMLElement);
    (day as HTMLElement).textContent = '';
    fireEvent.input(day as HTMLElement);
    expect((await sections()).map((x) => x.textContent)).toEqual(['DD', '03', '2026']);
    fireEvent.blur(day as HTMLElement);
    expect(current).toBe('invalid-date');
    expect((await sections()).map((x) => x.textContent)).toEqual(['DD', '03', '2026']);
  });
});
