import { type Browser, expect, type Page, test } from '@playwright/test';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn, seriousViolations, setLanguage } from './session.js';

// Issue 17 points 2, 6 and 9 (decisions 0041, 0042), in Chromium: montadora writes a communication with an English
// version for "Rede Horizonte"; aprovador rejects it; montadora adds "Rede Litoral" and changes the message, then
// resubmits; aprovador sees what changed since the rejected version and the kept rejection, and approves; dealer2
// (in Rede Litoral), reading the portal in English, gets the English version and its notification in English.
// axe (serious, critical) on the form and the approval view at 1440 and 375 px.

async function signedIn(browser: Browser, path: string, email: string, width = 1440): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width > 400 ? 900 : 812 } });
  const page = await context.newPage();
  await keepHeaderTourClosed(page);
  await openSignedIn(page, path, email);
  return page;
}

async function noSeriousViolations(page: Page, check: () => Promise<void>) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    await check();
    expect(await seriousViolations(page), `${page.url()} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

// dealer2 reads the portal in English for this journey only; the other journeys expect Portuguese.
test.afterAll(async ({ browser }) => {
  // Four sign-ins in a row: the default 30 s is too short on a busy machine.
  test.setTimeout(120_000);
  const dealer2 = await signedIn(browser, '/home', 'dealer2@portal.demo');
  await setLanguage(dealer2, 'PT_BR');
  // The notifications this journey caused are read, so the others find the counts they expect.
  const done = await dealer2.request.post('/api/graphql', {
    data: { query: 'mutation { marcarTodasNotificacoesComoLidas }' },
  });
  expect(done.ok()).toBe(true);
  await dealer2.context().close();
  for (const email of ['montadora@portal.demo', 'aprovador@portal.demo', 'dealer@portal.demo']) {
    const page = await signedIn(browser, '/home', email);
    const list = await page.request.post('/api/graphql', { data: { query: '{ notificacoesMenu { id link } }' } });
    const { data } = (await list.json()) as { data: { notificacoesMenu: { id: string; link: string | null }[] } };
    for (const n of data.notificacoesMenu.filter((x) => x.link?.startsWith('/comunicados'))) {
      await page.request.post('/api/graphql', {
        data: { query: 'mutation ($id: ID!) { marcarNotificacaoComoLida(id: $id) { id } }', variables: { id: n.id } },
      });
    }
    await page.context().close();
  }
});

test('reject, resubmit: the approver sees the difference and the kept rejection; an English reader gets the English version', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const titulo = `Campanha trilíngue ${stamp}`;
  const title = `Trilingual campaign ${stamp}`;

  // montadora writes it with an English version, for "Rede Horizonte", and submits it to aprovador.
  const montadora = await signedIn(browser, '/comunicados/novo', 'montadora@portal.demo');
  await montadora.getByRole('textbox', { name: /^Título/ }).fill(titulo);
  await montadora.getByRole('textbox', { name: 'Mensagem', exact: true }).click();
  await montadora.keyboard.type('Revisões com desconto na sexta.');
  await montadora.getByRole('tab', { name: 'English' }).click();
  await montadora.getByRole('textbox', { name: 'Versão em English: título' }).fill(title);
  await montadora.getByRole('textbox', { name: 'Versão em English: texto' }).click();
  await montadora.keyboard.type('Discounted services on Friday.');
  await montadora.getByRole('combobox', { name: 'Grupos de usuários' }).click();
  await montadora.getByRole('option', { name: 'Rede Horizonte' }).click();
  await montadora.keyboard.press('Escape');
  await montadora.getByRole('combobox', { name: /^Aprovador/ }).click();
  await montadora.getByRole('option', { name: /aprovador@portal\.demo/ }).click();
  await noSeriousViolations(montadora, () =>
    expect(montadora.getByRole('tabpanel').getByRole('textbox', { name: 'Versão em English: título' })).toBeVisible(),
  );
  await montadora.getByRole('button', { name: 'Enviar para aprovação' }).click();
  await expect(montadora).toHaveURL(/\/comunicados\/visualizar\/[^/]+$/);
  const id = decodeURIComponent(montadora.url().split('/').pop() ?? '');

  // aprovador rejects it with a reason.
  const aprovador = await signedIn(browser, `/comunicados/visualizar/${id}`, 'aprovador@portal.demo');
  await aprovador.getByRole('button', { name: 'Rejeitar' }).click();
  const reject = aprovador.getByRole('dialog', { name: 'Rejeitar comunicado' });
  await reject.getByRole('textbox', { name: /Motivo da rejeição/ }).fill('Inclua a Rede Litoral e mude o dia.');
  await reject.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(aprovador.getByText('Rejeitado', { exact: true }).first()).toBeVisible();

  // montadora adds "Rede Litoral", changes the day in both versions and resubmits.
  await montadora.goto(`/comunicados/editar/${id}`);
  await expect(montadora.getByTestId('rejection-reason')).toContainText('Inclua a Rede Litoral e mude o dia.');
  const message = montadora.getByRole('textbox', { name: 'Mensagem', exact: true });
  await message.click();
  await montadora.keyboard.press('ControlOrMeta+a');
  await montadora.keyboard.type('Revisões com desconto no sábado.');
  await montadora.getByRole('tab', { name: 'English' }).click();
  await montadora.getByRole('textbox', { name: 'Versão em English: texto' }).click();
  await montadora.keyboard.press('ControlOrMeta+a');
  await montadora.keyboard.type('Discounted services on Saturday.');
  await montadora.getByRole('combobox', { name: 'Grupos de usuários' }).click();
  await montadora.getByRole('option', { name: 'Rede Litoral' }).click();
  await montadora.keyboard.press('Escape');
  await montadora.getByRole('button', { name: 'Enviar para aprovação' }).click();
  await expect(montadora).toHaveURL(`/comunicados/visualizar/${id}`);
  await expect(montadora.getByText('Em aprovação', { exact: true }).first()).toBeVisible();

  // aprovador sees what changed since the rejected version, and the rejection kept in the history.
  await aprovador.reload();
  const changes = aprovador.getByTestId('changes-since-rejection');
  await expect(changes.getByRole('heading', { name: 'O que mudou desde a versão rejeitada' })).toBeVisible();
  await expect(changes).toContainText('Inclua a Rede Litoral e mude o dia.');
  await expect(changes.locator('del').filter({ hasText: 'sexta.' })).toBeVisible();
  await expect(changes.locator('ins').filter({ hasText: 'sábado.' })).toBeVisible();
  await expect(changes.locator('ins').filter({ hasText: 'Rede Litoral' })).toBeVisible();
  await expect(changes.locator('ins').filter({ hasText: 'Saturday.' })).toBeVisible();
  const history = aprovador.getByTestId('history');
  await expect(history.getByRole('listitem')).toHaveCount(5);
  await expect(history.getByRole('listitem').nth(2)).toContainText('Inclua a Rede Litoral e mude o dia.');
  await noSeriousViolations(aprovador, () => expect(changes).toBeVisible());

  // dealer2 reads the portal in English (stored before the send, as the header's picker does).
  const dealer2 = await signedIn(browser, '/comunicados', 'dealer2@portal.demo');
  await setLanguage(dealer2, 'EN');

  await aprovador.getByRole('button', { name: 'Aprovar' }).click();
  await aprovador.getByRole('dialog', { name: 'Aprovar comunicado' }).getByRole('button', { name: 'Aprovar' }).click();
  await expect(aprovador.getByTestId('state-notice')).toHaveText(/^Enviado em .+ para [1-9]\d* destinatários?$/, {
    timeout: 30_000,
  });
  await expect(aprovador.getByTestId('history')).toContainText('Entregue');

  // dealer2 reads the English version, and its notification is in English with the sender and an excerpt.
  await dealer2.goto(`/comunicados/visualizarEnvio/${id}`);
  await expect(dealer2.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(dealer2.getByText('Discounted services on Saturday.')).toBeVisible();
  await dealer2.goto('/notificacoes');
  const note = dealer2.getByRole('main').getByText(title).first();
  await expect(note).toBeVisible();
  await expect(
    dealer2
      .getByRole('main')
      .getByText(/^From: /)
      .first(),
  ).toBeVisible();

  for (const page of [montadora, aprovador, dealer2]) await page.context().close();
});
