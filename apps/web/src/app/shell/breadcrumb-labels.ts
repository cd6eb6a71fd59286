import { useEffect, useSyncExternalStore } from 'react';

// Labels a screen gives to a path of the trail when the menu and the route table cannot (a library
// folder is labelled with its name: docs/domains/menu-and-shell.md#breadcrumbs). A tiny store, so the shell never
// imports a screen's code and a screen never reaches into the shell's components.
let labels: ReadonlyMap<string, string> = new Map();
const listeners = new Set<() => void>();

function setLabel(path: string, label: string | undefined) {
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

/** The labels screens have set, by path. */
export function useBreadcrumbLabels(): ReadonlyMap<string, string> {
  return useSyncExternalStore(subscribe, () => labels);
}

/** Labels `path` in the breadcrumb while the calling screen is mounted (nothing while `label` is undefined). */
export function useBreadcrumbLabel(path: string, label: string | undefined) {
  useEffect(() => {
    if (label === undefined) return;
    setLabel(path, label);
    return () => setLabel(path, undefined);
  }, [path, label]);
}
