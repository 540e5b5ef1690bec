// The public pages rendered to HTML at build time (apps/web/vite.config.ts, prerenderPublicPages): a visitor sees a
// page's content as soon as its HTML and styles arrive, and the app's JavaScript then takes it over (main.tsx,
// hydrateRoot) instead of drawing it again. Rendered as a visitor without a session sees them.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';

export type TPrerendered = {
  /** the markup of the root element */
  html: string;
  /** what the page's route loaders answered, by route id: the browser's router starts from it (hydrationData) */
  loaderData: Record<string, unknown>;
};

export async function render(pathname: string): Promise<TPrerendered> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} instead of a page`);
  if (context.errors) throw new Error(`${pathname} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, loaderData: context.loaderData };
}
