// The public pages rendered to HTML ahead of the browser: at build time (apps/web/vite.config.ts,
// prerenderPublicPages) those whose content is all known then, and by the server as they are asked for (its
// live-pages) those that show what the API answers (the plans, the articles). A visitor sees a page's content as
// soon as its HTML and styles arrive, and the app's JavaScript then takes it over (main.tsx, hydrateRoot) instead of
// drawing it again. Rendered as a visitor without a session sees them.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { paths } from './config/paths';
import { priceListQuery } from './features/billing/api/get-price-list';
import { setRenderingWhole } from './features/landing/use-after-load';
import { featureNewsQuery } from './features/news/api/news';
import { setApiFetch } from './lib/api-client';
import { queryClient } from './lib/query-client';
import type { TPageQuery } from './prerender-styles';

export { fillRoot, linkStylesOfRenderedParts, readStylesheetClasses, type TPageQuery } from './prerender-styles';

export type TPrerendered = {
  /** the markup of the root element */
  html: string;
  /** what the page's route loaders answered, by route id: the browser's router starts from it (hydrationData) */
  loaderData: Record<string, unknown>;
  /** the API answers it was rendered with: the app's cache starts from them */
  queries?: TPageQuery[];
};

/** The pages rendered with what the API answers, and the calls each reads (the page's own queries). */
const LIVE_PAGES: Record<string, () => FetchQueryOptions<unknown, Error, unknown, readonly unknown[]>[]> = {
  [paths.pricing]: () => [priceListQuery() as FetchQueryOptions<unknown, Error, unknown, readonly unknown[]>],
  [paths.newsRoom]: () => [featureNewsQuery() as FetchQueryOptions<unknown, Error, unknown, readonly unknown[]>],
};
export const livePages = (): string[] => Object.keys(LIVE_PAGES);

/** The fetch of the request being answered: each page's calls go to the server through its own request's. */
const requestFetch = new AsyncLocalStorage<typeof fetch>();
setApiFetch((input, init) => {
  const through = requestFetch.getStore();
  if (!through) throw new Error('an API call outside a page being rendered');
  return through(input, init);
});

/**
 * What a live page shows from the API, read through `fetcher` (the server answers each call as it would the
 * browser's, for the visitor's own request): its queries' keys and data, as the page's own query functions make them.
 */
export async function pageData(pathname: string, fetcher: typeof fetch): Promise<TPageQuery[]> {
  const queries = LIVE_PAGES[pathname];
  if (!queries) throw new Error(`${pathname} is not a page rendered with its data`);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return requestFetch.run(fetcher, () =>
    Promise.all(queries().map(async (q) => ({ queryKey: q.queryKey, data: await client.fetchQuery(q) }))),
  );
}

/** One page at a time: the app's cache and the whole-page switch are shared by the render. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * `whole`: the page's content is all in its HTML, the parts that load their code apart included (the landing's
 * sections, the footer, the menu); otherwise they are left for the app to bring, as on a page reached in the app.
 * `queries`: the API answers the page shows (pageData), put in the app's cache before it renders.
 */
export function render(pathname: string, opts: { whole: boolean; queries?: TPageQuery[] }): Promise<TPrerendered> {
  const done = queue.then(() => renderOne(pathname, opts));
  queue = done.catch(() => undefined);
  return done;
}

async function renderOne(
  pathname: string,
  { whole, queries }: { whole: boolean; queries?: TPageQuery[] },
): Promise<TPrerendered> {
  setRenderingWhole(whole);
  queryClient.clear();
  for (const q of queries ?? []) queryClient.setQueryData(q.queryKey, q.data);
  try {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(`http://localhost${pathname}`));
    if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} instead of a page`);
    if (context.errors) throw new Error(`${pathname} failed to render: ${JSON.stringify(context.errors)}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    const page = (
      <StrictMode>
        <AppProviders>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>
    );
    // Every part that loads its code apart (the landing's sections, the footer, the menu) is rendered too: a first
    // pass waits for their code, and the page is then rendered with all of it in hand, as plain HTML (a streamed
    // render would finish late parts with inline scripts, which the page's script-src refuses).
    const { prelude } = await prerenderToNodeStream(page);
    for await (const _ of prelude) {
      // drained: only the code it waited for is wanted
    }
    const html = renderToString(page);
    if (html.includes('<!--$?-->') || html.includes('<script'))
      throw new Error(`${pathname} still had a part waiting for its code after its code had loaded`);
    return { html, loaderData: context.loaderData, ...(queries ? { queries } : {}) };
  } finally {
    queryClient.clear();
  }
}
