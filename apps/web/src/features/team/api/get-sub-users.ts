import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type TPagination, type TSubUserRecord, teamKeys } from './types';

export type TSubUsersPage = { result: TSubUserRecord[]; pagination: TPagination };
export type TSubUsersQuery = { businessId: string; page: number; search: string };

/** GET bussiness/getAll?businessId&page&search: the business's sub-users, 10 a page (response.result + response.pagination). */
export async function getSubUsers({ businessId, page, search }: TSubUsersQuery): Promise<TSubUsersPage> {
  const res = await api.get<Partial<TSubUsersPage>>('bussiness/getAll', { businessId, page, search: search || undefined });
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
