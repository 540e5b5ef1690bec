import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient } from '../lib/query-client';
import { NARROW_SCREEN } from '../lib/toast-layout';
import toastClasses from '../lib/toasts.module.css';
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

/**
 * The host of the toasts (4 s unless told): top right, at most 3, on a wide screen; on a phone one at a time
 * at the bottom, above the tab bar, so none covers the page's heading (lib/notify.ts shows the newest).
 */
export function AppOverlays() {
  const narrow = useMediaQuery(NARROW_SCREEN);
  return (
    <Suspense fallback={null}>
      <Notifications
        position={narrow ? 'bottom-center' : 'top-right'}
        limit={narrow ? 1 : 3}
        autoClose={4000}
        classNames={{ root: toastClasses.root }}
      />
    </Suspense>
  );
}
