import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TRoleBody } from './create-role';
import { type TRole, teamKeys } from './types';

/** PUT roleManagement/update?roleId {roleName, roleDesc}; resolves to the server's message. */
export async function updateRole({
  roleId,
  body,
}: {
  roleId: string;
  body: TRoleBody;
}): Promise<{ role: TRole; message: string }> {
  const res = await api.put('roleManagement/update', body, { roleId });
  return { role: res.response.role, message: res.message };
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.rolesAll });
      void queryClient.invalidateQueries({ queryKey: teamKeys.activeRoles });
      void queryClient.invalidateQueries({ queryKey: teamKeys.subUsersAll });
    },
  });
}
