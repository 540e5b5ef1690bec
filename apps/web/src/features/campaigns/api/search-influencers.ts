import { useQuery } from '@tanstack/react-query';
import type { TInfluencerHit } from '@virality/domain';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './keys';

/** The search asks nothing below this many characters (the server's own minimum). */
export const SEARCH_MIN_CHARS = 2;

/** GET campaigns/influencers/search?q: influencers by username or e-mail. */
export async function searchInfluencers(q: string): Promise<TInfluencerHit[]> {
  return (await api.get('campaigns/influencers/search', { q })).response;
}

/** The influencers matching `q` (already debounced by the caller); idle below two characters. */
export function useInfluencerSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: campaignKeys.search(term),
    queryFn: () => searchInfluencers(term),
    enabled: term.length >= SEARCH_MIN_CHARS,
    staleTime: 30_000,
  });
}
