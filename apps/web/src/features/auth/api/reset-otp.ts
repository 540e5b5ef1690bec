import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TOtpTarget } from '../../../lib/otp-state';

/** POST otp/resetOtp: sends the OTP again once the countdown is over. */
export async function resetOtp(target: TOtpTarget) {
  return api.post('otp/resetOtp', target);
}

export const useResetOtp = () => useMutation({ mutationFn: resetOtp });
