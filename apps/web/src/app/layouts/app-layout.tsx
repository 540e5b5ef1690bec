import { Box, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';
import { useMarkSeenActivity } from '../../features/notifications/api/mark-seen-activity';
import { useCurrentUser } from '../../lib/use-current-user';
import { AppHeaderIcons } from './app-header-icons';

/** Logged-in pages: logo and the role's header icons. Rendered only behind the role guard. */
export function AppLayout() {
  const { data: user } = useCurrentUser();
  const markSeen = useMarkSeenActivity();
  if (!user) return <PageLoader />;
  return (
    <Box mih="100vh">
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Logo to="/home" />
            <AppHeaderIcons
              profileType={user.profileType}
              paymentStatus={user.paymentStatus}
              unseen={user.UnseenNotifsCount}
              onBellClick={() => markSeen.mutate()}
            />
          </Group>
        </Container>
      </Box>
      <Box component="main">
        <Outlet />
      </Box>
    </Box>
  );
}
