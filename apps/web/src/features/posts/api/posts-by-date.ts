import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPost } from '@virality/domain';
import { sph } from '../../../lib/api-client';

/** A day ('yyyy-MM-dd') on the wall calendar of a time zone (the browser's). */
export type TDayQuery = { day: string; zone: string | null };

// under ['posts'], so the live stream's "a post moved" reads it again
export const postsByDateKey = (q: TDayQuery) => ['posts', 'by-date', q.day, q.zone] as const;

/** POST posts_info_by_date/ {Date, TimeZone}: the posts of one day, scheduled ones at their time, earliest first. */
export async function getPostsByDate({ day, zone }: TDayQuery): Promise<TPost[]> {
  const res = await sph.post<TPost[]>('posts_info_by_date/', { Date: day, ...(zone ? { TimeZone: zone } : {}) });
  return res.response ?? [];
}

export const postsByDateQuery = (q: TDayQuery) => queryOptions({ queryKey: postsByDateKey(q), queryFn: () => getPostsByDate(q) });

export const usePostsByDate = (q: TDayQuery) => useQuery(postsByDateQuery(q));
