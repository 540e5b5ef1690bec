import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from './types';

/** PUT roleManagement/activeInactive {roleId, status}; resolves to the server's message. */
export async function setRoleStatus({ roleId, status }: { roleId: string; status: boolean }): Promise<string> {
  const res = await api.put('roleManagement/activeInactive', { roleId, status });
  return res.message;
}

export function useSetRoleStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRoleStatus,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.rolesAll });
      void queryClient.invalidateQueries({ queryKey: teamKeys.activeRoles });
    },
  });
}
