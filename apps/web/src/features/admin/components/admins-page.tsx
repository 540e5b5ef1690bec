import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconShieldCheck } from '@tabler/icons-react';
import { ADMIN_MSG, type TAdminRow, TEXT_FIELD_MAX, zInviteAdminBody } from '@virality/domain';
import { type FormEvent, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAdmins, useInviteAdmin, useSetAdminActive } from '../api/accounts';
import { useAdminMe } from '../api/admin-me';
import { formatDay, formatWhen } from '../lib/dates';
import { StateBadge, type TTone } from './state-badge';

const STATE_BADGES: Record<TAdminRow['state'], { label: string; tone: TTone }> = {
  ACTIVE: { label: 'Active', tone: 'ok' },
  INVITED: { label: 'Invitation sent', tone: 'warn' },
  INACTIVE: { label: 'Deactivated', tone: 'bad' },
};

/**
 * The console's Admins section: who runs the product, inviting another admin by e-mail, and deactivating (their
 * sessions end at once) or reactivating another admin; never yourself.
 */
export function AdminsPage() {
  const admins = useAdmins();
  const me = useAdminMe();
  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        Admins
      </Title>
      <InviteForm />
      {admins.isPending ? (
        <Center mih={160}>
          <Loader aria-label="Loading the admins" />
        </Center>
      ) : admins.isError ? (
        <Alert color="red" title="Could not load the admins">
          {admins.error.message}
        </Alert>
      ) : admins.data.length === 0 ? (
        <EmptyState icon={<IconShieldCheck size={24} />} title="No admins" />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Admins">
          {admins.data.map((a) => (
            <Paper key={a._id} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {a.name ? `${a.name} · ${a.email}` : a.email}
                </Text>
                <StateBadge tone={STATE_BADGES[a.state].tone}>{STATE_BADGES[a.state].label}</StateBadge>
              </Group>
              <Group justify="space-between" gap="xs" wrap="wrap" mt={4}>
                <Text size="sm" c="dimmed">
                  Last login: {a.lastLoginAt ? formatWhen(a.lastLoginAt) : 'Never'} · Added {formatDay(a.createdAt)}
                </Text>
                {me.data && me.data._id !== a._id && <AdminStatusButton admin={a} />}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AdminStatusButton({ admin }: { admin: TAdminRow }) {
  const setActive = useSetAdminActive();
  const active = admin.state !== 'INACTIVE';
  const who = admin.name || admin.email || 'this admin';
  const change = () =>
    modals.openConfirmModal({
      title: active ? 'Deactivate this admin?' : 'Reactivate this admin?',
      children: (
        <Text size="sm">
          {active
            ? `${who} is logged out of the console at once and cannot log in until another admin reactivates them.`
            : `${who} will be able to log in to the console again.`}
        </Text>
      ),
      labels: { confirm: active ? 'Deactivate' : 'Reactivate', cancel: 'Cancel' },
      confirmProps: { color: active ? 'red' : 'brand' },
      onConfirm: () =>
        setActive.mutate(
          { userId: admin._id, active: !active },
          { onSuccess: (message) => notifySuccess(message), onError: (err) => notifyError(err.message) },
        ),
    });
  return (
    <Button
      size="xs"
      variant={active ? 'outline' : 'filled'}
      color={active ? 'red.9' : 'brand'}
      loading={setActive.isPending}
      onClick={change}
      aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${who}`}
    >
      {active ? 'Deactivate' : 'Reactivate'}
    </Button>
  );
}

function InviteForm() {
  const invite = useInviteAdmin();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = zInviteAdminBody.safeParse({ email, name: name || null });
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === 'email')?.message ?? parsed.error.issues[0].message);
      return;
    }
    setError(null);
    invite.mutate(
      { email: parsed.data.email, name: parsed.data.name },
      {
        onSuccess: (message) => {
          notifySuccess(`${message} to ${parsed.data.email}`);
          setEmail('');
          setName('');
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : ADMIN_MSG.emailUnavailable),
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-label="Invite an admin">
      <Text fw={600} mb="xs">
        Invite an admin
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        They get an e-mail with a link to set their password (good for 7 days), then log in to this console.
      </Text>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="E-mail"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error}
          style={{ flex: '1 1 220px' }}
          maxLength={TEXT_FIELD_MAX}
        />
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          style={{ flex: '1 1 180px' }}
          maxLength={TEXT_FIELD_MAX}
        />
      </Group>
      <Button type="submit" mt="sm" loading={invite.isPending}>
        Send invitation
      </Button>
    </Paper>
  );
}
