// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchExcerpt } from './SearchExcerpt';

afterEach(cleanup);

describe('SearchExcerpt', () => {
  it('marks the matched words from their offsets', () => {
    const { container } = render(
      <SearchExcerpt
        excerpt={{
          texto: 'Tabela de preços do modelo',
          destaques: [
            { inicio: 10, fim: 16 },
            { inicio: 20, fim: 26 },
          ],
        }}
      />,
    );
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['preços', 'modelo']);
    expect(container.textContent).toBe('Tabela de preços do modelo');
  });

  it('shows the text as text: markup in a file never becomes elements', () => {
    const texto = '<img src=x onerror=alert(1)> <b>negrito</b>';
    const { container } = render(<SearchExcerpt excerpt={{ texto, destaques: [{ inicio: 32, fim: 39 }] }} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe(texto);
    expect(container.querySelector('mark')?.textContent).toBe('negrito');
  });

  it('ignores ranges out of order or outside the text', () => {
    const { container } = render(
      <SearchExcerpt
        excerpt={{
          texto: 'abc def',
          destaques: [
            { inicio: 4, fim: 7 },
            { inicio: 0, fim: 3 },
            { inicio: 5, fim: 99 },
          ],
        }}
      />,
    );
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['def']);
    expect(container.textContent).toBe('abc def');
  });
});
