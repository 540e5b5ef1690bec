import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TWallet, TWalletFilter, TWalletPage } from '@virality/domain';
import { api } from '../../../lib/api-client';

/** Every query of the point wallet starts with this key (a points event reads them all again). */
export const POINTS_KEY = ['points'] as const;

/** The browser's time zone (an IANA name), in which the server reads the filters' days; UTC if it has none. */
export const browserZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** GET wallet/getUserWallet: total, level held, the levels, progress. */
export async function getWallet(): Promise<TWallet> {
  return (await api.get('wallet/getUserWallet', { timeZone: browserZone() })).response;
}

export function useWallet() {
  return useQuery({ queryKey: [...POINTS_KEY, 'wallet'], queryFn: getWallet });
}

/** What the earnings list shows: no filter (everything), a filter, or a custom range; and the page. */
export type TWalletQuery = {
  filterType: TWalletFilter | null;
  startDate: string | null;
  endDate: string | null;
  page: number;
};

/** GET wallet/getUserFillterWallet: a page of a period's earnings, its sum and its chart. */
export async function getWalletPage(q: TWalletQuery): Promise<TWalletPage> {
  return (
    await api.get('wallet/getUserFillterWallet', {
      filterType: q.filterType ?? undefined,
      startDate: q.filterType === 'Custom' ? q.startDate : undefined,
      endDate: q.filterType === 'Custom' ? q.endDate : undefined,
      page: q.page,
      timeZone: browserZone(),
    })
  ).response;
}

export function useWalletPage(q: TWalletQuery) {
  return useQuery({
    queryKey: [...POINTS_KEY, 'page', q],
    queryFn: () => getWalletPage(q),
    // a new page or filter keeps the old cards until the new ones come
    placeholderData: keepPreviousData,
  });
}
