import { useQuery } from '@tanstack/react-query';
import { sph } from '../../../lib/api-client';

/** POST tiktok/user-privacy-options/: who a TikTok account may show a post to (TikTok's own values). */
export async function getTikTokPrivacyOptions(accountId: string): Promise<string[]> {
  const res = await sph.post<{ privacy_level_options: string[] }>('tiktok/user-privacy-options/', {
    UserSocialMediaID: accountId,
  });
  return res.response?.privacy_level_options ?? [];
}

export const useTikTokPrivacyOptions = (accountId: string) =>
  useQuery({
    queryKey: ['tiktok-privacy', accountId],
    queryFn: () => getTikTokPrivacyOptions(accountId),
    staleTime: 5 * 60_000,
  });
