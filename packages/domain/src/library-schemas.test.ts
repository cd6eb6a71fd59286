import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LIBRARY_ROOT_ID, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from './library-rules.js';
import {
  buscaBibliotecaPagedSchema,
  checkUploadSelection,
  moverSchema,
  novaPastaSchema,
  permissaoSchema,
  renomearSchema,
  UPLOAD_REJECTION_MESSAGES,
  uploadArquivosSchema,
} from './library-schemas.js';

/** 'path:message' of every issue, [] when valid. */
const issues = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('new folder form (docs/domains/library.md#forms)', () => {
  it.each([
    ['subfolder without groups', { nome: 'Manuais', idPai: 'A' }, []],
    ['root with a read group', { nome: 'Manuais', idPai: null, idsGrupoAcesso: ['g1'] }, []],
    ['root with a write group', { nome: 'Manuais', idPai: LIBRARY_ROOT_ID, idsGrupoAcessoEscrita: ['g1'] }, []],
    ['root (null) without groups', { nome: 'Manuais', idPai: null }, ['idsGrupoAcesso:library.groupRequiredInRoot']],
    [
      'root (id) with empty lists',
      { nome: 'Manuais', idPai: LIBRARY_ROOT_ID, idsGrupoAcesso: [], idsGrupoAcessoEscrita: [] },
      ['idsGrupoAcesso:library.groupRequiredInRoot'],
    ],
    ['name missing', { idPai: 'A' }, ['nome:library.nameRequired']],
    ['name blank', { nome: '   ', idPai: 'A' }, ['nome:library.nameRequired']],
    ['name too long', { nome: 'a'.repeat(256), idPai: 'A' }, ['nome:library.nameTooLong']],
    ['name with nothing usable', { nome: '..', idPai: 'A' }, ['nome:library.nameInvalid']],
    ['name of control characters', { nome: '\u0000\u202e', idPai: 'A' }, ['nome:library.nameInvalid']],
  ])('%s', (_, value, expected) => {
    expect(issues(novaPastaSchema, value)).toEqual(expected);
  });

  it('reports the name and the root rule together', () => {
    expect(issues(novaPastaSchema, { nome: '', idPai: null })).toEqual([
      'nome:library.nameRequired',
      'idsGrupoAcesso:library.groupRequiredInRoot',
    ]);
  });

  it('trims the name and defaults the group lists', () => {
    expect(novaPastaSchema.parse({ nome: ' Manuais ', idPai: 'A' })).toEqual({
      nome: 'Manuais',
      idPai: 'A',
      idsGrupoAcesso: [],
      idsGrupoAcessoEscrita: [],
    });
  });
});

describe('grant, rename and move forms', () => {
  it.each([
    ['grant in a subfolder, no groups', permissaoSchema, { idPasta: 'B', idPai: 'A' }, []],
    ['grant in the root, a group', permissaoSchema, { idPasta: 'A', idPai: null, idsGrupoAcesso: ['g1'] }, []],
    [
      'grant in the root, no groups',
      permissaoSchema,
      { idPasta: 'A', idPai: null },
      ['idsGrupoAcesso:library.groupRequiredInRoot'],
    ],
    ['grant without folder', permissaoSchema, { idPasta: '', idPai: 'A' }, ['idPasta:validation.required']],
    ['rename', renomearSchema, { idItemBiblioteca: 'F', novoNome: 'novo.pdf' }, []],
    ['rename, empty name', renomearSchema, { idItemBiblioteca: 'F', novoNome: '' }, ['novoNome:library.nameRequired']],
    ['rename, missing name', renomearSchema, { idItemBiblioteca: 'F' }, ['novoNome:library.nameRequired']],
    [
      'rename, 300 characters',
      renomearSchema,
      { idItemBiblioteca: 'F', novoNome: 'a'.repeat(300) },
      ['novoNome:library.nameTooLong'],
    ],
    ['move', moverSchema, { idItemBiblioteca: 'F', idNovaLocalizacao: 'A' }, []],
    ['move to the root', moverSchema, { idItemBiblioteca: 'F', idNovaLocalizacao: LIBRARY_ROOT_ID }, []],
    [
      'move, no destination',
      moverSchema,
      { idItemBiblioteca: 'F', idNovaLocalizacao: '' },
      ['idNovaLocalizacao:library.destinationRequired'],
    ],
    [
      'move, null destination',
      moverSchema,
      { idItemBiblioteca: 'F', idNovaLocalizacao: null },
      ['idNovaLocalizacao:library.destinationRequired'],
    ],
  ] as const)('%s', (_, schema, value, expected) => {
    expect(issues(schema, value)).toEqual(expected);
  });
});

