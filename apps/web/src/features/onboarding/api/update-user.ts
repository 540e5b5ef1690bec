import { useMutation } from '@tanstack/react-query';
import type { TProfileFields, TUser } from '@virality/domain';
import { api } from '../../../lib/api-client';

export type TUpdateUserBody = TProfileFields | { interested: string[] };
export type TUpdateUserResult = { result: TUser; pendingVerification?: ('email' | 'mobileNumber')[] };

/**
 * PUT user/updateUser?userId=: the registration profile step, or the interests step. A newly entered
 * email / mobile is not saved: it comes back in `pendingVerification` and needs an OTP.
 */
export async function updateUser(userId: string, body: TUpdateUserBody): Promise<TUpdateUserResult> {
  const res = await api.put<TUpdateUserResult>('user/updateUser', body, { userId });
  return { ...res.response, pendingVerification: res.response?.pendingVerification ?? [] };
}

export function useUpdateUser() {
  return useMutation({ mutationFn: ({ userId, body }: { userId: string; body: TUpdateUserBody }) => updateUser(userId, body) });
}
