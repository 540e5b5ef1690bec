import { useQuery } from '@tanstack/react-query';
import type { TCampaign } from '@virality/domain';
import { api } from '../../../lib/api-client';

/** GET campaigns/active: the influencer's accepted campaigns running today, which a post may be made for. */
export async function getActiveCampaigns(): Promise<TCampaign[]> {
  return (await api.get('campaigns/active')).response.docs;
}

// under ['campaigns'], so accepting or declining one reads it again
export function useActiveCampaigns(enabled: boolean) {
  return useQuery({ queryKey: ['campaigns', 'active'], queryFn: getActiveCampaigns, enabled });
}
