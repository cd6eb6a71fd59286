import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './bff.js';

const PUBLIC_URL = 'https://portal.example';

// Where sign-in lands for each `returnTo`: a path of the portal itself, or /home.
const TABLE: Array<[label: string, value: unknown, expected: string]> = [
  ['a path', '/comunicados', '/comunicados'],
  ['a path with query and hash', '/comunicados?x=1#top', '/comunicados?x=1#top'],
  ['the portal’s own absolute URL', 'https://portal.example/biblioteca?p=2', '/biblioteca?p=2'],
  ['a path with dot segments', '/a/../home', '/home'],
  ['non-ASCII, percent-encoded on the way out', '/biblioteca?q=ação', '/biblioteca?q=a%C3%A7%C3%A3o'],
  ['missing', undefined, '/home'],
  ['empty', '', '/home'],
  ['not a string', ['/x'], '/home'],
  ['another site', 'https://evil.example/', '/home'],
  ['another port of the same host', 'https://portal.example:8443/home', '/home'],
  ['plain http to the portal’s host', 'http://portal.example/home', '/home'],
  ['protocol-relative', '//evil.example/x', '/home'],
  ['backslash after the slash', '/\\evil.example', '/home'],
  ['two backslashes', '\\\\evil.example', '/home'],
  ['raw tab between the slashes', '/\t/evil.example', '/home'],
  ['raw newline between the slashes', '/\n/evil.example', '/home'],
  ['raw CR LF (header injection)', '/home\r\nSet-Cookie: x=1', '/home'],
  ['percent-encoded tab', '/%09/evil.example', '/home'],
  ['percent-encoded CR LF', '/home%0d%0aSet-Cookie:x=1', '/home'],
  ['a dot segment that leaves //', '/.//evil.example', '/home'],
  ['javascript:', 'javascript:alert(1)', '/home'],
  ['javascript: with spaces and case', ' JavaScript:alert(1)', '/home'],
  ['data:', 'data:text/html,<script>alert(1)</script>', '/home'],
  ['a relative path without a slash', 'evil.example', '/evil.example'],
  ['credentials before the portal host', 'https://user@portal.example/home', '/home'],
  ['credentials before another host', 'https://portal.example@evil.example/', '/home'],
  ['too long', `/${'a'.repeat(3000)}`, '/home'],
];

describe('safeReturnTo: the return address after sign-in stays on the portal', () => {
  it.each(TABLE)('%s', (_label, value, expected) => {
    const path = safeReturnTo(value, PUBLIC_URL);
    expect(path).toBe(expected);
    // Whatever comes out resolves to the portal's origin when a browser follows it.
    expect(new URL(path, PUBLIC_URL).origin).toBe(PUBLIC_URL);
  });
});
