import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TRolesPage } from '@virality/domain';
import { api } from '../../../lib/api-client';
import { teamKeys } from './types';

/** GET roleManagement/getAllRoles?page: the business's roles, 10 a page (response.roles + response.totalPages). */
export async function getAllRoles(page: number): Promise<TRolesPage> {
  const res = await api.get('roleManagement/getAllRoles', { page });
  const r = res.response ?? {};
  return { roles: r.roles ?? [], totalPages: r.totalPages ?? 1, page: r.page ?? page, total: r.total ?? r.roles?.length ?? 0 };
}

export function useAllRoles(page: number) {
  return useQuery({ queryKey: teamKeys.roles(page), queryFn: () => getAllRoles(page), placeholderData: keepPreviousData });
}
