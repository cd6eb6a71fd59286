import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { fieldWithInvalidText } from './limits.js';

describe('fieldWithInvalidText', () => {
  it('finds a NUL in a literal argument, on every call with the same parsed document (memoised per document)', () => {
    const document = parse('query { buscaGlobal(texto: "a\\u0000b") { total } }');
    expect(fieldWithInvalidText(document, undefined)).toBe('texto');
    expect(fieldWithInvalidText(document, undefined)).toBe('texto');
  });

  it('checks the variables of each call, whatever the document answered before', () => {
    const document = parse('query ($t: String!) { buscaGlobal(texto: $t) { total } }');
    expect(fieldWithInvalidText(document, { t: 'ok' })).toBeNull();
    expect(fieldWithInvalidText(document, { t: 'a\u0000b' })).toBe('t');
    expect(fieldWithInvalidText(document, { t: 'ok' })).toBeNull();
  });
});
