import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCampaignCreateInput, TCampaignDetail } from '@virality/domain';
import { api } from '../../../lib/api-client';
import { CAMPAIGNS_KEY, campaignKeys } from './keys';

/** POST campaigns/create: the new campaign, its influencers tagged (they are told). */
export async function createCampaign(body: TCampaignCreateInput): Promise<TCampaignDetail> {
  return (await api.post('campaigns/create', body)).response;
}

export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: (campaign) => {
      client.setQueryData(campaignKeys.one(campaign._id), campaign);
      void client.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
  });
}
