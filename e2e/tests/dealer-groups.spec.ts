import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn, PASSWORD, seriousViolations, structureViolations } from './session.js';

// Issue 13's dealer groups journey (docs/domains/organisation.md#dealer-groups): the administrator creates a
// dealer group (a duplicate name in other case and accents is refused), finds it in the list by searching, then
// inactivates the demo's "Grupo Litoral": the confirmation states how many dealers and users go with it, and its
// user dealer2 can no longer sign in. axe on the list and the form at 1440 and 375 px.
//
// Inactivating cannot be undone for the dealers and users (reactivating restores the group only), and the other
// journeys sign in as dealer2: this journey runs against a portal of its own (a second server on a fresh demo
// database, started here and stopped at the end), so the shared one keeps its demo data.
//
// Issue 19's superAdmin journey runs on the same portal after it (docs/domains/superadmin.md): the administrator
// edits the CRM's base address and sees the menu's link follow, migrates a dealer between groups with the preview,
// and sees the move in that dealer's history; a synchronisation then finds nothing to change. axe on /superAdmin at
// 1440 and 375 px.

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 3100) + 37;

/**
 * Starts a portal of this journey's own on a fresh demo database, from the bundle the shared one runs (playwright.config's
 * webServer: `npm run build` first); resolves once it is ready.
 */
