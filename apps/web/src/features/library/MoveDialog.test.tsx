// @vitest-environment jsdom
import { MockedProvider } from '@apollo/client/testing';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import { MOVER_ITEM_BIBLIOTECA, PASTAS_DESTINO } from './library.documents';
import { MoveDialog } from './MoveDialog';
import { buildItem } from './test-factories';

const folder = (id: string, nome: string, breadcrumb: { id: string; nome: string }[] = []) => ({
  __typename: 'ItemBiblioteca',
  id,
  nome,
  pasta: true,
  breadcrumb: breadcrumb.map((b) => ({ __typename: 'PastaResumo', ...b })),
  permissoesAcessoUsuarioLogado: [{ __typename: 'PermissaoAcessoPasta', id: 'LEITURA_ESCRITA' }],
});
const level = (variables: Record<string, unknown>, rows: [ReturnType<typeof folder>, boolean][]) => ({
  request: { query: PASTAS_DESTINO, variables },
  result: {
    data: { pastasDestino: rows.map(([pasta, temSubpastas]) => ({ __typename: 'PastaDestino', pasta, temSubpastas })) },
  },
});

const LONG = 'Campanhas de pós-venda da rede inteira com um nome muito longo que nunca é cortado.pdf';
const campanhas = folder('p1', 'Campanhas');
const longa = folder('p2', LONG, [{ id: 'p1', nome: 'Campanhas' }]);
const arquivo = buildItem({ id: 'f1', nome: 'tabela.pdf', access: ['LEITURA_ESCRITA'] });
arquivo.pastaPai = { __typename: 'PastaResumo', id: 'p0', nome: 'Atual' };

function renderDialog(mocks: unknown[]) {
  render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={mocks as never}>
          <MoveDialog item={arquivo} onClose={() => {}} />
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>,
  );
}

describe('MoveDialog tree', () => {
  afterEach(() => cleanup());

  it('is a keyboard tree: Right opens, Down moves, Enter chooses; the full name and its path show', async () => {
    const moved = { ...arquivo, pastaPai: { __typename: 'PastaResumo', id: 'p2', nome: LONG } };
    renderDialog([
      level({ idPasta: null, busca: null }, [[campanhas, true]]),
      level({ idPasta: 'p1', busca: null }, [[longa, false]]),
      {
        request: { query: MOVER_ITEM_BIBLIOTECA, variables: { idItemBiblioteca: 'f1', idNovaLocalizacao: 'p2' } },
        result: { data: { moverItemBiblioteca: moved } },
      },
    ]);
    const tree = await screen.findByRole('tree', { name: 'Pastas de destino' });
    const root = within(tree).getByRole('treeitem', { name: 'Biblioteca' });
    expect(root.tabIndex).toBe(0);
    const top = await within(tree).findByRole('treeitem', { name: 'Campanhas' });
    expect(top.getAttribute('aria-expanded')).toBe('false');
    act(() => root.focus());
    fireEvent.keyDown(root, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(top);
    fireEvent.keyDown(top, { key: 'ArrowRight' });
    const child = await within(top).findByRole('treeitem', { name: LONG });
    expect(top.getAttribute('aria-expanded')).toBe('true');
    expect(within(child).getByText(LONG)).toBeTruthy();
    expect(within(child).getByText('Biblioteca / Campanhas')).toBeTruthy();
    fireEvent.keyDown(top, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(child);
    fireEvent.keyDown(child, { key: 'Enter' });
    expect(child.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(child, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(top);
    fireEvent.click(screen.getByRole('button', { name: 'Mover' }));
    expect(await screen.findByText('Item movido.')).toBeTruthy();
  });

  it('the current folder is shown but cannot be chosen; a search lists matches with their paths', async () => {
    const atual = folder('p0', 'Atual');
    renderDialog([
      level({ idPasta: null, busca: null }, [[atual, false]]),
      level({ idPasta: null, busca: 'long' }, [[longa, false]]),
    ]);
    const tree = await screen.findByRole('tree', { name: 'Pastas de destino' });
    const current = await within(tree).findByRole('treeitem', { name: 'Atual' });
    expect(current.getAttribute('aria-disabled')).toBeNull();
    expect(document.getElementById(current.getAttribute('aria-describedby') as string)?.textContent).toBe(
      'Não pode ser o destino.',
    );
    fireEvent.keyDown(current, { key: 'Enter' });
    expect(current.getAttribute('aria-selected')).toBe('false');
    fireEvent.change(screen.getByLabelText('Buscar pasta de destino'), { target: { value: 'long' } });
    const hit = await within(tree).findByRole('treeitem', { name: LONG });
    expect(within(hit).getByText('Biblioteca / Campanhas')).toBeTruthy();
    expect(hit.getAttribute('aria-expanded')).toBeNull();
    await waitFor(() => expect(within(tree).queryByRole('treeitem', { name: 'Atual' })).toBeNull());
  });
});
