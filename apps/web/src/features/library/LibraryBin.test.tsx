// @vitest-environment jsdom
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignedInUserContext } from '../../app/current-user/signed-in-user';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import { BinDialog, daysLeft } from './BinDialog';
import { LibraryScreen } from './LibraryPage';
import {
  ESVAZIAR_LIXEIRA_BIBLIOTECA,
  EXCLUIR_ITEM_BIBLIOTECA,
  ITEMS_POR_PASTA,
  type ItemBiblioteca,
  type ItemLixeira,
  LIXEIRA_BIBLIOTECA,
  PASTAS_DESTINO,
  RESTAURAR_ITEM_BIBLIOTECA,
  RESTAURAR_VERSAO_ITEM_BIBLIOTECA,
  VERSOES_ITEM_BIBLIOTECA,
  type VersaoItem,
} from './library.documents';
import { buildItem, buildUser } from './test-factories';
import { VersionsDialog } from './VersionsDialog';

// The library's bin on the web (docs/domains/library.md#the-bin): Undo on the delete toast, and the bin view that
// lists, restores (in place or to a chosen folder) and empties with confirmation.

const MANAGER = buildUser(['PORTAL_GERENCIAR_BIBLIOTECA']);
const W = ['LEITURA_ESCRITA'] as const;
const planilha = buildItem({ id: 'f1', nome: 'Metas 2026.xlsx', access: [...W] });
const destino = buildItem({ id: 'p9', nome: 'Destino', pasta: true, access: [...W] });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000 - 60_000).toISOString();
const entry = (overrides: Partial<ItemLixeira>): ItemLixeira => ({
  __typename: 'ItemLixeiraBiblioteca',
  id: 'e1',
  nome: 'Campanhas',
  pasta: true,
  tamanho: null,
  localOriginal: [{ __typename: 'PastaResumo', id: 'p1', nome: 'Marketing' }],
  localOriginalExiste: true,
  excluidoEm: new Date().toISOString(),
  excluidoPor: { __typename: 'ProprietarioItem', id: 'u1', nome: 'Maria Souza' },
  expiraEm: inDays(30),
  arquivos: 4,
  pastas: 1,
  ...overrides,
});
const campanhas = entry({});
const orfao = entry({
  id: 'e2',
  nome: 'orfao.txt',
  pasta: false,
  tamanho: 10,
  localOriginalExiste: false,
  expiraEm: inDays(1),
  arquivos: 0,
  pastas: 0,
});

const binOf = (content: ItemLixeira[]): MockedResponse => ({
  request: { query: LIXEIRA_BIBLIOTECA, variables: { page: 0, rowsPerPage: 10 } },
  result: {
    data: {
      lixeiraBiblioteca: { __typename: 'ItemLixeiraBibliotecaPage', content, totalElements: content.length },
    },
  },
  maxUsageCount: 10,
});
const restored = (idItem: string, idNovaLocalizacao?: string) => {
  const fn = vi.fn(() => ({
    data: {
      restaurarItemBiblioteca: {
        __typename: 'ItemBiblioteca',
        id: idItem,
        pastaPai: { __typename: 'PastaResumo', id: idNovaLocalizacao ?? 'p1', nome: 'x' },
      },
    },
  }));
  const mock: MockedResponse = {
    request: {
      query: RESTAURAR_ITEM_BIBLIOTECA,
      variables: { idItem, ...(idNovaLocalizacao ? { idNovaLocalizacao } : {}) },
    },
    result: fn,
  };
  return { mock, fn };
};

function renderWith(ui: React.ReactNode, mocks: MockedResponse[], user = MANAGER) {
  render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={mocks}>
          <SignedInUserContext value={user}>{ui}</SignedInUserContext>
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>,
  );
}

const button = (name: string, within_: HTMLElement = document.body) =>
  within(within_).getByRole('button', { name }) as HTMLButtonElement;

