import { expect, test } from '@playwright/test';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn } from './session.js';

// Issue 10 point 9: every page sends a Content-Security-Policy, and the built app (MUI/emotion
// styles, lazy chunks, live streams) and the sign-in/sign-out screens run under it without a
// single violation.

test.beforeEach(async ({ page }) => {
  await keepHeaderTourClosed(page);
  // Every document of the journey reports its violations where the test can read them.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `CSP violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
});

test('the signed-in screens and the sign-out run under the CSP without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|CSP violation/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
  });

  const home = await page.request.get('/home');
  expect(home.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(home.headers()['x-content-type-options']).toBe('nosniff');

  await openSignedIn(page, '/home', 'admin@portal.demo');
  for (const path of ['/biblioteca', '/comunicados', '/home']) {
    await page.goto(path);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
  }

  // Sign-out goes through the provider's logout page, whose inline script submits its form.
  await page.getByRole('banner').getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  // Back at the start, signed out: the sign-in screen again (it too runs under the CSP).
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();

  expect(violations).toEqual([]);
});
