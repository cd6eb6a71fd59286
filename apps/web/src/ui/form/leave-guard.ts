import { useEffect, useSyncExternalStore } from 'react';

/**
 * Leaving a form with changes asks first (issue 17 point 8; docs/domains/screens-and-forms.md#leaving-a-form):
 * every kit form (useZodForm) holds a guard while its values differ from what it started with. A click on an in-app
 * link (menu, breadcrumb, a "back" link) and the browser's back and forward are held until the user answers the
 * question (LeaveGuardDialog); closing or reloading the tab gets the browser's own question. Navigations the app
 * makes itself (after a save) are not held. The router runs in its declarative mode (decision 0017), which has no
 * blocker of its own: this sits in front of it.
 */

/** A held navigation: an in-app link to follow, or a back/forward press already applied to the address bar. */
export type HeldLeave = { kind: 'link'; to: string } | { kind: 'history'; delta: number };

let guards = 0;
let held: HeldLeave | null = null;
/** True while a held navigation is let through. */
let passing = false;
/** True while a refused back/forward is undone (its popstate is not the router's either). */
let undoing = false;
/** The history index of the page the guard was armed on (React Router keeps `idx` in history.state). */
let armedIndex: number | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const historyIndex = (): number | null => {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

function onPopState(event: PopStateEvent) {
  if (passing) return;
  if (undoing) {
    undoing = false;
    event.stopImmediatePropagation();
    return;
  }
  if (!guards) return;
  // Held before the router sees it: the address bar already shows the target, the form is still on screen.
  event.stopImmediatePropagation();
  const now = historyIndex();
  held = { kind: 'history', delta: now !== null && armedIndex !== null ? now - armedIndex : -1 };
  emit();
}

function onClick(event: MouseEvent) {
  if (passing || !guards || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
  const url = new URL(anchor.href, window.location.href);
  // Another site or a full page load: the browser's own question (beforeunload) covers it.
  if (url.origin !== window.location.origin || anchor.dataset.reload !== undefined) return;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return;
  event.preventDefault();
  event.stopPropagation();
  held = { kind: 'link', to: `${url.pathname}${url.search}${url.hash}` };
  emit();
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (!guards) return;
  event.preventDefault();
  // Older browsers ask only when returnValue is set.
  event.returnValue = '';
}

let installed = false;

/**
 * Installs the guard's listeners. Call once before the app renders: its popstate listener must come before the
 * router's so that a held back press never reaches it, and its click listener (capture, on the document) before
 * React's.
 */
export function installLeaveGuard(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('popstate', onPopState);
  document.addEventListener('click', onClick, true);
  window.addEventListener('beforeunload', onBeforeUnload);
}

/** Holds navigation away while `active` (a form with changes). */
export function useLeaveGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    guards++;
    if (guards === 1) armedIndex = historyIndex();
    return () => {
      guards--;
    };
  }, [active]);
}

/** A "cancel" or "close" of the app's own (not a link): asks first when a form has changes, else goes. */
export function requestLeave(to: string, navigate: (to: string) => void): void {
  if (!guards) {
    navigate(to);
    return;
  }
  held = { kind: 'link', to };
  emit();
}

/** The navigation being held, for LeaveGuardDialog. */
export function useHeldLeave(): HeldLeave | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => held,
  );
}

/**
 * Answers the held navigation. Leaving: a held link is followed through `navigate`, a held back/forward is handed
 * to the router now (the address bar already shows it). Staying: a back/forward is undone.
 */
export function answerHeldLeave(leave: boolean, navigate: (to: string) => void): void {
  const answered = held;
  held = null;
  emit();
  if (!answered) return;
  if (answered.kind === 'link') {
    if (!leave) return;
    passing = true;
    try {
      navigate(answered.to);
    } finally {
      passing = false;
    }
    return;
  }
  if (leave) {
    passing = true;
    try {
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    } finally {
      passing = false;
    }
  } else if (answered.delta !== 0) {
    undoing = true;
    window.history.go(-answered.delta);
  }
}
