import { useMutation } from '@tanstack/react-query';
import type { TApiResponse, TCouponCheck } from '@virality/domain';
import { apiCall } from '../../../lib/api-client';

export type TVerifyCouponBody = { priceId: string; promoCode: string };

/**
 * POST admin/coupon/verifyCoupon {priceId, promoCode} on the admin API: what the plan costs with the code; a refusal
 * throws the server's reason ('Invalid coupon code').
 */
export async function verifyCoupon(body: TVerifyCouponBody): Promise<TCouponCheck> {
  const res = await apiCall<TApiResponse<'POST /admin/coupon/verifyCoupon'>>('admin/coupon/verifyCoupon', {
    method: 'POST',
    body,
    base: 'admin',
  });
  return res.response;
}

export function useVerifyCoupon() {
  return useMutation({ mutationFn: verifyCoupon });
}
