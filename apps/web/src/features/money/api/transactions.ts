import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TApiResponse, TTransaction, TTransactionFilter, TTransactionList } from '@virality/domain';
import { api, apiCall } from '../../../lib/api-client';
import { isSettled } from '../lib/money-view';

/** Every money query starts with this key: a withdrawal, a capture or a money notification reads them all again. */
export const MONEY_KEY = ['money'] as const;

/** While a row of the page is on its way (pending or created), the page asks again this often. */
export const PENDING_POLL_MS = 10_000;

/** The browser's time zone (an IANA name), in which the server reads the filters' months; UTC if it has none. */
export const browserZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

export type TTransactionQuery = { filter: TTransactionFilter; page: number };

/** GET payments/list?filter&page&timeZone: a page (10) of the caller's payments and withdrawals, newest first. */
export async function getTransactions(q: TTransactionQuery): Promise<TTransactionList> {
  return (await api.get('payments/list', { filter: q.filter, page: q.page, timeZone: browserZone() })).response;
}

export function useTransactions(q: TTransactionQuery) {
  return useQuery({
    queryKey: [...MONEY_KEY, 'list', q],
    queryFn: () => getTransactions(q),
    // a new page or filter keeps the old rows until the new ones come
    placeholderData: keepPreviousData,
    // a row still on its way is asked about again until it settles (the live stream usually says so sooner)
    refetchInterval: (query) => (query.state.data?.docs.some((t) => !isSettled(t.paymentStatus)) ? PENDING_POLL_MS : false),
  });
}

/** GET payments/detail/:id: one payment of the caller's (its payer or receiver). */
export async function getTransaction(id: string): Promise<TTransaction> {
  return (await apiCall<TApiResponse<'GET /payments/detail/:id'>>(`payments/detail/${encodeURIComponent(id)}`)).response;
}

export function useTransaction(id: string) {
  return useQuery({ queryKey: [...MONEY_KEY, 'detail', id], queryFn: () => getTransaction(id), retry: false });
}
