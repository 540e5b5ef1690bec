import { ActionIcon, Anchor, Avatar, Box, Button, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { accountDisplayName, canAddSocialAccounts, socialNetwork, type TSocialAccount } from '@virality/domain';
import { Link } from 'react-router';
import { AccountStatusBadge } from '../../../components/account-status-badge';
import { NetworkTile } from '../../../components/network-tile';
import { confirmRemoveAccount } from '../../../components/remove-account-confirm';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/use-current-user';

type TProps = {
  /** The linked accounts; undefined while they load. */
  accounts: TSocialAccount[] | undefined;
  error: Error | null;
  /** The unlink call: resolves to the server's message. */
  remove: (account: TSocialAccount) => Promise<string>;
  /** Starts linking an account here (a dialog); without it, Add account goes to the accounts page. */
  onAdd?: () => void;
};

function AccountRow({ account, mayLink, remove }: { account: TSocialAccount; mayLink: boolean; remove: TProps['remove'] }) {
  const network = socialNetwork(account.SocialMediaID);
  const name = network ? accountDisplayName(network.key, account.Kind, account.UserName) : account.UserName;
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Box pos="relative" style={{ flex: 'none' }}>
          <Avatar src={account.ProfilePictureURL} alt="" radius="xl" size={40}>
            {account.UserName.charAt(0).toUpperCase()}
          </Avatar>
          {network && (
            <Box pos="absolute" right={-4} bottom={-4} style={{ lineHeight: 0, borderRadius: 6, boxShadow: '0 0 0 2px #fff' }}>
              <NetworkTile network={network.key} size={18} />
            </Box>
          )}
        </Box>
        <Stack gap={2} miw={0}>
          <Text fw={600} size="sm" truncate="end">
            {name}
          </Text>
          <Group gap={6} wrap="nowrap">
            <AccountStatusBadge account={account} />
          </Group>
        </Stack>
      </Group>
      {mayLink && (
        <Tooltip label={`Remove ${name}`}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove ${name}`}
            onClick={() => confirmRemoveAccount(account, remove)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** The home page's linked accounts: each with its network and status, add (in a dialog, or on /addsocialmedia) and remove. */
export function AccountsCard({ accounts, error, remove, onAdd }: TProps) {
  const { data: user } = useCurrentUser();
  // a business manager works with the business's accounts but never adds or removes them
  const mayLink = user ? canAddSocialAccounts(user.profileType) : false;
  return (
    <SectionCard
      title="Accounts"
      action={
        mayLink &&
        accounts &&
        accounts.length > 0 &&
        (onAdd ? (
          <Anchor component="button" type="button" onClick={onAdd} size="sm" fw={600}>
            Add account
          </Anchor>
        ) : (
          <Anchor component={Link} to={paths.addSocialMedia} size="sm" fw={600}>
            Add account
          </Anchor>
        ))
      }
    >
      {error ? (
        <Text size="sm" c="red.9">
          {error.message}
        </Text>
      ) : !accounts ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading accounts">
          {[0, 1].map((i) => (
            <Group key={i} gap="sm" wrap="nowrap">
              <Skeleton circle h={40} />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton h={12} w="60%" />
                <Skeleton h={18} w={70} radius="xl" />
              </Stack>
            </Group>
          ))}
        </Stack>
      ) : accounts.length === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            {mayLink
              ? 'Link the accounts you publish to: Instagram, Facebook, YouTube, LinkedIn, TikTok, X or Threads.'
              : 'The business has not linked an account you can work with yet.'}
          </Text>
          {mayLink &&
            (onAdd ? (
              <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
                Add account
              </Button>
            ) : (
              <Button
                component={Link}
                to={paths.addSocialMedia}
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                Add account
              </Button>
            ))}
        </Stack>
      ) : (
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {accounts.map((a) => (
            <AccountRow key={a.id} account={a} mayLink={mayLink} remove={remove} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
