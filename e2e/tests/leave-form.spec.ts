import { expect, test } from '@playwright/test';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn } from './session.js';

// Issue 17 point 8, in Chromium: leaving a form with changes asks first, by the breadcrumb, by the menu and by closing
// the tab; "keep editing" keeps what was typed. The user group form (the kit's useZodForm) is one every user of the
// demo administration reaches; the communication form keeps a local draft besides, which would make the journey about
// the draft.

test('leaving a filled form asks first (breadcrumb, menu, closing the tab) and keeps the typing', async ({ page }) => {
  // A sign-in, three navigations and the tab's close: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  await keepHeaderTourClosed(page);
  await openSignedIn(page, '/gruposUsuarios/novo', 'admin@portal.demo');
  const nome = page.getByRole('textbox', { name: /^Nome/ });
  await nome.fill('Grupo que não será salvo');

  // The breadcrumb: the question, and "keep editing" keeps the form as it was.
  await page
    .getByRole('navigation', { name: 'Você está em' })
    .getByRole('link', { name: 'Grupos de usuários' })
    .click();
  const ask = page.getByRole('dialog', { name: 'Sair sem salvar?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL('/gruposUsuarios/novo');
  await expect(nome).toHaveValue('Grupo que não será salvo');

  // The menu: the same question; leaving goes where the menu said.
  await page.getByRole('banner').getByRole('button', { name: 'Abrir menu' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Início' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Sair sem salvar' }).click();
  await expect(page).toHaveURL('/home');

  // Closing the tab with changes: the browser's own question (beforeunload).
  await page.goto('/gruposUsuarios/novo');
  await nome.fill('Outro grupo');
  const question = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await question;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});
