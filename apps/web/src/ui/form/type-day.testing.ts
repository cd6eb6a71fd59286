import { fireEvent, within as inside, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import 'dayjs/locale/es';
import { i18n } from '../../app/i18n';

const DAYJS_LOCALE: Record<string, string> = { 'pt-BR': 'pt-br', es: 'es', en: 'en' };

/** How a person types `isoDay` ('YYYY-MM-DD') into the kit's `DateInput` in the portal's current language. */
export function dayAsTyped(isoDay: string): string {
  return dayjs(isoDay)
    .locale(DAYJS_LOCALE[i18n.language] ?? 'pt-br')
    .format('L');
}

/**
 * Types a day into the `DateInput` labelled `label` (web tests): waits for the lazily loaded picker, then types the
 * day as shown in the portal's language ('' clears it; any other text is typed as it is).
 */
export async function typeDay(
  label: string | RegExp,
  value: string,
  within: Pick<typeof screen, 'findByLabelText'> = screen,
) {
  const input = await within.findByLabelText(label, { selector: 'input[aria-hidden="true"]' }, { timeout: 10_000 });
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayAsTyped(value) : value;
  fireEvent.change(input, { target: { value: text } });
}

/** What the `DateInput` labelled `label` shows, section by section ('10/03/2026'), once its picker has loaded. */
export async function dayShown(label: string | RegExp, within: Pick<typeof screen, 'findByRole'> = screen) {
  const group = await within.findByRole('group', { name: label }, { timeout: 10_000 });
  return inside(group)
    .getAllByRole('spinbutton')
    .map((s) => s.textContent)
    .join('/');
}
