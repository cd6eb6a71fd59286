import { expect, test } from '@playwright/test';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn, seriousViolations } from './session.js';

// My news (docs/domains/news.md): a first visit shows what came in the last 30 days by kind (the demo's
// welcome notification); leaving the page moves the marker, so coming back says there is nothing new.

test('my news shows what is new, and after leaving the page there is nothing new since then', async ({ page }) => {
  await keepHeaderTourClosed(page);
  await openSignedIn(page, '/novidades', 'dealer2@portal.demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas novidades' })).toBeVisible();
  const bell = page.getByRole('region', { name: 'Notificações' });
  await expect(bell.getByText('Bem-vindo ao portal', { exact: true })).toBeVisible();
  // The communications region is not checked: other journeys on this shared portal send dealer2 communications.
  expect(await seriousViolations(page)).toEqual([]);

  const marked = page.waitForResponse((r) => r.request().postData()?.includes('marcarNovidadesVistas') ?? false);
  await bell.getByRole('link', { name: 'Ver todas as notificações' }).click();
  await expect(page).toHaveURL('/notificacoes');
  expect((await marked).ok()).toBe(true);

  await page.goto('/novidades');
  await expect(page.getByText(/^Nada de novo desde /)).toBeVisible();
  await expect(page.getByRole('main').getByRole('region')).toHaveCount(0);
});
