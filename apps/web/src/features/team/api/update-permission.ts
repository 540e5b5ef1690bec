import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPermissionEntry } from '@virality/domain';
import { api } from '../../../lib/api-client';
import { teamKeys } from './types';

/** PUT permission/update {roleId, permissionAccess}; resolves to the server's message. */
export async function updatePermission({
  roleId,
  permissionAccess,
}: {
  roleId: string;
  permissionAccess: TPermissionEntry[];
}): Promise<string> {
  const res = await api.put('permission/update', { roleId, permissionAccess });
  return res.message;
}

export function useUpdatePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePermission,
    onSuccess: (_message, { roleId }) => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.permission(roleId) });
      void queryClient.invalidateQueries({ queryKey: ['team', 'access'] });
    },
  });
}
