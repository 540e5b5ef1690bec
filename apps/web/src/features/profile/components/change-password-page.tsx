import { Alert, Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  confirmPasswordIssue,
  MSG,
  PASSWORD_FIELD_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_SPECIALS,
  zNewPassword,
  zOldPassword,
} from '@virality/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { PageLoader } from '../../../components/page-loader';
import { ProfileSubpage } from '../../../components/profile-subpage';
import classes from '../../../components/required-mark.module.css';
import { RequiredNote } from '../../../components/required-note';
import { paths } from '../../../config/paths';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useChangePassword } from '../api/change-password';

type TField = 'oldPassword' | 'newPassword' | 'confirmPassword';
type TValues = Record<TField, string>;

const EMPTY: TValues = { oldPassword: '', newPassword: '', confirmPassword: '' };
const NO_ONE_TOUCHED: Record<TField, boolean> = { oldPassword: false, newPassword: false, confirmPassword: false };

/** What the toast says after a change: the spec's words, then what happened to the other sessions. */
export const PASSWORD_CHANGED_TOAST = `${MSG.passwordChanged}. You are still signed in here; every other device was signed out.`;

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

/** Each field's error by the shared password rules (an empty field is an error too: 'required'). */
export function changePasswordErrors(v: TValues): Record<TField, string | null> {
  return {
    oldPassword: firstIssue(zOldPassword.safeParse(v.oldPassword)),
    newPassword: firstIssue(zNewPassword.safeParse(v.newPassword)),
    confirmPassword: confirmPasswordIssue(v.newPassword, v.confirmPassword),
  };
}

/** The hub's page frame with this page's title and what Save does to the other sessions. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <ProfileSubpage
      title="Change password"
      subtitle="Saving a new password signs you out on every other device; you stay signed in here."
    >
      {children}
    </ProfileSubpage>
  );
}

/**
 * /profile/updatepassword: old, new and confirm, each with show/hide. Fields are checked as they are typed (and
 * when left) with the password rules' messages; Save stays disabled while any field has an error. A Google
 * sign-in has no password here: the page says so instead of showing the form.
 */
export function ChangePasswordPage() {
  const { data: user } = useCurrentUser();
  if (!user) return <PageLoader />;
  if (user.authType === 'GOOGLE') {
    return (
      <Frame>
        <Alert color="brand" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="No password to change">
          Your account signs in with Google, so it has no Virality password. Manage your password in your Google account.
        </Alert>
      </Frame>
    );
  }
  return (
    <Frame>
      <ChangePasswordForm />
    </Frame>
  );
}

function ChangePasswordForm() {
  const navigate = useNavigate();
  const change = useChangePassword();
  const formError = useFormError();
  const [values, setValues] = useState<TValues>(EMPTY);
  const [touched, setTouched] = useState(NO_ONE_TOUCHED);

  const errors = changePasswordErrors(values);
  const hasErrors = Object.values(errors).some(Boolean);
  const shown = (f: TField) => (touched[f] ? errors[f] : null);

  const onChange = (f: TField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [f]: value }));
    setTouched((t) => ({ ...t, [f]: true }));
  };
  const onBlur = (f: TField) => () => setTouched((t) => ({ ...t, [f]: true }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (hasErrors || change.isPending) return;
    formError.clear();
    change.mutate(values, {
      onSuccess: () => {
        notifySuccess(PASSWORD_CHANGED_TOAST);
        navigate(paths.profile);
      },
      onError: (err) => formError.show(err.message || MSG.somethingWentWrong),
    });
  };

  const field = (f: TField, label: string, autoComplete: string, description?: string) => (
    <PasswordInput
      label={label}
      description={description}
      autoComplete={autoComplete}
      maxLength={PASSWORD_FIELD_MAX}
      aria-required
      value={values[f]}
      onChange={onChange(f)}
      onBlur={onBlur(f)}
      error={shown(f)}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': `Show or hide ${label.toLowerCase()}` }}
    />
  );

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={onSubmit}
      withBorder
      radius="lg"
      shadow="xs"
      p={{ base: 'md', sm: 'xl' }}
      className={classes.marksRequired}
      aria-label="Change password"
    >
      <Stack gap="md">
        <RequiredNote />
        <FormErrorAlert error={formError.error} />
        {field('oldPassword', 'Old password', 'current-password')}
        {field(
          'newPassword',
          'New password',
          'new-password',
          `${PASSWORD_MIN} to ${PASSWORD_MAX} characters, with a number, an upper case letter, a lower case letter and one of ${PASSWORD_SPECIALS}`,
        )}
        {field('confirmPassword', 'Confirm new password', 'new-password')}
        <Group justify="flex-end" mt="xs">
          <Button type="submit" disabled={hasErrors} loading={change.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
