import { Alert, Button, Center, Group, Loader, Pagination, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { SEARCH_MAX, type TAdminUserRow } from '@virality/domain';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { profileTypeLabel } from '../../../components/profile-type-label';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAdminUsers, useSetUserActive } from '../api/accounts';
import { formatDay, formatWhen } from '../lib/dates';
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
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  const users = useAdminUsers(q, page);
  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        Users
      </Title>
      <TextInput
        label="Search accounts"
        placeholder="E-mail, phone or name"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        maxLength={SEARCH_MAX}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setPage(1);
        }}
        maw={480}
      />
      {users.isPending ? (
        <Center mih={200}>
          <Loader aria-label="Loading accounts" />
        </Center>
      ) : users.isError ? (
        <Alert color="red" title="Could not load the accounts">
          {users.error.message}
        </Alert>
      ) : users.data.users.length === 0 ? (
        <EmptyState
          icon={<IconUsers size={24} />}
          title={q ? 'No account matches' : 'No accounts yet'}
          line={q ? 'Try another e-mail, phone number or name.' : 'Accounts appear here once people sign up.'}
        />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {users.data.total === 1 ? '1 account' : `${users.data.total} accounts`}
          </Text>
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Accounts">
            {users.data.users.map((u) => (
              <UserRow key={u._id} user={u} />
            ))}
          </Stack>
          {users.data.pages > 1 && (
            <Group justify="center">
              <Pagination total={users.data.pages} value={page} onChange={setPage} size="sm" />
            </Group>
          )}
        </>
      )}
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
