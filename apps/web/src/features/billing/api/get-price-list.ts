import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPriceList } from '@virality/domain';
import { api } from '../../../lib/api-client';
import { billingKeys } from './types';

/** GET payment/getPriceList?currency=: the plans in the asked currency, or in the visitor's (the server decides). */
export async function getPriceList(currency: string | null = null): Promise<TPriceList> {
  const res = await api.get('payment/getPriceList', { currency });
  const list = res.response;
  return { ...list, plans: [...(list.plans ?? [])].sort((a, b) => a.planLevel - b.planLevel) };
}

export const priceListQuery = (currency: string | null = null) =>
  queryOptions({ queryKey: billingKeys.priceList(currency), queryFn: () => getPriceList(currency), retry: 1 });

export function usePriceList(currency: string | null = null) {
  return useQuery(priceListQuery(currency));
}
