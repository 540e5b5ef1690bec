import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { POST_MSG, type TPost } from '@virality/domain';
import { createElement, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { CURRENT_USER_KEY } from '../../../lib/use-current-user';
import { useEditScheduledPost } from '../api/edit-scheduled-post';
import { checkPostCount } from '../api/post-count';
import { postNow } from '../api/post-now';
import { TOAST_MS, toast } from '../lib/toasts';
import { LimitExceeded } from './plan-limit';

const isLimit = (e: unknown) => e instanceof ApiError && (e.status === 429 || e.status === 402);
const messageOf = (e: unknown) => (e instanceof Error ? e.message : POST_MSG.limitCheckFailed);

export type TScheduledAction = 'postNow' | 'pause' | 'resume' | 'delete';

/**
 * What a scheduled post's menu does: post now and resume run the plan's post-count check first (a 429 or 402
 * shows "Upgrade Your Plan"); pause; delete after a confirm. Each ends with its toast and the lists read again.
 */
export function useScheduledActions(post: TPost, userId: string) {
  const edit = useEditScheduledPost();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<TScheduledAction | null>(null);

  /** The plan's count check for this post (counted once, when it was scheduled): false (with its toast) when it may not go. */
  async function countAllows(): Promise<boolean> {
    try {
      await checkPostCount(post.CommonPostID);
      return true;
    } catch (e) {
      if (isLimit(e)) toast(createElement(LimitExceeded, { message: messageOf(e), go: navigate }), 'red', TOAST_MS.error);
      else toast(POST_MSG.limitCheckFailed, 'red', TOAST_MS.error);
      return false;
    }
  }

  async function run(action: TScheduledAction, work: () => Promise<void>) {
    if (busy) return;
    setBusy(action);
    try {
      await work();
    } catch (e) {
      if (isLimit(e)) toast(createElement(LimitExceeded, { message: messageOf(e), go: navigate }), 'red', TOAST_MS.error);
      else toast(messageOf(e), 'red', TOAST_MS.error);
    } finally {
      setBusy(null);
    }
  }

  const ref = { CommonPostID: post.CommonPostID, UserID: userId };

  return {
    busy,
    postNow: () =>
      run('postNow', async () => {
        if (!(await countAllows())) return;
        const { result } = await postNow(ref);
        void queryClient.invalidateQueries({ queryKey: ['posts'] });
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
        const failed = [...new Set(result.failure.map((f) => f.SocialMediaName))];
        if (result.success.length > 0 || failed.length === 0) toast(POST_MSG.sent, 'green', TOAST_MS.result);
        for (const n of failed) toast(POST_MSG.failedOn(n), 'red', TOAST_MS.result);
      }),
    pause: () =>
      run('pause', async () => {
        await edit.mutateAsync({ ...ref, IsPaused: true });
        toast(POST_MSG.paused, 'green', TOAST_MS.result);
      }),
    resume: () =>
      run('resume', async () => {
        if (!(await countAllows())) return;
        await edit.mutateAsync({ ...ref, IsPaused: false });
        toast(POST_MSG.resumed, 'green', TOAST_MS.result);
      }),
    remove: () =>
      modals.openConfirmModal({
        title: 'Delete this post?',
        centered: true,
        size: 'sm',
        children: 'It will not be published, and it leaves your scheduled posts. This cannot be undone.',
        labels: { confirm: 'Delete', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          void run('delete', async () => {
            await edit.mutateAsync({ ...ref, IsActive: false });
            toast(POST_MSG.deleted, 'green', TOAST_MS.result);
          }),
      }),
  };
}
