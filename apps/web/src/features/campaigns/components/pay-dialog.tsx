import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBrandPaypal } from '@tabler/icons-react';
import { MSG, PAYMENT_MIN_USD, type TCampaignPerson } from '@virality/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useCreateOrder } from '../api/create-order';
import { payAmountIssue, payCeiling, usd } from '../lib/campaign-view';
import { navigateAway } from '../lib/navigate-away';

type TProps = {
  opened: boolean;
  campaignId: string;
  influencer: TCampaignPerson | null;
  /** What is left of the budget, USD. */
  left: number;
  /** The amount filled in when it opens (the agreed fee still to pay, once everything is delivered). */
  suggested?: number | null;
  onClose: () => void;
};

/**
 * Paying an accepted influencer: an amount in USD (2 decimals, from 1 to what is left of the budget), then PayPal,
 * where the payment is approved. The browser stays busy until PayPal's page opens; the server's refusal is shown here.
 */
export function PayDialog({ opened, campaignId, influencer, left, suggested = null, onClose }: TProps) {
  const order = useCreateOrder();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const { reset } = order;
  useEffect(() => {
    if (!opened) return;
    // the fee still to pay, within what is left of the budget
    setAmount(suggested && suggested > 0 ? String(Math.min(suggested, left)) : '');
    setTouched(false);
    setServerError(null);
    setLeaving(false);
    reset();
  }, [opened, reset, suggested, left]);

  const issue = payAmountIssue(amount, left);
  const busy = order.isPending || leaving;
  const name = influencer?.name || influencer?.userName || 'this influencer';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (issue || busy || !influencer) return;
    setServerError(null);
    order.mutate(
      { campaignId, influencerId: influencer._id, amount: amount.trim() },
      {
        onSuccess: (answer) => {
          setLeaving(true);
          navigateAway(answer.approveUrl);
        },
        onError: (err) => setServerError(err.message || MSG.somethingWentWrong),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={busy ? () => {} : onClose} title={`Pay ${name}`} centered size="sm" radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {serverError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
              {serverError}
            </Alert>
          )}
          <NumberInput
            label="Amount (USD)"
            description={`From ${usd(PAYMENT_MIN_USD)} up to ${usd(payCeiling(left))}, what is left of the budget.`}
            prefix="$"
            decimalScale={2}
            thousandSeparator=","
            allowNegative={false}
            clampBehavior="none"
            hideControls
            inputMode="decimal"
            value={amount}
            onChange={(v) => {
              setAmount(String(v));
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            error={touched ? issue : null}
            disabled={busy}
            data-autofocus
            withAsterisk
          />
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconBrandPaypal size={18} stroke={1.75} aria-hidden style={{ flex: 'none', marginTop: 1 }} />
            <Text size="sm" c="dimmed">
              You will approve the payment on PayPal.
            </Text>
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={touched && Boolean(issue)}>
              Continue to PayPal
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
