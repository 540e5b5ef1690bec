import { Button, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { SOCIAL_MSG, SOCIAL_NETWORKS, type TSocialNetwork } from '@virality/domain';
import { useState } from 'react';
import { NetworkTile } from '../../../components/network-tile';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { useConfig } from '../../../lib/use-config';
import { getLoginUrl, linkableHere } from '../api/social-accounts';
import { rememberLink } from '../lib/link-storage';

type TProps = {
  opened: boolean;
  onClose: () => void;
  /** Where the flow started: the return page brings the user back to Home (and, from the composer, opens it again). */
  origin: 'Home' | 'Modal';
};

/**
 * Linking an account without leaving for the accounts page: a button per network this server offers, each
 * starting the same consent flow as the accounts page's Add (the network's own consent page, then the return page).
 */
export function LinkAccountDialog({ opened, onClose, origin }: TProps) {
  const config = useConfig();
  const [starting, setStarting] = useState<string | null>(null);
  const offered = SOCIAL_NETWORKS.filter((n) => config.data?.socialNetworks.includes(n.key) && linkableHere(n.key));

  const start = async (network: TSocialNetwork) => {
    setStarting(network.key);
    try {
      rememberLink(network.key, origin);
      window.location.assign(await getLoginUrl(network.key, origin));
    } catch (err) {
      setStarting(null);
      notifyError(err instanceof ApiError ? err.message : SOCIAL_MSG.someError);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Link an account" centered zIndex={400} radius="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {origin === 'Modal'
            ? 'Each network asks you to allow Virality on its own page; then a new post opens with the account to pick. What you wrote here is not kept.'
            : 'Each network asks you to allow Virality on its own page, then brings you back here.'}
        </Text>
        {config.isPending ? (
          <SimpleGrid cols={2} spacing="xs">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={42} radius="md" />
            ))}
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {offered.map((n) => (
              <Button
                key={n.key}
                variant="default"
                size="md"
                justify="flex-start"
                leftSection={
                  <span aria-hidden style={{ display: 'inline-flex' }}>
                    <NetworkTile network={n.key} size={22} />
                  </span>
                }
                loading={starting === n.key}
                disabled={starting !== null && starting !== n.key}
                onClick={() => void start(n)}
                aria-label={`Add ${n.label} account`}
              >
                {n.label}
              </Button>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Modal>
  );
}
