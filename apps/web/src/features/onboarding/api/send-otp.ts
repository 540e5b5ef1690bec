import { useMutation } from '@tanstack/react-query';
import type { TOtpSent } from '@virality/domain';
import { api } from '../../../lib/api-client';

export type TSendOtpBody = { email: string } | { mobileNumber: string; phoneCode: string };

/** POST otp/sendOtp: with the token, sends an OTP to a new email / mobile of the logged-in user. */
export async function sendOtp(body: TSendOtpBody): Promise<TOtpSent> {
  const res = await api.post('otp/sendOtp', body);
  return res.response;
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
