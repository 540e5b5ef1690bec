import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrder } from '@virality/domain';
import { api } from '../../../lib/api-client';
import { billingKeys } from './types';

/** GET payment/orderConfirmation?orderId=: the recorded payment (only its payer may read it). */
export async function getOrderConfirmation(orderId: string): Promise<TOrder> {
  const res = await api.get('payment/orderConfirmation', { orderId });
  return res.response;
}

export const orderConfirmationQuery = (orderId: string) =>
  queryOptions({ queryKey: billingKeys.order(orderId), queryFn: () => getOrderConfirmation(orderId), retry: false });

export function useOrderConfirmation(orderId: string | null) {
  return useQuery({ ...orderConfirmationQuery(orderId ?? ''), enabled: !!orderId });
}
