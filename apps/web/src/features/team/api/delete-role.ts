import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from './types';

/** DELETE roleManagement/delete?roleId; resolves to the server's message. */
export async function deleteRole(roleId: string): Promise<string> {
  const res = await api.del('roleManagement/delete', undefined, { roleId });
  return res.message;
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.rolesAll });
      void queryClient.invalidateQueries({ queryKey: teamKeys.activeRoles });
    },
  });
}
