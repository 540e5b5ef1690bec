// The public pages rendered to HTML at build time (apps/web/vite.config.ts, prerenderPublicPages): a visitor sees a
// page's content as soon as its HTML and styles arrive, and the app's JavaScript then takes it over (main.tsx,
// hydrateRoot) instead of drawing it again. Rendered as a visitor without a session sees them.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { setRenderingWhole } from './features/landing/use-after-load';

export type TPrerendered = {
  /** the markup of the root element */
  html: string;
  /** what the page's route loaders answered, by route id: the browser's router starts from it (hydrationData) */
  loaderData: Record<string, unknown>;
};

/**
 * `whole`: the page's content is all in its HTML, the parts that load their code apart included (the landing's
 * sections, the footer, the menu); otherwise they are left for the app to bring, as on a page reached in the app.
 */
export async function render(pathname: string, { whole }: { whole: boolean }): Promise<TPrerendered> {
  setRenderingWhole(whole);
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
  return { html, loaderData: context.loaderData };
}
