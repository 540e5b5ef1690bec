import {
  ActionIcon,
  Avatar,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { accountDisplayName, SOCIAL_MSG, SOCIAL_NETWORKS, type TSocialAccount, type TSocialNetwork } from '@virality/domain';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AccountStatusBadge } from '../../../components/account-status-badge';
import { NetworkTile } from '../../../components/network-tile';
import { confirmRemoveAccount } from '../../../components/remove-account-confirm';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { useConfig } from '../../../lib/use-config';
import { useCurrentUser } from '../../../lib/use-current-user';
import { getLoginUrl, linkableHere, SOCIAL_ACCOUNTS_KEY, useSocialAccounts, useUnlinkAccount } from '../api/social-accounts';
import { dropChooser, peekChooser, rememberLink } from '../lib/link-storage';
import { PageChooserModal } from './page-chooser-modal';

/** What a linked account is, said under its name where the network has more than one kind. */
const KIND_LABEL: Partial<Record<TSocialAccount['Kind'], string>> = { page: 'Page', organization: 'Company page' };

type TCardProps = {
  network: TSocialNetwork;
  accounts: TSocialAccount[];
  mayLink: boolean;
  busy: boolean;
  onAdd: () => void;
  onRemove: (a: TSocialAccount) => void;
};

function NetworkCard({ network, accounts, mayLink, busy, onAdd, onRemove }: TCardProps) {
  const add = (
    <Button
      variant={accounts.length ? 'default' : 'filled'}
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={onAdd}
      loading={busy}
      disabled={!mayLink}
      aria-label={`Add ${network.label} account`}
    >
      Add
    </Button>
  );
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs" component="section" aria-labelledby={`network-${network.key}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <NetworkTile network={network.key} size={32} />
            <Title order={2} fz={18} id={`network-${network.key}`}>
              {network.label}
            </Title>
          </Group>
          {mayLink ? add : <Tooltip label={SOCIAL_MSG.managerCannotLink}>{add}</Tooltip>}
        </Group>
        {accounts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No {network.label} account linked yet.
          </Text>
        ) : (
          accounts.map((a) => {
            const name = accountDisplayName(network.key, a.Kind, a.UserName);
            return (
              <Group key={a.id} justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <Avatar src={a.ProfilePictureURL} alt="" radius="xl" size={36}>
                    {a.UserName.charAt(0).toUpperCase()}
                  </Avatar>
                  <Stack gap={2} miw={0}>
                    <Text fw={600} size="sm" truncate>
                      {name}
                    </Text>
                    <Group gap={6} wrap="nowrap">
                      {KIND_LABEL[a.Kind] && (
                        <Text size="xs" c="dimmed">
                          {KIND_LABEL[a.Kind]}
                        </Text>
                      )}
                      <AccountStatusBadge account={a} />
                    </Group>
                  </Stack>
                </Group>
                <Group gap={4} wrap="nowrap">
                  {a.Status === 'needs_reconnect' && mayLink && (
                    <Button size="xs" color="orange" onClick={onAdd} loading={busy}>
                      Reconnect
                    </Button>
                  )}
                  {mayLink && (
                    <Tooltip label={`Remove ${name}`}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`Remove ${name}`}
                        onClick={() => onRemove(a)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Group>
            );
          })
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /addsocialmedia: a card per network this server offers, with the accounts linked there, Add (through the
 * network's consent page) and Remove (after a confirm). A business manager sees its role's networks and
 * cannot add. Proceed goes back to /profile when the user came from there, else /home.
 */
export function SocialAccountsPage() {
  const { data: user } = useCurrentUser();
  const config = useConfig();
  const accounts = useSocialAccounts();
  const unlink = useUnlinkAccount();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [starting, setStarting] = useState<string | null>(null);
  // after a consent that gave pages, the return page leaves them here to be chosen
  const [chooser, setChooser] = useState(peekChooser);
  const queryClient = useQueryClient();
  const mayLink = user?.profileType !== 'BUSINESS_MANAGER';
  const offered = SOCIAL_NETWORKS.filter((n) => config.data?.socialNetworks.includes(n.key) && linkableHere(n.key));
  // a manager works only with the networks its role opens
  const visible =
    user?.profileType === 'BUSINESS_MANAGER'
      ? offered.filter((n) => user.businessRoleId?.permission.some((p) => p.accountType === n.key && p.access))
      : offered;

  const start = async (network: TSocialNetwork) => {
    setStarting(network.key);
    try {
      rememberLink(network.key, 'addsocialmedia', params.get('from') === 'profile');
      window.location.assign(await getLoginUrl(network.key, 'addsocialmedia'));
    } catch (err) {
      setStarting(null);
      notifyError(err instanceof ApiError ? err.message : SOCIAL_MSG.someError);
    }
  };

  const confirmRemove = (account: TSocialAccount) => confirmRemoveAccount(account, unlink.mutateAsync);

  const loading = accounts.isPending || config.isPending || !user;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Title order={1} fz={26}>
              Social Media Accounts
            </Title>
            {/* after a link, an unlink or a renewal elsewhere, the cards are read again: said, not only spun */}
            <Group gap={6} wrap="nowrap" aria-live="polite" mih={20}>
              {accounts.isFetching && !accounts.isPending && (
                <>
                  <Loader size={14} />
                  <Text size="sm" c="dimmed">
                    Refreshing
                  </Text>
                </>
              )}
            </Group>
          </Group>
          <Text c="dimmed" size="sm" mt={4}>
            Link the accounts you publish to. Each network asks you to allow Virality on its own page.
          </Text>
        </div>
        {loading ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {[0, 1].map((i) => (
              <Skeleton key={i} h={120} radius="lg" />
            ))}
          </SimpleGrid>
        ) : visible.length === 0 ? (
          <Paper withBorder radius="lg" p="xl">
            <Text c="dimmed">No social network is available to you yet.</Text>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {visible.map((n) => (
              <NetworkCard
                key={n.key}
                network={n}
                accounts={(accounts.data ?? []).filter((a) => a.SocialMediaID === n.id)}
                mayLink={mayLink}
                busy={starting === n.key}
                onAdd={() => void start(n)}
                onRemove={confirmRemove}
              />
            ))}
          </SimpleGrid>
        )}
        <PageChooserModal
          chooser={chooser}
          onClose={(saved) => {
            dropChooser();
            setChooser(null);
            if (saved) void queryClient.invalidateQueries({ queryKey: SOCIAL_ACCOUNTS_KEY });
          }}
        />
        <Group justify="flex-end">
          <Button onClick={() => navigate(params.get('from') === 'profile' ? paths.profile : paths.home)}>Proceed</Button>
        </Group>
      </Stack>
    </Container>
  );
}
