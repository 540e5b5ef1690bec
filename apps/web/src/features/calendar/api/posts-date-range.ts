import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPost } from '@virality/domain';
import { sph } from '../../../lib/api-client';

/** Days from `start` to `end` in `zone`; with `perDay`, only the earliest posts of each day and every day's count. */
export type TDateRange = { start: string; end: string; zone: string; perDay?: number };

/**
 * The posts of the range (earliest first); with perDay, `dayCounts` holds each day's full count (days without
 * posts are absent); without it, `truncated` says the server stopped at its cap.
 */
export type TDateRangeAnswer = { posts: TPost[]; dayCounts: Record<string, number> | null; truncated: boolean };

// under ['posts'], so the live stream's "a post moved" reads it again
export const dateRangeKey = (r: TDateRange) => ['posts', 'calendar', 'range', r.start, r.end, r.zone, r.perDay ?? null] as const;

/** POST posts_date_range/: the posts from `start` to `end` (days in `zone`, both included), earliest first. */
export async function getPostsDateRange({ start, end, zone, perDay }: TDateRange): Promise<TDateRangeAnswer> {
  const res = await sph.post<TPost[]>('posts_date_range/', {
    StartDate: start,
    EndDate: end,
    TimeZone: zone,
    ...(perDay ? { PerDay: perDay } : {}),
  });
  return { posts: res.response ?? [], dayCounts: res.day_counts ?? null, truncated: res.truncated === true };
}

export const postsDateRangeQuery = (r: TDateRange) =>
  queryOptions({ queryKey: dateRangeKey(r), queryFn: () => getPostsDateRange(r), placeholderData: keepPreviousData });

/** The posts of a range of days; off (nothing asked) when `enabled` is false, as for an IMC user. */
export function usePostsDateRange(r: TDateRange, enabled = true) {
  return useQuery({ ...postsDateRangeQuery(r), enabled });
}
