import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';

/**
 * A query client that never retries. By default what is put in by hand (seedUser) stays fresh; pass
 * `staleTime: 0` for react-query's own default, where a page asks the (mocked) server itself.
 */
export const testQueryClient = ({ staleTime = Number.POSITIVE_INFINITY }: { staleTime?: number } = {}) =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime }, mutations: { retry: false } } });

/**
 * Renders `ui` inside what the app puts around every screen (app/providers.tsx): Mantine in its test
 * environment (no transitions, no portals), toasts, modals and react-query.
 */
export function renderUi(ui: ReactNode, queryClient: QueryClient = testQueryClient()) {
  notifications.clean();
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>{ui}</ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Shows the path the router ended on (`data-testid="location"`) and, in `data-state`, the state it was given. */
export function WhereAmI() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

/** Renders `routes` in a memory router that starts at `path`. */
export function renderRoutes(routes: RouteObject[], path: string, queryClient: QueryClient = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderUi(<RouterProvider router={router} />, queryClient);
}

/**
 * Renders `page` at `url` (on the route `route`, by default the url's path) with a fresh query client;
 * any other path shows WhereAmI, so a test can read where the page navigated to.
 */
export function renderPage(
  url: string,
  page: ReactNode,
  {
    route = new URL(url, 'http://localhost').pathname,
    queryClient = testQueryClient({ staleTime: 0 }),
  }: { route?: string; queryClient?: QueryClient } = {},
) {
  return renderRoutes(
    [
      { path: route, element: page },
      { path: '*', element: <WhereAmI /> },
    ],
    url,
    queryClient,
  );
}