describe('library bin', () => {
  beforeEach(() => {
    localStorage.clear();
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  });
  afterEach(() => cleanup());

  it('the delete toast offers Undo, which restores the deleted items at once', async () => {
    const undo = restored('f1');
    const router = createMemoryRouter([{ path: '/biblioteca', element: <LibraryScreen /> }], {
      initialEntries: ['/biblioteca'],
    });
    renderWith(<RouterProvider router={router} />, [
      {
        request: { query: ITEMS_POR_PASTA, variables: { idPasta: null } },
        result: { data: { itemsPorPasta: [planilha] as ItemBiblioteca[] } },
        maxUsageCount: 20,
      },
      {
        request: { query: EXCLUIR_ITEM_BIBLIOTECA, variables: { idItem: 'f1' } },
        result: {
          data: {
            excluirItemBiblioteca: {
              __typename: 'ItemBiblioteca',
              id: 'f1',
              pastaPai: { __typename: 'PastaResumo', id: 'root', nome: 'Biblioteca' },
            },
          },
        },
      },
      undo.mock,
    ]);
    const item = await screen.findByRole('option', { name: 'Metas 2026.xlsx' });
    fireEvent.keyDown(item, { key: ' ' });
    fireEvent.click(button('Excluir', screen.getByRole('toolbar')));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir 1 item(ns)?' });
    fireEvent.click(button('Excluir', dialog));
    expect(await screen.findByText('Movido para a lixeira.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Desfazer' }));
    await waitFor(() => expect(undo.fn).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Restaurado.')).toBeTruthy();
  });

  it('the bin is reachable from the library toolbar and says when it is empty', async () => {
    const router = createMemoryRouter([{ path: '/biblioteca', element: <LibraryScreen /> }], {
      initialEntries: ['/biblioteca'],
    });
    renderWith(<RouterProvider router={router} />, [
      {
        request: { query: ITEMS_POR_PASTA, variables: { idPasta: null } },
        result: { data: { itemsPorPasta: [] } },
        maxUsageCount: 5,
      },
      binOf([]),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Lixeira' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lixeira' });
    expect(await within(dialog).findByText('A lixeira está vazia.')).toBeTruthy();
    expect(button('Esvaziar lixeira', dialog).disabled).toBe(true);
  });

  it('lists each entry with its original place, who deleted it when, and the days left', async () => {
    renderWith(<BinDialog onClose={() => {}} />, [binOf([campanhas, orfao])]);
    const table = await screen.findByRole('table', { name: 'Lixeira' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Campanhas')).toBeTruthy();
    expect(within(rows[0]).getByText('4 arquivo(s) e 1 subpasta(s) dentro')).toBeTruthy();
    expect(within(rows[0]).getByText('Biblioteca / Marketing')).toBeTruthy();
    expect(within(rows[0]).getByText('por Maria Souza')).toBeTruthy();
    // Twice: in its column, and under the name for a phone, where the column hides.
    expect(within(rows[0]).getAllByText('30 dias')).toHaveLength(2);
    expect(within(rows[1]).getByText('A pasta original também foi excluída.')).toBeTruthy();
    expect(within(rows[1]).getAllByText('1 dia')).toHaveLength(2);
  });

  it('restores an entry to its original place at once', async () => {
    const back = restored('e1');
    renderWith(<BinDialog onClose={() => {}} />, [binOf([campanhas]), back.mock, binOf([])]);
    fireEvent.click(await screen.findByRole('button', { name: 'Restaurar Campanhas' }));
    await waitFor(() => expect(back.fn).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Restaurado.')).toBeTruthy();
  });

  it('an entry whose folder is gone asks where to restore it; the destination is required', async () => {
    const back = restored('e2', 'p9');
    renderWith(<BinDialog onClose={() => {}} />, [
      binOf([orfao]),
      {
        request: { query: PASTAS_DESTINO, variables: { idPasta: null, busca: null } },
        result: {
          data: {
            pastasDestino: [
              {
                __typename: 'PastaDestino',
                temSubpastas: false,
                pasta: { ...destino, breadcrumb: [] },
              },
            ],
          },
        },
        maxUsageCount: 5,
      },
      back.mock,
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Restaurar orfao.txt' }));
    const form = await screen.findByRole('dialog', { name: 'Restaurar orfao.txt em…' });
    fireEvent.click(button('Restaurar', form));
    expect(await within(form).findByText('Escolha o destino.')).toBeTruthy();
    expect(back.fn).not.toHaveBeenCalled();

    // The destinations are the move dialog's tree.
    const choice = await within(form).findByRole('treeitem', { name: 'Destino' });
    fireEvent.click(within(choice).getByText('Destino'));
    expect(choice.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(button('Restaurar', form));
    await waitFor(() => expect(back.fn).toHaveBeenCalledTimes(1));
  });

  it('emptying the bin asks first, then deletes every entry for good', async () => {
    const emptied = vi.fn(() => ({ data: { esvaziarLixeiraBiblioteca: 2 } }));
    renderWith(<BinDialog onClose={() => {}} />, [
      binOf([campanhas, orfao]),
      { request: { query: ESVAZIAR_LIXEIRA_BIBLIOTECA, variables: { ids: null } }, result: emptied },
      binOf([]),
    ]);
    await screen.findByRole('table', { name: 'Lixeira' });
    fireEvent.click(button('Esvaziar lixeira'));
    const confirm = await screen.findByRole('dialog', { name: 'Esvaziar a lixeira?' });
    expect(emptied).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(button('Esvaziar lixeira', confirm));
    });
    await waitFor(() => expect(emptied).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Lixeira esvaziada.')).toBeTruthy();
  });

  it('a failure to load shows an error', async () => {
    renderWith(<BinDialog onClose={() => {}} />, [
      {
        request: { query: LIXEIRA_BIBLIOTECA, variables: { page: 0, rowsPerPage: 10 } },
        result: { errors: [new GraphQLError('Falhou ao ler a lixeira.')] },
      },
    ]);
    expect(await screen.findByText('Falhou ao ler a lixeira.')).toBeTruthy();
  });

  it('counts the days left up to the purge, never below zero', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(daysLeft('2026-01-31T00:00:00Z', now)).toBe(30);
    expect(daysLeft('2026-01-01T10:00:00Z', now)).toBe(1);
    expect(daysLeft('2025-12-31T00:00:00Z', now)).toBe(0);
  });

  describe('versions', () => {
    const version = (numero: number, atual: boolean, nome: string): VersaoItem => ({
      __typename: 'VersaoItemBiblioteca',
      numero,
      atual,
      tamanho: 1000 * numero,
      criadoEm: '2026-03-10T12:00:00.000Z',
      autor: { __typename: 'ProprietarioItem', id: `u${numero}`, nome },
    });
    const versionsOf = (list: VersaoItem[]): MockedResponse => ({
      request: { query: VERSOES_ITEM_BIBLIOTECA, variables: { idItem: 'f1' } },
      result: { data: { versoesItemBiblioteca: list } },
      maxUsageCount: 5,
    });
    const THREE = [version(3, true, 'Ana Lima'), version(2, false, 'Bruno Reis'), version(1, false, 'Maria Souza')];

    it('lists the versions with who sent them; an earlier one is restored as current', async () => {
      const restoredFn = vi.fn(() => ({ data: { restaurarVersaoItemBiblioteca: planilha } }));
      renderWith(<VersionsDialog file={planilha} onClose={() => {}} />, [
        versionsOf(THREE),
        {
          request: { query: RESTAURAR_VERSAO_ITEM_BIBLIOTECA, variables: { idItem: 'f1', numero: 1 } },
          result: restoredFn,
        },
        versionsOf([version(4, true, 'Ana Lima'), ...THREE.map((v) => ({ ...v, atual: false }))]),
      ]);
      const table = await screen.findByRole('table', { name: 'Versões de Metas 2026.xlsx' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(3);
      expect(within(rows[0]).getByText('Atual')).toBeTruthy();
      expect(within(rows[2]).getByText('Maria Souza')).toBeTruthy();
      // The current version has nothing to restore.
      expect(screen.queryByRole('button', { name: 'Restaurar a versão 3' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Baixar a versão 3' })).toBeTruthy();
      expect(screen.getByRole('button', { name: /nova versão/ })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Restaurar a versão 1' }));
      await waitFor(() => expect(restoredFn).toHaveBeenCalledTimes(1));
      expect(await screen.findByText('Versão 1 restaurada como a atual.')).toBeTruthy();
    });

    it('a reader without write access downloads versions but neither restores nor sends one', async () => {
      const readOnly = buildItem({ id: 'f1', nome: 'Metas 2026.xlsx', access: ['LEITURA'] });
      renderWith(<VersionsDialog file={readOnly} onClose={() => {}} />, [versionsOf(THREE)], buildUser([]));
      await screen.findByRole('table', { name: 'Versões de Metas 2026.xlsx' });
      expect(screen.getByRole('button', { name: 'Baixar a versão 1' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Restaurar a versão 1' })).toBeNull();
      expect(screen.queryByRole('button', { name: /nova versão/ })).toBeNull();
    });
  });
});
