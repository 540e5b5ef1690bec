import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `resetToken`: the single-use ticket verifyOtp returned for the reset code. */
export type TResetPasswordInput = { emailPhone: string; newPassword: string; confirmPassword: string; resetToken: string };

/** PUT user/resetPassword after a verified reset OTP. */
export async function resetPassword(input: TResetPasswordInput) {
  return api.put('user/resetPassword', input);
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
