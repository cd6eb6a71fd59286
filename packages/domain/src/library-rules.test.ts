import { describe, expect, it } from 'vitest';
import {
  canManageLibrary,
  canMoveTo,
  canReadItem,
  canWriteItem,
  isLibraryRoot,
  LIBRARY_ROOT_ID,
  normaliseLibraryName,
  type PermissaoAcesso,
  rootFolderNeedsGroup,
  tiposAcessoFromGroups,
  toolbarActions,
  truncateLibraryName,
  viewerCan,
} from './library-rules.js';

const manager = { chaves: ['PORTAL_GERENCIAR_BIBLIOTECA'] };
const reader = { chaves: ['PORTAL_MANUTENCAO_USUARIOS'] };
const R: PermissaoAcesso[] = ['LEITURA'];
const RW: PermissaoAcesso[] = ['LEITURA', 'LEITURA_ESCRITA'];
const W: PermissaoAcesso[] = ['LEITURA_ESCRITA'];
const NONE: PermissaoAcesso[] = [];

const folderRW = { pasta: true, access: RW };
const folderR = { pasta: true, access: R };
const fileRW = { pasta: false, access: RW };
const fileR = { pasta: false, access: R };

describe('library access rules (docs/domains/library.md#who-may-do-what)', () => {
  it.each([
    ['manager key', manager, true],
    ['other keys only', reader, false],
    ['no keys', { chaves: [] }, false],
  ])('canManageLibrary: %s -> %s', (_, user, expected) => {
    expect(canManageLibrary(user)).toBe(expected);
  });

  it.each([
    ['read-write', RW, true, true],
    ['write only', W, true, true],
    ['read', R, false, true],
    ['none', NONE, false, false],
  ])('%s: write %s, read %s', (_, access, write, read) => {
    expect(canWriteItem(access)).toBe(write);
    expect(canReadItem(access)).toBe(read);
  });

  it.each([
    [
      'manager, writable folder',
      manager,
      folderRW,
      { renomear: true, mover: true, excluir: true, concederAcesso: true, baixar: false },
    ],
    [
      'manager, writable file',
      manager,
      fileRW,
      { renomear: true, mover: true, excluir: true, concederAcesso: false, baixar: true },
    ],
    [
      'manager, read-only folder',
      manager,
      folderR,
      { renomear: false, mover: false, excluir: false, concederAcesso: false, baixar: false },
    ],
    [
      'manager, read-only file',
      manager,
      fileR,
      { renomear: false, mover: false, excluir: false, concederAcesso: false, baixar: true },
    ],
    [
      'no key, writable folder',
      reader,
      folderRW,
      { renomear: true, mover: false, excluir: true, concederAcesso: true, baixar: false },
    ],
    [
      'no key, writable file',
      reader,
      fileRW,
      { renomear: true, mover: false, excluir: true, concederAcesso: false, baixar: true },
    ],
    [
      'no access at all',
      manager,
      { pasta: false, access: NONE },
      { renomear: false, mover: false, excluir: false, concederAcesso: false, baixar: false },
    ],
  ])('viewerCan: %s', (_, user, item, expected) => {
    expect(viewerCan(user, item)).toEqual(expected);
  });
});

describe('move destinations', () => {
  // Tree: root > A > B > C; D is a read-only sibling of A; F is a file in A.
  const A = { id: 'A' };
  it.each([
    ['writable folder elsewhere', A, { id: 'X', pasta: true, access: RW }, [LIBRARY_ROOT_ID], true],
    ['the root', A, { id: LIBRARY_ROOT_ID, access: NONE }, [], true],
    ['write-only level is enough', { id: 'F' }, { id: 'X', pasta: true, access: W }, [LIBRARY_ROOT_ID], true],
    ['into itself', A, { id: 'A', pasta: true, access: RW }, [LIBRARY_ROOT_ID], false],
    ['into a child', A, { id: 'B', pasta: true, access: RW }, [LIBRARY_ROOT_ID, 'A'], false],
    ['into a grandchild', A, { id: 'C', pasta: true, access: RW }, [LIBRARY_ROOT_ID, 'A', 'B'], false],
    ['read-only folder', A, { id: 'D', pasta: true, access: R }, [LIBRARY_ROOT_ID], false],
    ['folder without access', A, { id: 'D', pasta: true, access: NONE }, [LIBRARY_ROOT_ID], false],
    ['a file is no destination', A, { id: 'F', pasta: false, access: RW }, [LIBRARY_ROOT_ID, 'A'], false],
    ['the root itself never moves', { id: LIBRARY_ROOT_ID }, { id: 'X', pasta: true, access: RW }, [], false],
  ])('%s -> %s', (_, item, destination, ancestors, expected) => {
    expect(canMoveTo(item, destination, ancestors)).toBe(expected);
  });
});

