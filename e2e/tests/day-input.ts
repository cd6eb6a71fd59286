import type { Locator, Page } from '@playwright/test';

/**
 * Types `isoDay` ('YYYY-MM-DD') into the kit's day field labelled `label` as a person does: into its first section,
 * in the portal language's order (day, month, year in pt-BR and es; month, day, year in en), the field moving on by
 * itself.
 */
export async function fillDay(scope: Page | Locator, label: string | RegExp, isoDay: string, language = 'pt-BR') {
  const page = 'keyboard' in scope ? scope : scope.page();
  const field = scope.getByRole('group', { name: label });
  const [year, month, day] = isoDay.split('-');
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(language === 'en' ? `${month}${day}${year}` : `${day}${month}${year}`);
}
