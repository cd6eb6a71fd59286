import { describe, expect, it } from 'vitest';
import { auditDiff, isSecretField, maskSecrets, SECRET_MASK } from './audit.diff.js';

// The difference of an audit row (decision 0028) as a table of cases.
const texts = { yes: 'Sim', no: 'Não' };
const fields = (before: unknown, after: unknown) => auditDiff(before, after, texts);

describe('auditDiff', () => {
  it('an edit lists only the fields of after that changed, nested objects as dotted paths', () => {
    expect(
      fields(
        { nome: 'A', uf: 'SP', infos: { dataAdmissao: '2020-01-01', cargo: 'x' }, marcas: ['m1'] },
        { nome: 'A', uf: 'RJ', infos: { dataAdmissao: '2021-02-02', cargo: 'x' }, marcas: ['m1', 'm2'] },
      ),
    ).toEqual([
      { campo: 'uf', antes: 'SP', depois: 'RJ', secreto: false },
      { campo: 'infos.dataAdmissao', antes: '2020-01-01', depois: '2021-02-02', secreto: false },
      { campo: 'marcas', antes: 'm1', depois: 'm1, m2', secreto: false },
    ]);
  });

  it('an after that records only what changed leaves the rest of before out', () => {
    expect(fields({ nome: 'A', active: true }, { active: false })).toEqual([
      { campo: 'active', antes: 'Sim', depois: 'Não', secreto: false },
    ]);
  });

  it('a creation shows what was set, a removal what there was; empty values count as none', () => {
    expect(fields(null, { nome: 'A', cep: null, tags: [], obs: '', n: 0 })).toEqual([
      { campo: 'nome', antes: null, depois: 'A', secreto: false },
      { campo: 'n', antes: null, depois: '0', secreto: false },
    ]);
    expect(fields({ nome: 'A' }, null)).toEqual([{ campo: 'nome', antes: 'A', depois: null, secreto: false }]);
    expect(fields({ tags: [] }, { tags: null })).toEqual([]);
  });

  it('lists of objects and non-object values read as text', () => {
    expect(fields(null, { contatos: [{ nome: 'R' }] })).toEqual([
      { campo: 'contatos', antes: null, depois: '{"nome":"R"}', secreto: false },
    ]);
    expect(fields('a', 'b')).toEqual([{ campo: 'valor', antes: 'a', depois: 'b', secreto: false }]);
  });

  it('a secret is named as changed, never with its values; an unchanged one is not listed', () => {
    expect(fields({ senhaHash: 'h1', refreshToken: 't' }, { senhaHash: 'h2', refreshToken: 't' })).toEqual([
      { campo: 'senhaHash', antes: null, depois: null, secreto: true },
    ]);
  });
});

describe('secrets', () => {
  it.each([
    ['senha', true],
    ['novaSenha', true],
    ['accessToken', true],
    ['clientSecret', true],
    ['apiKey', true],
    ['auth', true],
    ['key', true],
    ['infos.segredo', true],
    ['chaves', false],
    ['tituloChave', false],
    ['assinatura', false],
    ['nome', false],
  ])('%s is secret: %s', (campo, secret) => expect(isSecretField(campo, 'x')).toBe(secret));

  it('a boolean tells no secret', () => expect(isSecretField('senhaDefinida', true, false)).toBe(false));

  it('masks secrets at any depth in the raw JSON', () => {
    expect(maskSecrets({ nome: 'A', infos: [{ token: 't', ok: 1 }], senhaDefinida: true })).toEqual({
      nome: 'A',
      infos: [{ token: SECRET_MASK, ok: 1 }],
      senhaDefinida: true,
    });
  });
});
