import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPost } from '@virality/domain';
import { sph } from '../../../lib/api-client';

export type TDayQuery = { day: string; zone: string };

// under ['posts'], so the live stream's "a post moved" reads it again
export const postsByDateKey = (q: TDayQuery) => ['posts', 'calendar', 'day', q.day, q.zone] as const;

/** POST posts_info_by_date/: the posts of one day in `zone`, earliest first. */
export async function getPostsByDate({ day, zone }: TDayQuery): Promise<TPost[]> {
  const res = await sph.post<TPost[]>('posts_info_by_date/', { Date: day, TimeZone: zone });
  return res.response ?? [];
}

export const postsByDateQuery = (q: TDayQuery) => queryOptions({ queryKey: postsByDateKey(q), queryFn: () => getPostsByDate(q) });

/** The posts of one day; off (nothing asked) when `enabled` is false, as for an IMC user. */
export function usePostsByDate(q: TDayQuery, enabled = true) {
  return useQuery({ ...postsByDateQuery(q), enabled });
}
