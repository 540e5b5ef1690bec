import { startTransition, useEffect, useState } from 'react';

/**
 * False until the page has loaded (the first page's scripts, styles and preloaded font are in) and the browser has
 * a quiet moment, then true. What waits for it (the landing's drawing and sections, the site's footer) never
 * competes with the first paint for the network or the main thread; on a page reached by navigation it is true
 * almost at once.
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | null = null;
    let timer: number | null = null;
    // a transition: React renders what appears in slices, so the main thread is never held for long
    const reveal = () => startTransition(() => setReady(true));
    const whenQuiet = () => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(reveal, { timeout: 1000 });
      else timer = window.setTimeout(reveal, 100);
    };
    if (document.readyState === 'complete') whenQuiet();
    else window.addEventListener('load', whenQuiet, { once: true });
    return () => {
      window.removeEventListener('load', whenQuiet);
      if (idle !== null) window.cancelIdleCallback(idle);
      if (timer !== null) window.clearTimeout(timer);
    };
  }, []);
  return ready;
}
