import { useMutation } from '@tanstack/react-query';
import { sendContactOtp } from '../../../components/profile-form';

export type { TContactOtpBody as TSendOtpBody } from '../../../components/profile-form';

/** POST otp/sendOtp: with the token, sends an OTP to a new email / mobile of the logged-in user. */
export function useSendOtp() {
  return useMutation({ mutationFn: sendContactOtp });
}