async function startOwnPortal(): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-groups-'));
  const child: ChildProcess = spawn(process.execPath, ['--heap-growing-percent=40', 'apps/server/dist/main.js'], {
    cwd: REPO,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const url = `http://localhost:${PORT}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the journey's portal exited (${child.exitCode})`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error("the journey's portal did not start in 120 s");
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function signedIn(browser: Browser, baseURL: string, urlPath: string, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await keepHeaderTourClosed(page);
  await openSignedIn(page, urlPath, email);
  return page;
}

/**
 * axe at 1440 and at 375 px (serious rules and the page's structure: headings in order, landmarks), the page reloaded
 * at each width and ready when `ready` is visible.
 */
async function axeAtBothWidths(page: Page, ready: () => Promise<void>) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 812 });
    await page.reload();
    await ready();
    expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
    expect(await structureViolations(page), `at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

let portal: Awaited<ReturnType<typeof startOwnPortal>> | undefined;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  portal = await startOwnPortal();
});

test.afterAll(async () => {
  await portal?.stop();
});

test('the administrator creates a dealer group, and inactivating a group stops its users from signing in', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const url = (portal as { url: string }).url;
  const nome = `Grupo Serra Ária ${Date.now()}`;

  // dealer2 (Grupo Litoral) signs in now; after the inactivation they cannot.
  const dealer2 = await signedIn(browser, url, '/home', 'dealer2@portal.demo');
  await dealer2.context().close();

  const admin = await signedIn(browser, url, '/grupos', 'admin@portal.demo');
  await expect(admin.getByRole('heading', { level: 1, name: 'Grupos' })).toBeVisible();
  await expect(admin.getByRole('row', { name: /Grupo Horizonte/ })).toBeVisible();
  await axeAtBothWidths(admin, () => expect(admin.getByRole('row', { name: /Grupo Litoral/ })).toBeVisible());

  // Create, from the list's button.
  await admin.getByRole('link', { name: 'Novo grupo' }).click();
  await expect(admin).toHaveURL('/grupos/novo');
  await expect(admin.getByRole('heading', { level: 1, name: 'Novo grupo' })).toBeVisible();
  await axeAtBothWidths(admin, () => expect(admin.getByRole('textbox', { name: /^Nome/ })).toBeVisible());
  await admin.getByRole('textbox', { name: /^Nome/ }).fill(nome);
  await admin.getByRole('button', { name: 'Salvar' }).click();
  await expect(admin).toHaveURL('/grupos');
  await expect(admin.getByText('Grupo salvo.')).toBeVisible();

  // The same name in other case and without accents is refused, with the message on the field.
  await admin.goto('/grupos/novo');
  await admin.getByRole('textbox', { name: /^Nome/ }).fill(nome.toUpperCase().replace('Á', 'A'));
  await admin.getByRole('button', { name: 'Salvar' }).click();
  await expect(admin.getByText('Este nome já está em uso.')).toBeVisible();
  await expect(admin).toHaveURL('/grupos/novo');

  // Found in the list by a search without accents.
  await admin.goto('/grupos');
  await admin.getByRole('searchbox', { name: 'Buscar por nome' }).fill('serra aria');
  await expect(admin).toHaveURL(/busca=serra/);
  await expect(admin.getByRole('row', { name: new RegExp(nome) })).toBeVisible();
  await expect(admin.getByRole('row', { name: /Grupo Litoral/ })).toHaveCount(0);

  // Its page: the form with the name and the state, and its members (none yet).
  await admin.getByRole('link', { name: `Editar ${nome}` }).click();
  await expect(admin.getByRole('heading', { level: 1, name: nome })).toBeVisible();
  await expect(admin.getByText('Nenhum registro em concessionárias.')).toBeVisible();
  await axeAtBothWidths(admin, () => expect(admin.getByRole('textbox', { name: /^Nome/ })).toHaveValue(nome));

  // Inactivate the demo's Grupo Litoral: 3 dealers and dealer2 go with it.
  await admin.goto('/grupos?busca=litoral');
  const litoral = admin.getByRole('row', { name: /Grupo Litoral/ });
  await litoral.getByRole('button', { name: 'Inativar Grupo Litoral' }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByText('Inativar Grupo Litoral?')).toBeVisible();
  await expect(dialog.getByText(/Inativa o grupo, 3 concessionárias e 1 usuário\(s\) ligados a ele\./)).toBeVisible();
  await dialog.getByRole('button', { name: 'Inativar' }).click();
  await expect(admin.getByText('Inativados: o grupo, 3 concessionárias e 1 usuário(s).')).toBeVisible();
  await expect(litoral.getByText('Inativo')).toBeVisible();

  // Its members are inactive on its page.
  await litoral.getByRole('link', { name: 'Editar Grupo Litoral' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Grupo Litoral' })).toBeVisible();
  await admin.getByRole('tab', { name: 'Usuários' }).click();
  await expect(admin.getByRole('row', { name: /Daniela Dealer/ }).getByText('Inativo')).toBeVisible();

  // dealer2 can no longer sign in.
  const again = await (await browser.newContext({ baseURL: url })).newPage();
  await again.goto('/home');
  await expect(again).toHaveURL(/\/oidc\/interaction\//);
  await again.getByLabel('E-mail', { exact: true }).fill('dealer2@portal.demo');
  await again.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await again.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(again).toHaveURL(/\/oidc\/interaction\//);
  await expect(again).not.toHaveURL(/\/home$/);

  // Reactivating says that it restores the group only.
  await admin.getByRole('button', { name: 'Ativar Grupo Litoral' }).click();
  await expect(admin.getByRole('dialog').getByText(/Reativa somente o grupo/)).toBeVisible();
  await admin.getByRole('dialog').getByRole('button', { name: 'Ativar' }).click();
  await expect(admin.getByText('Grupo reativado.')).toBeVisible();
  await expect(admin.getByRole('row', { name: /Daniela Dealer/ }).getByText('Inativo')).toBeVisible();
});

test('the administrator edits a product address and migrates a dealer between groups on /superAdmin', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const url = (portal as { url: string }).url;
  const admin = await signedIn(browser, url, '/superAdmin', 'admin@portal.demo');
  await expect(admin.getByRole('heading', { level: 1, name: 'SuperAdmin' })).toBeVisible();
  const crm = admin.locator('form').filter({ has: admin.getByRole('heading', { name: 'CRM Rede' }) });
  await axeAtBothWidths(admin, () => expect(crm.getByRole('textbox', { name: 'Endereço base' })).toBeVisible());

  // Product: the CRM's base address; the menu's CRM links follow at once.
  await crm.getByRole('textbox', { name: 'Endereço base' }).fill('https://crm.e2e.example');
  await crm.getByRole('button', { name: 'Salvar endereço' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(admin.getByText('Edição finalizada!')).toBeVisible();
  await admin.getByRole('banner').getByRole('button', { name: 'Abrir menu' }).click();
  const menu = admin.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByRole('link', { name: 'Relatórios' })).toHaveAttribute(
    'href',
    'https://crm.e2e.example/relatorios',
  );
  await admin.keyboard.press('Escape');

  // Migration: Horizonte Campinas from Grupo Horizonte to Grupo Litoral, previewed first.
  await axeAtBothWidths(admin, async () => {
    await admin.getByRole('tab', { name: 'Migração' }).click();
    await expect(admin.getByRole('button', { name: 'Pré-visualizar' })).toBeVisible();
  });
  await admin.getByRole('combobox', { name: /Grupo de origem/ }).click();
  await admin.getByRole('option', { name: 'Grupo Horizonte' }).click();
  await admin.getByRole('combobox', { name: /Grupo de destino/ }).click();
  await admin.getByRole('option', { name: 'Grupo Litoral' }).click();
  await admin.getByRole('combobox', { name: /a mover/ }).click();
  await admin.getByRole('option', { name: /D003/ }).click();
  await admin.keyboard.press('Escape');
  await admin.getByRole('button', { name: 'Pré-visualizar' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'a mover: 1;' })).toBeVisible();
  await admin.getByRole('button', { name: 'Migrar' }).click();
  await expect(admin.getByRole('dialog').getByText(/Grupo Litoral\?/)).toBeVisible();
  await admin.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(admin.getByText('Migração finalizada com sucesso!')).toBeVisible();

  // Synchronisation: no dealer sells an inactive brand, so the dealers run changes nothing.
  await axeAtBothWidths(admin, async () => {
    await admin.getByRole('tab', { name: 'Sincronização' }).click();
    await expect(admin.getByRole('region', { name: /^Sincronizar / }).first()).toBeVisible();
  });
  const dealersRun = admin.getByRole('region', { name: /^Sincronizar / }).nth(1);
  await dealersRun.getByRole('button', { name: 'Executar' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
  await expect(admin.getByText('Sincronização finalizada com sucesso!')).toBeVisible();
  await expect(dealersRun.getByRole('status')).toContainText('Nada a alterar');

  // The dealer's history shows the move.
  const answer = await admin.request.post('/api/graphql', {
    data: { query: '{ dealers(busca: "Horizonte Campinas") { content { id } } }' },
  });
  const id = (await answer.json()).data.dealers.content[0].id as string;
  await admin.goto(`/auditoria/${id}/dealer`);
  const move = admin.getByRole('row', { name: /Movimentação/ });
  await expect(move).toContainText('Grupo Horizonte → Grupo Litoral');
  await expect(move).toContainText('admin@portal.demo');
});
