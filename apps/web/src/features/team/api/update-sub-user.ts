import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TSubUserBody } from './add-sub-user';
import { type TSubUserRecord, teamKeys } from './types';

/** PUT bussiness/update?userId with the edit payload (the e-mail is not editable); resolves to the server's message. */
export async function updateSubUser({
  userId,
  body,
}: {
  userId: string;
  body: Omit<TSubUserBody, 'email'>;
}): Promise<{ result: TSubUserRecord; message: string }> {
  const res = await api.put('bussiness/update', body, { userId });
  return { result: res.response.result, message: res.message };
}

export function useUpdateSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubUser,
    onSuccess: (_r, { userId }) => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.subUsersAll });
      void queryClient.invalidateQueries({ queryKey: teamKeys.access(userId) });
    },
  });
}
