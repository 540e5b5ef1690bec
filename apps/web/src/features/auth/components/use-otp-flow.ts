import { MSG, OTP_LENGTH } from '@virality/domain';
import { useState } from 'react';
import { useFormError } from '../../../components/form-error-alert';
import { otpTargetOf, type TOtpState } from '../../../lib/otp-state';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useResetOtp } from '../api/reset-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { notifySuccess } from '../lib/toasts';
import { useCountdown } from './use-countdown';

/**
 * The OTP value, the resend countdown, the verify call and the form's error (a refused resend or code,
 * shown above the boxes) shared by both OTP screens.
 */
export function useOtpFlow(state: TOtpState | null, countdownSeconds: number) {
  const [otp, setOtp] = useState('');
  const formError = useFormError();
  const { seconds, restart } = useCountdown(countdownSeconds);
  const resetOtp = useResetOtp();
  const verify = useVerifyOtp();
  const user = useCurrentUser();

  const resend = () => {
    if (!state) return;
    formError.clear();
    resetOtp.mutate(otpTargetOf(state, user.data?.phoneCode), {
      onSuccess: (res) => {
        notifySuccess(res.message);
        setOtp('');
        restart(res.response?.resendAfterSeconds || countdownSeconds);
      },
      onError: (err) => formError.show(err.message || MSG.unknownError),
    });
  };

  return {
    otp,
    setOtp,
    complete: otp.length === OTP_LENGTH,
    seconds,
    resend,
    resending: resetOtp.isPending,
    verify,
    formError,
  };
}
