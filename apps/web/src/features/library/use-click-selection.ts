import { LIBRARY_CLICK_DELAY_MS } from '@portal/domain';
import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useRef } from 'react';

/**
 * Clicks on library items (docs/domains/library.md#browsing-and-selecting): a single click selects after 235 ms, so a
 * double click can open the item instead; Ctrl or Cmd adds to the selection. Keyboard: Enter opens, Space toggles the
 * item in the selection.
 */
export function useClickSelection<T>(handlers: {
  onSelect: (item: T, additive: boolean) => void;
  onOpen: (item: T) => void;
}) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = useCallback((item: T, event: MouseEvent) => {
    clearTimeout(timer.current);
    if (event.detail > 1) return; // the second click of a double click
    const additive = event.ctrlKey || event.metaKey;
    timer.current = setTimeout(() => latest.current.onSelect(item, additive), LIBRARY_CLICK_DELAY_MS);
  }, []);

  const onDoubleClick = useCallback((item: T) => {
    clearTimeout(timer.current);
    latest.current.onOpen(item);
  }, []);

  const onKeyDown = useCallback((item: T, event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      latest.current.onOpen(item);
    } else if (event.key === ' ') {
      event.preventDefault();
      latest.current.onSelect(item, true);
    }
  }, []);

  return { onClick, onDoubleClick, onKeyDown };
}
