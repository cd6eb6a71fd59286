import { type Browser, type BrowserContext, expect, type Page, test, type Worker } from '@playwright/test';
import { openSignedIn, PORTAL } from './session.js';

// The installable portal (issue 18 item 4, decision 0035): the service worker /sw-portal.js takes over after sign-in,
// shows a push message (delivered through the DevTools protocol, as a push service would) and a click on it lands on
// the communication; then the portal opens offline with the last data seen and the offline banner.

const OFFLINE = /Sem conexão|Sin conexión|You are offline/;

/** What the tests use of the worker's global scope (the e2e project does not load the WebWorker types). */
type WorkerScope = {
  registration: { getNotifications(): Promise<Notification[]> };
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
};

/** aprovador (who holds the approval key) sends a communication to "Rede Horizonte" (dealer's) through the API. */
async function sendCommunication(browser: Browser, titulo: string) {
  const context = await browser.newContext();
  const aprovador = await context.newPage();
  await openSignedIn(aprovador, '/home', 'aprovador@portal.demo');
  const gql = async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const response = await aprovador.request.post('/api/graphql', { data: { query, variables } });
    const body = (await response.json()) as { data?: T; errors?: unknown };
    expect(body.errors).toBeUndefined();
    return body.data!;
  };
  const { gruposUsuariosAtivos } = await gql<{ gruposUsuariosAtivos: { id: string; nome: string }[] }>(
    '{ gruposUsuariosAtivos { id nome } }',
  );
  const grupo = gruposUsuariosAtivos.find((g) => g.nome === 'Rede Horizonte');
  const saved = await gql<{ salvarComunicado: { id: string } }>(
    'mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id } }',
    { c: { titulo, mensagem: '<p>Campanha de revisão do modelo Aurora.</p>', idsGruposUsuarios: [grupo?.id] } },
  );
  const id = saved.salvarComunicado.id;
  await gql('mutation ($id: ID!) { enviarComunicado(id: $id) { id } }', { id });
  const status = async () =>
    (
      await gql<{ comunicado: { status: { id: string } } }>(
        'query ($id: ID!) { comunicado(id: $id) { status { id } } }',
        { id },
      )
    ).comunicado.status.id;
  await expect.poll(status).toBe('ENVIADO');
  await context.close();
  return { id, titulo };
}

/** The portal's service worker once it is active and controls the page. */
async function activeWorker(context: BrowserContext, page: Page): Promise<Worker> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toMatch(/\/sw-portal\.js$/);
  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw-portal.js'));
  return worker ?? context.waitForEvent('serviceworker');
}

test('the service worker shows a push, its click opens the communication, and the portal opens offline', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const communication = await sendCommunication(browser, `Campanha offline ${Date.now()}`);
  const page = await context.newPage();

  // The recovery screen (public): no service worker, no push question.
  await page.goto('/esqueci-senha');
  await expect(page.getByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeVisible();
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined)).toBe(true);
  await expect(page.getByRole('button', { name: 'Ativar avisos' })).toHaveCount(0);

  // Signed in: the question shows, and is asked only on a click; "not now" puts it away.
  await openSignedIn(page, '/home', 'dealer@portal.demo');
  await expect(page.getByRole('button', { name: 'Ativar avisos' })).toBeVisible();
  await page.getByRole('button', { name: 'Agora não' }).click();
  await expect(page.getByRole('button', { name: 'Ativar avisos' })).toHaveCount(0);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const worker = await activeWorker(context, page);

  // The manifest the page links to is the portal's, standalone.
  const manifest = await page.request.get(
    (await page.locator('link[rel="manifest"]').getAttribute('href')) ?? '/manifest.webmanifest',
  );
  expect(await manifest.json()).toMatchObject({ name: PORTAL, display: 'standalone' });
  expect(await page.evaluate(() => document.documentElement.dataset.displayMode)).toBe('browser');

  // A push message for the communication, delivered to the registration through the DevTools protocol.
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<{ registrationId: string; scopeURL: string }>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseURL!));
      if (found) resolve(found);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const { registrationId } = await registration;
  const url = `/comunicados/visualizarEnvio/${communication.id}`;
  const deliver = () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL!).origin,
      registrationId,
      data: JSON.stringify({ title: communication.titulo, body: 'Novo comunicado', url, tag: 'n-1' }),
    });

  // The notification is shown with the payload's title and body, and keeps the url.
  const shown = () =>
    worker.evaluate(async () =>
      (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url: string }).url,
      })),
    );
  // A message the DevTools protocol hands over while the worker is still starting can be dropped on a busy machine:
  // it is delivered again (same tag, so never two notifications) until the notification shows, at most 3 times.
  const expected = [{ title: communication.titulo, body: 'Novo comunicado', tag: 'n-1', url }];
  for (let attempt = 1; ; attempt++) {
    await deliver();
    try {
      await expect.poll(shown, { timeout: 8_000 }).toEqual(expected);
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }

  // A click on it (the worker's own notificationclick handler): the open tab goes to the communication.
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
  });
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1, name: communication.titulo })).toBeVisible();
  await expect.poll(shown).toEqual([]);

  // The last data seen is kept (IndexedDB), then the portal opens offline: the shell, the communication, the banner.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const open = indexedDB.open('portal-offline');
            open.onsuccess = () => {
              const read = open.result.transaction('keyval').objectStore('keyval').get('apollo-cache');
              read.onsuccess = () => resolve(String(read.result ?? ''));
              read.onerror = () => resolve('');
            };
            open.onerror = () => resolve('');
          }),
      ),
    )
    .toContain(communication.titulo);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toHaveCount(0);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: new RegExp(PORTAL) })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: communication.titulo })).toBeVisible();

  // Back online, the banner goes.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toHaveCount(0);
  await context.close();
});
