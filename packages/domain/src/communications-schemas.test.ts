import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  agendamentoSchema,
  audienceSchema,
  comunicadoSchema,
  errataSchema,
  escolhaAgendamentoSchema,
  hasAudience,
  htmlHasContent,
  rejeicaoSchema,
  submissaoSchema,
} from './communications-schemas.js';

/** 'path:message' of every issue, [] when valid. */
const issues = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

const base = { titulo: 'Campanha de revisão', mensagem: '<p>Revisem os veículos.</p>' };

describe('communication form (docs/domains/communications.md#the-form)', () => {
  it.each([
    ['title and message', base, []],
    ['title missing', { mensagem: base.mensagem }, ['titulo:communications.titleRequired']],
    ['title blank', { ...base, titulo: '   ' }, ['titulo:communications.titleRequired']],
    ['title of 200', { ...base, titulo: 'a'.repeat(200) }, []],
    ['title of 201', { ...base, titulo: 'a'.repeat(201) }, ['titulo:communications.titleTooLong']],
    ['message missing', { titulo: base.titulo }, ['mensagem:communications.messageRequired']],
    ['message empty', { ...base, mensagem: '' }, ['mensagem:communications.messageRequired']],
    ['message of an empty editor', { ...base, mensagem: '<p><br></p>' }, ['mensagem:communications.messageRequired']],
    [
      'message of spaces and comments',
      { ...base, mensagem: '<p>&nbsp; <!-- x --></p>' },
      ['mensagem:communications.messageRequired'],
    ],
    ['message of one image', { ...base, mensagem: '<p><img src="/api/arquivo/1"></p>' }, []],
    ['tag of 50', { ...base, etiquetas: ['a'.repeat(50)] }, []],
    ['tag of 51', { ...base, etiquetas: ['a'.repeat(51)] }, ['etiquetas.0:communications.tagTooLong']],
    ['blank tag', { ...base, etiquetas: [' '] }, ['etiquetas.0:validation.required']],
    ['bad manual e-mail', { ...base, emailsAvulsos: ['ana@'] }, ['emailsAvulsos.0:validation.email']],
    [
      'display end before start',
      { ...base, dataInicioExibicao: '2025-03-10', dataFimExibicao: '2025-03-09' },
      ['dataFimExibicao:communications.displayEndBeforeStart'],
    ],
    ['display end equal to start', { ...base, dataInicioExibicao: '2025-03-10', dataFimExibicao: '2025-03-10' }, []],
    ['display start only', { ...base, dataInicioExibicao: '2025-03-10', dataFimExibicao: null }, []],
    ['invalid display date', { ...base, dataInicioExibicao: 'amanhã' }, ['dataInicioExibicao:validation.invalidDate']],
    ['a draft without audience', base, []],
  ])('%s', (_, value, expected) => {
    expect(issues(comunicadoSchema, value)).toEqual(expected);
  });

  it('reports every problem of a submit together', () => {
    expect(
      issues(comunicadoSchema, {
        titulo: '',
        mensagem: '',
        dataInicioExibicao: '2025-03-10',
        dataFimExibicao: '2025-03-01',
      }),
    ).toEqual([
      'titulo:communications.titleRequired',
      'mensagem:communications.messageRequired',
      'dataFimExibicao:communications.displayEndBeforeStart',
    ]);
  });

  it('trims, lowercases and de-duplicates', () => {
    const parsed = comunicadoSchema.parse({
      ...base,
      titulo: '  Campanha de revisão ',
      etiquetas: [' recall', 'recall', 'Recall'],
      emailsAvulsos: ['Ana@Exemplo.com', ' ana@exemplo.com ', 'bia@exemplo.com', 'ANA@EXEMPLO.COM'],
      idsGruposUsuarios: ['g1', 'g1', 'g2'],
    });
    expect(parsed).toMatchObject({
      titulo: 'Campanha de revisão',
      etiquetas: ['recall', 'Recall'],
      emailsAvulsos: ['ana@exemplo.com', 'bia@exemplo.com'],
      idsGruposUsuarios: ['g1', 'g2'],
      idsGrupos: [],
      idsUsuariosRemovidos: [],
      idsArquivos: [],
    });
  });

  it('keeps the HTML for the server to sanitise', () => {
    expect(comunicadoSchema.parse({ ...base, mensagem: '<p>a<script>x</script></p>' }).mensagem).toBe(
      '<p>a<script>x</script></p>',
    );
  });

  it.each([
    ['<p>Olá</p>', true],
    ['<p><br></p>', false],
    ['<p>&nbsp;</p>', false],
    ['<video src="x"></video>', true],
    ['texto', true],
  ])('htmlHasContent(%j) -> %s', (html, expected) => {
    expect(htmlHasContent(html)).toBe(expected);
  });
});

