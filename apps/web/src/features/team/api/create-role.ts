import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type TRole, teamKeys } from './types';

export type TRoleBody = { roleName: string; roleDesc: string };

/** POST roleManagement/create {roleName, roleDesc}; resolves to the server's message. */
export async function createRole(body: TRoleBody): Promise<{ role: TRole; message: string }> {
  const res = await api.post('roleManagement/create', body);
  return { role: res.response.role, message: res.message };
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.rolesAll });
      void queryClient.invalidateQueries({ queryKey: teamKeys.activeRoles });
    },
  });
}
