// @vitest-environment jsdom
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignedInUser } from '../../app/current-user/current-user.documents';
import { SignedInUserContext } from '../../app/current-user/signed-in-user';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import { UserImportPage } from './UserImportPage';
import {
  type ImportacaoCamposFragment,
  ImportarSimulacaoDocument,
  ImportStatusDocument,
} from './user-import.generated';

// notistack loads with the first toast; load it before the clock of findBy starts on a busy machine.
beforeAll(() => import('../../ui/ToastHost'));

function buildUser(chaves: string[]): SignedInUser {
  return {
    __typename: 'UsuarioLogado',
    id: 'u-1',
    nome: 'Ana Admin',
    email: 'admin@portal.demo',
    tipo: { __typename: 'TipoUsuario', id: 'TECSINAPSE', description: 'TECSINAPSE' },
    idioma: { __typename: 'Idioma', id: 'PT_BR', description: 'Português' },
    avatarLink: null,
    funcionalidades: chaves.map((chave, i) => ({ __typename: 'Funcionalidade', id: `f-${i}`, chave })),
  };
}
const BOTH = ['PORTAL_IMPORTACAO_USUARIOS', 'PORTAL_MANUTENCAO_USUARIOS'];

function buildImport(overrides: Partial<ImportacaoCamposFragment> = {}): ImportacaoCamposFragment {
  return {
    __typename: 'ImportStatus',
    id: 'i-1',
    fileName: 'usuarios.xlsx',
    total: 0,
    done: 0,
    progress: 0,
    status: 'RECEIVED',
    simulacao: false,
    criados: 0,
    atualizados: 0,
    semAlteracao: 0,
    rejeitadas: 0,
    erro: null,
    erroMensagem: null,
    createdDateTime: '2026-11-24T13:05:00.000Z',
    finishedDateTime: null,
    ...overrides,
  };
}

const IMPORTS = [
  buildImport({ id: 'i-1', fileName: 'recebida.xlsx' }),
  buildImport({ id: 'i-2', fileName: 'andamento.xlsx', status: 'PROCESSING', total: 2000, done: 850, progress: 42.5 }),
  buildImport({
    id: 'i-3',
    fileName: 'verificada.xlsx',
    status: 'FINISHED',
    simulacao: true,
    total: 10,
    done: 10,
    progress: 100,
    criados: 5,
    atualizados: 1,
    semAlteracao: 1,
    rejeitadas: 3,
  }),
  buildImport({ id: 'i-4', fileName: 'limpa.xlsx', status: 'FINISHED', total: 4, done: 4, progress: 100, criados: 4 }),
  buildImport({ id: 'i-5', fileName: 'enorme.xlsx', status: 'ERROR', erro: 'userImport.file.TOO_MANY_ROWS' }),
];

const listMock = (rows = IMPORTS): MockedResponse => ({
  request: { query: ImportStatusDocument },
  result: { data: { importStatus: rows } },
  maxUsageCount: 10,
});

function renderPage(mocks: MockedResponse[] = [listMock()], chaves = BOTH) {
  render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={mocks}>
          <SignedInUserContext value={buildUser(chaves)}>
            <MemoryRouter>
              <UserImportPage />
            </MemoryRouter>
          </SignedInUserContext>
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>,
  );
}

async function chooseFile(name: string) {
  const file = new File(['PK'], name, { type: name.endsWith('.xlsx') ? XLSX_TYPE : 'text/csv' });
  await act(async () => {
    fireEvent.change(screen.getByTestId('upload-dropzone-input'), { target: { files: [file] } });
  });
}
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
const chip = (row: HTMLElement, text: string) => within(row).getByText(text).closest('.MuiChip-root') as HTMLElement;

