import { describe, expect, it } from 'vitest';
import { catalogues, formatDateTime, keysOf, LOCALES, resolveLocale, t } from './index.js';

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

/**
 * One voice (issue 17 point 11): one term per concept in each language, and Spanish in one register (usted, the
 * catalogue's own). Each pattern is a word that names a concept the catalogue already names otherwise.
 */
const ODD_ONES_OUT: Record<(typeof LOCALES)[number], [RegExp, string][]> = {
  'pt-BR': [
    [/\bemail\b/i, 'e-mail'],
    [/\bcomunicaç(ão|ões)\b/i, 'comunicado'],
    [/\bnotificaç(ão|ões) gera(l|is)\b/i, 'notificação genérica'],
  ],
  es: [
    [/\be-?mail\b/i, 'correo electrónico'],
    [/\bcomunicaci(ón|ones)\b/i, 'comunicado'],
    [/\bnotificaci(ón|ones) general(es)?\b/i, 'notificación genérica'],
    // The familiar "tú" where every other text says "usted".
    [/\b(tú|tu|tus|te|tienes|puedes|quieres|debes|haz|arrastra archivos)\b/i, 'usted'],
  ],
  en: [
    [/\bemail\b/i, 'e-mail'],
    [/\b(bulletin|announcement)s?\b/i, 'communication'],
    [/\badvertisements?\b/i, 'ad'],
    [/\bgeneral notifications?\b/i, 'generic notification'],
  ],
};

describe('one voice in each language', () => {
  it.each(LOCALES)('%s: one term per concept (and one Spanish register)', (locale) => {
    const odd = [...keys[locale]].flatMap((key) => {
      const text = (valueAt(catalogues[locale], key) ?? '').replace(/\{\{[^}]*\}\}/g, '');
      return ODD_ONES_OUT[locale]
        .filter(([pattern]) => pattern.test(text))
        .map(([, term]) => `${key}: "${text}" (say ${term})`);
    });
    expect(odd, odd.join('\n')).toEqual([]);
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

describe('formatDateTime', () => {
  it('writes a date and time in each language with a four-digit year, the 24-hour clock and the given time zone', () => {
    const instant = new Date('2026-11-28T17:05:00Z');
    expect(formatDateTime('pt-BR', instant, 'America/Sao_Paulo')).toBe('28/11/2026, 14:05');
    expect(formatDateTime('es', instant, 'America/Sao_Paulo')).toBe('28/11/2026, 14:05');
    expect(formatDateTime('en', instant, 'America/Sao_Paulo')).toBe('11/28/2026, 14:05');
    expect(formatDateTime('en', instant, 'UTC')).toBe('11/28/2026, 17:05');
  });
});
