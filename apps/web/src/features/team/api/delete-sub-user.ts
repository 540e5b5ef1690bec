import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from './types';

/** DELETE bussiness/delete?subUserId; resolves to the server's message. */
export async function deleteSubUser(subUserId: string): Promise<string> {
  const res = await api.del('bussiness/delete', undefined, { subUserId });
  return res.message;
}

export function useDeleteSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.subUsersAll });
      void queryClient.invalidateQueries({ queryKey: teamKeys.rolesAll });
    },
  });
}
