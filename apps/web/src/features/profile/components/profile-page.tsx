import {
  Badge,
  Center,
  Container,
  Divider,
  Group,
  Loader,
  NavLink,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  type Icon,
  IconAffiliate,
  IconAward,
  IconBell,
  IconChevronRight,
  IconCreditCard,
  IconHelpCircle,
  IconKey,
  IconLifebuoy,
  IconLock,
  IconLogout,
  IconMapPin,
  IconReceipt,
  IconShieldCheck,
  IconTrash,
  IconUserCircle,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { levelBadge, pricingEntryLabel, profileHubEntries, type THubEntry } from '@virality/domain';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LevelBadge } from '../../../components/level-badge';
import { profileTypeLabel } from '../../../components/profile-type-label';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { clearSession, readSession } from '../../../lib/auth-storage';
import { type TCurrentUser, useCurrentUser } from '../../../lib/use-current-user';
import { logout } from '../api/logout';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ManagerAccess } from './manager-access';

type TLinkEntry = { label: string; description: string; icon: Icon; to: string };

const ICON = { size: 20, stroke: 1.75, 'aria-hidden': true } as const;

/** The hub's links, by entry. An entry whose page is not built yet has no link here and is not shown. */
const LINKS: Partial<Record<THubEntry, TLinkEntry>> = {
  notification: {
    label: 'Notification',
    description: 'What we tell you about, and how',
    icon: IconBell,
    to: paths.notificationSettings,
  },
  accountDetails: {
    label: 'Account Details',
    description: 'Photo, name, contact and payout details',
    icon: IconUserCircle,
    to: paths.accountDetails,
  },
  manageUsers: { label: 'Manage Users', description: "Your team's sub-users", icon: IconUsers, to: paths.manageUsers },
  addressDetail: {
    label: 'Address Detail',
    description: 'Country, city, address and pin code',
    icon: IconMapPin,
    to: paths.address,
  },
  socialMediaAccounts: {
    label: 'Social Media Accounts',
    description: 'The accounts you publish to',
    icon: IconAffiliate,
    to: `${paths.addSocialMedia}?from=profile`,
  },
  viralityPoint: {
    label: 'Virality Point',
    description: 'Your points and your level',
    icon: IconAward,
    to: paths.pointWallet,
  },
  wallet: {
    label: 'Wallet',
    description: 'Payments, your balance and withdrawals',
    icon: IconReceipt,
    to: paths.wallet,
  },
  changePassword: {
    label: 'Change Password',
    description: 'The password you log in with',
    icon: IconLock,
    to: paths.changePassword,
  },
  apiKeys: {
    label: 'API keys',
    description: 'Keys and webhooks for your scripts, tools and AI agents',
    icon: IconKey,
    to: paths.apiKeys,
  },
  privacyPolicy: {
    label: 'Privacy Policy',
    description: 'What we keep about you, and why',
    icon: IconShieldCheck,
    to: paths.profilePrivacyPolicy,
  },
  helpSupport: {
    label: 'Help & Support',
    description: 'Write to our support team',
    icon: IconLifebuoy,
    to: paths.profileSupport,
  },
  faq: {
    label: "FAQ's",
    description: 'Adding Instagram, Facebook and YouTube accounts',
    icon: IconHelpCircle,
    to: paths.profileFaq,
  },
};

type TProps = {
  /** The subscription's summary (another feature's), shown under the profile card. */
  subscription?: ReactNode;
};

/**
 * /profile: the profile hub. Who gets which entry is the domain's rule (profileHubEntries); only entries whose
 * pages exist are shown. A business manager also sees what their role allows. Delete Account and Logout end the
 * menu, each behind a confirmation.
 */
export function ProfilePage({ subscription }: TProps = {}) {
  const { data: user, isPending } = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);

  const confirmLogout = () =>
    modals.openConfirmModal({
      title: 'Logout',
      centered: true,
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
        <Loader aria-label="Loading your profile" />
      </Center>
    );
  }
  const entries = profileHubEntries(user);
  const pricing = entries.includes('pricing') ? pricingEntryLabel(user.profileType, user.subscriptionDetails) : null;

  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <ProfileCard user={user} />
        {user.profileType === 'BUSINESS_MANAGER' && <ManagerAccess user={user} />}
        {subscription}
        <Paper withBorder radius="lg" shadow="xs" p="xs" component="nav" aria-label="Profile menu">
          <Stack gap={2}>
            {entries.map((entry) => {
              if (entry === 'pricing' && pricing) {
                return (
                  <HubLink
                    key={entry}
                    entry={{
                      label: pricing,
                      description: 'Plans and your subscription',
                      icon: IconCreditCard,
                      to: paths.profilePricing,
                    }}
                  />
                );
              }
              const link = LINKS[entry];
              if (!link) return null;
              return (
                <div key={entry}>
                  <HubLink entry={link} />
                  {entry === 'manageUsers' && (
                    <HubLink
                      nested
                      entry={{
                        label: 'User Role',
                        description: 'Roles and their permissions',
                        icon: IconUserShield,
                        to: paths.manageRoles,
                      }}
                    />
                  )}
                </div>
              );
            })}
          </Stack>
          <Divider my="xs" />
          <Stack gap={2}>
            <NavLink
              component="button"
              label="Delete Account"
              description="Close your account for good"
              leftSection={<IconTrash {...ICON} />}
              c="red.9"
              onClick={() => setDeleting(true)}
              styles={{ description: { color: 'var(--mantine-color-dimmed)' } }}
            />
            <NavLink component="button" label="Logout" leftSection={<IconLogout {...ICON} />} c="red.9" onClick={confirmLogout} />
          </Stack>
        </Paper>
      </Stack>
      <DeleteAccountDialog user={user} opened={deleting} onClose={() => setDeleting(false)} />
    </Container>
  );
}

function HubLink({ entry, nested = false }: { entry: TLinkEntry; nested?: boolean }) {
  const EntryIcon = entry.icon;
  return (
    <NavLink
      component={Link}
      to={entry.to}
      label={entry.label}
      description={entry.description}
      leftSection={<EntryIcon {...ICON} />}
      rightSection={<IconChevronRight size={16} stroke={1.75} aria-hidden />}
      pl={nested ? 44 : undefined}
    />
  );
}

function ProfileCard({ user }: { user: TCurrentUser }) {
  const name = user.name ?? user.userName ?? '';
  const level = levelBadge(user);
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }}>
      <Group gap="md" wrap="nowrap" align="center">
        <UserAvatar name={name} image={user.profileImage} color={user.backgroundColor} size={64} />
        <Stack gap={4} miw={0}>
          <Title order={1} fz={{ base: 20, sm: 24 }} lh={1.25} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {user.userName && (
            <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
              @{user.userName}
            </Text>
          )}
          <Group gap="xs">
            <Badge variant="light" tt="none">
              {profileTypeLabel(user.profileType)}
            </Badge>
            {level && (
              <Badge variant="outline" tt="none" pl={4} leftSection={<LevelBadge level={level} size={16} decorative />}>
                <VisuallyHidden>Level: </VisuallyHidden>
                {level}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
