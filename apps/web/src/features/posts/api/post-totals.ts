import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPostTotals } from '@virality/domain';
import { sph } from '../../../lib/api-client';

// under ['posts'], so the live stream's "a post moved" reads it again
export const postTotalsKey = (userId: string) => ['posts', 'totals', userId] as const;

/** GET totaluserposts/{id}/: how many posts the organization has, by state and by network. */
export async function getPostTotals(userId: string): Promise<TPostTotals> {
  return (await sph.get<TPostTotals>(`totaluserposts/${encodeURIComponent(userId)}/`)).response;
}

export const postTotalsQuery = (userId: string) =>
  queryOptions({ queryKey: postTotalsKey(userId), queryFn: () => getPostTotals(userId), enabled: Boolean(userId) });

export const usePostTotals = (userId: string) => useQuery(postTotalsQuery(userId));
