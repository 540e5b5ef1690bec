import { Alert, Anchor, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_DELETED, DELETE_REMARKS_MAX, formatUsd, MONEY_MSG, MSG, zDeleteRemarks } from '@virality/domain';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormErrorAlert, useFormError } from '../../../components/form-error-alert';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/auth-storage';
import { notifySuccess } from '../../../lib/notify';
import type { TCurrentUser } from '../../../lib/use-current-user';
import { useDeleteAccount } from '../api/delete-account';

/** Linked accounts that hold the deletion up: the organization's own (a team member's are the business's). */
export function linkedAccountCount(user: Pick<TCurrentUser, 'profileType' | 'socialLinks'>): number {
  if (user.profileType === 'BUSINESS_MANAGER') return 0;
  return Object.values(user.socialLinks ?? {}).reduce((n, list) => n + list.length, 0);
}

/** As it is typed: no leading spaces, inner runs of spaces as one, at most 100 characters (the end is trimmed on send). */
const typedRemarks = (value: string) => value.replace(/^\s+/, '').replace(/\s+/g, ' ').slice(0, DELETE_REMARKS_MAX);

type TProps = { user: TCurrentUser; opened: boolean; onClose: () => void };

/**
 * Delete Account, in two steps. First a confirmation whose Yes is open only when no social account is linked (it
 * says why otherwise, with the way to unlink them); then the reason (required, up to 100 characters, with a live
 * count) with Go Back or Proceed. Deleted: the server's message, the session and the cached data cleared, then '/'.
 */
export function DeleteAccountDialog({ user, opened, onClose }: TProps) {
  const [step, setStep] = useState<'confirm' | 'reason'>('confirm');
  const [remarks, setRemarks] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const formError = useFormError();
  const del = useDeleteAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const blockedId = useId();
  const linked = linkedAccountCount(user);
  const walletId = useId();
  const walletCents = Math.round((user.paymentWallet?.amount ?? 0) * 100);
  const blocked = linked > 0 || walletCents > 0;

  const close = () => {
    if (del.isPending) return;
    setStep('confirm');
    setRemarks('');
    setFieldError(null);
    formError.clear();
    onClose();
  };

  const proceed = () => {
    formError.clear();
    const parsed = zDeleteRemarks.safeParse(remarks);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? MSG.somethingWentWrong);
      return;
    }
    setFieldError(null);
    del.mutate(parsed.data, {
      onSuccess: (message) => {
        notifySuccess(message || ACCOUNT_DELETED);
        clearSession();
        queryClient.clear();
        navigate(paths.landing, { replace: true });
      },
      onError: (err) => formError.show(err.message || MSG.somethingWentWrong),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      size="md"
      radius="lg"
      title={step === 'confirm' ? 'Delete your account?' : 'Why are you leaving?'}
    >
      {step === 'confirm' ? (
        <Stack gap="md">
          <Text size="sm">
            Your account is closed for good: you are logged out on every device and cannot log in to it again. Your e-mail, phone
            number and username become free for a new account.
          </Text>
          {user.profileType === 'BUSINESS' && (
            <Text size="sm">The sub-users of your team lose their access at the same time.</Text>
          )}
          {(user.profileType === 'IMC' || user.profileType === 'BRANDS') && (
            <Text size="sm">
              Your campaigns that are running or yet to start end at once, and the influencers tagged in them are told. Pay the
              influencers you owe first: no payment can be made once your account is closed.
            </Text>
          )}
          {walletCents > 0 && (
            <Alert id={walletId} color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              <Text size="sm">{MONEY_MSG.closeWithBalance(formatUsd(walletCents))}</Text>
              <Anchor component={Link} to={paths.transactions} size="sm" fw={600} onClick={close}>
                Go to your wallet
              </Anchor>
            </Alert>
          )}
          {linked > 0 && (
            <Alert id={blockedId} color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              <Text size="sm">
                {linked === 1 ? 'A social media account is' : `${linked} social media accounts are`} still linked. Unlink{' '}
                {linked === 1 ? 'it' : 'them'} first, then come back to delete your account.
              </Text>
              <Anchor component={Link} to={`${paths.addSocialMedia}?from=profile`} size="sm" fw={600} onClick={close}>
                Go to Social Media Accounts
              </Anchor>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              disabled={blocked}
              aria-describedby={[linked > 0 ? blockedId : '', walletCents > 0 ? walletId : ''].join(' ').trim() || undefined}
              onClick={() => setStep('reason')}
            >
              Yes, continue
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            proceed();
          }}
        >
          <Stack gap="md">
            <FormErrorAlert error={formError.error} />
            <Textarea
              label="Reason"
              description="Tell us in a few words what made you leave."
              inputWrapperOrder={['label', 'description', 'input', 'error']}
              aria-required
              rows={3}
              value={remarks}
              onChange={(e) => {
                setRemarks(typedRemarks(e.currentTarget.value));
                if (fieldError) setFieldError(null);
              }}
              error={fieldError}
              data-autofocus
            />
            <Text size="xs" c="dimmed" ta="right" mt={-8}>
              {remarks.trim().length}/{DELETE_REMARKS_MAX} characters
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setStep('confirm')} disabled={del.isPending}>
                Go Back
              </Button>
              <Button type="submit" color="red" loading={del.isPending}>
                Proceed
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
