import { useQuery } from '@tanstack/react-query';
import { normalizePermissions, type TPermissionEntry } from '@virality/domain';
import { api } from '../../../lib/api-client';
import { teamKeys } from './types';

export type TRolePermission = { permission: TPermissionEntry[]; roleName: string | null };

/** GET permission/getPermission?roleId: a role's permission list (response.data.permission), every account present. */
export async function getPermission(roleId: string): Promise<TRolePermission> {
  const res = await api.get('permission/getPermission', { roleId });
  return { permission: normalizePermissions(res.response?.data?.permission), roleName: res.response?.data?.roleName ?? null };
}

export function usePermission(roleId: string | null) {
  return useQuery({
    queryKey: teamKeys.permission(roleId ?? ''),
    queryFn: () => getPermission(roleId!),
    enabled: !!roleId,
    staleTime: 0,
  });
}
