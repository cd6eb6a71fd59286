// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dealer, Providers } from '../communications/test-factories';
import { NovidadesPage } from './NovidadesPage';
import { MarcarNovidadesVistasDocument, NovidadesDocument } from './news.generated';

const DESDE = '2026-03-01T12:00:00.000Z';
const ATE = '2026-03-05T08:00:00.000Z';

const envio = (id: string, titulo: string, lido: boolean) => ({
  __typename: 'ComunicadoEnvio' as const,
  id,
  lido,
  dataRecebimento: '2026-03-02T12:00:00.000Z',
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
  ultimaModificacao: '2026-03-03T09:30:00.000Z',
  pastaPai: { __typename: 'PastaResumo' as const, id: 'p-1', nome: 'Manuais' },
});
const notificacao = (id: string, titulo: string) => ({
  __typename: 'Notificacao' as const,
  id,
  titulo,
  texto: '<p>Detalhes</p>',
  produto: null,
  link: '/biblioteca',
  data: '2026-03-04T10:00:00.000Z',
  recente: true,
  lida: false,
});

const page = <T,>(content: T[], totalElements = content.length) => ({ content, totalElements });
const novidades = (
  parts: {
    comunicados?: ReturnType<typeof page<ReturnType<typeof envio>>>;
    arquivos?: ReturnType<typeof page<ReturnType<typeof arquivo>>>;
    notificacoes?: ReturnType<typeof page<ReturnType<typeof notificacao>>>;
  } = {},
): MockedResponse => ({
  request: { query: NovidadesDocument, variables: { limite: 20 } },
  result: {
    data: {
      novidades: {
        __typename: 'Novidades',
        desde: DESDE,
        ate: ATE,
        comunicados: { __typename: 'ComunicadoEnvioPage', ...(parts.comunicados ?? page([])) },
        arquivos: { __typename: 'ItemBibliotecaPage', ...(parts.arquivos ?? page([])) },
        notificacoes: { __typename: 'NotificacaoPage', ...(parts.notificacoes ?? page([])) },
      },
    },
  },
});

/** Leaving the page moves the marker: answered here unless a test watches it itself. */
const mark = (onMark?: () => void): MockedResponse => ({
  request: { query: MarcarNovidadesVistasDocument, variables: { ate: ATE } },
  result: () => {
    onMark?.();
    return { data: { marcarNovidadesVistas: ATE } };
  },
});

function renderPage(mocks: MockedResponse[]) {
  const withMark = mocks.some((m) => m.request.query === MarcarNovidadesVistasDocument) ? mocks : [...mocks, mark()];
  return render(
    <Providers user={dealer()} mocks={withMark} path="/novidades">
      <NovidadesPage />
    </Providers>,
  );
}

const section = (name: RegExp) => screen.getByRole('region', { name });

describe('NovidadesPage', () => {
  afterEach(() => cleanup());

  it('groups what is new by kind with counts, each item opening it and each kind linking to its full screen', async () => {
    renderPage([
      novidades({
        comunicados: page([envio('e-1', 'Campanha de março', false), envio('e-2', 'Novo catálogo', true)], 2),
        arquivos: page([arquivo('f-1', 'manual.pdf')], 25),
        notificacoes: page([notificacao('n-1', 'Tabela nova')]),
      }),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Minhas novidades' })).toBeTruthy();
    const unread = await within(section(/^Comunicados/)).findByRole('link', { name: /Campanha de março/ });
    expect(unread.getAttribute('href')).toBe('/comunicados/visualizarEnvio/c-e-1');
    expect(unread.textContent).toContain('Não lido:');
    expect(within(section(/^Comunicados/)).getByRole('link', { name: /Novo catálogo/ }).textContent).not.toContain(
      'Não lido:',
    );
    expect(within(section(/^Comunicados/)).getByText('2')).toBeTruthy();
    expect(
      within(section(/^Comunicados/))
        .getByRole('link', { name: 'Ver todos os comunicados' })
        .getAttribute('href'),
    ).toBe('/comunicados');

    const files = section(/^Arquivos da biblioteca/);
    expect(within(files).getByRole('button', { name: /manual\.pdf/ }).textContent).toContain('Manuais');
    expect(within(files).getByRole('link', { name: 'Abrir a pasta Manuais' }).getAttribute('href')).toBe(
      '/biblioteca/p-1',
    );
    expect(within(files).getByText('25')).toBeTruthy();
    expect(within(files).getByText('Mostrando 1 de 25.')).toBeTruthy();

    const bell = section(/^Notificações/);
    expect(within(bell).getByRole('link', { name: 'Tabela nova' }).getAttribute('href')).toBe('/biblioteca');
    expect(within(bell).getByRole('link', { name: 'Ver todas as notificações' }).getAttribute('href')).toBe(
      '/notificacoes',
    );
    expect(screen.getByText(/O que chegou desde/)).toBeTruthy();
  });

  it('shows skeletons while loading, then says there is nothing new since the marker', async () => {
    renderPage([novidades()]);
    expect(document.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(0);
    expect(await screen.findByText(/Nada de novo desde 01\/03\/2026/)).toBeTruthy();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('says when the news could not load', async () => {
    renderPage([{ request: { query: NovidadesDocument, variables: { limite: 20 } }, error: new Error('offline') }]);
    expect(await screen.findByText('Não foi possível carregar suas novidades.')).toBeTruthy();
  });

  it('leaving the page moves the marker to the moment the data was read', async () => {
    const marked: string[] = [];
    const view = renderPage([
      novidades({ notificacoes: page([notificacao('n-1', 'Tabela nova')]) }),
      mark(() => marked.push(ATE)),
    ]);
    await screen.findByRole('link', { name: 'Tabela nova' });
    expect(marked).toEqual([]);
    view.unmount();
    await waitFor(() => expect(marked).toEqual([ATE]));
  });
});
