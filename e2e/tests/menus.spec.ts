import { expect, test } from '@playwright/test';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn, seriousViolations } from './session.js';

// The menus administration (TECSINAPSE): a rename shows in the header menu at once; other users
// are sent home. Texts are what the user reads (packages/i18n catalogues, pt-BR).

test.beforeEach(async ({ page }) => {
  await keepHeaderTourClosed(page);
});

const SAVE = `mutation ($id: ID, $menu: MenuInput!) { salvarMenu(id: $id, menu: $menu) { id } }`;

test('the TECSINAPSE user renames a menu item and the header menu shows the new title', async ({ page }) => {
  await openSignedIn(page, '/menus', 'admin@portal.demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Menus' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Administração/ }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('searchbox', { name: 'Buscar por título ou endereço' }).fill('comunicados');
  await expect(page).toHaveURL(/busca=comunicados/);
  await page.getByRole('link', { name: 'Editar Comunicados' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Editar Comunicados' })).toBeVisible();
  const id = page.url().split('/').pop() as string;
  await expect(page.getByRole('textbox', { name: /^Título/ })).toHaveValue('Comunicados');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('textbox', { name: /^Título/ }).fill('Avisos da rede');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL('/menus');
  await expect(page.getByText('Menu salvo.')).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Abrir menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByRole('link', { name: 'Avisos da rede' })).toHaveAttribute('href', '/comunicados');
  await expect(menu.getByRole('link', { name: 'Comunicados', exact: true })).toHaveCount(0);

  // The next journeys find the demo menu as seeded.
  const entry = await page.request.post('/api/graphql', {
    data: { query: `{ menuAdministracao(id: "${id}") { ordem uri pai { id } } }` },
  });
  const { ordem, uri, pai } = (await entry.json()).data.menuAdministracao;
  const restored = await page.request.post('/api/graphql', {
    data: {
      query: SAVE,
      variables: {
        id,
        menu: { titulo: 'Comunicados', uri, ordem, parentId: pai.id, externo: false, chaves: [], tipos: [] },
      },
    },
  });
  expect((await restored.json()).errors).toBeUndefined();
});

test('a user who is not TECSINAPSE opening /menus is sent to /home', async ({ page }) => {
  await openSignedIn(page, '/menus', 'montadora@portal.demo', '/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Menus' })).toHaveCount(0);
});
