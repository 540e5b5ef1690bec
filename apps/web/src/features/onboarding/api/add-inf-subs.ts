import { useMutation } from '@tanstack/react-query';
import type { TUser } from '@virality/domain';
import { api } from '../../../lib/api-client';

/** POST subscription/AddInfSubs {userId}: the influencer's FreeTier record (INFLUENCER only). */
export async function addInfluencerSubscription(userId: string): Promise<TUser['subscriptionDetails']> {
  const res = await api.post('subscription/AddInfSubs', { userId });
  return res.response?.subscriptionDetails ?? null;
}

export function useAddInfluencerSubscription() {
  return useMutation({ mutationFn: addInfluencerSubscription });
}
