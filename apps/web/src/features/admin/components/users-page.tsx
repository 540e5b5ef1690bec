import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUsers } from '@tabler/icons-react';
import type { TAdminUserRow } from '@virality/domain';
import { profileTypeLabel } from '../../../components/profile-type-label';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAdminUsers, useSetUserActive } from '../api/accounts';
import { formatDay, formatWhen } from '../lib/dates';
import { SearchedList, useSearchPaging } from './searched-list';
import { StateBadge } from './state-badge';

const NETWORK_NAMES: Record<string, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  twitter: 'X',
  threads: 'Threads',
};

/** The console's Users section: any account by e-mail, phone or name; deactivate (sessions end at once) or reactivate. */
export function UsersPage() {
  const search = useSearchPaging();
  const users = useAdminUsers(search.q, search.page);
  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        Users
      </Title>
      <SearchedList
        search={search}
        searchLabel="Search accounts"
        placeholder="E-mail, phone or name"
        result={users}
        rows={(d) => d.users}
        count={(n) => (n === 1 ? '1 account' : `${n} accounts`)}
        loadingLabel="Loading accounts"
        errorTitle="Could not load the accounts"
        empty={{
          icon: <IconUsers size={24} />,
          searched: ['No account matches', 'Try another e-mail, phone number or name.'],
          none: ['No accounts yet', 'Accounts appear here once people sign up.'],
        }}
      >
        {(rows) => (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Accounts">
            {rows.map((u) => (
              <UserRow key={u._id} user={u} />
            ))}
          </Stack>
        )}
      </SearchedList>
    </Stack>
  );
}

function UserRow({ user }: { user: TAdminUserRow }) {
  const setActive = useSetUserActive();
  const who = user.name || user.userName || user.email || user.phone || 'Unnamed account';
  const change = (active: boolean) =>
    modals.openConfirmModal({
      title: active ? 'Reactivate this account?' : 'Deactivate this account?',
      children: (
        <Text size="sm">
          {active
            ? `${who} will be able to log in again.`
            : `${who} is logged out everywhere at once and cannot log in until the account is reactivated.`}
        </Text>
      ),
      labels: { confirm: active ? 'Reactivate' : 'Deactivate', cancel: 'Cancel' },
      confirmProps: { color: active ? 'brand' : 'red' },
      onConfirm: () =>
        setActive.mutate(
          { userId: user._id, active },
          { onSuccess: (message) => notifySuccess(message), onError: (err) => notifyError(err.message) },
        ),
    });
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={who}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {who}
            </Text>
            <StateBadge tone="info">{profileTypeLabel(user.profileType)}</StateBadge>
            {user.closed ? (
              <StateBadge tone="neutral">Closed</StateBadge>
            ) : user.active ? (
              <StateBadge tone="ok">Active</StateBadge>
            ) : (
              <StateBadge tone="bad">Deactivated</StateBadge>
            )}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[user.email, user.phone].filter(Boolean).join(' · ') || 'No e-mail or phone'}
          </Text>
          <Text size="sm">
            Plan:{' '}
            {user.plan
              ? `${user.plan.planType} (${user.plan.planStatus.toLowerCase()}, ends ${formatDay(user.plan.planEndDate)})`
              : 'None'}
          </Text>
          <Text size="sm">
            Networks: {user.networks.length ? user.networks.map((n) => NETWORK_NAMES[n] ?? n).join(', ') : 'None linked'}
          </Text>
          <Text size="sm" c="dimmed">
            Last login: {user.lastLoginAt ? formatWhen(user.lastLoginAt) : 'Never'} · Joined {formatDay(user.createdAt)}
          </Text>
        </Stack>
        {!user.closed && (
          <Button
            variant={user.active ? 'outline' : 'filled'}
            color={user.active ? 'red.9' : 'brand'}
            size="xs"
            loading={setActive.isPending}
            onClick={() => change(!user.active)}
            aria-label={`${user.active ? 'Deactivate' : 'Reactivate'} ${who}`}
          >
            {user.active ? 'Deactivate' : 'Reactivate'}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
