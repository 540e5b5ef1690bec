import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor give the page 5 s, not testing-library's 1 s: CI runs this suite beside the type checker and
// the chaos runs, and a lazily loaded chart or a first render can take longer than a second there.
configure({ asyncUtilTimeout: 5000 });

// Browser APIs Mantine uses that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
window.HTMLElement.prototype.scrollTo ??= () => {};

// Whatever a test changed of the page's globals is put back after it: the test files run one after another in the
// same page (isolate: false), so a spy or a stub left in place would reach the next file's tests.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
