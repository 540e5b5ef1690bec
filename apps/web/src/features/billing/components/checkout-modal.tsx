import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { formatPlanPrice, PLAN_MSG } from '@virality/domain';
import { useState } from 'react';
import { useCreateSubscriptionSession } from '../api/create-subscription-session';
import type { TCouponCheck, TPlan } from '../api/types';
import { navigateAway } from '../lib/navigate-away';
import { CouponField } from './coupon-field';
import { postLimitText } from './plan-card';

type TProps = {
  plan: TPlan | null;
  /** Subscribe, Upgrade or Renew: the modal's title starts with it. */
  label: string;
  currency: string;
  userId: string;
  onClose: () => void;
};

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The order before payment: the plan, a coupon, the total, and Continue to payment, which asks the server for a
 * checkout session and sends the browser to its hosted page ('Please wait... We are navigating to payment'
 * meanwhile; 'Something went wrong while navigating to the payment page.' with Try Again on failure).
 */
export function CheckoutModal({ plan, label, currency, userId, onClose }: TProps) {
  return (
    <Modal
      opened={!!plan}
      onClose={onClose}
      centered
      radius="lg"
      size="md"
      title={
        plan
          ? `${label === PLAN_MSG.renew ? 'Renew' : label === PLAN_MSG.upgrade ? 'Upgrade to' : 'Subscribe to'} ${plan.planName}`
          : ''
      }
    >
      {plan && <CheckoutBody key={plan.priceId} plan={plan} label={label} currency={currency} userId={userId} />}
    </Modal>
  );
}

/** What buying does to the current plan, in a line. */
function effectOf(label: string): string {
  if (label === PLAN_MSG.renew) return 'Renewing adds one month from the end of your current plan.';
  if (label === PLAN_MSG.upgrade) return 'The upgrade applies at once; the unused days of your current plan are carried over.';
  return 'One payment buys one month; nothing renews by itself.';
}

function CheckoutBody({ plan, label, currency, userId }: { plan: TPlan; label: string; currency: string; userId: string }) {
  const [coupon, setCoupon] = useState<TCouponCheck | null>(null);
  const [typed, setTyped] = useState('');
  const session = useCreateSubscriptionSession();
  const price = (n: number) => formatPlanPrice(n, currency);
  const start = () =>
    session.mutate(
      {
        priceId: plan.priceId,
        planType: plan.planType,
        userId,
        postLimit: plan.PlanPostLimit,
        ...(coupon ? { COUPON_ID: coupon.couponCode } : {}),
      },
      { onSuccess: (url) => navigateAway(url) },
    );
  if (session.isPending || session.isSuccess) {
    return (
      <Stack align="center" gap="md" py="xl" role="status" aria-live="polite">
        <Loader />
        <Text fw={600} ta="center">
          {PLAN_MSG.navigatingToPayment}
        </Text>
      </Stack>
    );
  }
  const unverified = !!typed && !coupon;
  return (
    <Stack gap="md">
      {session.isError && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title={PLAN_MSG.paymentSessionFailed}>
          <Stack gap="xs" align="flex-start">
            {session.error.message && <Text size="sm">{session.error.message}</Text>}
            <Button color="red" variant="light" size="xs" onClick={start}>
              Try Again
            </Button>
          </Stack>
        </Alert>
      )}
      <Stack gap={6}>
        <Row label={`${plan.planName}, 1 month`} value={price(plan.planAmount)} />
        <Text size="xs" c="dimmed">
          {postLimitText(plan.PlanPostLimit)}. {effectOf(label)}
        </Text>
      </Stack>
      <CouponField
        priceId={plan.priceId}
        onChange={(c, t) => {
          setCoupon(c);
          setTyped(t);
        }}
      />
      <Stack gap={6} pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        {coupon && (
          <Row
            label={`Coupon ${coupon.couponCode}`}
            value={`−${price(Math.max(0, plan.planAmount - coupon.discountedAmount))}`}
          />
        )}
        <Row label="Total today" value={price(coupon ? coupon.discountedAmount : plan.planAmount)} strong />
      </Stack>
      {unverified && (
        <Text size="xs" c="dimmed">
          Verify the coupon code, or clear it, to continue.
        </Text>
      )}
      <Button size="md" fullWidth leftSection={<IconLock size={16} />} disabled={unverified} onClick={start}>
        Continue to payment
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        You will pay on Stripe’s secure page and come back here.
      </Text>
    </Stack>
  );
}
