import { describe, expect, it } from 'vitest';
import { type ComunicadoSnapshot, diffLists, diffSnapshots, diffWords, htmlToText } from './communications-history.js';
import { comunicadoVersion, comunicadoVersions } from './communications-languages.js';
import { comunicadoSchema } from './communications-schemas.js';

const snap = (over: Partial<ComunicadoSnapshot> = {}): ComunicadoSnapshot => ({
  titulo: 'Campanha de revisão',
  mensagem: '<p>Traga o carro na sexta</p>',
  idioma: 'PT_BR',
  traducoes: [],
  grupos: ['Vendas'],
  gruposDealers: [],
  emailsAvulsos: [],
  usuariosRemovidos: [],
  arquivos: ['a.pdf'],
  etiquetas: [],
  dataInicioExibicao: null,
  dataFimExibicao: null,
  ...over,
});

describe('the approver difference (decision 0041)', () => {
  it('marks words removed and added, keeping the rest', () => {
    expect(diffWords('Traga o carro na sexta', 'Traga o carro no sábado')).toEqual([
      { tipo: 'IGUAL', texto: 'Traga o carro' },
      { tipo: 'REMOVIDO', texto: 'na sexta' },
      { tipo: 'ADICIONADO', texto: 'no sábado' },
    ]);
  });

  it('lists items removed, added and kept', () => {
    expect(diffLists(['a', 'b'], ['b', 'c'])).toEqual([
      { tipo: 'REMOVIDO', texto: 'a' },
      { tipo: 'ADICIONADO', texto: 'c' },
      { tipo: 'IGUAL', texto: 'b' },
    ]);
  });

  it('reads HTML as text', () => {
    expect(htmlToText('<p>Um &amp; dois</p><p>três</p>')).toBe('Um & dois\ntrês');
  });

  it('names only the fields that changed, language versions and dates included', () => {
    const changes = diffSnapshots(
      snap(),
      snap({
        mensagem: '<p>Traga o carro no sábado</p>',
        grupos: ['Vendas', 'Pós-venda'],
        arquivos: [],
        traducoes: [{ idioma: 'EN', titulo: 'Service campaign', mensagem: '<p>Bring the car</p>' }],
        dataFimExibicao: '2026-12-01T12:00:00.000Z',
      }),
    );
    expect(changes.map((c) => [c.campo, c.idioma])).toEqual([
      ['mensagem', null],
      ['traducao.titulo', 'EN'],
      ['traducao.mensagem', 'EN'],
      ['grupos', null],
      ['arquivos', null],
      ['dataFimExibicao', null],
    ]);
    expect(changes.find((c) => c.campo === 'arquivos')?.partes).toEqual([{ tipo: 'REMOVIDO', texto: 'a.pdf' }]);
  });

  it('is empty when nothing changed', () => {
    expect(diffSnapshots(snap(), snap())).toEqual([]);
  });
});

describe('language versions of a communication (decision 0042)', () => {
  const base = { titulo: 'T', mensagem: '<p>M</p>', idioma: 'PT_BR' as const };
  it('accepts one version per other language', () => {
    const v = comunicadoSchema.parse({ ...base, traducoes: [{ idioma: 'EN', titulo: 'T', mensagem: '<p>M</p>' }] });
    expect(v.traducoes).toHaveLength(1);
  });
  it('refuses a version in the original language, twice the same, or an empty one', () => {
    const issues = (traducoes: unknown) =>
      comunicadoSchema.safeParse({ ...base, traducoes }).error?.issues.map((i) => i.message);
    expect(issues([{ idioma: 'PT_BR', titulo: 'T', mensagem: '<p>M</p>' }])).toEqual([
      'communicationsHistory.translationOfOriginal',
    ]);
    expect(
      issues([
        { idioma: 'EN', titulo: 'T', mensagem: '<p>M</p>' },
        { idioma: 'EN', titulo: 'U', mensagem: '<p>M</p>' },
      ]),
    ).toContain('communicationsHistory.translationTwice');
    expect(issues([{ idioma: 'ES', titulo: '', mensagem: '<p></p>' }])).toEqual([
      'communications.titleRequired',
      'communications.messageRequired',
    ]);
  });
});

describe('the version each reader reads (decision 0042)', () => {
  const c = {
    titulo: 'Olá',
    mensagem: '<p>Olá</p>',
    idioma: 'PT_BR' as const,
    traducoes: [{ idioma: 'EN' as const, titulo: 'Hello', mensagem: '<p>Hello</p>' }],
  };
  it('gives the reader their language, else the original', () => {
    expect(comunicadoVersion(c, 'EN').titulo).toBe('Hello');
    expect(comunicadoVersion(c, 'ES')).toEqual({ idioma: 'PT_BR', titulo: 'Olá', mensagem: '<p>Olá</p>' });
    expect(comunicadoVersion({ ...c, idioma: null }, 'PT_BR').titulo).toBe('Olá');
    expect(comunicadoVersions(c).map((v) => v.idioma)).toEqual(['PT_BR', 'EN']);
  });
});
