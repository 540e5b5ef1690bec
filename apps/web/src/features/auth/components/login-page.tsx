import { Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, PASSWORD_FIELD_MAX } from '@virality/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth-storage';
import { CURRENT_USER_KEY } from '../../../lib/use-current-user';
import type { TNeedsVerification } from '../api/login-user';
import { useLoginUser } from '../api/login-user';
import { type TAuthRules, useAuthRules } from '../lib/use-auth-rules';
import { AuthCard } from './auth-card';
import { GoogleButton } from './google-button';
import { IdentifierField } from './identifier-field';
import { PasswordField } from './password-field';
import type { TOtpPageState } from './registration-otp-page';

/** What another page sent the user back to /login with (a failed Google sign-in). */
export type TLoginState = { error?: string } | null;

/**
 * /login: Email / Phone and password, Google, and links to forgot password and sign-up. A refused login
 * shows above the form; field errors under their fields.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const formError = useFormError((location.state as TLoginState)?.error);
  // Shown once: a reload or a way back to this entry does not bring the old error back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if ((location.state as TLoginState)?.error) navigate(location.pathname, { replace: true, state: null });
  }, []);
  const queryClient = useQueryClient();
  const login = useLoginUser();
  const [identifier, setIdentifier] = useState('');
  const [phoneCode, setPhoneCode] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  // The rules load on the first key, tap or change in the form; the submit waits for them.
  const { rules, load, start } = useAuthRules();

  const idError = submitted && rules ? rules.identifierError(identifier, phoneCode) : null;
  const codeError = submitted && rules ? rules.phoneCodeError(identifier, phoneCode) : null;
  const pwError = submitted && rules ? rules.loginPasswordError(password) : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    load().then(submit, () => formError.show(MSG.networkLost));
  };

  const submit = (r: TAuthRules) => {
    setSubmitted(true);
    formError.clear();
    const parsed = r.readIdentifier(identifier, phoneCode);
    if (!parsed || r.loginPasswordError(password)) return;
    login.mutate(
      { emailPhone: parsed.key, password },
      {
        onSuccess: (res) => {
          saveSession(res.response);
          queryClient.removeQueries({ queryKey: CURRENT_USER_KEY });
          const to =
            res.response.profileType === 'ADMIN'
              ? paths.admin
              : res.response.userData.profileCompleted
                ? paths.home
                : paths.userProfile;
          navigate(to, { replace: true });
        },
        onError: (err) => {
          const message = err.message || MSG.somethingWentWrong;
          const extra = err instanceof ApiError ? (err.response as TNeedsVerification | null) : null;
          if (err instanceof ApiError && err.status === 403 && extra?.needsVerification) {
            // The page moves on to the code: the message goes with the user and shows there.
            const state: TOtpPageState = {
              notice: message,
              emailPhone: extra.emailPhone,
              origin: 'registration',
              attemptId: extra.attemptId ?? null,
              ...r.identifierTarget(parsed),
            };
            navigate(paths.registrationOtp, { state });
            return;
          }
          formError.show(message);
        },
      },
    );
  };

  return (
    <AuthCard title="Login" subtitle="Welcome back to Virality">
      <form method="post" onSubmit={onSubmit} onKeyDown={start} onPointerDown={start} onChange={start} noValidate>
        <Stack gap="sm">
          <FormErrorAlert error={formError.error} />
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
      <GoogleButton mode="login" label="Continue with Google" onError={formError.show} />
      <Text size="sm" ta="center">
        New to Virality?{' '}
        <Anchor component={Link} to={paths.selectProfileType} underline="always">
          Sign up
        </Anchor>
      </Text>
    </AuthCard>
  );
}
