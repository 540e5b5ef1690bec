import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPost } from '@virality/domain';
import { sph } from '../../../lib/api-client';

// under ['posts'], so the live stream's "a post moved" reads it again
export const postDetailsKey = (id: string) => ['posts', 'details', id] as const;

/** GET drafts/get-draft-details/{id}/: one post of the caller's organization (404 for any other). */
export async function getPostDetails(id: string): Promise<TPost> {
  return (await sph.get<TPost>(`drafts/get-draft-details/${encodeURIComponent(id)}/`)).response;
}

export const postDetailsQuery = (id: string) =>
  queryOptions({ queryKey: postDetailsKey(id), queryFn: () => getPostDetails(id), enabled: Boolean(id) });

/**
 * The post, read from the server; `handed` (the post a list passed along with the navigation) is shown
 * meanwhile, so the page paints at once and still works when opened by its address.
 */
export function usePostDetails(id: string, handed: TPost | null) {
  return useQuery({ ...postDetailsQuery(id), placeholderData: handed ?? undefined });
}
