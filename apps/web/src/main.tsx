// Mantine's global styles. Each component's styles come with the component's code (vite.config.ts,
// mantineComponentStyles), so a page loads the styles of what it renders and no more.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type LazyRouteFunction, matchRoutes, type RouteObject } from 'react-router';
import { App } from './app/app';
import { routes } from './app/routes';
import { loadLazyParts } from './boot/lazy-part';
import { replayPending, syncTypedFields, type TBeforeLive, takeOverFromBoot, whenHydrated } from './boot/replay';
import { queryClient } from './lib/query-client';
import { readLiveSession } from './lib/session';
import type { TPageQuery } from './prerender-styles';

const root = document.getElementById('root') as HTMLElement;
/** What the build put beside a page it rendered ahead of time (vite.config.ts, prerenderPublicPages). */
const prerendered = document.getElementById('prerendered');

let replayed = false;

/**
 * Once the app has taken the page over: what the visitor typed and did before then (src/boot/replay.ts). It wraps
 * the app rather than sitting beside it: a second child would change every id React derives from the tree (useId),
 * and the page's HTML holds the ids of the app alone.
 */
function ReplayBeforeLive({ before, children }: { before: TBeforeLive; children: ReactNode }) {
  useEffect(() => {
    if (replayed) return;
    replayed = true;
    void whenHydrated(before).then(() => {
      syncTypedFields(before.typed);
      replayPending(before.pending);
    });
  }, [before]);
  return children;
}

async function start() {
  // A public page rendered at build time, as a visitor without a session sees it: the app takes over the HTML the
  // visitor already sees. Its lazy route modules come first, so the first render is the page itself; the work is a
  // transition, done in slices that leave the main thread free for the visitor's first taps and keys.
  if (prerendered && root.firstElementChild && !readLiveSession()) {
    const { loaderData, queries } = JSON.parse(prerendered.textContent ?? '{}') as {
      loaderData: Record<string, unknown>;
      queries?: TPageQuery[];
    };
    // the API answers the server rendered the page with (the plans, the articles): the app starts from the same
    for (const q of queries ?? []) queryClient.setQueryData(q.queryKey, q.data);
    const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => typeof m.route.lazy === 'function');
    await Promise.all(
      lazy.map(async ({ route }) => {
        const loaded = await (route.lazy as LazyRouteFunction<RouteObject>)();
        Object.assign(route, { ...loaded, lazy: undefined });
      }),
    );
    // then, on a page rendered whole, the parts that load their code apart (the build rendered them too)
    if (prerendered.hasAttribute('data-whole')) await loadLazyParts();
    startTransition(() => {
      const before = takeOverFromBoot(root);
      hydrateRoot(
        root,
        <StrictMode>
          <ReplayBeforeLive before={before}>
            <App hydrationData={{ loaderData }} />
          </ReplayBeforeLive>
        </StrictMode>,
      );
    });
    return;
  }
  // Anywhere else (or with a session, which the page rendered ahead of time was not made for) the app draws the page.
  takeOverFromBoot(root);
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
