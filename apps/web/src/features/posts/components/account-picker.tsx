import { Avatar, Badge, Box, Button, Checkbox, Group, Indicator, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX, IconPlus } from '@tabler/icons-react';
import { accountDisplayName, type TSocialAccount, type TSocialNetworkKey } from '@virality/domain';
import { NetworkTile } from '../../../components/network-tile';
import { networkKeyOf, networkLabel } from '../lib/compose';

type TProps = {
  loading: boolean;
  isManager: boolean;
  offered: TSocialNetworkKey[];
  networks: TSocialNetworkKey[];
  accounts: TSocialAccount[];
  accountIds: string[];
  onToggleNetwork: (n: TSocialNetworkKey) => void;
  onToggleAccount: (id: string) => void;
  /** Starts linking an account from the composer (not offered to a manager). */
  onLink: () => void;
};

/** A linked account's name as its network shows it (@handle, or a page's name). */
export const accountName = (a: TSocialAccount) => accountDisplayName(networkKeyOf(a) ?? '', a.Kind, a.UserName);

/**
 * The channels (one per network the user has accounts on, a manager's only where its role lets it post or
 * schedule) and, under each channel that is on, its accounts to choose.
 */
export function AccountPicker({
  loading,
  isManager,
  offered,
  networks,
  accounts,
  accountIds,
  onToggleNetwork,
  onToggleAccount,
  onLink,
}: TProps) {
  if (loading)
    return (
      <Group gap="xs">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={36} w={120} radius="md" />
        ))}
      </Group>
    );
  if (offered.length === 0)
    return (
      <Stack gap={6} p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <Text fw={600} size="sm">
          No social account to post to yet
        </Text>
        <Text size="sm" c="dimmed">
          {isManager
            ? 'Ask your business owner to link accounts and open them to your role.'
            : 'Link Instagram, Facebook, YouTube, LinkedIn, TikTok, X or Threads to start posting.'}
        </Text>
        {!isManager && (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={onLink}
            mt={4}
            w="fit-content"
          >
            Link an account
          </Button>
        )}
      </Stack>
    );
  const shown = accounts.filter((a) => {
    const n = networkKeyOf(a);
    return n !== null && networks.includes(n) && offered.includes(n);
  });
  return (
    <Stack gap="sm">
      <Group gap="xs" role="group" aria-label="Channels">
        {offered.map((n) => {
          const on = networks.includes(n);
          return (
            <Button
              key={n}
              variant={on ? 'light' : 'default'}
              aria-pressed={on}
              onClick={() => onToggleNetwork(n)}
              leftSection={
                <Box component="span" aria-hidden style={{ display: 'inline-flex', opacity: on ? 1 : 0.55 }}>
                  <NetworkTile network={n} size={20} />
                </Box>
              }
              styles={{ root: on ? { outline: '1px solid var(--mantine-primary-color-light-color)' } : undefined }}
            >
              {networkLabel(n)}
            </Button>
          );
        })}
      </Group>
      {networks.length === 0 ? (
        <Text size="sm" c="dimmed">
          Choose where to post: pick one or more channels above.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" role="group" aria-label="Accounts">
          {shown.map((a) => {
            const n = networkKeyOf(a)!;
            const name = accountName(a);
            const reconnect = a.Status === 'needs_reconnect';
            return (
              <Checkbox.Card
                key={a.id}
                checked={accountIds.includes(a.id)}
                onClick={() => !reconnect && onToggleAccount(a.id)}
                disabled={reconnect}
                aria-label={`${name} on ${networkLabel(n)}`}
                radius="md"
                p="xs"
                style={{ opacity: reconnect ? 0.6 : 1 }}
              >
                <Group gap="sm" wrap="nowrap">
                  <Checkbox.Indicator aria-hidden />
                  <Indicator
                    inline
                    offset={4}
                    position="bottom-end"
                    size={16}
                    withBorder={false}
                    color="transparent"
                    label={
                      <Box component="span" aria-hidden>
                        <NetworkTile network={n} size={16} />
                      </Box>
                    }
                  >
                    <Avatar src={a.ProfilePictureURL} alt="" radius="xl" size={36}>
                      {a.UserName.charAt(0).toUpperCase()}
                    </Avatar>
                  </Indicator>
                  <Stack gap={0} miw={0}>
                    <Text size="sm" fw={600} truncate>
                      {name}
                    </Text>
                    {reconnect ? (
                      <Badge
                        size="sm"
                        color="orange"
                        variant="light"
                        tt="none"
                        leftSection={<IconPlugConnectedX size={12} aria-hidden />}
                      >
                        Needs reconnect
                      </Badge>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {networkLabel(n)}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Checkbox.Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
