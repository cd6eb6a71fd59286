// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dealer, Providers } from '../communications/test-factories';
import { SLIDE_INTERVAL_MS, SlideBanner } from './SlideBanner';

const slides = ['Feirão de março', 'Revisão grátis', 'Nova linha 2027'].map((titulo, i) => ({
  id: `s-${i + 1}`,
  titulo,
}));

/** The browser's answer to `prefers-reduced-motion` (jsdom has no matchMedia). */
function prefersReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

function renderBanner(items = slides) {
  render(
    <Providers user={dealer()} mocks={[]} path="/home">
      <SlideBanner slides={items} />
    </Providers>,
  );
}

/** The slide on show: the one group of the carousel not hidden from assistive technology. */
const shown = () => screen.getByRole('group').textContent;
const carousel = () => screen.getByRole('region', { name: 'Destaques' });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('SlideBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    prefersReducedMotion(false);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('is a labelled carousel of slides, advancing every few seconds and wrapping round, silent while rotating', () => {
    renderBanner();
    expect(carousel().getAttribute('aria-roledescription')).toBe('carrossel');
    const group = screen.getByRole('group', { name: '1 de 3' });
    expect(group.getAttribute('aria-roledescription')).toBe('slide');
    expect(shown()).toBe('Feirão de março');
    expect(group.parentElement?.getAttribute('aria-live')).toBe('off');
    wait(SLIDE_INTERVAL_MS - 1);
    expect(shown()).toBe('Feirão de março');
    wait(1);
    expect(shown()).toBe('Revisão grátis');
    wait(SLIDE_INTERVAL_MS);
    expect(shown()).toBe('Nova linha 2027');
    wait(SLIDE_INTERVAL_MS);
    expect(shown()).toBe('Feirão de março');
  });

  it('pauses while the pointer is over it and goes on when it leaves', () => {
    renderBanner();
    fireEvent.mouseEnter(carousel());
    wait(SLIDE_INTERVAL_MS * 3);
    expect(shown()).toBe('Feirão de março');
    expect(screen.getByRole('group').parentElement?.getAttribute('aria-live')).toBe('polite');
    fireEvent.mouseLeave(carousel());
    wait(SLIDE_INTERVAL_MS);
    expect(shown()).toBe('Revisão grátis');
  });

  it('pauses while focus is inside it', () => {
    renderBanner();
    act(() => screen.getByRole('button', { name: 'Próximo destaque' }).focus());
    wait(SLIDE_INTERVAL_MS * 3);
    expect(shown()).toBe('Feirão de março');
    act(() => screen.getByRole('button', { name: 'Próximo destaque' }).blur());
    wait(SLIDE_INTERVAL_MS);
    expect(shown()).toBe('Revisão grátis');
  });

  it('never rotates when the system asks for reduced motion', () => {
    prefersReducedMotion(true);
    renderBanner();
    wait(SLIDE_INTERVAL_MS * 3);
    expect(shown()).toBe('Feirão de março');
    expect(screen.getByRole('group').parentElement?.getAttribute('aria-live')).toBe('polite');
  });

  it('stops and restarts from its pause button', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Parar a troca automática dos destaques' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Retomar a troca automática dos destaques' }));
    wait(SLIDE_INTERVAL_MS * 2);
    expect(shown()).toBe('Feirão de março');
    fireEvent.click(screen.getByRole('button', { name: 'Retomar a troca automática dos destaques' }));
    wait(SLIDE_INTERVAL_MS);
    expect(shown()).toBe('Revisão grátis');
  });

  it('moves with previous/next, the dots and the arrow keys', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Próximo destaque' }));
    expect(shown()).toBe('Revisão grátis');
    fireEvent.click(screen.getByRole('button', { name: 'Destaque anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Destaque anterior' }));
    expect(shown()).toBe('Nova linha 2027');
    const dot = screen.getByRole('button', { name: 'Ir para o destaque 2' });
    fireEvent.click(dot);
    expect(shown()).toBe('Revisão grátis');
    expect(dot.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Ir para o destaque 1' }).getAttribute('aria-current')).toBeNull();
    fireEvent.keyDown(dot, { key: 'ArrowRight' });
    expect(shown()).toBe('Nova linha 2027');
    fireEvent.keyDown(dot, { key: 'ArrowRight' });
    expect(shown()).toBe('Feirão de março');
    fireEvent.keyDown(dot, { key: 'ArrowLeft' });
    expect(shown()).toBe('Nova linha 2027');
  });

  it('shows one slide without controls, and only the shown slide can be reached', () => {
    renderBanner([{ ...slides[0], link: '/biblioteca' } as (typeof slides)[number]]);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Feirão de março' })).toBeTruthy();
    cleanup();
    renderBanner(slides.map((s) => ({ ...s, link: `/x/${s.id}` })));
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/x/s-1']);
  });

  it('gives the first slide image priority, the others load lazily', () => {
    const arquivo = (n: number) => ({ arquivoLink: `https://files.example/${n}.png`, variantes: [] });
    renderBanner(slides.map((s, i) => ({ ...s, arquivo: arquivo(i) })));
    const images = [...document.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', null, null]);
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
  });
});
