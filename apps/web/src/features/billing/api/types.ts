export type { TCouponCheck, TOrder, TPaymentState, TPriceList } from '@virality/domain';

import type { TPlanOffer } from '@virality/domain';

/** A plan of the price list, in the list's currency (amount in major units). */
export type TPlan = TPlanOffer;

export const billingKeys = {
  priceList: (currency: string | null) => ['billing', 'price-list', currency ?? 'auto'] as const,
  order: (orderId: string) => ['billing', 'order', orderId] as const,
  check: (id: string) => ['billing', 'check', id] as const,
};
