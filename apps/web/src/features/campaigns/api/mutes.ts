import { useQuery } from '@tanstack/react-query';
import type { TApiResponse, TCampaignMute } from '@virality/domain';
import { apiCall } from '../../../lib/api-client';
import { CAMPAIGNS_KEY } from './keys';

/** Under the campaigns' key: a mute or an unmute anywhere reads the list again (useMuteOwner). */
export const MUTES_KEY = [...CAMPAIGNS_KEY, 'mutes'] as const;

/** GET campaigns/mutes: the campaign owners the influencer muted, newest first. */
export async function getMutes(): Promise<TCampaignMute[]> {
  const res = await apiCall<TApiResponse<'GET /campaigns/mutes'>>('campaigns/mutes');
  return res.response;
}

export const useMutes = () => useQuery({ queryKey: MUTES_KEY, queryFn: getMutes });
