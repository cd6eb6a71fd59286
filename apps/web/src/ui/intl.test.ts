import { describe, expect, it, vi } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl';

describe('the interface’s Intl formatters (one per language and options: each costs a millisecond or more to make)', () => {
  it('gives the same formatter for the same language and options, made once', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    const sizes = [1, 2, 3].map(() =>
      numberFormat('pt-BR', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 }),
    );
    expect(new Set(sizes).size).toBe(1);
    expect(made).toHaveBeenCalledTimes(1);
    expect(sizes[0].format(1.25)).toBe(
      new Intl.NumberFormat('pt-BR', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 }).format(1.25),
    );
    made.mockRestore();
  });

  it('another language or other options make another formatter', () => {
    expect(numberFormat('es')).not.toBe(numberFormat('en'));
    expect(numberFormat('es', { style: 'percent' })).not.toBe(numberFormat('es'));
    expect(numberFormat('es', { style: 'percent' }).format(0.5)).toMatch(/50\s?%/);
    expect(dateTimeFormat('en', { year: 'numeric' })).toBe(dateTimeFormat('en', { year: 'numeric' }));
    expect(dateTimeFormat('en', { year: 'numeric' })).not.toBe(dateTimeFormat('en', { month: 'long' }));
  });
});
