import { startTransition, useEffect, useState } from 'react';

/**
 * False until the page has loaded (the first page's scripts, styles and preloaded font are in) and the browser has
 * a quiet moment, then true. What waits for it (the landing's drawing and sections, the site's footer) never
 * competes with the first paint for the network or the main thread; on a page reached by navigation it is true
 * almost at once. On a page the build rendered whole (src/prerender.tsx: its content is all in its HTML) it is true from
 * the start: what waits is in the HTML, and the app takes it over as it is. A page rendered ahead whose content the
 * API answers (pricing, the news room) keeps it waiting, so the footer never sits where the content will grow.
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(renderedAhead);
  useEffect(() => {
    if (ready) return;
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
  }, [ready]);
  return ready;
}

let renderingWhole = false;

/** At build time (src/prerender.tsx): whether the page being rendered is rendered whole. */
export function setRenderingWhole(whole: boolean): void {
  renderingWhole = whole;
}

/** Rendering a whole page at build time, or taking one over (the build marks its data, main.tsx). */
function renderedAhead(): boolean {
  if (typeof document === 'undefined') return renderingWhole;
  return document.getElementById('prerendered')?.hasAttribute('data-whole') ?? false;
}
