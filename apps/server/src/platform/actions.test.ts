import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { limitArg, limitInRange, pageArgs, parseInput } from './actions.js';
import { AppError } from './errors.js';

const fail = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('did not throw');
};

describe('parseInput', () => {
  const schema = z.object({
    nome: z.string().min(1, 'validation.required'),
    tags: z.array(z.string().max(2, 'validation.tooLong')),
  });

  it('returns the parsed value', () => {
    expect(parseInput(schema, { nome: 'a', tags: [] })).toEqual({ nome: 'a', tags: [] });
  });

  it('maps each issue to its field path as BAD_USER_INPUT, the first message as summary', () => {
    const err = fail(() => parseInput(schema, { nome: '', tags: ['abc'] }));
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('BAD_USER_INPUT');
    expect(err.fields).toEqual({ nome: 'validation.required', 'tags.0': 'validation.tooLong' });
    expect(err.message).toBe('validation.required');
  });

  it('puts issues without a path on the root field', () => {
    const err = fail(() =>
      parseInput(
        z.string().refine(() => false, 'x.y'),
        'v',
        'usuario',
      ),
    );
    expect(err.fields).toEqual({ usuario: 'x.y' });
  });
});

describe('pageArgs', () => {
  it('defaults to the first size and page 0', () => {
    expect(pageArgs({}, [10, 25, 50])).toEqual({ page: 0, rowsPerPage: 10, offset: 0 });
    expect(pageArgs({ page: 2, rowsPerPage: 25 }, [10, 25, 50])).toEqual({ page: 2, rowsPerPage: 25, offset: 50 });
    expect(pageArgs({ rowsPerPage: 7 }, { max: 100, default: 10 }).rowsPerPage).toBe(7);
  });

  it.each([
    [{ page: -1 }, 'page'],
    [{ page: 1.5 }, 'page'],
    [{ rowsPerPage: 11 }, 'rowsPerPage'],
    [{ rowsPerPage: 0 }, 'rowsPerPage'],
  ])('refuses %j on %s', (args, field) => {
    expect(fail(() => pageArgs(args, [10, 25, 50])).fields).toEqual({ [field]: 'validation.invalid' });
  });

  it('refuses a size outside 1..max', () => {
    expect(fail(() => pageArgs({ rowsPerPage: 101 }, { max: 100, default: 10 })).code).toBe('BAD_USER_INPUT');
  });
});

describe('limitArg', () => {
  it('defaults and bounds', () => {
    expect(limitArg(undefined, 'limite', { max: 50, default: 5 })).toBe(5);
    expect(fail(() => limitArg(51, 'limite', { max: 50, default: 5 })).fields).toEqual({
      limite: 'validation.invalid',
    });
  });
});

describe('limitInRange (a session read takes a limit only when the resolver would)', () => {
  it('a whole number from 1 to max, else null', () => {
    expect(limitInRange(5, { max: 50 })).toBe(5);
    expect(limitInRange(50, { max: 50 })).toBe(50);
    for (const bad of [0, 51, 2.5, '5', null, undefined, Number.NaN]) expect(limitInRange(bad, { max: 50 })).toBeNull();
  });
});
