import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiResponse, TCampaignDetail } from '@virality/domain';
import { apiCall } from '../../../lib/api-client';
import { CAMPAIGNS_KEY, campaignKeys } from './keys';

/** POST campaigns/:id/respond {accept}: a tagged influencer accepts or declines; the campaign as it now stands. */
export async function respondToCampaign(id: string, accept: boolean): Promise<TCampaignDetail> {
  return (
    await apiCall<TApiResponse<'POST /campaigns/:id/respond'>>(`campaigns/${encodeURIComponent(id)}/respond`, {
      method: 'POST',
      body: { accept },
    })
  ).response;
}

/** Accept or decline any campaign (the tagged list answers several). */
export function useRespond() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) => respondToCampaign(id, accept),
    onSuccess: (campaign) => {
      client.setQueryData(campaignKeys.one(campaign._id), campaign);
      void client.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
  });
}
