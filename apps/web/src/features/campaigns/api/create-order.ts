import { useMutation } from '@tanstack/react-query';
import type { TOrderCreated } from '@virality/domain';
import { api } from '../../../lib/api-client';

export type TOrderBody = { campaignId: string; influencerId: string; amount: string };

/** POST payments/createOrder: a PayPal order for paying a tagged influencer; the brand approves it at approveUrl. */
export async function createOrder(body: TOrderBody): Promise<TOrderCreated> {
  return (await api.post('payments/createOrder', body)).response;
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
