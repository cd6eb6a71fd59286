// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dealer, Providers } from '../communications/test-factories';
import { GERAR_LINK_DOWNLOAD } from '../library/library.documents';
import { HomePage } from './HomePage';
import {
  HomeAnuncioAleatorioDocument,
  HomeComunicadosRecentesDocument,
  HomeSlidesAtivosDocument,
  HomeUltimosModificadosDocument,
} from './home.generated';

// React DOM writes a resource hint into the document it first saw, which in a shared test thread is another file's
// (apps/web/test-setup.ts): the test reads what HomeSlides asks for.
const { preload } = vi.hoisted(() => ({ preload: vi.fn() }));
vi.mock('react-dom', async (original) => ({ ...(await original<typeof import('react-dom')>()), preload }));

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

const imagem = (nome: string) => ({
  __typename: 'ArquivoConteudoHome' as const,
  id: `a-${nome}`,
  arquivoLink: `https://files.example/${nome}.png?sig=1`,
  largura: 2280,
  altura: 800,
  variantes: [480, 1140].map((largura) => ({
    __typename: 'VarianteImagem' as const,
    largura,
    altura: Math.round((largura * 400) / 1140),
    link: `https://files.example/${nome}-${largura}.webp?sig=1`,
  })),
});

const slide = (id: string, titulo: string, arquivo: ReturnType<typeof imagem> | null = null) => ({
  __typename: 'Slide' as const,
  id,
  titulo,
  corTitulo: '#ffffff',
  tamanhoTitulo: 40,
  subtitulo: null,
  corSubtitulo: null,
  tamanhoSubtitulo: null,
  tituloBotao: 'Saiba mais',
  link: '/comunicados',
  linkTarget: '_self',
  arquivo,
});

const anuncio = (titulo: string) => ({
  __typename: 'Anuncio' as const,
  id: 'an-1',
  titulo,
  link: 'https://example.com/seguro',
  linkTarget: '_blank',
  arquivo: imagem('anuncio'),
});

const slidesAtivos = (items: ReturnType<typeof slide>[]): MockedResponse => ({
  request: { query: HomeSlidesAtivosDocument },
  result: { data: { slidesAtivos: items } },
});
const anuncioAleatorio = (item: ReturnType<typeof anuncio> | null): MockedResponse => ({
  request: { query: HomeAnuncioAleatorioDocument },
  result: { data: { anuncioAleatorio: item } },
});

/** /home with the given answers; the banner and the ad have none to show unless the test gives them. */
function renderHome(mocks: MockedResponse[], content: MockedResponse[] = [slidesAtivos([]), anuncioAleatorio(null)]) {
  render(
    <Providers user={dealer()} mocks={[...mocks, ...content]} path="/home">
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
    expect(card('Comunicados recentes').querySelectorAll('.MuiSkeleton-root').length).toBe(2 * 5);
    expect(card('Arquivos recentes').querySelectorAll('.MuiSkeleton-root').length).toBe(2 * 3);
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

  it('shows the slide banner across the top, the first image preloaded with priority and drawn from its variants', async () => {
    renderHome(
      [comunicados([]), arquivos([])],
      [
        slidesAtivos([slide('s-1', 'Feirão de março', imagem('feirao')), slide('s-2', 'Revisão grátis')]),
        anuncioAleatorio(null),
      ],
    );
    const slot = document.querySelector('[data-home-slot="slides"]') as HTMLElement;
    expect(slot.querySelector('.MuiSkeleton-root')).toBeTruthy();
    const banner = await screen.findByRole('region', { name: 'Destaques' });
    expect(slot.contains(banner)).toBe(true);
    expect(within(banner).getByRole('group', { name: '1 de 2' }).textContent).toContain('Feirão de março');
    expect(within(banner).getByRole('link', { name: 'Saiba mais' }).getAttribute('href')).toBe('/comunicados');
    const img = banner.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('srcset')).toBe(
      'https://files.example/feirao-480.webp?sig=1 480w, https://files.example/feirao-1140.webp?sig=1 1140w, https://files.example/feirao.png?sig=1 2280w',
    );
    expect(preload).toHaveBeenCalledWith(img.getAttribute('src'), {
      as: 'image',
      fetchPriority: 'high',
      imageSrcSet: img.getAttribute('srcset'),
      imageSizes: img.getAttribute('sizes'),
    });
  });

  it('collapses the banner and ad slots when there is nothing to show', async () => {
    renderHome([comunicados([]), arquivos([])]);
    await screen.findByText(/Nenhum comunicado por aqui/);
    await waitFor(() => expect(document.querySelector('[data-home-slot="slides"]')?.childElementCount).toBe(0));
    await waitFor(() => expect(document.querySelector('[data-home-slot="ad"]')?.childElementCount).toBe(0));
    expect(screen.queryByRole('region', { name: 'Destaques' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Publicidade' })).toBeNull();
  });

  it('shows the random ad in its slot, its image named by its title and linking to a new tab', async () => {
    renderHome([comunicados([]), arquivos([])], [slidesAtivos([]), anuncioAleatorio(anuncio('Seguro auto'))]);
    const slot = document.querySelector('[data-home-slot="ad"]') as HTMLElement;
    expect(slot.querySelector('.MuiSkeleton-root')).toBeTruthy();
    const ad = await screen.findByRole('region', { name: 'Publicidade' });
    expect(slot.contains(ad)).toBe(true);
    const link = await within(ad).findByRole('link', { name: /Seguro auto/ });
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual(['https://example.com/seguro', '_blank']);
    expect(within(ad).getByRole('img', { name: 'Seguro auto' }).getAttribute('srcset')).toContain('anuncio-480.webp');
  });
});
