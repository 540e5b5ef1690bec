import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TResetPasswordInput = { emailPhone: string; newPassword: string; confirmPassword: string };

/** PUT user/resetPassword after a verified reset OTP. */
export async function resetPassword(input: TResetPasswordInput) {
  return api.put<null>('user/resetPassword', input);
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
