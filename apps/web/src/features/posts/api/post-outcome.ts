import { useQuery } from '@tanstack/react-query';
import type { TPostResult } from '@virality/domain';
import { api } from '../../../lib/api-client';

/** POST activity/postInfom: where a post stands on each account now. */
export async function fetchPostOutcome(id: string): Promise<TPostResult> {
  return (await api.post('activity/postInfom', { CommonPostID: id })).response;
}

/**
 * A post's outcome while some accounts are still in progress: read again whenever the live stream says a post
 * moved (its key is under ['posts']), and every few seconds in case the stream is down; `initial` until then.
 */
export function usePostOutcome(initial: TPostResult): TPostResult {
  const waiting = initial.pending.length > 0;
  const query = useQuery({
    queryKey: ['posts', 'outcome', initial.CommonPostID],
    queryFn: () => fetchPostOutcome(initial.CommonPostID),
    initialData: initial,
    enabled: waiting,
    staleTime: 0,
    refetchInterval: (q) => ((q.state.data?.pending.length ?? 0) > 0 ? 5000 : false),
  });
  return query.data ?? initial;
}
