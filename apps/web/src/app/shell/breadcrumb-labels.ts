import { useEffect, useSyncExternalStore } from 'react';

// Labels a screen gives to a path of the trail when the menu and the route table cannot, or null to leave that
// path out (a library folder: the page's own folder trail names every folder, docs/domains/menu-and-shell.md#breadcrumbs).
// A tiny store, so the shell never imports a screen's code and a screen never reaches into the shell's components.
let labels: ReadonlyMap<string, string | null> = new Map();
const listeners = new Set<() => void>();

function setLabel(path: string, label: string | null | undefined) {
  const next = new Map(labels);
  if (label === undefined) next.delete(path);
  else next.set(path, label);
  labels = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The labels screens have set, by path (null: the path is left out of the trail). */
export function useBreadcrumbLabels(): ReadonlyMap<string, string | null> {
  return useSyncExternalStore(subscribe, () => labels);
}

/**
 * Labels `path` in the breadcrumb while the calling screen is mounted (nothing while `label` is undefined; null
 * leaves the path out, for a screen whose own trail says more).
 */
export function useBreadcrumbLabel(path: string, label: string | null | undefined) {
  useEffect(() => {
    if (label === undefined) return;
    setLabel(path, label);
    return () => setLabel(path, undefined);
  }, [path, label]);
}
