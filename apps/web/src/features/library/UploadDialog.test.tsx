// @vitest-environment jsdom
import { MockedProvider } from '@apollo/client/testing';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@portal/domain';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import { UPLOAD_ARQUIVOS } from './library.documents';
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

  it('a partly failed send ends with a summary (sent, refused and why) and a way to close', async () => {
    const onClose = vi.fn();
    renderDialog(
      vi.fn(async (file: File) => (file.name === 'falha.txt' ? Promise.reject(new Error('x')) : `id-${file.name}`)),
      [
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
});