describe('root folder groups (docs/domains/library.md#forms)', () => {
  it.each([
    ['root (null), no groups', null, [], [], true],
    ['root (id), no groups', LIBRARY_ROOT_ID, [], [], true],
    ['root, a read group', null, ['g1'], [], false],
    ['root, a write group', LIBRARY_ROOT_ID, [], ['g2'], false],
    ['subfolder, no groups', 'A', [], [], false],
  ])('%s -> needs a group: %s', (_, idPai, read, write, expected) => {
    expect(rootFolderNeedsGroup(idPai, read, write)).toBe(expected);
  });

  it('treats a missing id as the root', () => {
    expect([isLibraryRoot(undefined), isLibraryRoot(''), isLibraryRoot(LIBRARY_ROOT_ID), isLibraryRoot('A')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('builds tiposAcesso with write winning over read', () => {
    expect(tiposAcessoFromGroups(['g1', 'g2'], ['g2', 'g3'])).toEqual([
      { idGrupoAcesso: 'g1', permissao: 'LEITURA' },
      { idGrupoAcesso: 'g2', permissao: 'LEITURA_ESCRITA' },
      { idGrupoAcesso: 'g3', permissao: 'LEITURA_ESCRITA' },
    ]);
  });
});

describe('toolbar (docs/domains/library.md#the-toolbar)', () => {
  const inWritable = { id: 'A', access: RW };
  const off = {
    rename: false,
    move: false,
    delete: false,
    grant: false,
    download: false,
    versions: false,
    details: false,
  };
  it.each([
    ['nothing selected', manager, [], { ...off }],
    [
      'one writable folder',
      manager,
      [folderRW],
      { ...off, rename: true, move: true, delete: true, grant: true, details: true },
    ],
    [
      'one writable file',
      manager,
      [fileRW],
      { ...off, rename: true, move: true, delete: true, download: true, versions: true, details: true },
    ],
    ['two writable files', manager, [fileRW, fileRW], { ...off, delete: true, download: true }],
    ['two writable folders', manager, [folderRW, folderRW], { ...off, delete: true }],
    ['folder and file', manager, [folderRW, fileRW], { ...off, delete: true }],
    ['writable and read-only file', manager, [fileRW, fileR], { ...off, download: true }],
    ['one read-only folder', manager, [folderR], { ...off, details: true }],
    ['one read-only file', manager, [fileR], { ...off, download: true, versions: true, details: true }],
    [
      'no key, one writable folder',
      reader,
      [folderRW],
      { ...off, rename: true, delete: true, grant: true, details: true },
    ],
    [
      'no key, one writable file',
      reader,
      [fileRW],
      { ...off, rename: true, delete: true, download: true, versions: true, details: true },
    ],
  ])('%s', (_, user, selection, expected) => {
    const { upload, createFolder, ...rest } = toolbarActions(user, selection, inWritable);
    expect(rest).toEqual(expected);
  });

  it.each([
    ['manager in the root (null)', manager, { id: null, access: NONE }, [false, true]],
    ['manager in the root (id)', manager, { id: LIBRARY_ROOT_ID, access: NONE }, [false, true]],
    ['manager in a writable folder', manager, { id: 'A', access: RW }, [true, true]],
    ['manager in a read-only folder', manager, { id: 'A', access: R }, [false, false]],
    ['no key in the root', reader, { id: null, access: NONE }, [false, false]],
    ['no key in a writable folder', reader, { id: 'A', access: RW }, [false, false]],
  ])('upload, create folder: %s -> %s', (_, user, folder, expected) => {
    const actions = toolbarActions(user, [], folder);
    expect([actions.upload, actions.createFolder]).toEqual(expected);
  });
});

describe('stored names', () => {
  const long = (n: number, ch = 'a') => ch.repeat(n);
  it.each([
    ['plain', 'Relatório 2026.pdf', 'Relatório 2026.pdf'],
    ['trims', '  nota.txt \n', 'nota.txt'],
    ['parent path', '../x', '.._x'],
    ['deep path', '../../etc/passwd', '.._.._etc_passwd'],
    ['backslashes', '..\\windows\\win.ini', '.._windows_win.ini'],
    ['dots only', '..', ''],
    ['one dot', ' . ', ''],
    ['empty', '', ''],
    ['spaces only', '   ', ''],
    ['NUL', 'a\u0000b.txt', 'ab.txt'],
    ['NUL only', '\u0000\u0000', ''],
    ['C0 controls', 'a\u0001\u0007\u001b[31mb\tc\r\n.txt', 'a[31mbc.txt'],
    ['DEL and C1 controls', 'a\u007f\u0085\u009bb', 'ab'],
    ['right-to-left override', '\u202Eexe.txt', 'exe.txt'],
    ['RLO hiding an extension', 'invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['bidi isolates and marks', '\u2066a\u2067b\u2068c\u2069\u200e\u200f\u202a\u202b\u202c\u202d', 'abc'],
    ['decomposed accents become composed', 'Relato\u0301rio', 'Relatório'],
    ['keeps emoji', 'foto 📷.png', 'foto 📷.png'],
    ['255 characters stay', `${long(251)}.txt`, `${long(251)}.txt`],
    ['300 characters, extension kept', `${long(296)}.pdf`, `${long(251)}.pdf`],
    ['300 characters, no extension', long(300), long(255)],
    ['300 characters, long suffix is no extension', `a.${long(298, 'b')}`, `a.${long(253, 'b')}`],
    ['cut never splits a surrogate pair', long(300, '📷'), long(255, '📷')],
  ])('%s', (_, input, expected) => {
    const out = normaliseLibraryName(input);
    expect(out).toBe(expected);
    expect(Array.from(out).length).toBeLessThanOrEqual(255);
  });

  it.each([
    ['short', 'abc', 40, 'abc'],
    ['exact', long(25), 25, long(25)],
    ['long, permission list', long(30), 25, `${long(24)}…`],
    ['long, default 40', long(50), undefined, `${long(39)}…`],
  ])('truncates for display: %s', (_, name, max, expected) => {
    expect(truncateLibraryName(name, max)).toBe(expected);
  });
});
