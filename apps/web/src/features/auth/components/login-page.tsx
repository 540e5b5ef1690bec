import { Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { PASSWORD_FIELD_MAX } from '@virality/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth-storage';
import { notifyError } from '../../../lib/notify';
import type { TOtpState } from '../../../lib/otp-state';
import { CURRENT_USER_KEY } from '../../../lib/use-current-user';
import type { TNeedsVerification } from '../api/login-user';
import { useLoginUser } from '../api/login-user';
import { identifierError, identifierTarget, loginPasswordError, phoneCodeError, readIdentifier } from '../lib/validation';
import { AuthCard } from './auth-card';
import { GoogleButton } from './google-button';
import { IdentifierField } from './identifier-field';
import { PasswordField } from './password-field';

/** /login: Email / Phone and password, Google, and links to forgot password and sign-up. */
export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLoginUser();
  const [identifier, setIdentifier] = useState('');
  const [phoneCode, setPhoneCode] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const idError = submitted ? identifierError(identifier, phoneCode) : null;
  const codeError = submitted ? phoneCodeError(identifier, phoneCode) : null;
  const pwError = submitted ? loginPasswordError(password) : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const parsed = readIdentifier(identifier, phoneCode);
    if (!parsed || loginPasswordError(password)) return;
    login.mutate(
      { emailPhone: parsed.key, password },
      {
        onSuccess: (res) => {
          saveSession(res.response);
          queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
          navigate(res.response.userData.profileCompleted ? paths.home : paths.userProfile, { replace: true });
        },
        onError: (err) => {
          notifyError(err.message || 'Something went wrong');
          const extra = err instanceof ApiError ? (err.response as TNeedsVerification | null) : null;
          if (err instanceof ApiError && err.status === 403 && extra?.needsVerification) {
            const state: TOtpState = {
              emailPhone: extra.emailPhone,
              origin: 'registration',
              attemptId: extra.attemptId ?? null,
              ...identifierTarget(parsed),
            };
            navigate(paths.registrationOtp, { state });
          }
        },
      },
    );
  };

  return (
    <AuthCard title="Login" subtitle="Welcome back to Virality">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <IdentifierField
            value={identifier}
            phoneCode={phoneCode}
            onChange={setIdentifier}
            onPhoneCodeChange={setPhoneCode}
            error={idError}
            phoneCodeError={codeError}
            autoFocus
          />
          <PasswordField
            label="Password"
            toggleLabel="Toggle visibility"
            autoComplete="current-password"
            maxLength={PASSWORD_FIELD_MAX}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={pwError}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotPassword} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            Login
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      <GoogleButton mode="login" label="Continue with Google" />
      <Text size="sm" ta="center">
        New to Virality?{' '}
        <Anchor component={Link} to={paths.selectProfileType} underline="always">
          Sign up
        </Anchor>
      </Text>
    </AuthCard>
  );
}
