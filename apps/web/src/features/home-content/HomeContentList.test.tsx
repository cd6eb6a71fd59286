// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AnunciosListPage } from './AnunciosListPage';
import {
  AnunciosAdministracaoDocument,
  InativarSlideDocument,
  SlidesAdministracaoDocument,
} from './home-content.generated';
import { SlidesListPage } from './SlidesListPage';
import { buildAnuncio, buildSlide, buildUser, renderScreen } from './test-factories';

// notistack loads with the first toast; load it before the clock of findBy starts on a busy machine.
beforeAll(() => import('../../ui/ToastHost'));

const slide = buildSlide({ inicioDate: '2026-11-20', fimDate: '2026-12-31' });
const noFilter = { busca: null, status: null, page: 0, rowsPerPage: 10 };
const slidesMock = (variables: Record<string, unknown>, content = [slide], total = content.length) => ({
  request: { query: SlidesAdministracaoDocument, variables: { ...noFilter, ...variables } },
  result: { data: { slides: { __typename: 'SlidePage', content, totalElements: total } } },
  maxUsageCount: 5,
});

function renderSlides(url: string, mocks: MockedResponse[] = [slidesMock({})], user = buildUser()) {
  const { view, router } = renderScreen({ path: '/slides', url, screen: <SlidesListPage />, mocks, user });
  render(view);
  return router;
}

describe('SlidesListPage', () => {
  afterEach(() => cleanup());

  it('lists the slides with image, window, groups and status', async () => {
    renderSlides('/slides');
    expect(screen.getByRole('heading', { level: 1, name: 'Slides' })).toBeTruthy();
    const row = (await screen.findByText('Campanha de revisão')).closest('tr') as HTMLElement;
    const thumbnail = within(row).getByRole('img', { name: 'Imagem de Campanha de revisão' });
    expect(thumbnail.getAttribute('src')).toBe('/api/files/f-1/variant/480');
    // The window shows in its column, and under the title on a phone.
    expect(within(row).getAllByText('20/11/2026 – 31/12/2026')).toHaveLength(2);
    expect(within(row).getByText('Pós-venda')).toBeTruthy();
    expect(within(row).getByText('Em exibição')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Novo slide' }).getAttribute('href')).toBe('/slides/novo');
    expect(within(row).getByRole('link', { name: 'Editar Campanha de revisão' }).getAttribute('href')).toBe(
      '/slides/editar/s-1',
    );
  });

  it('a status filter goes into the URL and the query, back on the first page', async () => {
    const ended = buildSlide({ id: 's-2', titulo: 'Campanha antiga', status: 'ENCERRADO' });
    const router = renderSlides('/slides?pagina=2', [
      slidesMock({ page: 1 }),
      slidesMock({ status: 'ENCERRADO' }, [ended]),
    ]);
    await screen.findByText('Campanha de revisão');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Encerrado' }));
    expect(router.state.location.search).toBe('?status=ENCERRADO');
    const row = (await screen.findByText('Campanha antiga')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Encerrado')).toBeTruthy();
  });

  it('reads the search and the page from the URL; says when nothing matches', async () => {
    renderSlides('/slides?busca=natal&status=AGENDADO', [slidesMock({ busca: 'natal', status: 'AGENDADO' }, [])]);
    expect(await screen.findByText('Nenhum slide encontrado.')).toBeTruthy();
    expect((screen.getByLabelText('Buscar por título') as HTMLInputElement).value).toBe('natal');
  });

  it('deactivates a row after the confirmation, with a toast', async () => {
    renderSlides('/slides', [
      slidesMock({}),
      {
        request: { query: InativarSlideDocument, variables: { id: 's-1' } },
        result: { data: { inativarSlide: { __typename: 'Slide', id: 's-1', active: false, status: 'INATIVO' } } },
      },
    ]);
    const row = (await screen.findByText('Campanha de revisão')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Inativar Campanha de revisão?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText('Inativado com sucesso.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows the no-access notice to a user without the slides key', () => {
    renderSlides('/slides', [slidesMock({})], buildUser(['PORTAL_MANUTENCAO_ANUNCIOS']));
    expect(screen.getByText('Você não tem acesso a esta parte da página.')).toBeTruthy();
  });
});

describe('AnunciosListPage', () => {
  afterEach(() => cleanup());

  it('lists the ads with their own texts; a row without image says so; Enter opens it', async () => {
    const { view, router } = renderScreen({
      path: '/anuncios',
      url: '/anuncios',
      screen: <AnunciosListPage />,
      mocks: [
        {
          request: { query: AnunciosAdministracaoDocument, variables: noFilter },
          result: { data: { anuncios: { __typename: 'AnuncioPage', content: [buildAnuncio()], totalElements: 1 } } },
        },
      ],
    });
    render(view);
    expect(screen.getByRole('heading', { level: 1, name: 'Anúncios' })).toBeTruthy();
    const row = (await screen.findByText('Feirão Horizonte')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Sem imagem')).toBeTruthy();
    expect(within(row).getByText('Agendado')).toBeTruthy();
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(router.state.location.pathname).toBe('/anuncios/editar/a-1');
  });
});
