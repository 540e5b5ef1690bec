import { useQuery } from '@tanstack/react-query';
import { sph } from '../../../lib/api-client';

export type TYouTubeCategory = { id: string; title: string };

/** POST youtube/yt_category_list/: the video categories of a region, read with one of the caller's channels. */
export async function getYouTubeCategories(accountId: string): Promise<TYouTubeCategory[]> {
  const res = await sph.post<TYouTubeCategory[]>('youtube/yt_category_list/', { RegionCode: 'US', UserSocialMediaID: accountId });
  return (res.response ?? []).map((c) => ({ id: String(c.id), title: c.title }));
}

export const useYouTubeCategories = (accountId: string | null) =>
  useQuery({
    queryKey: ['youtube-categories', accountId],
    queryFn: () => getYouTubeCategories(accountId!),
    enabled: Boolean(accountId),
    staleTime: 60 * 60_000,
  });
