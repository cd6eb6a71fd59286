// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dealer, Providers } from '../communications/test-factories';
import { GERAR_LINK_DOWNLOAD } from '../library/library.documents';
import { HomePage } from './HomePage';
import { HomeComunicadosRecentesDocument, HomeUltimosModificadosDocument } from './home.generated';

const envio = (id: string, titulo: string, lido: boolean) => ({
  __typename: 'ComunicadoEnvio' as const,
  id,
  lido,
  dataRecebimento: '2026-03-01T12:00:00.000Z',
  comunicado: {
    __typename: 'Comunicado' as const,
    id: `c-${id}`,
    titulo,
    departamento: { __typename: 'Departamento' as const, id: 'd-1', sigla: 'MKT' },
  },
});

const arquivo = (id: string, nome: string) => ({
  __typename: 'ItemBiblioteca' as const,
  id,
  nome,
  pasta: false,
  arquivoImagem: false,
  ultimaModificacao: '2026-03-02T09:30:00.000Z',
  pastaPai: { __typename: 'PastaResumo' as const, id: 'p-1', nome: 'Manuais' },
});

const comunicados = (envios: ReturnType<typeof envio>[]): MockedResponse => ({
  request: { query: HomeComunicadosRecentesDocument, variables: { limite: 5 } },
  result: { data: { comunicadoEnviosRecentes: envios } },
});
const arquivos = (items: ReturnType<typeof arquivo>[]): MockedResponse => ({
  request: { query: HomeUltimosModificadosDocument, variables: { limite: 3 } },
  result: { data: { ultimosModificados: items } },
});

function renderHome(mocks: MockedResponse[]) {
  render(
    <Providers user={dealer()} mocks={mocks} path="/home">
      <HomePage />
    </Providers>,
  );
}

const card = (name: string) => screen.getByRole('region', { name });

describe('HomePage', () => {
  afterEach(() => cleanup());

  it('greets the user and lists recent communications, unread ones marked, each opening its delivery view', async () => {
    renderHome([
      comunicados([envio('e-1', 'Campanha de março', false), envio('e-2', 'Novo catálogo', true)]),
      arquivos([arquivo('f-1', 'manual.pdf')]),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Olá, Davi Dealer' })).toBeTruthy();
    const unread = await within(card('Comunicados recentes')).findByRole('link', { name: /Campanha de março/ });
    expect(unread.getAttribute('href')).toBe('/comunicados/visualizarEnvio/c-e-1');
    expect(unread.textContent).toContain('Não lido:');
    const read = within(card('Comunicados recentes')).getByRole('link', { name: /Novo catálogo/ });
    expect(read.textContent).not.toContain('Não lido:');
    expect(
      within(card('Comunicados recentes')).getByRole('link', { name: 'Ver todos os comunicados' }).getAttribute('href'),
    ).toBe('/comunicados');
  });

  it('lists recent library files with their folder, and links to the library', async () => {
    renderHome([comunicados([]), arquivos([arquivo('f-1', 'manual.pdf'), arquivo('f-2', 'tabela.xlsx')])]);
    const files = card('Arquivos recentes');
    expect(await within(files).findByRole('button', { name: /manual\.pdf/ })).toBeTruthy();
    expect(within(files).getByRole('button', { name: /tabela\.xlsx/ }).textContent).toContain('Manuais');
    expect(within(files).getByRole('link', { name: 'Abrir a biblioteca' }).getAttribute('href')).toBe('/biblioteca');
  });

  it('downloads a file through a fresh signed link when opened', async () => {
    let asked = false;
    const clicked: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    };
    try {
      renderHome([
        comunicados([]),
        arquivos([arquivo('f-1', 'manual.pdf')]),
        {
          request: { query: GERAR_LINK_DOWNLOAD, variables: { id: 'f-1' } },
          result: () => {
            asked = true;
            return { data: { gerarLinkDownloadByItemBiblioteca: 'https://files.example/manual.pdf?sig=1' } };
          },
        },
      ]);
      fireEvent.click(await screen.findByRole('button', { name: /manual\.pdf/ }));
      await waitFor(() => expect(clicked).toEqual(['https://files.example/manual.pdf?sig=1']));
      expect(asked).toBe(true);
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('shows skeletons while loading, then a helpful line when there is nothing', async () => {
    renderHome([comunicados([]), arquivos([])]);
    expect(within(card('Comunicados recentes')).queryAllByRole('link', { name: /Não lido/ })).toHaveLength(0);
    expect(document.querySelectorAll('.MuiSkeleton-root').length).toBe(2 * (5 + 3));
    expect(await screen.findByText(/Nenhum comunicado por aqui/)).toBeTruthy();
    expect(await screen.findByText(/Nenhum arquivo alterado recentemente/)).toBeTruthy();
    expect(document.querySelectorAll('.MuiSkeleton-root').length).toBe(0);
  });

  it('says when a card could not load, the other still showing', async () => {
    renderHome([
      { request: { query: HomeComunicadosRecentesDocument, variables: { limite: 5 } }, error: new Error('offline') },
      arquivos([arquivo('f-1', 'manual.pdf')]),
    ]);
    expect(await screen.findByText('Não foi possível carregar os comunicados recentes.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: /manual\.pdf/ })).toBeTruthy();
  });
});
