// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dealer, Providers } from '../communications/test-factories';
import { AdView } from './AdView';
import { SlideView, type SlideViewData } from './SlideView';

const arquivo = {
  arquivoLink: 'https://files.example/slide.png?sig=1',
  largura: 2280,
  altura: 800,
  variantes: [
    { largura: 480, altura: 168, link: 'https://files.example/slide-480.webp' },
    { largura: 1140, altura: 400, link: 'https://files.example/slide-1140.webp' },
  ],
};

function renderIn(node: React.ReactNode) {
  render(
    <Providers user={dealer()} mocks={[]} path="/home">
      {node}
    </Providers>,
  );
}

describe('SlideView', () => {
  afterEach(() => cleanup());

  it('builds the srcset from the variants, the original last, and reserves the image size', () => {
    renderIn(<SlideView slide={{ titulo: 'Feirão', arquivo }} priority />);
    const img = document.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('srcset')).toBe(
      'https://files.example/slide-480.webp 480w, https://files.example/slide-1140.webp 1140w, https://files.example/slide.png?sig=1 2280w',
    );
    expect(img.getAttribute('sizes')).toContain('1392px');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['2280', '800']);
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBe('eager');
  });

  it('draws a local image without variants at the recommended size, lazily when not first', () => {
    renderIn(<SlideView slide={{ titulo: 'Prévia', arquivo: { arquivoLink: 'blob:http://x/1' } }} />);
    const img = document.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('src')).toBe('blob:http://x/1');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1140', '400']);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });

  it('shows the texts with their colours and opens an in-app link in the same tab, an address in a new one', () => {
    const slide: SlideViewData = {
      titulo: 'Feirão',
      corTitulo: '#ff0000',
      subtitulo: 'Só este mês',
      tituloBotao: 'Ver ofertas',
      link: '/comunicados',
      linkTarget: '_self',
    };
    renderIn(<SlideView slide={slide} />);
    const title = screen.getByText('Feirão');
    expect(getComputedStyle(title).color).toBe('rgb(255, 0, 0)');
    expect(screen.getByText('Só este mês')).toBeTruthy();
    const same = screen.getByRole('link', { name: 'Ver ofertas' });
    expect(same.getAttribute('href')).toBe('/comunicados');
    expect(same.getAttribute('target')).toBeNull();
    cleanup();
    renderIn(<SlideView slide={{ ...slide, link: 'https://example.com/x', linkTarget: '_blank' }} />);
    const other = screen.getByRole('link', { name: 'Ver ofertas (abre em nova aba)' });
    expect(other.getAttribute('target')).toBe('_blank');
    expect(other.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('makes the title the link when there is no button, and shows no button without a link', () => {
    renderIn(<SlideView slide={{ titulo: 'Feirão', link: '/biblioteca' }} />);
    expect(screen.getByRole('link', { name: 'Feirão' }).getAttribute('href')).toBe('/biblioteca');
    cleanup();
    renderIn(<SlideView slide={{ titulo: 'Feirão', tituloBotao: 'Ver' }} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('Ver')).toBeNull();
  });
});

describe('AdView', () => {
  afterEach(() => cleanup());

  it('is its image named by the title, linking where the ad points', () => {
    renderIn(<AdView ad={{ titulo: 'Seguro auto', link: 'https://example.com', linkTarget: '_blank', arquivo }} />);
    const link = screen.getByRole('link', { name: /Seguro auto/ });
    expect(link.getAttribute('target')).toBe('_blank');
    const img = screen.getByRole('img', { name: 'Seguro auto' });
    expect(img.getAttribute('srcset')).toContain('slide-480.webp 480w');
    expect(img.getAttribute('loading')).toBe('lazy');
  });

  it('shows the title on a panel without an image, no link without one', () => {
    renderIn(<AdView ad={{ titulo: 'Seguro auto' }} />);
    expect(screen.getByText('Seguro auto')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
