import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_PAGE_SIZE, type TPost } from '@virality/domain';
import { sph } from '../../../lib/api-client';
import type { TPostsPage } from './scheduled-posts';

export type TRecentQuery = { userId: string; page: number; limit?: number };

// under ['posts'], so the live stream's "a post moved" reads it again
export const recentKey = (q: TRecentQuery) => ['posts', 'recent', q.userId, q.page, q.limit ?? RECENT_PAGE_SIZE] as const;

/** GET recent_post_details/{id}/?page&limit: the organization's posts that went out, newest first. */
export async function getRecentPosts({ userId, page, limit = RECENT_PAGE_SIZE }: TRecentQuery): Promise<TPostsPage> {
  const res = await sph.get<TPost[]>(`recent_post_details/${encodeURIComponent(userId)}/`, { page, limit });
  const posts = res.response ?? [];
  return { posts, pages: res.pages ?? 1, total: res.total ?? posts.length };
}

export const recentPostsQuery = (q: TRecentQuery) =>
  queryOptions({ queryKey: recentKey(q), queryFn: () => getRecentPosts(q), enabled: Boolean(q.userId) });

export function useRecentPosts(q: TRecentQuery) {
  return useQuery({ ...recentPostsQuery(q), placeholderData: keepPreviousData });
}
