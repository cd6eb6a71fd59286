import { useEffect, useRef } from 'react';

/** How long a screen (a lazy chunk, its data) may take to show its heading after a navigation. */
const HEADING_WAIT_MS = 3_000;

/**
 * After an in-app navigation, focus moves to the new page's heading (issue 17 point 12): a screen reader announces
 * the page and the next Tab starts at its content instead of in the header. The first load keeps the browser's own
 * start; a page that put the focus in its content itself (a field with autofocus) keeps it. `main` is the frame's
 * main landmark.
 */
export function useFocusHeadingOnNavigate(pathname: string, main: () => HTMLElement | null): void {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs on each navigation, which `pathname` names.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const started = Date.now();
    let frame = 0;
    const tryFocus = () => {
      const landmark = main();
      const active = document.activeElement;
      // The page (or the user) already moved the focus into the content: leave it there.
      if (landmark && active && active !== document.body && landmark.contains(active)) return;
      const heading = landmark?.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        return;
      }
      if (Date.now() - started < HEADING_WAIT_MS) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
}
