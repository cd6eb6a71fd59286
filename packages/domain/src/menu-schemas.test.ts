import { describe, expect, it } from 'vitest';
import { menuSchema } from './menu-schemas.js';

const issues = (value: unknown) =>
  menuSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];
const item = {
  titulo: 'Vendas',
  uri: '/comunicados',
  parentId: 'p1',
  ordem: '2',
  externo: false,
  chaves: [],
  tipos: [],
};

describe('menu entry form (salvarMenu)', () => {
  it('accepts a category without uri and an item with one; form text becomes numbers and nulls', () => {
    expect(issues({ ...item, parentId: '', uri: '' })).toEqual([]);
    const parsed = menuSchema.parse({ ...item, produtoId: '' });
    expect(parsed).toMatchObject({ ordem: 2, produtoId: null, parentId: 'p1', uri: '/comunicados' });
  });

  it.each([
    [{ titulo: '  ' }, 'titulo:validation.required'],
    [{ titulo: 'x'.repeat(101) }, 'titulo:menus.validation.titleTooLong'],
    [{ uri: '' }, 'uri:menus.validation.uriRequired'],
    [{ uri: 'comunicados' }, 'uri:menus.validation.uriFormat'],
    [{ externo: true }, 'uri:menus.validation.externalUri'],
    [{ ordem: '' }, 'ordem:validation.required'],
    [{ ordem: '1.5' }, 'ordem:menus.validation.orderInteger'],
    [{ ordem: 'x' }, 'ordem:menus.validation.orderInteger'],
    [{ ordem: -1 }, 'ordem:menus.validation.orderInteger'],
    [{ tipos: ['ADMIN'] }, 'tipos.0:validation.invalid'],
  ])('%j is refused: %s', (change, expected) => {
    expect(issues({ ...item, ...change })).toEqual([expected]);
  });
});