describe('UserImportPage', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async () => ({ ok: true, status: 202, json: async () => ({ id: 'i-9' }) }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the imports with their badges, the 2-decimal percent and the row actions', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Importar usuários' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Baixar modelo (.xlsx)' }).getAttribute('href')).toBe(
      '/import/users/modelo.xlsx',
    );

    const received = await rowOf('recebida.xlsx');
    expect(chip(received, 'Recebida').className).toContain('MuiChip-colorSuccess');
    expect(within(received).getByText('0,00 %')).toBeTruthy();

    const processing = await rowOf('andamento.xlsx');
    expect(chip(processing, 'Processando').className).toContain('MuiChip-colorInfo');
    expect(within(processing).getByText('42,50 %')).toBeTruthy();
    expect(within(processing).getByText('2.000')).toBeTruthy();
    const bar = within(processing).getByRole('progressbar', { name: 'Progresso de andamento.xlsx' });
    expect(bar.getAttribute('aria-valuenow')).toBe('43');

    const dryRun = await rowOf('verificada.xlsx');
    expect(within(dryRun).getByText('Verificação')).toBeTruthy();
    expect(chip(dryRun, 'Concluída').className).toContain('MuiChip-colorWarning');
    expect(within(dryRun).getByText('100,00 %')).toBeTruthy();
    expect(within(dryRun).getByRole('link', { name: 'Baixar erros de verificada.xlsx' }).getAttribute('href')).toBe(
      '/import/users/i-3/erros.xlsx',
    );
    expect(within(dryRun).getByRole('button', { name: 'Importar de verdade verificada.xlsx' })).toBeTruthy();

    const finished = await rowOf('limpa.xlsx');
    expect(chip(finished, 'Concluída').className).toContain('MuiChip-colorSuccess');
    expect(within(finished).queryByRole('link', { name: /Baixar erros/ })).toBeNull();
    expect(within(finished).queryByRole('button', { name: /Importar de verdade/ })).toBeNull();

    const failed = await rowOf('enorme.xlsx');
    expect(chip(failed, 'Erro').className).toContain('MuiChip-colorError');
    expect(within(failed).getByText('A planilha tem mais linhas do que o máximo permitido (100.000).')).toBeTruthy();
  });

  it('refuses a file that is not .xlsx without sending it', async () => {
    renderPage();
    const input = screen.getByTestId('upload-dropzone-input');
    expect(input.getAttribute('accept')?.split(',').sort()).toEqual([
      '.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    await chooseFile('usuarios.csv');
    expect(await screen.findByText('Erro no upload, somente arquivos .xlsx são permitidos.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Verificar (sem gravar)' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Importar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a dry run sends the file with simulacao=true and says it was received', async () => {
    renderPage();
    await chooseFile('usuarios.xlsx');
    expect(screen.getByText('Arquivo escolhido: usuarios.xlsx')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verificar (sem gravar)' }));
    expect(await screen.findByText('Arquivo recebido. A importação está em processamento.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/import/users');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    const body = init.body as FormData;
    expect(body.get('simulacao')).toBe('true');
    expect((body.get('file') as File).name).toBe('usuarios.xlsx');
    await waitFor(() => expect(screen.queryByText('Arquivo escolhido: usuarios.xlsx')).toBeNull());
  });

  it('an import sends no simulacao field; a refusal shows the server message', async () => {
    fetchMock.mockImplementation(async () => ({
      ok: false,
      status: 413,
      json: async () => ({ error: 'PAYLOAD_TOO_LARGE', message: 'O arquivo excede o tamanho suportado.' }),
    }));
    renderPage();
    await chooseFile('grande.xlsx');
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('O arquivo excede o tamanho suportado.')).toBeTruthy();
    const body = (fetchMock.mock.calls[0] as [string, RequestInit])[1].body as FormData;
    expect(body.get('simulacao')).toBeNull();
    expect(screen.getByText('Arquivo escolhido: grande.xlsx')).toBeTruthy();
  });

  it('imports a finished dry run after the confirmation', async () => {
    renderPage([
      listMock(),
      {
        request: { query: ImportarSimulacaoDocument, variables: { id: 'i-3' } },
        result: { data: { importarSimulacao: buildImport({ id: 'i-6', fileName: 'verificada.xlsx' }) } },
      },
    ]);
    const row = await rowOf('verificada.xlsx');
    fireEvent.click(within(row).getByRole('button', { name: 'Importar de verdade verificada.xlsx' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Importar verificada.xlsx?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Importação iniciada.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('without the maintenance key: the list, but no template, upload or import action', async () => {
    renderPage([listMock()], ['PORTAL_IMPORTACAO_USUARIOS']);
    expect(
      screen.getByText(
        'Para baixar o modelo e enviar planilhas você precisa também da permissão de manutenção de usuários.',
      ),
    ).toBeTruthy();
    const row = await rowOf('verificada.xlsx');
    expect(within(row).queryByRole('button', { name: /Importar de verdade/ })).toBeNull();
    expect(screen.queryByTestId('upload-dropzone-input')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Baixar modelo (.xlsx)' })).toBeNull();
  });

  it('shows the empty state with the hint to download the template', async () => {
    renderPage([listMock([])]);
    expect(
      await screen.findByText('Nenhuma importação ainda. Baixe o modelo, preencha a planilha e envie-a acima.'),
    ).toBeTruthy();
  });
});
