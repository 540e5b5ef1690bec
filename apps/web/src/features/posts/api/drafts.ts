import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DRAFTS_PAGE_SIZE, type TPost } from '@virality/domain';
import { sph } from '../../../lib/api-client';
import type { TPostsPage } from './scheduled-posts';

/** network: a SocialMediaID ('1'–'6'), or null for every network. */
export type TDraftsQuery = { userId: string; page: number; network: string | null };

export const draftsKey = (q: TDraftsQuery) => ['posts', 'drafts', q.userId, q.page, q.network ?? 'all'] as const;

/** POST drafts/get-all-drafts/ {user_id, page, limit 9, social_media_id}: newest first (response_data, pages). */
export async function getDrafts({ userId, page, network }: TDraftsQuery): Promise<TPostsPage> {
  const res = await sph.post<TPost[]>('drafts/get-all-drafts/', {
    user_id: userId,
    page,
    limit: DRAFTS_PAGE_SIZE,
    social_media_id: network ?? undefined,
  });
  const posts = res.response ?? [];
  return { posts, pages: res.pages ?? 1, total: res.total ?? posts.length };
}

export function useDrafts(q: TDraftsQuery) {
  return useQuery({
    queryKey: draftsKey(q),
    queryFn: () => getDrafts(q),
    enabled: Boolean(q.userId),
    placeholderData: keepPreviousData,
  });
}
