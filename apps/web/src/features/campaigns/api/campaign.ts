import { useQuery } from '@tanstack/react-query';
import type { TApiResponse, TCampaignDetail } from '@virality/domain';
import { apiCall } from '../../../lib/api-client';
import { campaignKeys } from './keys';

/** GET campaigns/:id: the campaign with its influencers, posts and payments (404 when it is not the caller's). */
export async function getCampaign(id: string): Promise<TCampaignDetail> {
  return (await apiCall<TApiResponse<'GET /campaigns/:id'>>(`campaigns/${encodeURIComponent(id)}`)).response;
}

export function useCampaign(id: string) {
  return useQuery({ queryKey: campaignKeys.one(id), queryFn: () => getCampaign(id), enabled: id !== '' });
}
