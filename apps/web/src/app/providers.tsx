import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

/**
 * Mantine (theme) and react-query around the whole app. The toasts' host is AppOverlays; the confirm dialogs'
 * host wraps the logged-in pages (app/routes.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

// Toasts are shown through @mantine/notifications' store (notifications.show), so their host need not
// wrap the pages: it is loaded once the first page is up (app/router.tsx), which keeps it and its styles
// off the first paint. A toast shown before the host has loaded appears as soon as it has.
const Notifications = lazy(async () => {
  const [{ Notifications }] = await Promise.all([import('@mantine/notifications'), import('@mantine/notifications/styles.css')]);
  return { default: Notifications };
});

/** The host of the toasts (top right, 4 s). */
export function AppOverlays() {
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={4000} />
    </Suspense>
  );
}
