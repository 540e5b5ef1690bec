import { type ComponentType, lazy } from 'react';

/** Every part made by lazyPart in the modules loaded so far: how to load each one's code. */
const parts = new Set<() => Promise<unknown>>();

/**
 * A part of a page whose code loads apart from the page's (React's lazy), which the build renders into the pages it
 * renders ahead of time (src/prerender.tsx). The app loads the code of every such part of the page before it takes
 * the page over (loadLazyParts, main.tsx): a part still waiting for its code would stay the build's inert HTML, and
 * a tap the visitor made on it before the app was live could not be done again.
 */
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as React's lazy takes
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loading: Promise<{ default: T }> | null = null;
  const once = () => {
    loading ??= load();
    return loading;
  };
  parts.add(once);
  return lazy(once);
}

/** Loads the code of every part declared so far (the page's own modules have been loaded first). */
export function loadLazyParts(): Promise<unknown[]> {
  return Promise.all([...parts].map((load) => load()));
}
