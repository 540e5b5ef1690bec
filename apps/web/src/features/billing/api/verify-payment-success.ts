import type { TApiResponse } from '@virality/domain';
import { api } from '../../../lib/api-client';

export type TPaymentCheck = TApiResponse<'POST /payment/verifyPaymentSuccess'>;

/** POST payment/verifyPaymentSuccess {session_id? , token?}: what the webhook recorded for the checkout (never activates). */
export async function verifyPaymentSuccess(body: { session_id?: string; token?: string }): Promise<TPaymentCheck> {
  const res = await api.post('payment/verifyPaymentSuccess', body);
  return res.response;
}
