import { describe, expect, it } from 'vitest';
import { catalogues, keysOf, LOCALES, resolveLocale, t } from './index.js';

type Tree = (typeof catalogues)[keyof typeof catalogues];

/** Reads a dotted key from a catalogue. */
function valueAt(tree: Tree, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) node = typeof node === 'object' && node ? (node as Tree)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The sorted, de-duplicated {{placeholder}} names in a text. */
function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort();
}

const keys = Object.fromEntries(LOCALES.map((l) => [l, new Set(keysOf(catalogues[l]))]));

describe('catalogues', () => {
  it('has the same keys in every locale', () => {
    const problems: string[] = [];
    for (const a of LOCALES) {
      for (const b of LOCALES) {
        if (a === b) continue;
        const missing = [...keys[a]].filter((k) => !keys[b].has(k));
        if (missing.length) problems.push(`missing in ${b} (present in ${a}): ${missing.join(', ')}`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('has no empty values', () => {
    const empty = LOCALES.flatMap((l) =>
      [...keys[l]].filter((k) => !valueAt(catalogues[l], k)?.trim()).map((k) => `${l}: ${k}`),
    );
    expect(empty, `empty values: ${empty.join(', ')}`).toEqual([]);
  });

  it('uses the same {{placeholders}} for a key in every locale', () => {
    const problems: string[] = [];
    for (const key of keys['pt-BR']) {
      const expected = placeholders(valueAt(catalogues['pt-BR'], key) ?? '').join(',');
      for (const l of LOCALES) {
        const text = valueAt(catalogues[l], key);
        if (text === undefined) continue; // reported by the key test
        const got = placeholders(text).join(',');
        if (got !== expected) problems.push(`${l}: ${key} has {${got}} but pt-BR has {${expected}}`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('keeps each language name in its own language', () => {
    for (const l of LOCALES) {
      expect(catalogues[l].idioma).toEqual({ PT_BR: 'Português (Brasil)', ES: 'Español', EN: 'English' });
    }
  });
});

describe('t', () => {
  it('interpolates {{params}}', () => {
    expect(t('pt-BR', 'app.greeting', { nome: 'Ana' })).toBe('Olá, Ana');
    expect(t('es', 'app.greeting', { nome: 'Ana' })).toBe('Hola, Ana');
    expect(t('en', 'recovery.mailText', { nome: 'Ana', minutos: 30 })).toContain('valid for 30 minutes');
  });

  it('replaces a missing param with an empty string', () => {
    expect(t('en', 'app.greeting')).toBe('Hello, ');
  });

  it('falls back to pt-BR, then to the key', () => {
    const es = catalogues.es as { app: Record<string, unknown> };
    const saved = es.app.greeting;
    try {
      delete es.app.greeting;
      expect(t('es', 'app.greeting', { nome: 'Ana' })).toBe('Olá, Ana');
    } finally {
      es.app.greeting = saved;
    }
    expect(t('en', 'no.such.key')).toBe('no.such.key');
    expect(t('en', 'app')).toBe('app');
  });
});

describe('resolveLocale', () => {
  it('picks the best supported locale', () => {
    expect(resolveLocale('es-AR,es;q=0.9')).toBe('es');
    expect(resolveLocale('en-US,en;q=0.9')).toBe('en');
    expect(resolveLocale('pt')).toBe('pt-BR');
    expect(resolveLocale('fr-FR,de;q=0.8,en;q=0.5')).toBe('en');
  });

  it('defaults to pt-BR', () => {
    expect(resolveLocale('fr')).toBe('pt-BR');
    expect(resolveLocale('')).toBe('pt-BR');
    expect(resolveLocale(undefined)).toBe('pt-BR');
    expect(resolveLocale(null)).toBe('pt-BR');
  });
});
