import { useQueryClient } from '@tanstack/react-query';
import { guardRoute, routeAccess } from '@virality/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { clearSession, readSession, tokenExpiresAtMs } from '../../lib/auth-storage';
import { CURRENT_USER_KEY } from '../../lib/use-current-user';

const STATUS_CHECK_EXEMPT = ['/message'];

// The cookie notice and the mobile-app notice (components/cookie-consent): loaded a moment after the first
// page is drawn, so they never hold it back.
const DeviceNotices = lazy(async () => ({ default: (await import('../../components/cookie-consent')).DeviceNotices }));
const NOTICES_DELAY_MS = 800;

/**
 * Where the domain guard sends a visitor of a route outside RoleGuard, or null to stay: an onboarding step
 * without a live session goes to /login (an expired session is cleared), a logged-in user on /login goes to
 * /home. Only the stored token counts here, so this needs no user; role routes are RoleGuard's.
 */
export function sessionRedirect(pathname: string, nowMs: number = Date.now()): '/login' | '/home' | null {
  const access = routeAccess(pathname);
  if (access !== 'session' && access !== 'guest') return null;
  const session = readSession();
  const result = guardRoute(
    pathname,
    {
      token: session?.token ?? null,
      expiresAtMs: session ? tokenExpiresAtMs(session.token) : null,
      role: session?.role ?? null,
      profileCompleted: true,
    },
    nowMs,
  );
  if (result.allow) return null;
  if (result.redirect === '/login') {
    if (session) clearSession();
    return '/login';
  }
  return '/home';
}

/** The notices, a moment after the first page is drawn; their own component, so that moment re-renders no page. */
function NoticesAfterDelay() {
  const [notices, setNotices] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setNotices(true), NOTICES_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!notices) return null;
  return (
    <Suspense fallback={null}>
      <DeviceNotices />
    </Suspense>
  );
}

/**
 * The root of every page: applies the session checks of the route guard (sessionRedirect) and re-checks the
 * user's status when the window regains focus (not on /message).
 */
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
  const redirect = sessionRedirect(pathname);
  return (
    <>
      <ScrollRestoration />
      {redirect ? <Navigate to={redirect} replace /> : <Outlet />}
      <NoticesAfterDelay />
    </>
  );
}
