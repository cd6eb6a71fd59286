import fs from 'node:fs/promises';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { mailDir, portalPort } from '../mail-catcher.js';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn, seriousViolations } from './session.js';

// Issue 17 points 4, 5 and 10 in the browser: aprovador sends a communication that asks for a read confirmation to
// dealer and dealer2 (through the API); dealer confirms it ("Li e entendi"); the dashboard counts 1 confirmed beside
// the reads and lists dealer2 as not confirmed; aprovador reminds those who have not read: dealer2 (and only dealer2)
// gets the reminder in the bell and by e-mail (the run's real SMTP server, e2e/mail-catcher.ts), and the next one
// waits. Then axe on the screens this changed, at 1440 and 375 px.

const TITULO = `Norma de seguranca ${Date.now()}`;
const REMINDER_SUBJECT = new RegExp(`^(Lembrete|Reminder|Recordatorio): ${TITULO}$`);

async function signedIn(browser: Browser, url: string, email: string, width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width > 400 ? 900 : 812 } });
  const page = await context.newPage();
  await keepHeaderTourClosed(page);
  await openSignedIn(page, url, email);
  return page;
}

async function gql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await page.request.post('/api/graphql', { data: { query, variables } });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data as T;
}

/** The subjects of every message of this run to `email` so far (headers unfolded). */
async function subjectsTo(email: string): Promise<string[]> {
  const dir = mailDir(portalPort());
  const subjects: string[] = [];
  for (const name of (await fs.readdir(dir)).sort()) {
    const { to, raw } = JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as { to: string[]; raw: string };
    if (!to.includes(email)) continue;
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
    subjects.push(/^subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? '');
  }
  return subjects;
}

const bellTitles = async (page: Page) =>
  (await gql<{ notificacoesMenu: { titulo: string }[] }>(page, '{ notificacoesMenu { titulo } }')).notificacoesMenu.map(
    (n) => n.titulo,
  );

