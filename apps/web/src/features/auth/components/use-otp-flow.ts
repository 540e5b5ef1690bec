import { OTP_LENGTH } from '@virality/domain';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { otpTargetOf, type TOtpState } from '../../../lib/otp-state';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useResetOtp } from '../api/reset-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { useCountdown } from './use-countdown';

/** The OTP value, the resend countdown and the verify call shared by both OTP screens. */
export function useOtpFlow(state: TOtpState | null, countdownSeconds: number) {
  const [otp, setOtp] = useState('');
  const { seconds, restart } = useCountdown(countdownSeconds);
  const resetOtp = useResetOtp();
  const verify = useVerifyOtp();
  const user = useCurrentUser();

  const resend = () => {
    if (!state) return;
    resetOtp.mutate(otpTargetOf(state, user.data?.phoneCode), {
      onSuccess: (res) => {
        notifySuccess(res.message);
        setOtp('');
        restart(res.response?.resendAfterSeconds || countdownSeconds);
      },
      onError: (err) => notifyError(err.message || 'Unknown error occurred'),
    });
  };

  return { otp, setOtp, complete: otp.length === OTP_LENGTH, seconds, resend, resending: resetOtp.isPending, verify };
}