describe('audience to send (docs/domains/communications.md#audience)', () => {
  it.each([
    ['no audience', base, ['idsGruposUsuarios:communications.audienceRequired']],
    [
      'empty lists',
      { ...base, idsGruposUsuarios: [], idsGrupos: [], emailsAvulsos: [] },
      ['idsGruposUsuarios:communications.audienceRequired'],
    ],
    [
      'only removed users',
      { ...base, idsUsuariosRemovidos: ['u1'] },
      ['idsGruposUsuarios:communications.audienceRequired'],
    ],
    ['a user group', { ...base, idsGruposUsuarios: ['g1'] }, []],
    ['a dealer group', { ...base, idsGrupos: ['dg1'] }, []],
    ['a manual e-mail', { ...base, emailsAvulsos: ['ana@exemplo.com'] }, []],
  ])('%s', (_, value, expected) => {
    expect(issues(audienceSchema, value)).toEqual(expected);
  });

  it('checks the content rules too', () => {
    expect(issues(audienceSchema, { titulo: '', mensagem: base.mensagem, idsGrupos: ['dg1'] })).toEqual([
      'titulo:communications.titleRequired',
    ]);
  });

  it('hasAudience ignores missing lists', () => {
    expect(hasAudience({})).toBe(false);
    expect(hasAudience({ emailsAvulsos: ['a@b.co'] })).toBe(true);
  });
});

describe('rejection, errata and schedule', () => {
  it.each([
    [{ motivoRejeicao: 'Faltou o anexo' }, []],
    [{ motivoRejeicao: '   ' }, ['motivoRejeicao:communications.rejectionReasonRequired']],
    [{}, ['motivoRejeicao:communications.rejectionReasonRequired']],
    [{ motivoRejeicao: 'a'.repeat(2001) }, ['motivoRejeicao:communications.reasonTooLong']],
  ])('rejeicao %j', (value, expected) => {
    expect(issues(rejeicaoSchema, value)).toEqual(expected);
  });

  it('trims the rejection reason', () => {
    expect(rejeicaoSchema.parse({ motivoRejeicao: '  Faltou o anexo ' })).toEqual({ motivoRejeicao: 'Faltou o anexo' });
  });

  it.each([
    ['15 characters', 'a'.repeat(15), []],
    ['14 characters', 'a'.repeat(14), ['justificativa:communications.justificationTooShort']],
    ['15 with spaces around, 13 inside', ` ${'a'.repeat(13)} `, ['justificativa:communications.justificationTooShort']],
    ['missing', undefined, ['justificativa:communications.justificationTooShort']],
  ])('errata justification: %s', (_, justificativa, expected) => {
    expect(issues(errataSchema, { ...base, justificativa })).toEqual(expected);
  });

  it('errata checks the communication fields', () => {
    expect(
      issues(errataSchema, { titulo: 'Errata', mensagem: '<p></p>', justificativa: 'Data da campanha errada' }),
    ).toEqual(['mensagem:communications.messageRequired']);
  });

  const now = new Date('2025-03-10T12:00:00Z');
  it.each([
    ['59 min ahead', '2025-03-10T12:59:00Z', ['dataHoraAgendamento:communications.scheduleTooSoon']],
    ['60 min ahead', '2025-03-10T13:00:00Z', []],
    ['61 min ahead', '2025-03-10T13:01:00Z', []],
    ['in the past', '2025-03-09T13:00:00Z', ['dataHoraAgendamento:communications.scheduleTooSoon']],
    ['not a date', 'amanhã', ['dataHoraAgendamento:communications.scheduleRequired']],
    ['missing', undefined, ['dataHoraAgendamento:communications.scheduleRequired']],
  ])('agendamento %s', (_, dataHoraAgendamento, expected) => {
    expect(issues(agendamentoSchema(now), { dataHoraAgendamento })).toEqual(expected);
  });

  it('agendamento accepts a Date and returns one', () => {
    const date = new Date('2025-03-10T14:00:00Z');
    expect(agendamentoSchema(now).parse({ dataHoraAgendamento: date }).dataHoraAgendamento).toEqual(date);
  });
});

/** The messages of a parse's issues, [] when valid. */
const issueKeys = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('dialog choices: approver and schedule', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('needs an approver who is not the creator', () => {
    const schema = submissaoSchema('u-1');
    expect(issueKeys(schema.safeParse({ aprovadorId: null }))).toEqual(['communications.approverRequired']);
    expect(issueKeys(schema.safeParse({ aprovadorId: 'u-1' }))).toEqual(['communications.approverIsCreator']);
    expect(schema.safeParse({ aprovadorId: 'u-2' }).success).toBe(true);
  });

  it('sends now without a date, or at a date at least 1 hour ahead', () => {
    const schema = escolhaAgendamentoSchema(now);
    expect(schema.parse({ agendar: false, dataHoraAgendamento: '' })).toBeNull();
    expect(issueKeys(schema.safeParse({ agendar: true, dataHoraAgendamento: '' }))).toEqual([
      'communications.scheduleRequired',
    ]);
    expect(issueKeys(schema.safeParse({ agendar: true, dataHoraAgendamento: '2026-03-01T12:30:00Z' }))).toEqual([
      'communications.scheduleTooSoon',
    ]);
    expect(schema.parse({ agendar: true, dataHoraAgendamento: '2026-03-01T14:00:00Z' })).toEqual(
      new Date('2026-03-01T14:00:00Z'),
    );
  });
});
