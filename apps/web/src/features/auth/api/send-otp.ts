import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TOtpTarget } from '../../../lib/otp-state';

/** POST otp/sendOtp: a first OTP to an e-mail or a phone (forgot password). */
export async function sendOtp(target: TOtpTarget) {
  return api.post('otp/sendOtp', target);
}

export const useSendOtp = () => useMutation({ mutationFn: sendOtp });
