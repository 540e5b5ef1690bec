import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiResponse, TCampaignDetail } from '@virality/domain';
import { apiCall } from '../../../lib/api-client';
import { CAMPAIGNS_KEY, campaignKeys } from './keys';

/** POST campaigns/:id/tag {influencerIds}: the owner tags more influencers; the campaign as it now stands. */
export async function tagInfluencers(id: string, influencerIds: string[]): Promise<TCampaignDetail> {
  return (
    await apiCall<TApiResponse<'POST /campaigns/:id/tag'>>(`campaigns/${encodeURIComponent(id)}/tag`, {
      method: 'POST',
      body: { influencerIds },
    })
  ).response;
}

export function useTagInfluencers(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (influencerIds: string[]) => tagInfluencers(id, influencerIds),
    onSuccess: (campaign) => {
      client.setQueryData(campaignKeys.one(id), campaign);
      void client.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
  });
}
