import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { QUEUE_KEY, queueViewKey, type TQueueView } from '../../../lib/queue-api';

type TSaid = { view: TQueueView; message: string };

const of = (accountId: string) => `queue/${encodeURIComponent(accountId)}`;
const said = (res: { response: TQueueView; message: string }): TSaid => ({ view: res.response, message: res.message });

/** POST queue/:accountId/move {postId, direction}: a queued post one place sooner (up) or later (down). */
export async function moveQueued(accountId: string, postId: string, direction: 'up' | 'down'): Promise<TSaid> {
  return said(await apiCall<TQueueView>(`${of(accountId)}/move`, { method: 'POST', body: { postId, direction } }));
}

/** DELETE queue/:accountId/posts/:postId: the post taken out of this account's queue. */
export async function takeOut(accountId: string, postId: string): Promise<TSaid> {
  return said(await apiCall<TQueueView>(`${of(accountId)}/posts/${encodeURIComponent(postId)}`, { method: 'DELETE' }));
}

/** POST queue/:accountId/posts/:postId/share-now: the post sent now; the others keep their slots. */
export async function shareNow(accountId: string, postId: string): Promise<TSaid> {
  return said(await apiCall<TQueueView>(`${of(accountId)}/posts/${encodeURIComponent(postId)}/share-now`, { method: 'POST' }));
}

/**
 * One action on a queued post: the account's queue shows the server's answer at once; the other queues (a post goes
 * to several accounts) and the post lists are read again.
 */
export function useQueueAction<A>(accountId: string, fn: (accountId: string, args: A) => Promise<TSaid>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => fn(accountId, args),
    onSuccess: ({ view }) => {
      queryClient.setQueryData(queueViewKey(accountId), view);
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY, predicate: (q) => q.queryKey[2] !== accountId });
      void queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
  });
}

export const useMoveQueued = (accountId: string) =>
  useQueueAction(accountId, (id, { postId, direction }: { postId: string; direction: 'up' | 'down' }) =>
    moveQueued(id, postId, direction),
  );
export const useTakeOut = (accountId: string) => useQueueAction(accountId, (id, postId: string) => takeOut(id, postId));
export const useShareNow = (accountId: string) => useQueueAction(accountId, (id, postId: string) => shareNow(id, postId));
