import { Box, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { paths } from '../../config/paths';
import { useLiveUnseenCount } from '../../features/notifications/api/live-unseen';
import { useMarkSeenActivity } from '../../features/notifications/api/mark-seen-activity';
import { useCurrentUser } from '../../lib/use-current-user';
import { AppHeaderIcons } from './app-header-icons';

/**
 * Logged-in pages: logo and the role's header icons. Behind the role guard the user is always loaded; on the
 * not-found page (PublicLayout) the page shows at once and the icons join the logo when the user has loaded.
 */
export function AppLayout() {
  const { data: user } = useCurrentUser();
  const markSeen = useMarkSeenActivity();
  useLiveUnseenCount(Boolean(user));
  return (
    <Box mih="100vh">
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap">
            <Logo to={paths.home} />
            {user && (
              <AppHeaderIcons
                profileType={user.profileType}
                paymentStatus={user.paymentStatus}
                unseen={user.UnseenNotifsCount}
                onBellClick={() => markSeen.mutate()}
              />
            )}
          </Group>
        </Container>
      </Box>
      <Box component="main">
        <Outlet />
      </Box>
    </Box>
  );
}
