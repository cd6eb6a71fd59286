import { describe, expect, it } from 'vitest';
import { anuncioSchema, businessDay, emExibicao, homeContentStatus, slideSchema } from './slides-schemas.js';

const TODAY = '2026-03-10';
const issues = (schema: ReturnType<typeof slideSchema> | ReturnType<typeof anuncioSchema>, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];
const ad = {
  titulo: 'Revisão',
  link: '/biblioteca',
  linkTarget: '_blank',
  inicioDate: TODAY,
  fimDate: '2026-03-20',
  arquivoId: 'a1',
  grupos: ['g1'],
};
const slide = { ...ad, corTitulo: '#ffffff', tamanhoTitulo: '32', subtitulo: '', corSubtitulo: '', tituloBotao: 'Ver' };

describe('business day', () => {
  it.each([
    ['2026-03-10T02:59:00Z', '2026-03-09'],
    ['2026-03-10T03:00:00Z', '2026-03-10'],
    ['2026-12-31T23:00:00Z', '2026-12-31'],
  ])('%s is %s in the business calendar', (instant, expected) => {
    expect(businessDay(new Date(instant))).toBe(expected);
  });
});

describe('display window (emExibicao) and status', () => {
  const window = { active: true, inicioDate: '2026-03-10', fimDate: '2026-03-12' };
  it.each([
    ['2026-03-10T02:00:00Z', true, false, 'AGENDADO'],
    ['2026-03-10T03:00:00Z', true, true, 'EM_EXIBICAO'],
    ['2026-03-12T12:00:00Z', true, true, 'EM_EXIBICAO'],
    ['2026-03-13T02:59:00Z', true, true, 'EM_EXIBICAO'],
    ['2026-03-13T03:00:00Z', true, false, 'ENCERRADO'],
    ['2026-03-11T12:00:00Z', false, false, 'INATIVO'],
  ])('at %s, active %s: shown %s, status %s', (instant, active, shown, status) => {
    const item = { ...window, active };
    expect(emExibicao(item, new Date(instant))).toBe(shown);
    expect(homeContentStatus(item, new Date(instant))).toBe(status);
  });
});

describe('slide and ad forms (salvarSlide, salvarAnuncio)', () => {
  it('accepts a valid slide; form text becomes numbers and nulls', () => {
    const parsed = slideSchema(TODAY).parse(slide);
    expect(parsed).toMatchObject({ tamanhoTitulo: 32, subtitulo: null, corSubtitulo: null, tamanhoSubtitulo: null });
    expect(issues(anuncioSchema(TODAY), ad)).toEqual([]);
  });

  it('accepts the date part of an ISO date-time', () => {
    expect(anuncioSchema(TODAY).parse({ ...ad, fimDate: '2026-03-20T00:00:00.000Z' }).fimDate).toBe('2026-03-20');
  });

  it.each([
    [{ titulo: ' ' }, 'titulo:validation.required'],
    [{ inicioDate: '' }, 'inicioDate:validation.required'],
    [{ fimDate: undefined }, 'fimDate:validation.required'],
    [{ inicioDate: '2026-02-30' }, 'inicioDate:validation.invalidDate'],
    [{ inicioDate: '2026-03-09' }, 'inicioDate:homeContent.validation.startBeforeToday'],
    [{ fimDate: '2026-03-09' }, 'fimDate:homeContent.validation.endBeforeStart'],
    [{ link: 'biblioteca' }, 'link:homeContent.validation.linkFormat'],
    [{ linkTarget: 'popup' }, 'linkTarget:validation.invalid'],
    [{ arquivoId: '' }, 'arquivoId:homeContent.validation.imageRequired'],
    [{ grupos: [] }, 'grupos:homeContent.validation.groupsRequired'],
  ])('ad %j is refused: %s', (change, expected) => {
    expect(issues(anuncioSchema(TODAY), { ...ad, ...change })).toEqual([expected]);
  });

  it.each([
    [{ corTitulo: 'white' }, 'corTitulo:homeContent.validation.colour'],
    [{ corSubtitulo: '#fff' }, 'corSubtitulo:homeContent.validation.colour'],
    [{ tamanhoTitulo: '9' }, 'tamanhoTitulo:homeContent.validation.textSize'],
    [{ tamanhoSubtitulo: 12.5 }, 'tamanhoSubtitulo:homeContent.validation.textSize'],
    [{ tituloBotao: 'x'.repeat(101) }, 'tituloBotao:homeContent.validation.titleTooLong'],
  ])('slide %j is refused: %s', (change, expected) => {
    expect(issues(slideSchema(TODAY), { ...slide, ...change })).toEqual([expected]);
  });

  it('an edit keeps a start already past, but may not move it into the past', () => {
    const past = { ...ad, inicioDate: '2026-03-01' };
    expect(issues(anuncioSchema(TODAY, '2026-03-01'), past)).toEqual([]);
    expect(issues(anuncioSchema(TODAY, '2026-03-02'), past)).toEqual([
      'inicioDate:homeContent.validation.startBeforeToday',
    ]);
  });
});
