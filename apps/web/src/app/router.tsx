import { notifications } from '@mantine/notifications';
import { MSG } from '@virality/domain';
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { paths } from '../config/paths';
import { setUnauthorizedHandler } from '../lib/api-client';
import { clearSession } from '../lib/auth-storage';
import { queryClient } from '../lib/query-client';
import { routes } from './routes';

/** The browser router; a 401 from the API toasts 'Unauthorized access', clears storage and goes to /login. */
export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  useEffect(() => {
    setUnauthorizedHandler(() => {
      notifications.show({ id: 'unauthorized', message: MSG.unauthorized, color: 'red', autoClose: 4000 });
      clearSession();
      queryClient.clear();
      void router.navigate(paths.login, { replace: true });
    });
  }, [router]);
  return <RouterProvider router={router} />;
}
