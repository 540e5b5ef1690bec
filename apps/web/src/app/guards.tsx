import { Alert, Button, Center, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { guardRoute, MSG, type TProfileType } from '@virality/domain';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { clearSession, readSession, tokenExpiresAtMs } from '../lib/auth-storage';
import { useCurrentUser } from '../lib/use-current-user';

/**
 * Role guard (domain `guardRoute`): no or expired token → /login (storage cleared);
 * profile incomplete → /userprofile; role not allowed → /home. profileCompleted comes from the
 * current user (GET user/getUserStatus).
 */
export function RoleGuard() {
  const { pathname } = useLocation();
  const session = readSession();
  const user = useCurrentUser();
  const now = Date.now();
  const base = {
    token: session?.token ?? null,
    expiresAtMs: session ? tokenExpiresAtMs(session.token) : null,
    role: user.data?.profileType ?? session?.role ?? null,
  };
  // Token checks first: they need no user.
  const tokenCheck = guardRoute(pathname, { ...base, profileCompleted: true }, now);
  if (!tokenCheck.allow && tokenCheck.redirect === '/login') {
    if (session) clearSession();
    return <Navigate to="/login" replace />;
  }
  // an admin has no profile: the console is the only logged-in page
  if (!tokenCheck.allow && tokenCheck.redirect === '/admin') return <Navigate to="/admin" replace />;
  if (user.isError) {
    return (
      <Center mih="50vh" p="md">
        <Stack align="center">
          <Alert color="red" title="Could not load your account">
            {user.error.message}
          </Alert>
          <Button onClick={() => void user.refetch()}>Try again</Button>
        </Stack>
      </Center>
    );
  }
  if (!user.data) return <PageLoader />;
  const result = guardRoute(pathname, { ...base, profileCompleted: user.data.profileCompleted }, now);
  if (result.allow) return <Outlet />;
  if (result.redirect === '/userprofile') return <CompleteRegistrationRedirect />;
  return <Navigate to={result.redirect} replace />;
}

function CompleteRegistrationRedirect() {
  useEffect(() => {
    notifications.show({ id: 'complete-registration', message: MSG.completeRegistration, color: 'yellow', autoClose: 4000 });
  }, []);
  return <Navigate to="/userprofile" replace />;
}

/**
 * A narrower guard inside RoleGuard, for a route the domain matrix lets more roles reach than may use it:
 * /profile/updatesubuser is a child of /profile (all roles) but only a BUSINESS edits sub-users.
 * Any other role is sent to /home, like RoleGuard does.
 */
export function RequireRoles({ roles }: { roles: readonly TProfileType[] }) {
  const { data: user } = useCurrentUser();
  if (!user) return <PageLoader />;
  return roles.includes(user.profileType) ? <Outlet /> : <Navigate to="/home" replace />;
}
