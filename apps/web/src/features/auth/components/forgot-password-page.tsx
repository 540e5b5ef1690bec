import { Anchor, Button, Stack } from '@mantine/core';
import { MSG } from '@virality/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { paths } from '../../../config/paths';
import type { TOtpState } from '../../../lib/otp-state';
import { useSendOtp } from '../api/send-otp';
import { notifySuccess } from '../lib/toasts';
import { type TAuthRules, useAuthRules } from '../lib/use-auth-rules';
import { AuthCard } from './auth-card';
import { IdentifierField } from './identifier-field';

/** /forgot-password: an OTP to the e-mail or phone, then /verifyotp (origin reset-password). */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const sendOtp = useSendOtp();
  const [identifier, setIdentifier] = useState('');
  const [phoneCode, setPhoneCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const formError = useFormError();
  // The rules load on the first key, tap or change in the form; the submit waits for them.
  const { rules, load, start } = useAuthRules();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    load().then(submit, () => formError.show(MSG.networkLost));
  };

  const submit = (r: TAuthRules) => {
    setSubmitted(true);
    formError.clear();
    const parsed = r.readIdentifier(identifier, phoneCode);
    if (!parsed) return;
    const target = r.identifierTarget(parsed);
    sendOtp.mutate(target, {
      onSuccess: (res) => {
        notifySuccess(res.message);
        const state: TOtpState = { emailPhone: res.response?.emailPhone ?? parsed.key, origin: 'reset-password', ...target };
        navigate(paths.verifyOtp, { state });
      },
      onError: (err) => formError.show(err.message || MSG.unknownError),
    });
  };

  return (
    <AuthCard title="Forgot password" subtitle="Enter your email or phone and we will send you a code.">
      <form method="post" onSubmit={onSubmit} onKeyDown={start} onPointerDown={start} onChange={start} noValidate>
        <Stack gap="sm">
          <FormErrorAlert error={formError.error} />
          <IdentifierField
            value={identifier}
            phoneCode={phoneCode}
            onChange={setIdentifier}
            onPhoneCodeChange={setPhoneCode}
            error={submitted && rules ? rules.identifierError(identifier, phoneCode) : null}
            phoneCodeError={submitted && rules ? rules.phoneCodeError(identifier, phoneCode) : null}
            autoFocus
          />
          <Button type="submit" fullWidth loading={sendOtp.isPending}>
            Send OTP
          </Button>
          <Anchor component={Link} to={paths.login} size="sm" ta="center">
            Back to login
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
