import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SCHEDULED_PAGE_SIZE, type TPost } from '@virality/domain';
import { sph } from '../../../lib/api-client';

export type TPostsPage = { posts: TPost[]; pages: number; total: number };
export type TScheduledQuery = { userId: string; page: number; limit?: number };

export const scheduledKey = (q: TScheduledQuery) =>
  ['posts', 'scheduled', q.userId, q.page, q.limit ?? SCHEDULED_PAGE_SIZE] as const;

/** GET scheduled_post_details/{id}?page&limit: the organization's scheduled posts not yet out, soonest first. */
export async function getScheduledPosts({ userId, page, limit = SCHEDULED_PAGE_SIZE }: TScheduledQuery): Promise<TPostsPage> {
  const res = await sph.get<TPost[]>(`scheduled_post_details/${encodeURIComponent(userId)}`, { page, limit });
  const posts = res.response ?? [];
  return { posts, pages: res.pages ?? 1, total: res.total ?? posts.length };
}

export function useScheduledPosts(q: TScheduledQuery) {
  return useQuery({
    queryKey: scheduledKey(q),
    queryFn: () => getScheduledPosts(q),
    enabled: Boolean(q.userId),
    placeholderData: keepPreviousData,
  });
}
