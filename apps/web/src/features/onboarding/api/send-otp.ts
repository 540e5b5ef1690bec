import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TSendOtpBody = { email: string } | { mobileNumber: string; phoneCode: string };
export type TSendOtpResult = { emailPhone: string; resendAfterSeconds: number };

/** POST otp/sendOtp: with the token, sends an OTP to a new email / mobile of the logged-in user. */
export async function sendOtp(body: TSendOtpBody): Promise<TSendOtpResult> {
  const res = await api.post<TSendOtpResult>('otp/sendOtp', body);
  return res.response;
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
