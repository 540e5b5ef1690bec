import { MSG } from '@virality/domain';
import { useEffect, useState } from 'react';
import { createBrowserRouter, type HydrationState, RouterProvider } from 'react-router';
import { paths } from '../config/paths';
import { setUnauthorizedHandler } from '../lib/api-client';
import { clearSession } from '../lib/auth-storage';
import { queryClient } from '../lib/query-client';
import { AppOverlays } from './providers';
import { routes } from './routes';

const OVERLAYS_DELAY_MS = 1000;

/** Calls `fn` when the browser is idle (after the frame being drawn), or after `timeoutMs` at the latest. */
function whenIdle(fn: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 50);
  return () => window.clearTimeout(id);
}

/**
 * The browser router; a 401 from the API toasts 'Unauthorized access', clears storage and goes to /login.
 * The toasts' host (AppOverlays) is loaded once the first page has been drawn; a toast shown
 * before then appears once it has loaded.
 */
export function AppRouter({ hydrationData }: { hydrationData?: HydrationState }) {
  const [router] = useState(() => createBrowserRouter(routes, { hydrationData }));
  const [overlays, setOverlays] = useState(false);
  useEffect(() => {
    setUnauthorizedHandler(() => {
      // @mantine/notifications stays off the first page: a page that calls the API has loaded it already.
      void import('@mantine/notifications').then(({ notifications }) =>
        notifications.show({ id: 'unauthorized', message: MSG.unauthorized, color: 'red', autoClose: 4000 }),
      );
      clearSession();
      queryClient.clear();
      void router.navigate(paths.login, { replace: true });
    });
  }, [router]);
  useEffect(() => {
    let cancel: (() => void) | null = null;
    const start = () => {
      if (cancel) return;
      // A second after the first page is ready, when the browser is idle: well after it has been drawn.
      const timer = window.setTimeout(() => {
        cancel = whenIdle(() => setOverlays(true), 2000);
      }, OVERLAYS_DELAY_MS);
      cancel = () => window.clearTimeout(timer);
    };
    if (router.state.initialized) start();
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) start();
    });
    return () => {
      unsubscribe();
      cancel?.();
    };
  }, [router]);
  return (
    <>
      <RouterProvider router={router} />
      {overlays && <AppOverlays />}
    </>
  );
}
