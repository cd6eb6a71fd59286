// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStandalone, watchDisplayMode } from './display-mode';

const media = (standalone: boolean) =>
  vi.fn((query: string) => ({
    matches: standalone && query === '(display-mode: standalone)',
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('display mode', () => {
  it('marks the document standalone when the portal runs installed', () => {
    vi.stubGlobal('matchMedia', media(true));
    watchDisplayMode();
    expect(isStandalone()).toBe(true);
    expect(document.documentElement.dataset.displayMode).toBe('standalone');
  });

  it('marks it browser in a tab', () => {
    vi.stubGlobal('matchMedia', media(false));
    watchDisplayMode();
    expect(isStandalone()).toBe(false);
    expect(document.documentElement.dataset.displayMode).toBe('browser');
  });
});
