import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { accountDisplayName, SOCIAL_MSG, socialNetwork, type TSocialAccount } from '@virality/domain';
import { ApiError } from '../lib/api-client';
import { notifyError, notifySuccess } from '../lib/notify';

/**
 * Asks before unlinking a social account; on Remove runs `remove` (the unlink call, resolving to the server's
 * message) and says how it went.
 */
export function confirmRemoveAccount(account: TSocialAccount, remove: (account: TSocialAccount) => Promise<string>): void {
  const network = socialNetwork(account.SocialMediaID);
  const key = network?.key ?? account.SocialMediaName;
  modals.openConfirmModal({
    title: `Remove ${accountDisplayName(key, account.Kind, account.UserName)}?`,
    centered: true,
    size: 'sm',
    children: (
      <Text size="sm">
        Virality will stop publishing to this {network?.label ?? account.SocialMediaName} account. You can add it again later.
      </Text>
    ),
    labels: { confirm: 'Remove', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      remove(account).then(notifySuccess, (err: unknown) =>
        notifyError(err instanceof ApiError ? err.message : SOCIAL_MSG.someError),
      );
    },
  });
}
