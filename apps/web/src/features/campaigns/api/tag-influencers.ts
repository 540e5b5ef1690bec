import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiResponse, TCampaignDetail, TCampaignTermsInput } from '@virality/domain';
import { apiCall } from '../../../lib/api-client';
import { CAMPAIGNS_KEY, campaignKeys } from './keys';

export type TTagBody = { influencerIds: string[] /** Offered to each influencer tagged now. */; terms?: TCampaignTermsInput };

/** POST campaigns/:id/tag {influencerIds, terms?}: the owner tags more influencers; the campaign as it now stands. */
export async function tagInfluencers(id: string, body: TTagBody): Promise<TCampaignDetail> {
  return (
    await apiCall<TApiResponse<'POST /campaigns/:id/tag'>>(`campaigns/${encodeURIComponent(id)}/tag`, {
      method: 'POST',
      body: body.terms ? body : { influencerIds: body.influencerIds },
    })
  ).response;
}

export function useTagInfluencers(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TTagBody) => tagInfluencers(id, body),
    onSuccess: (campaign) => {
      client.setQueryData(campaignKeys.one(id), campaign);
      void client.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
  });
}
