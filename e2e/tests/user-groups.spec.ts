import { type Browser, expect, type Page, test } from '@playwright/test';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn, seriousViolations } from './session.js';

// Issue 13's user groups journey (docs/domains/user-groups.md): the administrator creates a public user group,
// adds two members (one found by name, one by e-mail), sees them in the user-by-user-group dialog, grants the
// group a library folder through the library's own screen, and a member sees the folder on their next visit.
// axe on the list and the form at 1440 and 375 px. Names carry the run's stamp; the group is inactivated at
// the end, so its members lose the folder again and no other journey sees a trace of it.

const STAMP = Date.now();
const GROUP = `Frotistas ${STAMP}`;
const FOLDER = `Tabela de frotas ${STAMP}`;

async function signedIn(browser: Browser, urlPath: string, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await keepHeaderTourClosed(page);
  await openSignedIn(page, urlPath, email);
  return page;
}

/** axe at 1440 and at 375 px, the page reloaded at each width and ready when `ready` is visible. */
async function axeAtBothWidths(page: Page, ready: () => Promise<void>) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 812 });
    await page.reload();
    await ready();
    expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Finds a user outside the group with the member search and adds them. */
async function addMember(page: Page, search: string, nome: string) {
  const members = page.getByRole('region', { name: 'Membros' });
  await members.getByLabel(/^Adicionar usuários/).fill(search);
  await members.getByRole('button', { name: `Adicionar ${nome}` }).click();
  await expect(page.getByText(`${nome} adicionado(a) ao grupo.`)).toBeVisible();
  await expect(members.getByRole('table', { name: 'Lista de membros' }).getByText(nome)).toBeVisible();
}

const folderItem = (page: Page) =>
  page.getByRole('listbox', { name: 'Itens da pasta' }).getByRole('option', { name: FOLDER, exact: true });

test('a public user group with two members is granted a library folder, which a member then sees', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await signedIn(browser, '/gruposUsuarios', 'admin@portal.demo');
  await expect(admin.getByRole('heading', { level: 1, name: 'Grupos de usuários' })).toBeVisible();

  // Create: a public group (the administrator holds the public-groups key).
  await admin.getByRole('link', { name: 'Novo grupo de usuários' }).click();
  await expect(admin).toHaveURL('/gruposUsuarios/novo');
  await admin.getByRole('button', { name: 'Salvar' }).click();
  await expect(admin.getByText('Campo obrigatório.')).toBeVisible();
  await admin.getByRole('textbox', { name: /^Nome/ }).fill(GROUP);
  await admin.getByRole('checkbox', { name: 'Grupo público' }).check();
  await admin.getByRole('button', { name: 'Salvar' }).click();
  await expect(admin.getByText('Grupo de usuários salvo.')).toBeVisible();
  await expect(admin).toHaveURL(/\/gruposUsuarios\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('heading', { level: 1, name: `Grupo de usuários ${GROUP}` })).toBeVisible();

  // Two members: one found by name, one by e-mail.
  await addMember(admin, 'diego dealer', 'Diego Dealer');
  await addMember(admin, 'dealer2@portal.demo', 'Daniela Dealer');
  await expect(admin.getByText('2 usuários')).toBeVisible();
  await axeAtBothWidths(admin, () =>
    expect(admin.getByRole('table', { name: 'Lista de membros' }).getByText('Daniela Dealer')).toBeVisible(),
  );

  // The list finds it without accents or case; its row opens the user-by-user-group dialog.
  await admin.goto(`/gruposUsuarios?busca=${encodeURIComponent(GROUP.toUpperCase())}`);
  const row = admin.getByRole('row', { name: new RegExp(GROUP) });
  await expect(row.getByText('Público')).toBeVisible();
  await row.getByRole('button', { name: `Usuários de ${GROUP}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Usuários do grupo ${GROUP}` });
  await expect(dialog.getByText('Diego Dealer')).toBeVisible();
  await expect(dialog.getByText('Daniela Dealer')).toBeVisible();
  await dialog.getByLabel(/^Buscar membros/).fill('daniela');
  await expect(dialog.getByText('Diego Dealer')).toBeHidden();
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await axeAtBothWidths(admin, () => expect(admin.getByRole('row', { name: new RegExp(GROUP) })).toBeVisible());

  // Grant: a folder in the library's root for the new group, through the library's own dialog.
  await admin.goto('/biblioteca');
  await admin.getByRole('toolbar', { name: 'Ações da biblioteca' }).getByRole('button', { name: 'Nova pasta' }).click();
  const newFolder = admin.getByRole('dialog', { name: 'Nova pasta' });
  await newFolder.getByLabel('Nome', { exact: true }).fill(FOLDER);
  await newFolder.getByRole('combobox', { name: 'Grupos com leitura', exact: true }).click();
  await admin.getByRole('option', { name: GROUP, exact: true }).click();
  await expect(admin.getByRole('listbox', { name: 'Grupos com leitura' })).toBeHidden();
  await newFolder.getByRole('button', { name: 'Criar pasta' }).click();
  await expect(admin.getByText('Pasta criada.')).toBeVisible();

  // A member sees it on their visit.
  const member = await signedIn(browser, '/biblioteca', 'dealer@portal.demo');
  await expect(folderItem(member)).toBeVisible();

  // Inactivating the group takes it away on the member's next request.
  await admin.goto(`/gruposUsuarios?busca=${encodeURIComponent(GROUP)}`);
  await admin
    .getByRole('row', { name: new RegExp(GROUP) })
    .getByRole('button', { name: 'Inativar' })
    .click();
  await admin
    .getByRole('dialog', { name: `Inativar ${GROUP}?` })
    .getByRole('button', { name: 'Inativar' })
    .click();
  await expect(admin.getByText('Inativado com sucesso.')).toBeVisible();
  await member.reload();
  await expect(member.getByRole('heading', { level: 1, name: 'Biblioteca virtual' })).toBeVisible();
  await expect(folderItem(member)).toHaveCount(0);
});
