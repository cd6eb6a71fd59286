import { type ReactNode, useEffect, useState } from 'react';

/**
 * Runs `work` once the browser has nothing else to do (React done rendering, the page painted), at the latest after
 * `timeoutMs`; returns a cancel. For what a page needs soon but not for its first view (docs/domains/home.md#on-home):
 * on a phone's first load it would otherwise compete with the screen's first render.
 */
export function whenIdle(work: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 1);
  return () => window.clearTimeout(id);
}

/** Its children, once the browser has been idle after it mounted: only this element renders again then. */
export function AfterIdle({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle ? children : null;
}
