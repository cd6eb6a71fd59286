import { type Browser, expect, type Page, test } from '@playwright/test';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn, seriousViolations } from './session.js';

// The header search (issue 20, point 6; docs/domains/search.md): a dealer types a word that appears only inside a PDF
// of a folder of their network and opens it from the header, by keyboard; the other network's dealer finds nothing;
// axe at 1440 and 375 px. Texts are the pt-BR catalogue's.

const STAMP = Date.now().toString(36);
/** A word found nowhere else: only inside the PDF. */
const WORD = `zirconelix${STAMP.replace(/[^a-z]/g, '')}`;
const FOLDER = `Fichas busca ${STAMP}`;
const FILE = `ficha-tecnica-${STAMP}.pdf`;

/** A one-page PDF whose only text is `text` (Helvetica). */
function pdfWithText(text: string): Buffer {
  const content = `BT /F1 18 Tf 40 300 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 400] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

async function signedInPage(browser: Browser, path: string, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await keepHeaderTourClosed(page);
  await openSignedIn(page, path, email);
  return page;
}

async function gql(page: Page, query: string, variables: Record<string, unknown> = {}) {
  const response = await page.request.post('/api/graphql', { data: { query, variables } });
  const body = (await response.json()) as { data?: any; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar no menu' });
const results = (page: Page) => page.getByRole('listbox', { name: 'Resultados da busca' });

test.describe('the header search', () => {
  let folderId = '';

  test.beforeAll(async ({ browser }) => {
    // A manager files a PDF, with the word only inside it, in a folder of Rede Horizonte.
    const manager = await signedInPage(browser, '/biblioteca', 'montadora@portal.demo');
    const { gruposUsuariosAtivos } = await gql(manager, '{ gruposUsuariosAtivos { id nome } }');
    const horizonte = gruposUsuariosAtivos.find((g: { nome: string }) => g.nome === 'Rede Horizonte').id;
    const created = await gql(manager, 'mutation ($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id } }', {
      p: { nome: FOLDER, idPai: null, tiposAcesso: [{ idGrupoAcesso: horizonte, permissao: 'LEITURA' }] },
    });
    folderId = created.criarNovaPasta.id;
    const origin = new URL(manager.url()).origin;
    const upload = await manager.request.post('/api/upload', {
      headers: { origin },
      multipart: {
        info: JSON.stringify({ fileType: 'LIBRARY' }),
        file: { name: FILE, mimeType: 'application/pdf', buffer: pdfWithText(`Ficha tecnica ${WORD} da rede`) },
      },
    });
    expect(upload.status()).toBe(200);
    const { id: idArquivo } = (await upload.json()) as { id: string };
    await gql(manager, 'mutation ($a: [ArquivoBibliotecaInput!]!) { uploadArquivos(arquivos: $a) { id } }', {
      a: [{ idArquivo, idPastaPai: folderId }],
    });
    // The extraction job reads it in the background.
    await expect
      .poll(
        async () =>
          (
            await gql(
              manager,
              'query ($f: FiltroBibliotecaInput!) { buscaBibliotecaPaged(filterInput: $f) { totalElements } }',
              {
                f: { busca: WORD },
              },
            )
          ).buscaBibliotecaPaged.totalElements,
        { timeout: 30_000 },
      )
      .toBe(1);
    await manager.context().close();
  });

  test('a dealer finds a word inside a PDF of their network and opens it from the header, by keyboard', async ({
    browser,
  }) => {
    const page = await signedInPage(browser, '/home', 'dealer@portal.demo');
    await page.setViewportSize({ width: 1440, height: 900 });
    // Ctrl+K focuses the box.
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type(WORD);
    const found = results(page).getByRole('option', { name: new RegExp(FILE) });
    await expect(found).toBeVisible();
    await expect(found.locator('mark')).toHaveText(WORD);
    await expect(results(page).getByRole('group', { name: 'Biblioteca virtual (1)' })).toBeVisible();
    expect(await seriousViolations(page), 'the results at 1440 px').toEqual([]);

    await page.keyboard.press('ArrowDown');
    await expect(found).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/biblioteca/${folderId}$`));
    const viewer = page.getByRole('dialog', { name: FILE });
    await expect(viewer.getByText('Página 1 de 1', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // The empty box offers the search again; Esc closes the list.
    await searchBox(page).click();
    const recent = results(page).getByRole('group', { name: 'Buscas recentes' });
    await expect(recent.getByRole('option', { name: WORD, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(results(page)).toBeHidden();

    // Below 640 px the box is in the menu's dropdown; Ctrl+K opens it there.
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Buscar no menu' })).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type(WORD);
    await expect(results(page).getByRole('option', { name: new RegExp(FILE) })).toBeVisible();
    expect(await seriousViolations(page), 'the results at 375 px').toEqual([]);
    await page.context().close();
  });

  test("the other network's dealer finds nothing of it", async ({ browser }) => {
    const page = await signedInPage(browser, '/home', 'dealer2@portal.demo');
    await searchBox(page).fill(WORD);
    await expect(page.getByRole('status').filter({ hasText: 'Nada encontrado fora do menu.' })).toBeVisible();
    await expect(results(page)).toHaveCount(0);
    await page.goto(`/biblioteca?busca=${WORD}`);
    await expect(page.getByText('Nenhum item encontrado', { exact: false })).toBeVisible();
    await page.context().close();
  });
});
