import { useMutation } from '@tanstack/react-query';
import type { TAuthResult } from '@virality/domain';
import { api } from '../../../lib/api-client';

export type TVerifyOtpResult =
  | ({ purpose: 'registration' } & TAuthResult)
  | { purpose: 'reset'; resetToken: string; accessToken?: undefined }
  | { purpose: 'contact'; accessToken?: undefined };

/** POST otp/verifyOtp; a registration OTP also logs the user in. */
export async function verifyOtp(input: { emailPhone: string; otp: string }) {
  return api.post<TVerifyOtpResult>('otp/verifyOtp', input);
}

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
