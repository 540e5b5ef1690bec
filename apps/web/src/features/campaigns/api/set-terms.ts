import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiResponse, TCampaignDetail, TCampaignTermsInput } from '@virality/domain';
import { apiCall } from '../../../lib/api-client';
import { CAMPAIGNS_KEY, campaignKeys } from './keys';

/**
 * PUT campaigns/:id/influencers/:influencerId/terms {deliverables, fee}: the owner sets one tagged influencer's terms.
 * The campaign as it now stands, and the server's words (saved, or saved and the influencer asked again).
 */
export async function setInfluencerTerms(
  id: string,
  influencerId: string,
  terms: TCampaignTermsInput,
): Promise<{ campaign: TCampaignDetail; message: string }> {
  const res = await apiCall<TApiResponse<'PUT /campaigns/:id/influencers/:influencerId/terms'>>(
    `campaigns/${encodeURIComponent(id)}/influencers/${encodeURIComponent(influencerId)}/terms`,
    { method: 'PUT', body: terms },
  );
  return { campaign: res.response, message: res.message };
}

export function useSetTerms(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ influencerId, terms }: { influencerId: string; terms: TCampaignTermsInput }) =>
      setInfluencerTerms(id, influencerId, terms),
    onSuccess: ({ campaign }) => {
      client.setQueryData(campaignKeys.one(id), campaign);
      void client.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
  });
}
