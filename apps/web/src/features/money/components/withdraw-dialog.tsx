import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MONEY_MSG, WITHDRAW_MIN_USD } from '@virality/domain';
import { type FormEvent, useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useWithdraw } from '../api/withdraw';
import { BLOCKED_AMOUNT_KEYS, usd, withdrawIssue } from '../lib/money-view';

type TProps = {
  opened: boolean;
  onClose: () => void;
  /** The wallet's balance (USD). */
  balance: number;
  /** Where the money goes, when the profile has it. */
  paypalId: string | null;
};

/**
 * Withdraw: an amount in USD (at least the minimum, at most the balance, 2 decimals) sent to the PayPal id on the
 * profile. The amount is checked as it is typed with the server's words; the server's refusal (no PayPal id, say)
 * is shown in the dialog; on success a toast, and the wallet and the list are read again.
 */
export function WithdrawDialog({ opened, onClose, balance, paypalId }: TProps) {
  const [amount, setAmount] = useState<string | number>('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const mutation = useWithdraw();
  const issue = withdrawIssue(amount, balance);
  const busy = mutation.isPending;

  const close = () => {
    if (busy) return;
    setAmount('');
    setTouched(false);
    setServerError(null);
    mutation.reset();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (issue || busy) return;
    setServerError(null);
    mutation.mutate(Number(amount), {
      onSuccess: () => {
        notifySuccess(MONEY_MSG.withdrawOk);
        setAmount('');
        setTouched(false);
        onClose();
      },
      onError: (err) => setServerError(err.message),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Withdraw" centered radius="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {paypalId ? (
              <>
                Sent to your PayPal account <b style={{ overflowWrap: 'anywhere' }}>{paypalId}</b>. You have {usd(balance)}.
              </>
            ) : (
              <>You have {usd(balance)}.</>
            )}
          </Text>
          {serverError && (
            <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {serverError}
            </Alert>
          )}
          <NumberInput
            label="Amount (USD)"
            placeholder={`${WITHDRAW_MIN_USD}.00`}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              setServerError(null);
            }}
            onBlur={() => setTouched(true)}
            onKeyDown={(e) => {
              if (BLOCKED_AMOUNT_KEYS.has(e.key)) e.preventDefault();
            }}
            min={WITHDRAW_MIN_USD}
            step={0.01}
            decimalScale={2}
            allowNegative={false}
            clampBehavior="none"
            hideControls
            leftSection="$"
            inputMode="decimal"
            error={touched ? issue : null}
            disabled={busy}
            data-autofocus
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} loading={busy}>
              Proceed
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
