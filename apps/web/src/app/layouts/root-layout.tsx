import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { readSession } from '../../lib/auth-storage';
import { CURRENT_USER_KEY } from '../../lib/use-current-user';

const STATUS_CHECK_EXEMPT = ['/message'];

/** The root of every page: re-checks the user's status when the window regains focus (not on /message). */
export function RootLayout() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'hidden') return;
      if (STATUS_CHECK_EXEMPT.includes(pathname.toLowerCase())) return;
      if (!readSession()) return;
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY, refetchType: 'all' });
    };
    window.addEventListener('focus', check);
    return () => window.removeEventListener('focus', check);
  }, [pathname, queryClient]);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
