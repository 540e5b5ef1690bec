import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TChangePasswordBody = { oldPassword: string; newPassword: string; confirmPassword: string };

/**
 * POST user/changePassword: the old password must match; the new one replaces it and every other session of the
 * account ends (this one stays). Resolves to the server's message.
 */
export async function changePassword(body: TChangePasswordBody): Promise<string> {
  const res = await api.post('user/changePassword', body);
  return res.message;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
