import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamKeys } from './types';

/** PUT bussiness/activeInactive?userId {status}; deactivating ends the sub-user's sessions. */
export async function setSubUserStatus({ userId, status }: { userId: string; status: boolean }): Promise<string> {
  const res = await api.put('bussiness/activeInactive', { status }, { userId });
  return res.message;
}

export function useSetSubUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubUserStatus,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamKeys.subUsersAll }),
  });
}
