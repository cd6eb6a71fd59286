import { describe, expect, it } from 'vitest';
import {
  fillPlaceholders,
  modeloNotificacaoSchema,
  notificacaoGenericaFormSchema,
  notificacaoGenericaSchema,
} from './notifications-schemas.js';

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

describe('modeloNotificacaoSchema', () => {
  it('defaults the versions and refuses two of one language', () => {
    expect(modeloNotificacaoSchema.parse({ nome: ' A ', titulo: 'T', texto: 'x' })).toEqual({
      nome: 'A',
      titulo: 'T',
      texto: 'x',
      traducoes: [],
    });
    const en = { idioma: 'EN', titulo: 'T', texto: 'x' };
    expect(modeloNotificacaoSchema.safeParse({ nome: 'A', titulo: 'T', texto: 'x', traducoes: [en, en] }).success).toBe(
      false,
    );
  });
});

describe('notificacaoGenericaFormSchema', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const issues = (input: unknown) =>
    Object.fromEntries(
      (notificacaoGenericaFormSchema(now).safeParse(input).error?.issues ?? []).map((i) => [
        i.path.join('.'),
        i.message,
      ]),
    );
  it('from scratch needs title and text; from a template needs the template; a schedule is in the future', () => {
    expect(issues({ tipo: 'modelo', audiencia: {} })).toEqual({
      titulo: 'validation.required',
      texto: 'validation.required',
    });
    expect(issues({ tipo: 'comModelo', audiencia: {} })).toEqual({ modeloId: 'validation.required' });
    expect(
      issues({ tipo: 'modelo', titulo: 't', texto: 'x', audiencia: {}, dataAgendamento: '2026-11-24T11:59:00Z' }),
    ).toEqual({ dataAgendamento: 'notifications.scheduleInPast' });
    expect(issues({ tipo: 'modelo', titulo: 't', texto: 'x', audiencia: { tiposUsuario: ['NOPE'] } })).toHaveProperty(
      'audiencia.tiposUsuario.0',
    );
    expect(
      issues({ tipo: 'modelo', titulo: 't', texto: 'x', audiencia: {}, dataAgendamento: '2026-11-24T13:00:00Z' }),
    ).toEqual({});
  });
});

describe('fillPlaceholders', () => {
  it('fills the known placeholders (spaces allowed), encodes values, keeps unknown ones', () => {
    expect(
      fillPlaceholders(
        'Olá {{nome}}, {{ produto }} {{link}} {{outro}}',
        { nome: '<Ana>', produto: 'Portal', link: '' },
        (v) => v.replace(/</g, '&lt;').replace(/>/g, '&gt;'),
      ),
    ).toBe('Olá &lt;Ana&gt;, Portal  {{outro}}');
  });
});