describe('upload', () => {
  const file = (name: string, size = 10) => ({ name, size });
  const reasons = (existing: { name: string; size: number }[], added: { name: string; size: number }[]) => {
    const { accepted, rejected } = checkUploadSelection(existing, added);
    return { accepted: accepted.map((f) => f.name), rejected: rejected.map((r) => `${r.file.name}:${r.reason}`) };
  };
  const many = (n: number) => Array.from({ length: n }, (_, i) => file(`f${i}.txt`));

  it.each([
    ['three new files', [], [file('a.pdf'), file('b.png'), file('c.txt')], ['a.pdf', 'b.png', 'c.txt'], []],
    ['same name and size already in the dialog', [file('a.pdf')], [file('a.pdf')], [], ['a.pdf:duplicate']],
    ['same name, other size is not a duplicate', [file('a.pdf')], [file('a.pdf', 11)], ['a.pdf'], []],
    ['same size, other name is not a duplicate', [file('a.pdf')], [file('b.pdf')], ['b.pdf'], []],
    ['twice in one drop', [], [file('a.pdf'), file('a.pdf')], ['a.pdf'], ['a.pdf:duplicate']],
    ['exactly the size limit', [], [file('big.iso', UPLOAD_MAX_BYTES)], ['big.iso'], []],
    ['one byte over the limit', [], [file('big.iso', UPLOAD_MAX_BYTES + 1)], [], ['big.iso:tooLarge']],
    ['fills the dialog exactly', many(UPLOAD_MAX_FILES - 1), [file('last.txt')], ['last.txt'], []],
    ['one past the count limit', many(UPLOAD_MAX_FILES), [file('extra.txt')], [], ['extra.txt:tooMany']],
    [
      'a drop crossing the count limit',
      many(UPLOAD_MAX_FILES - 1),
      [file('x.txt'), file('y.txt')],
      ['x.txt'],
      ['y.txt:tooMany'],
    ],
    ['duplicate is reported before too many', many(UPLOAD_MAX_FILES), [file('f0.txt')], [], ['f0.txt:duplicate']],
  ])('%s', (_, existing, added, accepted, rejected) => {
    expect(reasons(existing, added)).toEqual({ accepted, rejected });
  });

  it('keeps the caller’s file objects', () => {
    const dropped = { name: 'a.pdf', size: 1, lastModified: 7 };
    expect(checkUploadSelection([], [dropped]).accepted[0]).toBe(dropped);
  });

  it('maps each rejection to a message key', () => {
    expect(UPLOAD_REJECTION_MESSAGES).toEqual({
      duplicate: 'library.upload.duplicate',
      tooLarge: 'library.upload.tooLarge',
      tooMany: 'library.upload.tooMany',
    });
  });

  it.each([
    ['one file', [{ idArquivo: 'u1', nome: 'a.pdf', idPastaPai: 'A' }], []],
    ['in the root', [{ idArquivo: 'u1', nome: 'a.pdf', idPastaPai: null }], []],
    ['no files', [], [':library.upload.noFiles']],
    [
      'too many',
      Array.from({ length: UPLOAD_MAX_FILES + 1 }, (_, i) => ({ idArquivo: `u${i}`, nome: 'a', idPastaPai: 'A' })),
      [':library.upload.tooMany'],
    ],
    ['hostile name only', [{ idArquivo: 'u1', nome: '\u202e', idPastaPai: 'A' }], ['0.nome:library.nameInvalid']],
  ])('uploadArquivos: %s', (_, value, expected) => {
    expect(issues(uploadArquivosSchema, value)).toEqual(expected);
  });
});

describe('paged search filter', () => {
  it('defaults to the first page of 5', () => {
    expect(buscaBibliotecaPagedSchema.parse({ busca: ' relatorio ' })).toEqual({
      busca: 'relatorio',
      page: 0,
      rowsPerPage: 5,
    });
  });

  it.each([
    [{ busca: 'a', page: 2, rowsPerPage: 15 }, []],
    [{ busca: 'a', page: -1, rowsPerPage: 5 }, ['page:validation.invalid']],
    [{ busca: 'a', page: 0, rowsPerPage: 20 }, ['rowsPerPage:validation.invalid']],
  ])('%o -> %o', (value, expected) => {
    expect(issues(buscaBibliotecaPagedSchema, value)).toEqual(expected);
  });
});
