import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TSessionBody = {
  priceId: string;
  planType: string;
  userId: string;
  postLimit: number | null;
  /** A promotion code verified with verifyCoupon. */
  COUPON_ID?: string;
};

/** POST payment/createSubscriptionSession: the hosted checkout page to send the browser to (urlRedirect). */
export async function createSubscriptionSession(body: TSessionBody): Promise<string> {
  const res = await api.post('payment/createSubscriptionSession', body);
  return res.response.urlRedirect;
}

export function useCreateSubscriptionSession() {
  return useMutation({ mutationFn: createSubscriptionSession });
}
