// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dayShown, typeDay } from '../../ui/form/type-day.testing';
import { AnuncioFormPage } from './AnuncioFormPage';
import {
  AtivarSlideDocument,
  SalvarAnuncioDocument,
  SalvarSlideDocument,
  SlideAdministracaoDocument,
} from './home-content.generated';
import { SlideFormPage } from './SlideFormPage';
import { buildAnuncio, buildSlide, dayFromToday, renderScreen } from './test-factories';

beforeAll(() => import('../../ui/ToastHost'));

/** The upload endpoint answers with a new file id; chosen files get an object URL (jsdom has none). */
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ id: 'up-1' }), { status: 200 })),
  );
  URL.createObjectURL = vi.fn(() => 'blob:chosen-image');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const slide = buildSlide({ inicioDate: dayFromToday(-3) });
const slideMock = {
  request: { query: SlideAdministracaoDocument, variables: { id: 's-1' } },
  result: { data: { slide } },
  maxUsageCount: 5,
};

function renderForm(kind: 'slide' | 'anuncio', url: string, mocks: MockedResponse[] = []) {
  const base = kind === 'slide' ? '/slides' : '/anuncios';
  const { view, router } = renderScreen({
    path: url.endsWith('/novo') ? `${base}/novo` : `${base}/editar/:id`,
    url,
    screen: kind === 'slide' ? <SlideFormPage /> : <AnuncioFormPage />,
    mocks: [slideMock, ...mocks],
  });
  render(view);
  return router;
}

const label = (text: string) => new RegExp(`^${text.replace(/[()]/g, '\\$&')}(\\s*\\*)?$`);
const input = (text: string) => screen.getByLabelText(label(text), { selector: 'input' }) as HTMLInputElement;
const type = (text: string, value: string) => fireEvent.change(input(text), { target: { value } });
const helperOf = (text: string) => document.getElementById(`${input(text).id}-helper-text`)?.textContent;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

/** Chooses an image file and lets the thumbnail "load" with the given pixel size. */
async function chooseImage(name: string, width: number, height: number) {
  const file = new File(['png'], name, { type: 'image/png' });
  fireEvent.change(screen.getByTestId('upload-dropzone-input'), { target: { files: [file] } });
  const thumbnail = await screen.findByRole('img', { name: `Imagem escolhida: ${name}` });
  Object.defineProperty(thumbnail, 'naturalWidth', { value: width, configurable: true });
  Object.defineProperty(thumbnail, 'naturalHeight', { value: height, configurable: true });
  fireEvent.load(thumbnail);
}

