import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PLAN_MSG } from '@virality/domain';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { readSession } from '../../../lib/auth-storage';
import { CURRENT_USER_KEY } from '../../../lib/use-current-user';
import { useLivePayment } from '../api/live-payment';
import { useOrderConfirmation } from '../api/order-confirmation';
import { billingKeys } from '../api/types';
import { verifyPaymentSuccess } from '../api/verify-payment-success';
import { OrderSummary } from './order-summary';
import { PaymentConfirming, PaymentFrame } from './payment-frame';
import { PAYMENT_POLL_MS } from './payment-success-page';

/**
 * The payment return page (/payment/return?token=…, or ?session_id=…): shows a spinner while the payment is not
 * recorded, then the order confirmation. It only reads what the webhook recorded; it never activates anything.
 */
export function PaymentReturnPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const token = params.get('token');
  const id = sessionId ?? token;
  const signedIn = !!readSession();
  const queryClient = useQueryClient();
  const check = useQuery({
    queryKey: billingKeys.check(id ?? ''),
    queryFn: () => verifyPaymentSuccess(sessionId ? { session_id: sessionId } : { token: token ?? '' }),
    enabled: !!id && signedIn,
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? PAYMENT_POLL_MS : false),
  });
  const paid = check.data?.status === 'paid';
  const order = useOrderConfirmation(paid ? (check.data?.orderId ?? null) : null);
  useLivePayment(signedIn && !!id && !paid, () => {
    void queryClient.invalidateQueries({ queryKey: billingKeys.check(id ?? '') });
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  });

  if (!id || !signedIn) {
    return (
      <PaymentFrame icon={<IconAlertTriangle size={28} />} color="orange" title="No payment to confirm">
        <Text c="dimmed">
          {id ? 'Log in to see your order.' : 'This page needs the link the payment page sends you back with.'}
        </Text>
        <Button size="md" component={Link} to={id ? paths.login : paths.home}>
          {id ? 'Login' : 'Home'}
        </Button>
      </PaymentFrame>
    );
  }
  if (check.isError) {
    return (
      <PaymentFrame icon={<IconAlertTriangle size={28} />} color="red" title="We couldn’t confirm this order">
        <Text c="dimmed">{check.error.message}</Text>
        <Group justify="center">
          <Button size="md" variant="default" onClick={() => void check.refetch()}>
            Try Again
          </Button>
          <Button size="md" component={Link} to={paths.home}>
            Home
          </Button>
        </Group>
      </PaymentFrame>
    );
  }
  if (check.data?.status === 'failed') {
    return (
      <PaymentFrame icon={<IconCircleX size={30} />} color="red" title={PLAN_MSG.paymentFailed}>
        <Text c="dimmed">The payment did not go through, so your plan has not changed.</Text>
        <Button size="md" component={Link} to={paths.home}>
          Home
        </Button>
      </PaymentFrame>
    );
  }
  if (paid) {
    return (
      <PaymentFrame icon={<IconCircleCheck size={30} />} color="teal" title="Order confirmed">
        <Text c="dimmed">Your plan is active.</Text>
        {order.data ? (
          <OrderSummary order={order.data} />
        ) : (
          order.isPending && <Loader size="sm" aria-label="Loading the order" />
        )}
        <Button size="md" component={Link} to={paths.home}>
          Go to Home
        </Button>
      </PaymentFrame>
    );
  }
  return <PaymentConfirming what="order" line="We are waiting for the payment provider to confirm your payment." />;
}
