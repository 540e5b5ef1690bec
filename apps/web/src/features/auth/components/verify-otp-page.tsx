import { Alert, Button, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, OTP_REASON_MSG, OTP_RESEND_SECONDS } from '@virality/domain';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { paths } from '../../../config/paths';
import { saveSession } from '../../../lib/auth-storage';
import type { TOtpState } from '../../../lib/otp-state';
import { CURRENT_USER_KEY } from '../../../lib/use-current-user';
import { notifySuccess } from '../lib/toasts';
import { AuthCard } from './auth-card';
import { OtpBoxes } from './otp-boxes';
import { OtpResend } from './otp-resend';
import { MissingOtpState } from './registration-otp-page';
import { useOtpFlow } from './use-otp-flow';

/**
 * Why this code was sent, when it is for a contact added to the profile rather than the one signed up with: the
 * profile step after sign-up, or a new contact on Account Details / the phone page. Null for a password reset.
 */
export function otpReason(state: TOtpState): string | null {
  const channel = state.emailPhone.startsWith('+') || (!state.email && !!state.mobileNumber) ? 'phone' : 'email';
  if (state.origin === 'userprofile') return OTP_REASON_MSG.profileStep(channel);
  if (state.origin === 'profile-update' || state.origin === 'profile update') return OTP_REASON_MSG.profileUpdate(channel);
  return null;
}

/**
 * /verifyotp: 4 digits and a 60 s resend countdown. A reset OTP continues to /createnewpassword; a
 * contact verification (origin userprofile / profile-update) continues to `state.next` (default /interest).
 */
export function VerifyOtpPage() {
  const state = (useLocation().state as TOtpState | null) ?? null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const flow = useOtpFlow(state, OTP_RESEND_SECONDS);

  if (!state?.emailPhone) return <MissingOtpState />;
  const reason = otpReason(state);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!flow.complete) return;
    flow.formError.clear();
    flow.verify.mutate(
      { emailPhone: state.emailPhone, otp: flow.otp },
      {
        onSuccess: (res) => {
          notifySuccess(res.message);
          const result = res.response;
          if (result.purpose === 'reset') {
            navigate(paths.createNewPassword, {
              replace: true,
              state: { emailPhone: state.emailPhone, resetToken: result.resetToken },
            });
            return;
          }
          if (result.purpose === 'registration') {
            saveSession(result);
            queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
            navigate(paths.userProfile, { replace: true });
            return;
          }
          void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
          navigate(state.next ?? paths.interest, { replace: true });
        },
        onError: (err) => flow.formError.show(err.message || MSG.somethingWentWrong),
      },
    );
  };

  return (
    <AuthCard title="Verify OTP" subtitle={`Enter the 4-digit code we sent to ${state.emailPhone}`}>
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          {reason && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="otp-reason">
              {reason}
            </Alert>
          )}
          <FormErrorAlert error={flow.formError.error} />
          <OtpBoxes value={flow.otp} onChange={flow.setOtp} error={!!flow.formError.error} />
          <OtpResend seconds={flow.seconds} busy={flow.resending} onResend={flow.resend} />
          <Button type="submit" fullWidth disabled={!flow.complete} loading={flow.verify.isPending}>
            Verify
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
