import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { POST_MSG, type TPostResult } from '@virality/domain';
import { useState } from 'react';
import { useCurrentUser } from '../../../lib/use-current-user';
import { retryFailed } from '../api/retry-failed';
import { TOAST_MS, toast } from '../lib/toasts';

type TProps = {
  postId: string;
  /** Where the post stands after the retry (the results dialog follows it). */
  onRetried?: (result: TPostResult) => void;
  size?: 'xs' | 'sm';
};

/**
 * "Retry failed accounts": sends the post again to the accounts that did not take it. Not offered to a business
 * manager (only the owner sends posts). A second press while it runs does nothing; the server refuses a retry with
 * nothing left to retry, and its message is shown.
 */
export function RetryFailedButton({ postId, onRetried, size = 'sm' }: TProps) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!me.data || me.data.profileType === 'BUSINESS_MANAGER') return null;

  async function retry() {
    if (busy) return;
    setBusy(true);
    try {
      const { message, result } = await retryFailed({ CommonPostID: postId });
      queryClient.setQueryData(['posts', 'outcome', postId], result);
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
      toast(message || POST_MSG.retrying, 'green', TOAST_MS.result);
      onRetried?.(result);
    } catch (e) {
      toast(e instanceof Error ? e.message : POST_MSG.limitCheckFailed, 'red', TOAST_MS.error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      size={size}
      variant="light"
      color="brand"
      leftSection={<IconRefresh size={16} aria-hidden />}
      loading={busy}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void retry();
      }}
    >
      Retry failed accounts
    </Button>
  );
}
