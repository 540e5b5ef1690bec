import { Anchor, Button, Stack, Text } from '@mantine/core';
import { MSG, PASSWORD_MAX } from '@virality/domain';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { paths } from '../../../config/paths';
import { useResetPassword } from '../api/reset-password';
import { notifySuccess } from '../lib/toasts';
import { useAuthRules } from '../lib/use-auth-rules';
import { AuthCard } from './auth-card';
import { PasswordField } from './password-field';

/** /createnewpassword: new and confirm password for the emailPhone verified on /verifyotp. */
export function CreateNewPasswordPage() {
  const state = useLocation().state as { emailPhone?: string; resetToken?: string } | null;
  const emailPhone = state?.emailPhone ?? null;
  const resetToken = state?.resetToken ?? null;
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const formError = useFormError();
  // The rules load on the first key, tap or change in the form; the submit waits for them.
  const { rules, load, start } = useAuthRules();

  if (!emailPhone || !resetToken) {
    return (
      <AuthCard title="Create new password">
        <Text>Request a code first to set a new password.</Text>
        <Anchor component={Link} to={paths.forgotPassword}>
          Forgot password
        </Anchor>
      </AuthCard>
    );
  }

  const passwordIssue = rules ? rules.newPasswordError(password) : null;
  const confirmIssue = rules ? rules.confirmError(password, confirm) : null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ password: true, confirm: true });
    formError.clear();
    load().then(
      (r) => {
        if (r.newPasswordError(password) || r.confirmError(password, confirm)) return;
        save();
      },
      () => formError.show(MSG.networkLost),
    );
  };
  const save = () => {
    reset.mutate(
      { emailPhone, newPassword: password, confirmPassword: confirm, resetToken },
      {
        onSuccess: () => {
          notifySuccess(MSG.newPasswordSet);
          navigate(paths.login, { replace: true });
        },
        onError: (err) => formError.show(err.message || MSG.somethingWentWrong),
      },
    );
  };

  return (
    <AuthCard title="Create new password" subtitle={`For ${emailPhone}`}>
      <form method="post" onSubmit={onSubmit} onKeyDown={start} onPointerDown={start} onChange={start} noValidate>
        <Stack gap="sm">
          <FormErrorAlert error={formError.error} />
          <PasswordField
            label="New Password"
            toggleLabel="Toggle visibility"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            onBlur={() => setTouched((t) => ({ ...t, password: true }))}
            error={touched.password ? passwordIssue : null}
          />
          <PasswordField
            label="Confirm Password"
            toggleLabel="Toggle confirmation visibility"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
            onBlur={() => setTouched((t) => ({ ...t, confirm: true }))}
            error={touched.confirm ? confirmIssue : null}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Save Password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
