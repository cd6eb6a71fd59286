import { type Browser, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { fillDay } from './day-input.js';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn, seriousViolations, structureViolations } from './session.js';

// Issue 5 point 8, the browser journey of a communication: montadora drafts for the user group
// "Rede Horizonte" and submits it to aprovador, who rejects it with a reason; montadora fixes and
// resubmits; aprovador approves with a schedule 2 h ahead; the server's clock is moved forward
// (POST /api/dev/clock, DEV_CLOCK=true) instead of waiting; dealer's bell count rises, dealer reads
// it and marks it favourite; dealer2, outside the audience, never sees it; the dashboard shows 1 read.

const HOUR = 3_600_000;

async function signedIn(browser: Browser, path: string, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await keepHeaderTourClosed(page);
  await openSignedIn(page, path, email);
  return page;
}

/** The bell's unread count, from its accessible name ("Notificações: N não lidas", "1 não lida"). */
async function bellCount(page: Page): Promise<number> {
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notificações/ });
  await expect(bell).toBeVisible();
  return Number((await bell.getAttribute('aria-label'))?.match(/(\d+) não lidas?/)?.[1] ?? 0);
}

/** A local 'YYYY-MM-DDTHH:mm' `ms` from now, in the browser's time zone (the schedule's day and 24-hour time). */
const localInputIn = (page: Page, ms: number) =>
  page.evaluate((offset) => {
    const d = new Date(Date.now() + offset);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, ms);

// The journeys share the demo users: the notifications these journeys caused are marked read at
// the end, so the others (e.g. aprovador's bell in shell.spec.ts) find the counts they expect.
test.afterAll(async ({ browser }) => {
  // Three sign-ins in a row: the default 30 s is too short on a busy machine.
  test.setTimeout(120_000);
  for (const email of ['montadora@portal.demo', 'aprovador@portal.demo', 'dealer@portal.demo']) {
    const page = await signedIn(browser, '/home', email);
    const list = await page.request.post('/api/graphql', { data: { query: '{ notificacoesMenu { id link } }' } });
    const { data } = (await list.json()) as { data: { notificacoesMenu: { id: string; link: string | null }[] } };
    for (const n of data.notificacoesMenu.filter((x) => x.link?.startsWith('/comunicados'))) {
      const read = await page.request.post('/api/graphql', {
        data: { query: 'mutation ($id: ID!) { marcarNotificacaoComoLida(id: $id) { id } }', variables: { id: n.id } },
      });
      expect(read.ok()).toBe(true);
    }
    await page.context().close();
  }
});

test('a communication goes from draft through rejection and scheduled approval to its reader and the dashboard', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const titulo = `Campanha de revisões ${Date.now()}`;
  const corrigido = `${titulo} (corrigido)`;

  // montadora drafts it for "Rede Horizonte" and submits it to aprovador.
  const montadora = await signedIn(browser, '/comunicados/novo', 'montadora@portal.demo');
  await montadora.getByRole('textbox', { name: /^Título/ }).fill(titulo);
  await montadora.getByRole('textbox', { name: 'Mensagem' }).click();
  await montadora.keyboard.type('Revisões com desconto em abril.');
  await montadora.getByRole('combobox', { name: 'Grupos de usuários' }).click();
  await montadora.getByRole('option', { name: 'Rede Horizonte' }).click();
  await expect(montadora.getByRole('status').filter({ hasText: /^[1-9]\d* destinatários?$/ })).toBeVisible();
  await montadora.getByRole('combobox', { name: /^Aprovador/ }).click();
  await montadora.getByRole('option', { name: /aprovador@portal\.demo/ }).click();
  await montadora.getByRole('button', { name: 'Enviar para aprovação' }).click();
  await expect(montadora).toHaveURL(/\/comunicados\/visualizar\/[^/]+$/);
  const id = decodeURIComponent(montadora.url().split('/').pop() ?? '');
  await expect(montadora.getByText('Em aprovação', { exact: true })).toBeVisible();

  // aprovador lands on "to approve", its live count on the tab, and opens it from there; then rejects it with a reason.
  const aprovador = await signedIn(browser, '/comunicados', 'aprovador@portal.demo');
  const toApprove = aprovador.getByRole('tab', { name: /^A aprovar/, selected: true });
  await expect(toApprove).toBeVisible();
  await expect(toApprove.getByTestId('to-approve-count')).toHaveText(/^[1-9]\d*$/);
  await aprovador.getByRole('link', { name: titulo, exact: true }).click();
  await expect(aprovador).toHaveURL(`/comunicados/visualizar/${id}`);
  await aprovador.getByRole('button', { name: 'Rejeitar' }).click();
  const reject = aprovador.getByRole('dialog', { name: 'Rejeitar comunicado' });
  await reject.getByRole('textbox', { name: /Motivo da rejeição/ }).fill('Falta o prazo da campanha.');
  await reject.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(aprovador.getByText('Rejeitado', { exact: true })).toBeVisible();

  // montadora sees the reason, fixes the title and resubmits (the approver stays chosen).
  await montadora.reload();
  await expect(montadora.getByText('Falta o prazo da campanha.').first()).toBeVisible();
  await montadora.getByRole('link', { name: 'Editar' }).click();
  await expect(montadora).toHaveURL(`/comunicados/editar/${id}`);
  await expect(montadora.getByTestId('rejection-reason')).toContainText('Falta o prazo da campanha.');
  await montadora.getByRole('textbox', { name: /^Título/ }).fill(corrigido);
  await montadora.getByRole('button', { name: 'Enviar para aprovação' }).click();
  await expect(montadora).toHaveURL(`/comunicados/visualizar/${id}`);
  await expect(montadora.getByText('Em aprovação', { exact: true })).toBeVisible();

  // aprovador approves it for 2 hours from now.
  await aprovador.reload();
  await aprovador.getByRole('button', { name: 'Aprovar' }).click();
  const approve = aprovador.getByRole('dialog', { name: 'Aprovar comunicado' });
  await approve.getByRole('checkbox', { name: 'Agendar envio' }).check();
  const [day, time] = (await localInputIn(aprovador, 2 * HOUR)).split('T');
  const when = approve.getByRole('group', { name: /Data e hora do envio/ });
  await fillDay(when, /^Data/, day ?? '');
  await when.getByLabel('Hora (24 h)').fill(time ?? '');
  await approve.getByRole('button', { name: 'Aprovar' }).click();
  await expect(aprovador.getByText('Agendado', { exact: true })).toBeVisible();

  // dealer waits with the inbox open; the server's clock moves 3 hours: the schedule fires.
  const dealer = await signedIn(browser, '/comunicados', 'dealer@portal.demo');
  const before = await bellCount(dealer);
  const advanced = await dealer.request.post('/api/dev/clock', { data: { advanceMs: 3 * HOUR } });
  expect(advanced.ok()).toBe(true);
  await expect(
    dealer.getByRole('banner').getByRole('button', { name: new RegExp(`^Notificações: ${before + 1} não lidas?$`) }),
  ).toBeVisible({ timeout: 30_000 });

  // dealer opens it from /comunicados (unread, so bold), reads it and marks it favourite.
  await dealer.reload();
  const link = dealer.getByRole('link', { name: new RegExp(corrigido.replace(/[()]/g, '\\$&')) });
  await expect(link).toBeVisible();
  await link.click();
  await expect(dealer).toHaveURL(`/comunicados/visualizarEnvio/${id}`);
  await expect(dealer.getByRole('heading', { level: 1, name: corrigido })).toBeVisible();
  await expect(dealer.getByText('Revisões com desconto em abril.')).toBeVisible();
  await expect(dealer.getByText(/Lido em/)).toBeVisible();
  await dealer.getByRole('button', { name: 'Marcar como favorito' }).click();
  await expect(dealer.getByRole('button', { name: 'Remover dos favoritos' })).toBeVisible();
  await dealer.goto('/comunicados?aba=FAVORITOS');
  await expect(dealer.getByRole('link', { name: new RegExp(corrigido.replace(/[()]/g, '\\$&')) })).toBeVisible();

  // dealer2 is outside the audience: not in the inbox, not found by its address.
  const dealer2 = await signedIn(browser, '/comunicados', 'dealer2@portal.demo');
  await expect(dealer2.getByRole('tab', { name: 'Recebidos', selected: true })).toBeVisible();
  await expect(dealer2.getByRole('progressbar')).toHaveCount(0);
  await expect(dealer2.getByText(corrigido)).toHaveCount(0);
  await dealer2.goto(`/comunicados/visualizarEnvio/${id}`);
  await expect(dealer2.getByRole('heading', { name: 'Comunicado não encontrado' })).toBeVisible();
  await expect(dealer2.getByText(corrigido)).toHaveCount(0);

  // montadora's dashboard counts the one read.
  await montadora.goto(`/comunicados/dashboard/${id}`);
  await expect(
    montadora.getByRole('region', { name: 'Lidos', exact: true }).getByText('1', { exact: true }),
  ).toBeVisible();

  const overTime = montadora.getByRole('region', { name: 'Leituras por dia' });
  await expect(overTime.locator('svg').first()).toBeVisible();
  await expect(overTime.getByRole('listitem')).toHaveText([/: 1$/]);

  for (const page of [montadora, aprovador, dealer, dealer2]) await page.context().close();
});

