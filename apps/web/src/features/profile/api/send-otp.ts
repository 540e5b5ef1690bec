import { useMutation } from '@tanstack/react-query';
import type { TOtpSent } from '@virality/domain';
import { api } from '../../../lib/api-client';

export type TContactOtpBody = { email: string } | { mobileNumber: string; phoneCode: string };

/** POST otp/sendOtp with the session: an OTP to a new e-mail or mobile of the logged-in user. */
export async function sendContactOtp(body: TContactOtpBody): Promise<TOtpSent> {
  const res = await api.post('otp/sendOtp', body);
  return res.response;
}

export function useSendContactOtp() {
  return useMutation({ mutationFn: sendContactOtp });
}