test.describe('a communication that asks for a read confirmation', () => {
  test.describe.configure({ mode: 'serial' });
  let id = '';

  test.beforeAll(async ({ browser }) => {
    const aprovador = await signedIn(browser, '/comunicados', 'aprovador@portal.demo');
    const saved = await gql<{ salvarComunicado: { id: string } }>(
      aprovador,
      'mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id } }',
      {
        c: {
          titulo: TITULO,
          mensagem: '<p>Use os <strong>equipamentos de proteção</strong> em todas as oficinas.</p>',
          etiquetas: ['segurança'],
          emailsAvulsos: ['dealer@portal.demo', 'dealer2@portal.demo'],
          exigeConfirmacao: true,
        },
      },
    );
    id = saved.salvarComunicado.id;
    await gql(aprovador, 'mutation ($id: ID!) { enviarComunicado(id: $id) { id } }', { id });
    await expect
      .poll(
        async () =>
          (
            await gql<{ comunicado: { status: { id: string } } }>(
              aprovador,
              'query ($id: ID!) { comunicado(id: $id) { status { id } } }',
              { id },
            )
          ).comunicado.status.id,
      )
      .toBe('ENVIADO');
    await aprovador.context().close();
  });

  // The journeys share the demo users: what this one put in their bells is marked read at the end.
  test.afterAll(async ({ browser }) => {
    // Three sign-ins in a row: the default 30 s is too short on a busy machine.
    test.setTimeout(120_000);
    for (const email of ['aprovador@portal.demo', 'dealer@portal.demo', 'dealer2@portal.demo']) {
      const page = await signedIn(browser, '/home', email);
      const { notificacoesMenu } = await gql<{ notificacoesMenu: { id: string; link: string | null }[] }>(
        page,
        '{ notificacoesMenu { id link } }',
      );
      for (const n of notificacoesMenu.filter((x) => x.link?.includes(id)))
        await gql(page, 'mutation ($id: ID!) { marcarNotificacaoComoLida(id: $id) { id } }', { id: n.id });
      await page.context().close();
    }
  });

  test('a recipient confirms, the dashboard counts it, and a reminder reaches only the unread', async ({ browser }) => {
    test.setTimeout(120_000);
    // dealer reads it and confirms.
    const dealer = await signedIn(browser, `/comunicados/visualizarEnvio/${id}`, 'dealer@portal.demo');
    await expect(dealer.getByRole('heading', { level: 1, name: TITULO })).toBeVisible();
    await dealer.getByRole('button', { name: 'Li e entendi', exact: true }).click();
    await expect(dealer.getByText(/^Você confirmou em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await expect(dealer.getByRole('button', { name: 'Li e entendi', exact: true })).toHaveCount(0);

    // The dashboard: 1 confirmed, 1 not, beside the reads; dealer2 is who has not confirmed.
    const aprovador = await signedIn(browser, `/comunicados/dashboard/${id}`, 'aprovador@portal.demo');
    const card = (label: string) => aprovador.getByRole('region', { name: label, exact: true });
    await expect(card('Lidos').getByRole('paragraph')).toHaveText('1');
    await expect(card('Confirmaram').getByRole('paragraph')).toHaveText('1');
    await expect(card('Não confirmaram').getByRole('paragraph')).toHaveText('1');
    const pending = aprovador.getByRole('region', { name: 'Quem não confirmou', exact: true });
    await expect(pending.getByText('dealer2@portal.demo')).toBeVisible();
    await expect(pending.getByText('dealer@portal.demo', { exact: true })).toHaveCount(0);

    // A reminder to those who have not read: dealer2 only.
    await aprovador.getByRole('button', { name: 'Enviar lembrete', exact: true }).click();
    const dialog = aprovador.getByRole('dialog', { name: 'Enviar um lembrete' });
    await expect(dialog.getByRole('button', { name: 'Quem não confirmou (1)' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Quem não leu (1)' }).click();
    await expect(aprovador.getByText('Lembrete enviado a 1 destinatário.')).toBeVisible();
    // The next one waits for the interval, and the dashboard says from when.
    await expect(aprovador.getByRole('button', { name: 'Enviar lembrete', exact: true })).toBeDisabled();
    await expect(aprovador.getByText(/^Próximo lembrete possível a partir de \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

    // The real SMTP server: the reminder reaches dealer2, never dealer (who read it).
    await expect
      .poll(async () => (await subjectsTo('dealer2@portal.demo')).filter((s) => REMINDER_SUBJECT.test(s)), {
        timeout: 30_000,
      })
      .toHaveLength(1);
    // Mails go out together: a second after dealer2's, dealer's would be there too.
    await aprovador.waitForTimeout(2_000);
    expect((await subjectsTo('dealer@portal.demo')).filter((s) => REMINDER_SUBJECT.test(s))).toEqual([]);

    // The bell: dealer2 has the reminder, dealer does not.
    const dealer2 = await signedIn(browser, '/comunicados', 'dealer2@portal.demo');
    expect((await bellTitles(dealer2)).filter((t) => REMINDER_SUBJECT.test(t))).toHaveLength(1);
    expect((await bellTitles(dealer)).filter((t) => REMINDER_SUBJECT.test(t))).toEqual([]);

    // dealer2's inbox item says more: an excerpt and its tags.
    const item = dealer2.getByRole('row').filter({ has: dealer2.getByRole('link', { name: TITULO, exact: true }) });
    await expect(item.getByText('Use os equipamentos de proteção em todas as oficinas.')).toBeVisible();
    await expect(item.getByRole('list', { name: 'Etiquetas' })).toHaveText('segurança');
    await expect(item.getByText('Pede confirmação de leitura')).toBeVisible();

    for (const page of [dealer, aprovador, dealer2]) await page.context().close();
  });

  test('the dashboard keeps its key columns at 375 px', async ({ browser }) => {
    const page = await signedIn(browser, `/comunicados/dashboard/${id}`, 'aprovador@portal.demo', 375);
    const readers = page.getByRole('region', { name: 'Quem leu e quem não leu', exact: true }).first();
    await readers.scrollIntoViewIfNeeded();
    await expect(readers.getByRole('columnheader', { name: 'Lido em' })).toBeInViewport();
    await expect(readers.getByRole('columnheader', { name: 'Nome' })).toBeInViewport();
    const slice = page.getByRole('region', { name: 'Por grupo de usuários', exact: true }).first();
    if (await slice.getByRole('table').count()) {
      await slice.scrollIntoViewIfNeeded();
      await expect(slice.getByRole('columnheader', { name: 'Taxa' })).toBeInViewport();
      await expect(slice.getByRole('columnheader', { name: 'Lidos' })).toBeInViewport();
    }
    await page.context().close();
  });

  type Screen = { name: string; email: string; path: () => string; ready: (page: Page) => Promise<void> };
  const SCREENS: Screen[] = [
    {
      name: 'dashboard with confirmations',
      email: 'aprovador@portal.demo',
      path: () => `/comunicados/dashboard/${id}`,
      ready: (page) => expect(page.getByRole('heading', { name: 'Quem não confirmou' })).toBeVisible(),
    },
    {
      name: 'delivery asking for confirmation',
      email: 'dealer2@portal.demo',
      path: () => `/comunicados/visualizarEnvio/${id}`,
      ready: (page) => expect(page.getByRole('button', { name: 'Li e entendi', exact: true })).toBeVisible(),
    },
    {
      name: 'inbox with excerpts',
      email: 'dealer@portal.demo',
      path: () => '/comunicados',
      ready: (page) => expect(page.getByText('Pede confirmação de leitura').first()).toBeVisible(),
    },
    {
      name: 'new communication form',
      email: 'montadora@portal.demo',
      path: () => '/comunicados/novo',
      ready: (page) =>
        expect(
          page.getByRole('checkbox', { name: 'Pedir aos destinatários que confirmem que leram e entenderam' }),
        ).toBeVisible(),
    },
  ];
  for (const width of [1440, 375])
    for (const screen of SCREENS)
      test(`axe: ${screen.name} at ${width} px`, async ({ browser }) => {
        const page = await signedIn(browser, screen.path(), screen.email, width);
        await screen.ready(page);
        await page.screenshot({
          path: `.reports/communications/${screen.name.replace(/ /g, '-')}-${width}.png`,
          fullPage: true,
        });
        expect(await seriousViolations(page)).toEqual([]);
        await page.context().close();
      });
});
