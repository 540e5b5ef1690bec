import { useMutation } from '@tanstack/react-query';
import type { TProfileFields, TProfileSaved } from '@virality/domain';
import { api } from '../../../lib/api-client';

export type TUpdateUserBody = TProfileFields | { interested: string[] };

/**
 * PUT user/updateUser?userId=: the registration profile step, or the interests step. A newly entered
 * email / mobile is not saved: it comes back in `pendingVerification` and needs an OTP.
 */
export async function updateUser(userId: string, body: TUpdateUserBody): Promise<TProfileSaved> {
  const res = await api.put('user/updateUser', body, { userId });
  return { ...res.response, pendingVerification: res.response?.pendingVerification ?? [] };
}

export function useUpdateUser() {
  return useMutation({ mutationFn: ({ userId, body }: { userId: string; body: TUpdateUserBody }) => updateUser(userId, body) });
}
