import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAnalyticsItem } from '@virality/domain';
import { sph } from '../../../lib/api-client';

/** A background job reads the figures from the networks: an open page asks for them again this often. */
export const ANALYTICS_REFRESH_MS = 60_000;

// under ['posts'], so the live stream's "a post moved" reads it again
export const postAnalyticsKey = (id: string) => ['posts', 'analytics', id] as const;

/** POST post_analytics/ {CommonPostID}: the post's figures per account it went to, as last read. */
export async function getPostAnalytics(id: string): Promise<TAnalyticsItem[]> {
  return (await sph.post<TAnalyticsItem[]>('post_analytics/', { CommonPostID: id })).response ?? [];
}

export const postAnalyticsQuery = (id: string) =>
  queryOptions({
    queryKey: postAnalyticsKey(id),
    queryFn: () => getPostAnalytics(id),
    enabled: Boolean(id),
    refetchInterval: ANALYTICS_REFRESH_MS,
  });

/** The post's analytics (the page asks once it has read the post itself). */
export const usePostAnalytics = (id: string) => useQuery(postAnalyticsQuery(id));
