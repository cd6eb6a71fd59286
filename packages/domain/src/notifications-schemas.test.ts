import { describe, expect, it } from 'vitest';
import { notificacaoGenericaSchema } from './notifications-schemas.js';

describe('notificacaoGenericaSchema', () => {
  it('trims, defaults the lists and keeps an empty link as none', () => {
    expect(notificacaoGenericaSchema.parse({ titulo: ' Aviso ', texto: ' <p>x</p> ', link: '  ' })).toEqual({
      titulo: 'Aviso',
      texto: '<p>x</p>',
      link: null,
      idsUsuarios: [],
      idsGruposUsuarios: [],
    });
  });

  it('per-field messages: title and text required, title at most 200, link in the portal or https', () => {
    const issues = (input: unknown) =>
      Object.fromEntries(
        (notificacaoGenericaSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
      );
    expect(issues({ titulo: ' ', texto: '', link: 'javascript:x' })).toEqual({
      titulo: 'validation.required',
      texto: 'validation.required',
      link: 'validation.invalidFormat',
    });
    expect(issues({ titulo: 'x'.repeat(201), texto: 'x' })).toEqual({ titulo: 'validation.invalid' });
    expect(issues({ titulo: 'x', texto: 'x', link: '/comunicados' })).toEqual({});
    expect(issues({ titulo: 'x', texto: 'x', link: 'https://example.com/a' })).toEqual({});
  });
});