describe('SlideFormPage', () => {
  it('new: shows the date rules on their fields (start in the past, end before start)', async () => {
    renderForm('slide', '/slides/novo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Novo slide' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cancelar' }).getAttribute('href')).toBe('/slides');
    await dayShown(/^Fim/);
    save();
    expect(helperOf('Início')).toBe('Campo obrigatório.');
    expect(helperOf('Fim')).toBe('Campo obrigatório.');
    await typeDay(label('Início'), dayFromToday(-1));
    await typeDay(label('Fim'), dayFromToday(-2));
    expect(helperOf('Início')).toBe('O início não pode ser antes de hoje.');
    expect(helperOf('Fim')).toBe('O fim não pode ser antes do início.');
    await typeDay(label('Início'), dayFromToday(0));
    await typeDay(label('Fim'), dayFromToday(0));
    expect(helperOf('Início')).toBeUndefined();
    expect(helperOf('Fim')).toBe('Exibido do início ao fim, os dois dias incluídos.');
  });

  it('warns when the chosen image is not in the recommended proportion, not when it is', async () => {
    renderForm('slide', '/slides/novo');
    await screen.findByRole('heading', { level: 1, name: 'Novo slide' });
    expect(screen.getByText('Tamanho recomendado: 1140 × 400 px (PNG, JPG ou WebP).')).toBeTruthy();
    await chooseImage('quadrada.png', 800, 800);
    expect(await screen.findByText(/A proporção desta imagem \(800 × 800 px\) difere/)).toBeTruthy();
    await chooseImage('larga.png', 2280, 790);
    await screen.findByText('larga.png: 2280 × 790 px');
    expect(screen.queryByText(/A proporção desta imagem/)).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('the preview draws the typed texts and the chosen image at both widths', async () => {
    renderForm('slide', '/slides/novo');
    const preview = within(await screen.findByRole('region', { name: 'Pré-visualização' }));
    type('Título', 'Campanha de inverno');
    type('Subtítulo', 'Revisões com desconto');
    type('Título do botão', 'Agendar');
    type('Link', '/comunicados');
    expect(preview.getAllByText('Campanha de inverno')).toHaveLength(2);
    expect(preview.getAllByText('Revisões com desconto')).toHaveLength(2);
    expect(preview.getAllByText('Agendar')).toHaveLength(2);
    await chooseImage('larga.png', 1140, 400);
    const images = document.querySelectorAll('section img');
    expect([...images].map((i) => i.getAttribute('src'))).toEqual(['blob:chosen-image', 'blob:chosen-image']);
  });

  it('edit: keeps the past start, saves the slide input and returns to the list', async () => {
    const input = {
      titulo: 'Campanha de inverno',
      corTitulo: '#ffffff',
      tamanhoTitulo: 40,
      subtitulo: 'Materiais novos',
      corSubtitulo: '#f0f0f0',
      tamanhoSubtitulo: 20,
      tituloBotao: 'Ver materiais',
      link: '/biblioteca',
      linkTarget: '_self',
      inicioDate: slide.inicioDate,
      fimDate: slide.fimDate,
      arquivoId: 'f-1',
      grupos: ['g-1'],
    };
    const router = renderForm('slide', '/slides/editar/s-1', [
      {
        request: { query: SalvarSlideDocument, variables: { id: 's-1', slide: input } },
        result: { data: { salvarSlide: { ...slide, titulo: 'Campanha de inverno', tamanhoTitulo: 40 } } },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar Campanha de revisão' })).toBeTruthy();
    expect(screen.getByText('Em exibição')).toBeTruthy();
    type('Título', 'Campanha de inverno');
    type('Tamanho do título (px)', '40');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/slides'));
    expect(await screen.findByText('Slide salvo.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it("shows the server's per-field error on its field and keeps the changes", async () => {
    renderForm('slide', '/slides/editar/s-1', [
      {
        request: { query: SalvarSlideDocument },
        variableMatcher: () => true,
        result: {
          errors: [
            new GraphQLError('Dados inválidos.', {
              extensions: { code: 'BAD_USER_INPUT', fields: { arquivoId: 'homeContent.validation.imageRequired' } },
            }),
          ],
        },
      },
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Editar Campanha de revisão' });
    type('Subtítulo', 'Outro subtítulo');
    save();
    expect(await screen.findByText('Envie a imagem.')).toBeTruthy();
    expect(input('Subtítulo').value).toBe('Outro subtítulo');
  });

  it('activation from the form asks to confirm first', async () => {
    const inactive = buildSlide({ active: false, status: 'INATIVO' });
    renderForm('slide', '/slides/editar/s-2', [
      {
        request: { query: SlideAdministracaoDocument, variables: { id: 's-2' } },
        result: { data: { slide: { ...inactive, id: 's-2' } } },
        maxUsageCount: 5,
      },
      {
        request: { query: AtivarSlideDocument, variables: { id: 's-2' } },
        result: { data: { ativarSlide: { __typename: 'Slide', id: 's-2', active: true, status: 'EM_EXIBICAO' } } },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Ativar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Ativar Campanha de revisão?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ativar' }));
    expect(await screen.findByText('Ativado com sucesso.', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('AnuncioFormPage', () => {
  it('new: uploads the image as ANUNCIO and saves the ad input', async () => {
    const anuncio = {
      titulo: 'Feirão Horizonte',
      link: '/comunicados',
      linkTarget: '_blank',
      inicioDate: dayFromToday(1),
      fimDate: dayFromToday(10),
      arquivoId: 'up-1',
      grupos: ['g-2'],
    };
    const router = renderForm('anuncio', '/anuncios/novo', [
      {
        request: { query: SalvarAnuncioDocument, variables: { id: null, anuncio } },
        result: { data: { salvarAnuncio: buildAnuncio() } },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Novo anúncio' })).toBeTruthy();
    expect(screen.getByText('Tamanho recomendado: 175 × 400 px (PNG, JPG ou WebP).')).toBeTruthy();
    type('Título', anuncio.titulo);
    type('Link', anuncio.link);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Abrir o link' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Em uma nova aba' }));
    await typeDay(label('Início'), anuncio.inicioDate);
    await typeDay(label('Fim'), anuncio.fimDate);
    fireEvent.mouseDown(input('Grupos de usuários'));
    fireEvent.click(await screen.findByRole('option', { name: 'Rede Horizonte' }));
    await chooseImage('anuncio.png', 175, 400);
    await waitFor(() => expect(screen.queryByLabelText('Enviando a imagem…')).toBeNull());
    expect(screen.queryByText(/A proporção desta imagem/)).toBeNull();
    const body = vi.mocked(fetch).mock.calls[0][1]?.body as FormData;
    expect(body.get('info')).toBe('{"fileType":"ANUNCIO"}');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/anuncios'));
    expect(await screen.findByText('Anúncio salvo.', {}, { timeout: 5000 })).toBeTruthy();
  });
});
