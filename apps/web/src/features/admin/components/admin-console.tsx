import { Alert, AppShell, Burger, Button, Center, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { guardRoute } from '@virality/domain';
import { Suspense } from 'react';
import { Navigate, Route, NavLink as RouterNavLink, Routes, useLocation, useNavigate } from 'react-router';
import { Logo } from '../../../components/logo';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { clearSession, readSession, tokenExpiresAtMs } from '../../../lib/auth-storage';
import { queryClient } from '../../../lib/query-client';
import { logout } from '../../profile/api/logout';
import { useAdminMe } from '../api/admin-me';
import { ADMIN_SECTIONS } from '../sections';

/**
 * /admin/*: the console, for an ADMIN only (domain guardRoute: no session → /login, any other type → /home). Its
 * sections come from the registry (sections.tsx); /admin opens the first.
 */
export function AdminConsole() {
  const { pathname } = useLocation();
  const session = readSession();
  const verdict = guardRoute(
    pathname,
    {
      token: session?.token ?? null,
      expiresAtMs: session ? tokenExpiresAtMs(session.token) : null,
      role: session?.role ?? null,
      profileCompleted: true,
    },
    Date.now(),
  );
  if (!verdict.allow) {
    if (verdict.redirect === '/login') clearSession();
    return <Navigate to={verdict.redirect} replace />;
  }
  return (
    <ModalsProvider>
      <ConsoleFrame />
    </ModalsProvider>
  );
}

function ConsoleFrame() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const me = useAdminMe();
  const navigate = useNavigate();
  const signOut = () => {
    const token = readSession()?.token;
    clearSession();
    queryClient.clear();
    navigate(paths.login, { replace: true });
    if (token) void logout(token);
  };
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Open the console menu" />
            <Logo to={paths.admin} />
            <Text fw={600} c="dimmed" visibleFrom="xs">
              Admin console
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {me.data?.email && (
              <Text size="sm" c="dimmed" visibleFrom="md" truncate maw={260}>
                {me.data.email}
              </Text>
            )}
            <Button variant="default" size="xs" onClick={signOut}>
              Log out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Console sections">
        <Stack gap={4}>
          {ADMIN_SECTIONS.map((s) => (
            <NavLink
              key={s.path}
              component={RouterNavLink}
              to={`${paths.admin}/${s.path}`}
              label={s.label}
              leftSection={<s.icon size={18} stroke={1.8} />}
              onClick={close}
            />
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        {me.isError ? (
          <Center mih="40vh">
            <Alert color="red" title="Could not open the console">
              {me.error.message}
            </Alert>
          </Center>
        ) : (
          <Suspense fallback={<PageLoader />}>
            <Routes>
              <Route index element={<Navigate to={`${paths.admin}/${ADMIN_SECTIONS[0].path}`} replace />} />
              {ADMIN_SECTIONS.map((s) => (
                <Route key={s.path} path={`${s.path}/*`} element={<s.component />} />
              ))}
              <Route path="*" element={<Navigate to={paths.admin} replace />} />
            </Routes>
          </Suspense>
        )}
      </AppShell.Main>
    </AppShell>
  );
}
