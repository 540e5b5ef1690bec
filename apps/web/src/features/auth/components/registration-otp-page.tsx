import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, REGISTRATION_OTP_RESEND_SECONDS } from '@virality/domain';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { paths } from '../../../config/paths';
import { saveSession } from '../../../lib/auth-storage';
import type { TOtpState } from '../../../lib/otp-state';
import { CURRENT_USER_KEY } from '../../../lib/use-current-user';
import { notifySuccess } from '../lib/toasts';
import { AuthCard } from './auth-card';
import { OtpBoxes } from './otp-boxes';
import { OtpResend } from './otp-resend';
import { useOtpFlow } from './use-otp-flow';

/** An OTP screen's router state, with what the page that sent the user here had to say (shown at the top). */
export type TOtpPageState = TOtpState & { notice?: string };

/**
 * /registerationotp: 4 boxes, 16 s resend countdown, Submit verifies and logs the new user in. Opened from
 * a login of an unverified account, it says why at the top.
 */
export function RegistrationOtpPage() {
  const state = (useLocation().state as TOtpPageState | null) ?? null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const flow = useOtpFlow(state, REGISTRATION_OTP_RESEND_SECONDS);

  if (!state?.emailPhone) return <MissingOtpState />;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!flow.complete) return;
    flow.formError.clear();
    flow.verify.mutate(
      { emailPhone: state.emailPhone, otp: flow.otp },
      {
        onSuccess: (res) => {
          notifySuccess(res.message);
          if (res.response.purpose === 'registration') {
            saveSession(res.response);
            queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
            navigate(paths.userProfile, { replace: true });
          } else navigate(paths.login, { replace: true });
        },
        onError: (err) => flow.formError.show(err.message || MSG.somethingWentWrong),
      },
    );
  };

  return (
    <AuthCard title="Verify your account" subtitle={`Enter the 4-digit code we sent to ${state.emailPhone}`}>
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          {state.notice && !flow.formError.error && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
              {state.notice}
            </Alert>
          )}
          <FormErrorAlert error={flow.formError.error} />
          <OtpBoxes value={flow.otp} onChange={flow.setOtp} error={!!flow.formError.error} />
          <OtpResend seconds={flow.seconds} busy={flow.resending} onResend={flow.resend} />
          <Button type="submit" fullWidth disabled={!flow.complete} loading={flow.verify.isPending}>
            Submit
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export function MissingOtpState() {
  return (
    <AuthCard title="Nothing to verify">
      <Text>Start again to receive a code.</Text>
      <Anchor component={Link} to={paths.login}>
        Back to login
      </Anchor>
    </AuthCard>
  );
}
