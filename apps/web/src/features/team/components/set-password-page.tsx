import { Alert, Anchor, Button, Center, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { confirmPasswordIssue, PASSWORD_MAX, TEAM_MSG, zNewPassword } from '@virality/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { OnboardingLayout } from '../../../components/onboarding-layout';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/get-invitation';
import { serverText } from '../lib/errors';

const passwordIssue = (v: string) => {
  const r = zNewPassword.safeParse(v);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
};

/**
 * /set-password?token=: a sub-user's invitation link. Shows who it is for, takes a new
 * password with the domain's password rules, then sends the sub-user to /login.
 */
export function SetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const invitation = useInvitation(token);
  return (
    <OnboardingLayout>
      <Center>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} w="100%" maw={460}>
          <Stack gap="md">
            <Title order={1} fz={26}>
              Set your password
            </Title>
            {!token || invitation.isError ? (
              <>
                <Alert color="red" title="Invitation not valid">
                  {invitation.error ? serverText(invitation.error) : TEAM_MSG.inviteInvalid}
                </Alert>
                <Anchor component={Link} to={paths.login}>
                  Go to Login
                </Anchor>
              </>
            ) : !invitation.data ? (
              <Center py="lg">
                <Loader aria-label="Loading" />
              </Center>
            ) : (
              <SetPasswordForm token={token} name={invitation.data.name} email={invitation.data.email} />
            )}
          </Stack>
        </Paper>
      </Center>
    </OnboardingLayout>
  );
}

function SetPasswordForm({ token, name, email }: { token: string; name: string | null; email: string | null }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const pIssue = passwordIssue(password);
  const cIssue = confirmPasswordIssue(password, confirm);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched({ password: true, confirm: true });
    if (pIssue || cIssue) return;
    accept.mutate(
      { token, newPassword: password, confirmPassword: confirm },
      {
        onSuccess: (message) => {
          notifySuccess(message || TEAM_MSG.inviteAccepted);
          navigate(paths.login, { replace: true });
        },
        onError: (err) => notifyError(serverText(err)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm" data-testid="invitation-for">
          Invitation for <strong>{name ?? email}</strong>
          {name && email ? ` (${email})` : ''}
        </Text>
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          error={touched.password ? pIssue : null}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Toggle visibility' }}
          withAsterisk
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          onBlur={() => setTouched((t) => ({ ...t, confirm: true }))}
          error={touched.confirm ? cIssue : null}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Toggle confirmation visibility' }}
          withAsterisk
        />
        <Button type="submit" fullWidth loading={accept.isPending}>
          Set Password
        </Button>
      </Stack>
    </form>
  );
}
