import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TSubUsersPage } from '@virality/domain';
import { api } from '../../../lib/api-client';
import { teamKeys } from './types';
export type TSubUsersQuery = { businessId: string; page: number; search: string };

/** GET bussiness/getAll?businessId&page&search: the business's sub-users, 10 a page (response.result + response.pagination). */
export async function getSubUsers({ businessId, page, search }: TSubUsersQuery): Promise<TSubUsersPage> {
  const res = await api.get('bussiness/getAll', { businessId, page, search: search || undefined });
  return {
    result: res.response?.result ?? [],
    pagination: res.response?.pagination ?? { totalPages: 1, page, total: res.response?.result?.length ?? 0 },
  };
}

export function useSubUsers(q: TSubUsersQuery) {
  return useQuery({
    queryKey: teamKeys.subUsers(q.businessId, q.page, q.search),
    queryFn: () => getSubUsers(q),
    enabled: !!q.businessId,
    placeholderData: keepPreviousData,
  });
}
