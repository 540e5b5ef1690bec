import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { UserAvatar } from '../../../components/user-avatar';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMuteOwner } from '../api/mute-owner';
import { useMutes } from '../api/mutes';

/**
 * For an influencer, in the notification settings: the campaign owners they muted (their tags are still listed
 * under Tagged, never notified or pushed), each with Unmute. A mute is made from a campaign's page.
 */
export function MutedOwners() {
  const mutes = useMutes();
  const unmute = useMuteOwner();
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="muted-owners">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="muted-owners">
            Muted campaign owners
          </Title>
          <Text size="sm" c="dimmed">
            Their campaigns still reach your Tagged list, without a notification or a push. Mute an owner from one of their
            campaigns.
          </Text>
        </Stack>
        {mutes.isError ? (
          <LoadErrorAlert
            variant="light"
            title="Your muted owners could not be loaded"
            error={mutes.error}
            onRetry={() => void mutes.refetch()}
          />
        ) : !mutes.data ? (
          <Stack gap="sm" aria-busy="true">
            <Skeleton height={40} radius="md" />
            <Skeleton height={40} radius="md" />
          </Stack>
        ) : mutes.data.length === 0 ? (
          <Group gap="xs" c="dimmed">
            <IconBellOff size={18} aria-hidden />
            <Text size="sm">You have muted no campaign owner.</Text>
          </Group>
        ) : (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {mutes.data.map(({ owner, mutedAt }) => {
              const name = owner.name || owner.userName || 'A campaign owner';
              return (
                <Group key={owner._id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <UserAvatar name={name} image={owner.profileImage} color={null} size={36} />
                    <Stack gap={0} miw={0}>
                      <Text fw={600} size="sm" truncate>
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Muted{' '}
                        {new Date(mutedAt).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}
                      </Text>
                    </Stack>
                  </Group>
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={`Unmute ${name}`}
                    loading={unmute.isPending && unmute.variables?.ownerId === owner._id}
                    onClick={() =>
                      unmute.mutate(
                        { ownerId: owner._id, muted: false },
                        { onSuccess: (message) => notifySuccess(message), onError: (err) => notifyError(err.message) },
                      )
                    }
                  >
                    Unmute
                  </Button>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
