// @vitest-environment jsdom

import type { PermissaoAcesso } from '@portal/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { buildUser, renderScreen } from '../menus/test-factories';
import { LibraryToolbar } from './LibraryToolbar';
import type { ItemBiblioteca } from './library.documents';
import { buildItem } from './test-factories';
import { libraryToolbarState } from './toolbar-state';

const MANAGER = { chaves: ['PORTAL_GERENCIAR_BIBLIOTECA'] };
const READER = { chaves: [] };
type Folder = { id: string | null; access: readonly PermissaoAcesso[] };
const ROOT: Folder = { id: null, access: [] };
const LABELS = {
  upload: 'Enviar arquivos',
  createFolder: 'Nova pasta',
  rename: 'Renomear',
  move: 'Mover',
  delete: 'Excluir',
  grant: 'Conceder acesso',
  download: 'Baixar',
  details: 'Detalhes',
} as const;

const writableFolder = () => buildItem({ pasta: true, access: ['LEITURA_ESCRITA'] });
const writableFile = () => buildItem({ access: ['LEITURA_ESCRITA'] });
const readOnlyFile = () => buildItem({ access: ['LEITURA'] });

/** The enabled buttons of the rendered toolbar, by action. */
function enabledButtons(user: { chaves: string[] }, selection: ItemBiblioteca[], folder: Folder = ROOT) {
  render(
    <I18nextProvider i18n={i18n}>
      <LibraryToolbar actions={libraryToolbarState(user, selection, folder)} onAction={() => {}} />
    </I18nextProvider>,
  );
  const enabled = Object.entries(LABELS)
    .filter(([, name]) => !(screen.getByRole('button', { name }) as HTMLButtonElement).disabled)
    .map(([action]) => action);
  cleanup();
  return enabled;
}

describe('library toolbar enablement (docs/domains/library.md#the-toolbar)', () => {
  afterEach(() => cleanup());

  it.each([
    ['manager, nothing selected, root: no upload (files go into folders)', MANAGER, [], ROOT, ['createFolder']],
    ['reader, nothing selected, root', READER, [], ROOT, []],
    ['manager in a read-only folder', MANAGER, [], { id: 'f1', access: ['LEITURA'] as const }, []],
    [
      'manager in a writable folder',
      MANAGER,
      [],
      { id: 'f1', access: ['LEITURA_ESCRITA'] as const },
      ['upload', 'createFolder'],
    ],
    [
      'one writable folder',
      MANAGER,
      [writableFolder()],
      ROOT,
      ['createFolder', 'rename', 'move', 'delete', 'grant', 'details'],
    ],
    [
      'one writable file',
      MANAGER,
      [writableFile()],
      ROOT,
      ['createFolder', 'rename', 'move', 'delete', 'download', 'details'],
    ],
    ['one read-only file', READER, [readOnlyFile()], ROOT, ['download', 'details']],
    [
      'two writable files: no rename, move, grant',
      MANAGER,
      [writableFile(), writableFile()],
      ROOT,
      ['createFolder', 'delete', 'download'],
    ],
    [
      'mixed folder and file: no download, no move',
      MANAGER,
      [writableFolder(), writableFile()],
      ROOT,
      ['createFolder', 'delete'],
    ],
    [
      'writable and read-only file: no delete',
      MANAGER,
      [writableFile(), readOnlyFile()],
      ROOT,
      ['createFolder', 'download'],
    ],
  ] as const)('%s', (_, user, selection, folder, expected) => {
    expect(enabledButtons({ chaves: [...user.chaves] }, [...selection], folder)).toEqual(expected);
  });

  it("follows the server's viewerCan when it says no", () => {
    const file = writableFile();
    const denied = { ...file, viewerCan: { ...file.viewerCan, renomear: false, excluir: false } };
    expect(enabledButtons(MANAGER, [denied])).toEqual(['createFolder', 'move', 'download', 'details']);
  });

  it('links the one selected item to its change history, for TECSINAPSE users only', () => {
    const item = { id: 'i-1', nome: 'Tabela de preços.pdf' };
    for (const [tipo, shown] of [
      ['TECSINAPSE', true],
      ['MONTADORA', false],
    ] as const) {
      const { view } = renderScreen({
        path: '/biblioteca',
        url: '/biblioteca',
        screen: <LibraryToolbar actions={libraryToolbarState(MANAGER, [], ROOT)} onAction={() => {}} single={item} />,
        mocks: [],
        user: buildUser(tipo),
      });
      render(view);
      const link = screen.queryByRole('link', { name: /Tabela de preços\.pdf/ });
      expect(Boolean(link), tipo).toBe(shown);
      if (link) expect(link.getAttribute('href')).toBe('/auditoria/i-1/item_biblioteca');
      cleanup();
    }
  });
});