// An errata, then axe (serious and critical rules) on every communications screen, wide and phone.
// aprovador, who holds the approval key, sends one to "Rede Horizonte" through the API first.
test.describe('a communication sent to Rede Horizonte', () => {
  let id = '';

  test.beforeAll(async ({ browser }) => {
    const aprovador = await signedIn(browser, '/comunicados', 'aprovador@portal.demo');
    const gql = async (query: string, variables: Record<string, unknown>) => {
      const response = await aprovador.request.post('/api/graphql', { data: { query, variables } });
      const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown };
      expect(body.errors).toBeUndefined();
      return body.data ?? {};
    };
    const { gruposUsuariosAtivos } = (await gql('{ gruposUsuariosAtivos { id nome } }', {})) as {
      gruposUsuariosAtivos: { id: string; nome: string }[];
    };
    const grupo = gruposUsuariosAtivos.find((g) => g.nome === 'Rede Horizonte');
    const saved = (await gql('mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id } }', {
      c: {
        titulo: 'Horário de verão das oficinas',
        mensagem: '<h2>Atenção</h2><p>As oficinas abrem às <strong>8 h</strong>.</p><ul><li>Seg a sex</li></ul>',
        etiquetas: ['pós-venda'],
        idsGruposUsuarios: [grupo?.id],
      },
    })) as { salvarComunicado: { id: string } };
    id = saved.salvarComunicado.id;
    await gql('mutation ($id: ID!) { enviarComunicado(id: $id) { id } }', { id });
    await expect
      .poll(
        async () =>
          (
            (await gql('query ($id: ID!) { comunicado(id: $id) { status { id } } }', { id })) as {
              comunicado: { status: { id: string } };
            }
          ).comunicado.status.id,
      )
      .toBe('ENVIADO');
    await aprovador.context().close();
  });

  test('an errata goes to the original recipients and is shown with the original', async ({ browser }) => {
    // Two signed-in users, a send and a delivery waited for: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const aprovador = await signedIn(browser, `/comunicados/visualizar/${id}`, 'aprovador@portal.demo');
    await aprovador.getByRole('link', { name: 'Criar errata' }).click();
    await expect(aprovador).toHaveURL(`/comunicados/errata/${id}`);
    await aprovador.getByRole('textbox', { name: /^Justificativa/ }).fill('Horário corrigido para 7 h.');
    await aprovador.getByRole('textbox', { name: /^Título/ }).fill('Horário de verão das oficinas: errata');
    await aprovador.getByRole('button', { name: 'Criar errata' }).click();
    await expect(aprovador).toHaveURL(/\/comunicados\/visualizar\/[^/]+$/);
    const errataId = decodeURIComponent(aprovador.url().split('/').pop() ?? '');
    expect(errataId).not.toBe(id);
    await aprovador.getByRole('button', { name: 'Enviar', exact: true }).click();
    await aprovador
      .getByRole('dialog', { name: 'Enviar comunicado' })
      .getByRole('button', { name: 'Enviar', exact: true })
      .click();
    await expect(aprovador.getByText(/^(Aprovado|Enviado)$/)).toBeVisible();
    // The view follows the sending: sent, with its time and recipients, without a reload.
    await expect(aprovador.getByTestId('state-notice')).toHaveText(/^Enviado em .+ para [1-9]\d* destinatários?$/, {
      timeout: 30_000,
    });
    await expect(aprovador.getByText(/^Enviado por:/)).toBeVisible();

    const dealer = await signedIn(browser, '/comunicados', 'dealer@portal.demo');
    await expect(async () => {
      await dealer.goto(`/comunicados/visualizarEnvio/${errataId}`);
      await expect(
        dealer.getByRole('heading', { level: 1, name: 'Horário de verão das oficinas: errata' }),
      ).toBeVisible({
        timeout: 10_000,
      });
    }).toPass({ timeout: 45_000 });
    await expect(dealer.getByText('Horário corrigido para 7 h.')).toBeVisible();
    const original = dealer.getByRole('region', { name: 'Comunicado original' });
    await expect(original.getByRole('heading', { level: 2, name: 'Horário de verão das oficinas' })).toBeVisible();
    for (const page of [aprovador, dealer]) await page.context().close();
  });

  test('the readers export opens in exceljs with date cells, a frozen bold header and the breakdown sheets', async ({
    browser,
  }) => {
    const aprovador = await signedIn(browser, `/comunicados/dashboard/${id}`, 'aprovador@portal.demo');
    await expect(aprovador.getByRole('heading', { name: 'Quem leu e quem não leu' })).toBeVisible();
    const downloading = aprovador.waitForEvent('download');
    await aprovador.getByRole('button', { name: 'Exportar' }).first().click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Horário de verão das oficinas - leituras \d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    // The communication, its readers, then one breakdown per dealer, dealer group, brand and user group (named in the
    // customer's words).
    const names = workbook.worksheets.map((w) => w.name);
    expect(names.slice(0, 2)).toEqual(['Comunicado', 'Leituras']);
    expect(names.slice(2)).toHaveLength(4);
    expect(names.slice(2).every((name) => name.startsWith('Por '))).toBe(true);
    expect(names[5]).toBe('Por grupo de usuários');
    const [summary, reads] = workbook.worksheets;
    const sentAt = summary?.getRow(5).getCell(2);
    expect(summary?.getRow(2).getCell(2).value).toBe('Horário de verão das oficinas');
    expect(sentAt?.value).toBeInstanceOf(Date);
    expect(sentAt?.numFmt).toMatch(/yyyy/);
    // Every reader's "received at" is a real date cell with a date format; the header is bold and frozen.
    expect(reads?.getRow(1).font?.bold).toBe(true);
    expect(reads?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(reads?.rowCount).toBeGreaterThan(1);
    reads?.eachRow((row, n) => {
      if (n > 1) expect(row.getCell(5).value).toBeInstanceOf(Date);
    });
    await aprovador.context().close();
  });

  type Screen = { name: string; email: string; path: () => string; ready: (page: Page) => Promise<void> };
  const SCREENS: Screen[] = [
    {
      name: 'sent tab',
      email: 'aprovador@portal.demo',
      path: () => '/comunicados?aba=ENVIADOS',
      ready: (page) => expect(page.getByText('Horário de verão das oficinas').first()).toBeVisible(),
    },
    {
      name: 'new communication form',
      email: 'montadora@portal.demo',
      path: () => '/comunicados/novo',
      ready: (page) => expect(page.getByRole('textbox', { name: 'Mensagem' })).toBeVisible(),
    },
    {
      name: 'communication view',
      email: 'aprovador@portal.demo',
      path: () => `/comunicados/visualizar/${id}`,
      ready: (page) => expect(page.getByRole('link', { name: 'Ver painel' })).toBeVisible(),
    },
    {
      name: 'dashboard',
      email: 'aprovador@portal.demo',
      path: () => `/comunicados/dashboard/${id}`,
      ready: (page) => expect(page.getByRole('heading', { name: 'Quem leu e quem não leu' })).toBeVisible(),
    },
    {
      name: 'inbox',
      email: 'dealer@portal.demo',
      path: () => '/comunicados',
      ready: (page) => expect(page.getByText('Horário de verão das oficinas').first()).toBeVisible(),
    },
    {
      name: 'delivery view',
      email: 'dealer@portal.demo',
      path: () => `/comunicados/visualizarEnvio/${id}`,
      ready: (page) => expect(page.getByText(/Lido em/)).toBeVisible(),
    },
  ];

  for (const width of [1440, 375])
    for (const screen of SCREENS)
      test(`${screen.name} at ${width} px`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: { width, height: width > 400 ? 900 : 812 } });
        const page = await context.newPage();
        await keepHeaderTourClosed(page);
        await openSignedIn(page, screen.path(), screen.email);
        await screen.ready(page);
        await page.screenshot({
          path: `.reports/communications/${screen.name.replace(/ /g, '-')}-${width}.png`,
          fullPage: true,
        });
        expect(await seriousViolations(page)).toEqual([]);
        expect(await structureViolations(page)).toEqual([]);
        await context.close();
      });
});
