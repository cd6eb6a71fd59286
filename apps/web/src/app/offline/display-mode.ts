import { useSyncExternalStore } from 'react';

const QUERY = '(display-mode: standalone)';

/** Whether the portal runs installed, in its own window (the manifest's `display: standalone`), not in a browser tab. */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return window.matchMedia?.(QUERY).matches === true || iosStandalone;
}

/**
 * Marks the document while the portal runs standalone (`<html data-display-mode="standalone">`, for styles that
 * make up for the missing browser bar) and keeps the mark right when the mode changes. Called once by main.tsx.
 */
export function watchDisplayMode(): void {
  const mark = () => {
    document.documentElement.dataset.displayMode = isStandalone() ? 'standalone' : 'browser';
  };
  mark();
  window.matchMedia?.(QUERY).addEventListener?.('change', mark);
}

function subscribe(listener: () => void) {
  const media = window.matchMedia?.(QUERY);
  media?.addEventListener?.('change', listener);
  return () => media?.removeEventListener?.('change', listener);
}

/** `isStandalone()` as React state. */
export function useStandalone(): boolean {
  return useSyncExternalStore(subscribe, isStandalone);
}
