// @vitest-environment jsdom
import { MockedProvider } from '@apollo/client/testing';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@portal/domain';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import { ARQUIVOS_COM_MESMO_NOME, UPLOAD_ARQUIVOS } from './library.documents';
import { buildItem } from './test-factories';
import { UploadDialog } from './UploadDialog';

function renderDialog(upload = vi.fn(async () => 'arquivo-1'), mocks = [], onClose = () => {}) {
  render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={mocks}>
          <UploadDialog onClose={onClose} folderId="pasta-1" folderName="Contratos" upload={upload} />
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>,
  );
  return upload;
}

/** The name check before sending: `taken` of `nomes` are used by files of the folder. */
const nameCheck = (nomes: string[], taken: string[] = []) => ({
  request: { query: ARQUIVOS_COM_MESMO_NOME, variables: { idPasta: 'pasta-1', nomes } },
  result: { data: { arquivosComMesmoNome: taken } },
});

/** A file of a given size without allocating it. */
function fileOf(name: string, size = 10) {
  const file = new File(['x'], name, { type: 'text/plain' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function addFiles(files: File[]) {
  const input = screen.getByTestId('upload-dropzone-input');
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

const listed = () => {
  const list = screen.queryByRole('list', { name: 'Arquivos selecionados' });
  return list ? within(list).getAllByRole('listitem').length : 0;
};
const submitButton = () => screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement;

describe('UploadDialog', () => {
  afterEach(() => cleanup());

  it('keeps submit disabled without files', () => {
    renderDialog();
    expect(submitButton().disabled).toBe(true);
  });

  it('rejects a duplicate with a warning toast and keeps one copy', async () => {
    renderDialog();
    await addFiles([fileOf('contrato.pdf', 100)]);
    await waitFor(() => expect(listed()).toBe(1));
    await addFiles([fileOf('contrato.pdf', 100)]);
    expect(await screen.findByText('Arquivo duplicado. contrato.pdf')).toBeTruthy();
    expect(listed()).toBe(1);
    expect(submitButton().disabled).toBe(false);
  });

  it('rejects a file over the size limit with the spec message', async () => {
    renderDialog();
    await addFiles([fileOf('grande.mp4', UPLOAD_MAX_BYTES + 1), fileOf('pequeno.txt')]);
    expect(await screen.findByText('O arquivo excede o tamanho suportado. grande.mp4')).toBeTruthy();
    expect(listed()).toBe(1);
    expect(screen.getByText('pequeno.txt')).toBeTruthy();
  });

  it('rejects files past the count limit with the spec message', async () => {
    renderDialog();
    const files = Array.from({ length: UPLOAD_MAX_FILES + 1 }, (_, i) => fileOf(`f${i}.txt`, i + 1));
    await addFiles(files);
    expect(await screen.findByText(`Limite máximo de arquivos excedido. f${UPLOAD_MAX_FILES}.txt`)).toBeTruthy();
    expect(listed()).toBe(UPLOAD_MAX_FILES);
  });

  it('sends each file, marks it, then places them all with one uploadArquivos', async () => {
    const placed = buildItem({ nome: 'a.txt' });
    const upload = renderDialog(
      vi.fn(async (file: File) => (file.name === 'falha.txt' ? Promise.reject(new Error('x')) : `id-${file.name}`)),
      [
        nameCheck(['a.txt', 'falha.txt']),
        {
          request: {
            query: UPLOAD_ARQUIVOS,
            variables: { arquivos: [{ idArquivo: 'id-a.txt', nome: 'a.txt', idPastaPai: 'pasta-1' }] },
          },
          result: { data: { uploadArquivos: [placed] } },
        },
      ] as never,
    );
    await addFiles([fileOf('a.txt', 1), fileOf('falha.txt', 2)]);
    await waitFor(() => expect(listed()).toBe(2));
    fireEvent.click(submitButton());
    expect(await screen.findByText('Enviado')).toBeTruthy();
    expect(screen.getByText('Erro')).toBeTruthy();
    expect(screen.getByText('Erro ao carregar o arquivo.')).toBeTruthy();
    expect(upload).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(submitButton().disabled).toBe(false));
  });

  it('cancelling while sending stops the uploads, places nothing and says so', async () => {
    const place = vi.fn(() => ({ data: { uploadArquivos: [] } }));
    const upload = vi.fn((file: File, signal?: AbortSignal) =>
      file.name === 'rapido.txt'
        ? Promise.resolve('id-rapido')
        : new Promise<string>((_, reject) =>
            signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
    );
    renderDialog(upload, [
      nameCheck(['rapido.txt', 'lento.txt']),
      { request: { query: UPLOAD_ARQUIVOS }, variableMatcher: () => true, result: place },
    ] as never);
    await addFiles([fileOf('rapido.txt', 1), fileOf('lento.txt', 2)]);
    await waitFor(() => expect(listed()).toBe(2));
    fireEvent.click(submitButton());
    const cancel = await screen.findByRole('button', { name: 'Cancelar envio' });
    await waitFor(() => expect((cancel as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(cancel);
    expect(await screen.findByText(/Envio cancelado: nenhum arquivo foi colocado na pasta/)).toBeTruthy();
    expect(place).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    await waitFor(() => expect(submitButton().disabled).toBe(false));
  });

  it('a partly failed send ends with a summary (sent, refused and why) and a way to close', async () => {
    const onClose = vi.fn();
    renderDialog(
      vi.fn(async (file: File) => (file.name === 'falha.txt' ? Promise.reject(new Error('x')) : `id-${file.name}`)),
      [
        nameCheck(['a.txt', 'falha.txt']),
        {
          request: {
            query: UPLOAD_ARQUIVOS,
            variables: { arquivos: [{ idArquivo: 'id-a.txt', nome: 'a.txt', idPastaPai: 'pasta-1' }] },
          },
          result: { data: { uploadArquivos: [buildItem({ nome: 'a.txt' })] } },
        },
      ] as never,
      onClose,
    );
    await addFiles([fileOf('a.txt', 1), fileOf('falha.txt', 2)]);
    await waitFor(() => expect(listed()).toBe(2));
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    fireEvent.click(submitButton());
    const summary = await screen.findByRole('status');
    expect(within(summary).getByText('Envio concluído com erros')).toBeTruthy();
    expect(within(summary).getByText('1 arquivo(s) enviado(s).')).toBeTruthy();
    expect(within(summary).getByText('1 arquivo(s) recusado(s):')).toBeTruthy();
    expect(within(summary).getByText('falha.txt — Erro ao carregar o arquivo.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
  it('asks about a name in use and places the file with the answer (keep both)', async () => {
    const onClose = vi.fn();
    const upload = renderDialog(
      vi.fn(async (file: File) => `id-${file.name}`),
      [
        nameCheck(['contrato.pdf', 'novo.pdf'], ['contrato.pdf']),
        {
          request: {
            query: UPLOAD_ARQUIVOS,
            variables: {
              arquivos: [
                {
                  idArquivo: 'id-contrato.pdf',
                  nome: 'contrato.pdf',
                  idPastaPai: 'pasta-1',
                  seExistir: 'MANTER_AMBOS',
                },
                { idArquivo: 'id-novo.pdf', nome: 'novo.pdf', idPastaPai: 'pasta-1' },
              ],
            },
          },
          result: {
            data: { uploadArquivos: [buildItem({ nome: 'contrato (2).pdf' }), buildItem({ nome: 'novo.pdf' })] },
          },
        },
      ] as never,
      onClose,
    );
    await addFiles([fileOf('contrato.pdf', 1), fileOf('novo.pdf', 2)]);
    await waitFor(() => expect(listed()).toBe(2));
    fireEvent.click(submitButton());
    const question = await screen.findByRole('dialog', { name: 'Já existe um arquivo com este nome' });
    expect(within(question).getByText(/já tem um arquivo chamado “contrato.pdf”/)).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    // The choice that loses nothing has the focus.
    const keepBoth = within(question).getByRole('button', { name: 'Manter ambos' });
    expect(document.activeElement).toBe(keepBoth);
    fireEvent.click(keepBoth);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(upload).toHaveBeenCalledTimes(2);
  });

  it('skip for all leaves out every file whose name is in use, unsent', async () => {
    const onClose = vi.fn();
    const upload = renderDialog(
      vi.fn(async (file: File) => `id-${file.name}`),
      [
        nameCheck(['a.pdf', 'b.pdf', 'c.pdf'], ['a.pdf', 'b.pdf']),
        {
          request: {
            query: UPLOAD_ARQUIVOS,
            variables: { arquivos: [{ idArquivo: 'id-c.pdf', nome: 'c.pdf', idPastaPai: 'pasta-1' }] },
          },
          result: { data: { uploadArquivos: [buildItem({ nome: 'c.pdf' })] } },
        },
      ] as never,
      onClose,
    );
    await addFiles([fileOf('a.pdf', 1), fileOf('b.pdf', 2), fileOf('c.pdf', 3)]);
    await waitFor(() => expect(listed()).toBe(3));
    fireEvent.click(submitButton());
    const question = await screen.findByRole('dialog', { name: 'Já existe um arquivo com este nome' });
    fireEvent.click(within(question).getByRole('checkbox', { name: /Fazer o mesmo para os outros 1 arquivo/ }));
    fireEvent.click(within(question).getByRole('button', { name: 'Ignorar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload).toHaveBeenCalledWith(expect.objectContaining({ name: 'c.pdf' }), expect.anything());
  });

  it('cancelling the question sends nothing and keeps the files listed', async () => {
    const upload = renderDialog(
      vi.fn(async () => 'x'),
      [nameCheck(['a.pdf'], ['a.pdf'])] as never,
    );
    await addFiles([fileOf('a.pdf', 1)]);
    await waitFor(() => expect(listed()).toBe(1));
    fireEvent.click(submitButton());
    const question = await screen.findByRole('dialog', { name: 'Já existe um arquivo com este nome' });
    fireEvent.keyDown(question, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Já existe um arquivo com este nome' })).toBeNull(),
    );
    expect(upload).not.toHaveBeenCalled();
    // The upload dialog stays hidden from the accessibility tree until the question's exit transition has ended.
    await waitFor(() => expect(listed()).toBe(1));
    await waitFor(() => expect(submitButton().disabled).toBe(false));
  });
});
