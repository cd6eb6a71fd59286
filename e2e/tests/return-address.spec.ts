import { expect, test } from '@playwright/test';
import { keepHeaderTourClosed } from './header-tour.js';
import { PASSWORD } from './session.js';

// The return address after sign-in (issue 10, point 1) in a real browser: whatever `returnTo`
// holds, Chromium ends on a page of the portal itself; hostile values land on /home.

/** [returnTo as an attacker would put it in a link, the path the browser ends on] */
const TABLE: Array<[string, string]> = [
  ['//evil.example/x', '/home'],
  ['/\\evil.example', '/home'],
  ['https://evil.example/', '/home'],
  ['/%09/evil.example', '/home'],
  ['/\t/evil.example', '/home'],
  ['javascript:alert(1)', '/home'],
  ['/comunicados?x=1', '/comunicados?x=1'],
];

test('after signing in, the browser stays on the portal whatever returnTo holds', async ({ browser, baseURL }) => {
  test.setTimeout(20_000 * TABLE.length);
  const portal = new URL(baseURL as string).origin;
  for (const [returnTo, expected] of TABLE) {
    await test.step(`returnTo ${JSON.stringify(returnTo)} ends on ${expected}`, async () => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await keepHeaderTourClosed(page);
        await page.goto(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
        await expect(page).toHaveURL(/\/oidc\/interaction\//);
        await page.getByLabel('E-mail', { exact: true }).fill('dealer@portal.demo');
        await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: 'Entrar', exact: true }).click();
        await expect(page).toHaveURL(`${portal}${expected}`);
        await expect(
          page.getByRole('banner').getByRole('button', { name: /^(Menu do usuário|Menú del usuario|User menu)\b/ }),
        ).toBeVisible();
        expect(new URL(page.url()).origin).toBe(portal);
      } finally {
        await context.close();
      }
    });
  }
});
