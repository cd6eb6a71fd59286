import { describe, expect, it } from 'vitest';
import { contentDisposition, FILE_NAME_MAX, sanitiseFileName } from './files.names.js';

describe('sanitiseFileName', () => {
  it.each([
    ['Relatório março.pdf', 'Relatório março.pdf'],
    ['  nome.txt  ', 'nome.txt'],
    ['../../etc/passwd', '.._.._etc_passwd'],
    ['C:\\Users\\x\\a.doc', 'C:_Users_x_a.doc'],
    ['a\u0000b\u001fc\u007fd\u0085e.txt', 'abcde.txt'],
    ['\u202Egnp.exe', 'gnp.exe'],
    ['x\u200E\u200F\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069\u061Cy', 'xy'],
    ['Relato\u0301rio.pdf', 'Relatório.pdf'],
    ['', 'arquivo'],
    ['\u0000\u202E  ', 'arquivo'],
    ['..', 'arquivo'],
  ])('%j -> %j', (raw, expected) => {
    expect(sanitiseFileName(raw)).toBe(expected);
  });

  it('caps at 255 characters keeping the extension, without splitting a surrogate pair', () => {
    const long = sanitiseFileName(`${'😀'.repeat(300)}.xlsx`);
    expect(Array.from(long)).toHaveLength(FILE_NAME_MAX);
    expect(long.endsWith('😀.xlsx')).toBe(true);
    const noExt = sanitiseFileName('y'.repeat(400));
    expect(noExt).toBe('y'.repeat(255));
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name (RFC 6266 / 8187)', () => {
    expect(contentDisposition('Relatório março.pdf', 'attachment')).toBe(
      `attachment; filename="Relatorio marco.pdf"; filename*=UTF-8''Relat%C3%B3rio%20mar%C3%A7o.pdf`,
    );
    expect(contentDisposition(`a"b\\c'(1)*.png`, 'inline')).toBe(
      `inline; filename="a_b_c'(1)*.png"; filename*=UTF-8''a%22b%5Cc%27%281%29%2A.png`,
    );
  });
});
