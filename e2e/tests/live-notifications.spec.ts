import { expect, type Page, test } from '@playwright/test';
import { keepHeaderTourClosed } from './header-tour.js';

// A notification created on the server reaches an open page's bell without a reload
// (docs/domains/notifications.md#live-count): the admin sends a generic notification through the API; the dealer's
// bell, already open in another browser context, shows the new count and the notification.

const PASSWORD = 'Portal@2026';

async function openSignedIn(page: Page, email: string) {
  await keepHeaderTourClosed(page);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('button', { name: 'Menu do usuário' })).toBeVisible();
}

test('a notification sent by the admin appears in the dealer bell without reload', async ({ browser }) => {
  const dealerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const dealer = await dealerContext.newPage();
  const admin = await adminContext.newPage();
  await openSignedIn(dealer, 'dealer@portal.demo');
  await openSignedIn(admin, 'admin@portal.demo');

  const banner = dealer.getByRole('banner');
  const bell = banner.getByRole('button', { name: /^Notificações/ });
  await expect(bell).toBeVisible();
  const before = Number((await bell.getAttribute('aria-label'))?.match(/(\d+) não lidas?/)?.[1] ?? 0);
  const me = await dealer.request.post('/api/graphql', { data: { query: '{ usuarioLogado { id } }' } });
  const dealerId = ((await me.json()) as { data: { usuarioLogado: { id: string } } }).data.usuarioLogado.id;

  const sent = await admin.request.post('/api/graphql', {
    data: {
      query: 'mutation ($n: NotificacaoGenericaInput!) { enviarNotificacaoGenerica(notificacao: $n) }',
      variables: { n: { titulo: 'Recall preventivo', texto: '<p>Veja o <b>recall</b>.</p>', idsUsuarios: [dealerId] } },
    },
  });
  expect(await sent.json()).toEqual({ data: { enviarNotificacaoGenerica: 1 } });

  // No reload: the open page's bell follows the live stream.
  const bellAfter = banner.getByRole('button', { name: new RegExp(`^Notificações: ${before + 1} não lidas?$`) });
  await expect(bellAfter).toBeVisible();
  await bellAfter.click();
  const panel = dealer.getByRole('dialog', { name: 'Notificações' });
  await expect(panel.getByRole('region', { name: 'Recentes' }).getByText('Recall preventivo')).toBeVisible();
  await expect(panel.getByText('recall', { exact: true })).toBeVisible();

  await dealerContext.close();
  await adminContext.close();
});
