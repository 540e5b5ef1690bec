import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCampaignList } from '@virality/domain';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './keys';

/** GET campaigns/tagged?page: the campaigns the influencer is tagged in, newest first. */
export async function getTaggedCampaigns(page: number): Promise<TCampaignList> {
  return (await api.get('campaigns/tagged', { page })).response;
}

export function useTaggedCampaigns(page: number) {
  return useQuery({
    queryKey: campaignKeys.tagged(page),
    queryFn: () => getTaggedCampaigns(page),
    placeholderData: keepPreviousData,
  });
}
