import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCampaignList } from '@virality/domain';
import { api } from '../../../lib/api-client';
import { campaignKeys } from './keys';

/** GET campaigns/list?page: the caller's own campaigns (an IMC's or a brand's), newest first. */
export async function getCampaigns(page: number): Promise<TCampaignList> {
  return (await api.get('campaigns/list', { page })).response;
}

export function useCampaigns(page: number) {
  return useQuery({ queryKey: campaignKeys.list(page), queryFn: () => getCampaigns(page), placeholderData: keepPreviousData });
}
