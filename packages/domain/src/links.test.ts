import { describe, expect, it } from 'vitest';
import { isNotificationLink } from './links.js';

describe('notification links: an https URL or a single-slash path of the portal', () => {
  const table: [string, boolean][] = [
    ['/home', true],
    ['/biblioteca?pasta=1#x', true],
    ['/comunicados/abc', true],
    ['https://example.com', true],
    ['https://example.com/a?b=c', true],
    ['HTTPS://EXAMPLE.COM/', true],
    ['', false],
    ['home', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['/a\\b', false],
    ['/\t/evil.example', false],
    ['/\n/evil.example', false],
    ['/home\r', false],
    ['/\u0000x', false],
    ['/x\u007f', false],
    ['http://example.com', false],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>', false],
    ['https:evil.example', false],
    ['https:/evil.example', false],
    ['https:\\\\evil.example', false],
    ['https://user:pass@evil.example', false],
    ['https://exa\tmple.com', false],
    ['ftp://example.com', false],
  ];
  it.each(table)('%j -> %s', (link, ok) => {
    expect(isNotificationLink(link)).toBe(ok);
  });
});
