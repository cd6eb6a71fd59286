import { describe, expect, it } from 'vitest';
import { nameNotice } from './name-notice';

describe('nameNotice: what a typed name will become, said before saving', () => {
  it('says how a folder or file name is stored when it changes', () => {
    expect(nameNotice('a/b 2026')).toEqual({ key: 'library.nameNotice.savedAs', values: { nome: 'a_b 2026' } });
    expect(nameNotice('Manuais\u202e')).toEqual({ key: 'library.nameNotice.savedAs', values: { nome: 'Manuais' } });
    expect(nameNotice('  Manuais  ')).toBeNull();
    expect(nameNotice('Manuais')).toBeNull();
    expect(nameNotice('')).toBeNull();
  });

  it("warns when renaming a file drops its type at the end, not a folder's", () => {
    const file = { nome: 'Relatório final.txt' };
    expect(nameNotice('Relatório final', file)).toEqual({
      key: 'library.nameNotice.extensionDropped',
      values: { extensao: '.txt' },
    });
    expect(nameNotice('Relatório 2.TXT', file)).toBeNull();
    expect(nameNotice('Relatório final')).toBeNull();
    expect(nameNotice('Sem tipo', { nome: 'Sem tipo' })).toBeNull();
  });
});
