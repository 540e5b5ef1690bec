import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST otp/verifyOtp; a registration OTP also logs the user in. */
export async function verifyOtp(input: { emailPhone: string; otp: string }) {
  return api.post('otp/verifyOtp', input);
}

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
