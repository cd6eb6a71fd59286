import { type ComponentType, lazy, useState } from 'react';

/** A lazily loaded component whose code can be asked for before it renders. */
export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Starts loading the code (once, again after a failure); resolves when it is there. */
  preload(): Promise<ComponentType<P>>;
};

/**
 * `React.lazy` that can be preloaded and does not suspend once its code is there: a component whose code was
 * preloaded (the screen opened, the banner of /home) renders in the same pass as its parent, where `lazy` would
 * suspend once more and commit a fallback before it (one more render and commit on a phone's first load). Before
 * the code is there it is `lazy`, under the nearest Suspense. Each mount keeps the form it started with, so a screen
 * is never remounted when its code arrives.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed load (a network blip) is tried again by the next caller instead of failing forever.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per component at module level, as React.lazy.
  function Preloadable(props: P) {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
