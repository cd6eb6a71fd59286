// @vitest-environment jsdom
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { GERAR_LINK_DOWNLOAD } from './library.documents';
import { PdfViewer } from './PdfViewer';
import type { PdfDocument } from './pdf-document';
import { buildItem } from './test-factories';

// The PDF viewer's own logic (states, page navigation, the error with download) with pdf.js replaced by a document
// object; the real pdf.js on a real PDF is exercised by the browser journey (e2e/tests/library.spec.ts).

const openPdf = vi.fn<(data: ArrayBuffer) => Promise<PdfDocument>>();
vi.mock('./pdf-document', () => ({ openPdf: (data: ArrayBuffer) => openPdf(data) }));

const file = buildItem({ id: 'pdf1', nome: 'Manual.pdf', tamanho: 2_500_000 });
const link: MockedResponse = {
  request: { query: GERAR_LINK_DOWNLOAD, variables: { id: 'pdf1' } },
  result: { data: { gerarLinkDownloadByItemBiblioteca: '/api/files/abc?token=t' } },
};

function fakeDocument(numPages: number) {
  const render = vi.fn((_page: number, _canvas: HTMLCanvasElement, _width: number) => ({
    done: Promise.resolve(),
    cancel: vi.fn(),
  }));
  const destroy = vi.fn();
  return { doc: { numPages, render, destroy } satisfies PdfDocument, render, destroy };
}

function renderViewer(onDownload = vi.fn(), onClose = vi.fn()) {
  const view = render(
    <I18nextProvider i18n={i18n}>
      <MockedProvider mocks={[link]}>
        <PdfViewer file={file} onClose={onClose} onDownload={onDownload} />
      </MockedProvider>
    </I18nextProvider>,
  );
  return { ...view, onDownload, onClose };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const lastPageDrawn = (render: ReturnType<typeof fakeDocument>['render']) => render.mock.calls.at(-1)?.[0];

describe('PdfViewer', () => {
  beforeEach(() => {
    void i18n.changeLanguage('pt-BR');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200 })),
    );
  });
  afterEach(() => {
    cleanup();
    openPdf.mockReset();
    vi.unstubAllGlobals();
  });

  it("draws the page to the viewer's width, measured once the dialog has laid it out, and again when it changes", async () => {
    let width = 900;
    const observers: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly changed: () => void) {
          observers.push(changed);
        }
        observe() {}
        disconnect() {}
      },
    );
    const clientWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => width);
    try {
      const { doc, render } = fakeDocument(1);
      openPdf.mockResolvedValue(doc);
      renderViewer();
      // The body's 900 px less its gutters (8 px each side): an A4 page was drawn 200 px wide, the body measured
      // before the dialog's portal had mounted it.
      await waitFor(() => expect(render.mock.calls.at(-1)?.[2]).toBe(884));
      width = 400;
      for (const changed of observers) act(() => changed());
      await waitFor(() => expect(render.mock.calls.at(-1)?.[2]).toBe(384));
    } finally {
      clientWidth.mockRestore();
    }
  });

  it('shows a loading state, then page 1 of n drawn on a canvas from the signed link’s bytes', async () => {
    const { doc, render } = fakeDocument(3);
    openPdf.mockResolvedValue(doc);
    renderViewer();
    expect(screen.getByText('Abrindo o PDF…')).toBeTruthy();
    expect(await screen.findByText('Página 1 de 3')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/files/abc?token=t', { credentials: 'same-origin' });
    expect(openPdf.mock.calls[0]?.[0].byteLength).toBe(4);
    await waitFor(() => expect(lastPageDrawn(render)).toBe(1));
    expect(render.mock.calls[0]?.[1]).toBeInstanceOf(HTMLCanvasElement);
    expect(render.mock.calls[0]?.[2]).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: 'Página 1 de Manual.pdf' })).toBeTruthy();
    expect(screen.queryByText('Abrindo o PDF…')).toBeNull();
  });

  it('moves between pages with the buttons and the keyboard, never past the first or the last', async () => {
    const { doc, render } = fakeDocument(3);
    openPdf.mockResolvedValue(doc);
    renderViewer();
    await screen.findByText('Página 1 de 3');
    expect(button('Página anterior').disabled).toBe(true);
    fireEvent.click(button('Próxima página'));
    expect(screen.getByText('Página 2 de 3')).toBeTruthy();
    await waitFor(() => expect(lastPageDrawn(render)).toBe(2));
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByText('Página 3 de 3')).toBeTruthy();
    expect(button('Próxima página').disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByText('Página 3 de 3')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByText('Página 2 de 3')).toBeTruthy();
    // The button that disables itself hands the focus to the other one.
    button('Próxima página').focus();
    fireEvent.click(button('Próxima página'));
    await waitFor(() => expect(document.activeElement).toBe(button('Página anterior')));
    fireEvent.keyDown(dialog, { key: 'Home' });
    expect(screen.getByText('Página 1 de 3')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'End' });
    expect(screen.getByText('Página 3 de 3')).toBeTruthy();
    await waitFor(() => expect(lastPageDrawn(render)).toBe(3));
  });

  it('a file pdf.js cannot open shows a clear error and the download', async () => {
    openPdf.mockRejectedValue(new Error('Invalid PDF structure.'));
    const { onDownload } = renderViewer();
    expect(await screen.findByText(/Não foi possível mostrar este PDF/)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByText(/Página \d de/)).toBeNull();
    const downloads = screen.getAllByRole('button', { name: 'Baixar' });
    fireEvent.click(downloads.at(-1) as HTMLElement);
    expect(onDownload).toHaveBeenCalledWith(file);
  });

  it('a link that does not answer shows the same error, without opening anything', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 404 })),
    );
    renderViewer();
    expect(await screen.findByText(/Não foi possível mostrar este PDF/)).toBeTruthy();
    expect(openPdf).not.toHaveBeenCalled();
  });

  it('a page that fails to draw shows the error; a draw replaced by another does not', async () => {
    const { doc, render } = fakeDocument(2);
    const cancelled = Object.assign(new Error('Rendering cancelled'), { name: 'RenderingCancelledException' });
    render.mockImplementationOnce(() => ({ done: Promise.reject(cancelled), cancel: vi.fn() }));
    render.mockImplementationOnce(() => ({ done: Promise.reject(new Error('bad page')), cancel: vi.fn() }));
    openPdf.mockResolvedValue(doc);
    renderViewer();
    await screen.findByText('Página 1 de 2');
    fireEvent.click(button('Próxima página'));
    expect(await screen.findByText(/Não foi possível mostrar este PDF/)).toBeTruthy();
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('releases the document when it closes', async () => {
    const { doc, destroy } = fakeDocument(1);
    openPdf.mockResolvedValue(doc);
    const { unmount, onClose } = renderViewer();
    await screen.findByText('Página 1 de 1');
    fireEvent.click(button('Fechar'));
    expect(onClose).toHaveBeenCalled();
    unmount();
    expect(destroy).toHaveBeenCalled();
  });
});
