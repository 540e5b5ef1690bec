import { useQuery } from '@tanstack/react-query';
import { normalizePermissions, type TPermissionEntry } from '@virality/domain';
import { api } from '../../../lib/api-client';
import { teamKeys } from './types';

/** GET permission/veiw?userId: a sub-user's access (response.data.permission). */
export async function viewPermission(userId: string): Promise<TPermissionEntry[]> {
  const res = await api.get('permission/veiw', { userId });
  return normalizePermissions(res.response?.data?.permission);
}

export function useViewPermission(userId: string | null) {
  return useQuery({
    queryKey: teamKeys.access(userId ?? ''),
    queryFn: () => viewPermission(userId!),
    enabled: !!userId,
    staleTime: 0,
  });
}
