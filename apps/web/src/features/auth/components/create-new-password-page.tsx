import { Anchor, Button, Stack, Text } from '@mantine/core';
import { MSG, PASSWORD_MAX } from '@virality/domain';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { paths } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notify';
import { useResetPassword } from '../api/reset-password';
import { confirmError, newPasswordError } from '../lib/validation';
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

  const passwordIssue = newPasswordError(password);
  const confirmIssue = confirmError(password, confirm);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ password: true, confirm: true });
    formError.clear();
    if (passwordIssue || confirmIssue) return;
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
      <form onSubmit={onSubmit} noValidate>
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
