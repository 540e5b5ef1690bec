import { Badge, Center, Container, Group, Loader, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import type { TProfileType } from '@virality/domain';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { profileTypeLabel } from '../../../components/profile-type-label';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { clearSession, readSession } from '../../../lib/auth-storage';
import { useCurrentUser } from '../../../lib/use-current-user';
import { logout } from '../api/logout';
import { ManagerAccess } from './manager-access';

const LEVELLED: TProfileType[] = ['INFLUENCER', 'BUSINESS'];
const levelOf = (v: string) => (v === 'Maker' || v === 'Visionary' ? v : 'Trailblazer');

type TProps = {
  /** The subscription's summary (another feature's), shown under the profile card. */
  subscription?: ReactNode;
  /** The Pricing entry of the menu (another feature's). */
  pricingEntry?: ReactNode;
};

/**
 * /profile: the profile hub. Only entries whose pages exist are shown: Manage Users and User Role
 * (BUSINESS only), Social Media Accounts (all but IMC), Pricing (given by the app) and Logout. A business manager also
 * sees what their role allows.
 */
export function ProfilePage({ subscription, pricingEntry }: TProps = {}) {
  const { data: user, isPending } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const confirmLogout = () =>
    modals.openConfirmModal({
      title: 'Logout',
      children: <Text size="sm">Are you sure you want to logout?</Text>,
      labels: { confirm: 'Logout', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        const token = readSession()?.token;
        clearSession();
        queryClient.clear();
        navigate(paths.landing, { replace: true });
        if (token) void logout(token);
      },
    });

  if (isPending || !user) {
    return (
      <Center mih="40vh">
        <Loader />
      </Center>
    );
  }
  const name = user.name ?? user.userName ?? '';
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="lg">
          <Group gap="md" wrap="nowrap">
            <UserAvatar name={name} image={user.profileImage} color={user.backgroundColor} size={64} />
            <Stack gap={2}>
              <Title order={1} fz={22}>
                {name}
              </Title>
              {user.userName && <Text c="dimmed">@{user.userName}</Text>}
              <Group gap="xs">
                <Badge variant="light">{profileTypeLabel(user.profileType)}</Badge>
                {LEVELLED.includes(user.profileType) && <Badge variant="outline">{levelOf(user.viralityLevel)}</Badge>}
              </Group>
            </Stack>
          </Group>
        </Paper>
        {user.profileType === 'BUSINESS_MANAGER' && <ManagerAccess user={user} />}
        {subscription}
        <Paper withBorder radius="lg" p="xs" component="nav" aria-label="Profile menu">
          {user.profileType === 'BUSINESS' && (
            <>
              <NavLink component={Link} to={paths.manageUsers} label="Manage Users" description="Your team's sub-users" />
              <NavLink
                component={Link}
                to={paths.manageRoles}
                label="User Role"
                description="Roles and their permissions"
                pl="xl"
              />
            </>
          )}
          {user.profileType !== 'IMC' && (
            <NavLink
              component={Link}
              to={`${paths.addSocialMedia}?from=profile`}
              label="Social Media Accounts"
              description="The accounts you publish to"
            />
          )}
          {pricingEntry}
          <NavLink component="button" label="Logout" c="red" onClick={confirmLogout} />
        </Paper>
      </Stack>
    </Container>
  );
}
