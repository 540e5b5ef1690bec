import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProfileOverviewItem } from '@virality/domain';
import { sph } from '../../../lib/api-client';

/** While an account's figures have not been read yet, they are asked for again this often (a job is reading them). */
const WHILE_READING_MS = 5_000;

export const profileOverviewKey = (socialMediaId: string) => ['analytics', 'profile-overview', socialMediaId] as const;

/** POST profile_overview/ {SocialMediaID}: the figures of the caller's linked accounts of one network. */
export async function getProfileOverview(socialMediaId: string): Promise<TProfileOverviewItem[]> {
  return (await sph.post<TProfileOverviewItem[]>('profile_overview/', { SocialMediaID: socialMediaId })).response ?? [];
}

export const profileOverviewQuery = (socialMediaId: string) =>
  queryOptions({
    queryKey: profileOverviewKey(socialMediaId),
    queryFn: () => getProfileOverview(socialMediaId),
    enabled: Boolean(socialMediaId),
    // figures not read yet are on their way: asked again until they come
    refetchInterval: (q) => (q.state.data?.some((a) => a.UpdatedAt === null) ? WHILE_READING_MS : false),
  });

export const useProfileOverview = (socialMediaId: string) => useQuery(profileOverviewQuery(socialMediaId));
