import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCreditCard } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_MSG, PLAN_MSG } from '@virality/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { readSession } from '../../../lib/auth-storage';
import { notifySuccess } from '../../../lib/notify';
import { CURRENT_USER_KEY } from '../../../lib/use-current-user';
import { useLivePayment } from '../api/live-payment';
import { orderConfirmationQuery, useOrderConfirmation } from '../api/order-confirmation';
import { billingKeys } from '../api/types';
import { updatePayment } from '../api/update-payment';
import { OrderSummary } from './order-summary';
import { PaymentConfirming, PaymentFrame } from './payment-frame';

/** How often the payment update call is made while the payment is not recorded yet. */
export const PAYMENT_POLL_MS = 1500;
/** After this many unanswered checks the page says it is taking longer (and keeps checking, more slowly). */
const PATIENT_CHECKS = 40;
const SLOW_POLL_MS = 5000;
/** How long the confirmation stays on screen before the dashboard opens. */
export const HOME_AFTER_MS = 1200;

type TState = { kind: 'waiting'; checks: number } | { kind: 'recorded' } | { kind: 'error'; message: string };

/**
 * /pricing/success?session_id=… (token=… from older clients): the hosted checkout came back. The page makes the
 * payment update call until it answers that the payment is recorded (the webhook decides, never this page), or hears
 * it at once from the live 'payment' event, shows the order confirmation, then opens /home with a toast saying the
 * plan is active.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? params.get('token');
  const signedIn = !!readSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<TState>({ kind: 'waiting', checks: 0 });
  const [orderId, setOrderId] = useState<string | null>(null);
  // the order confirmation, as soon as the first answer names the order
  const order = useOrderConfirmation(orderId);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const busy = useRef(false);
  const done = useRef(false);
  const checks = useRef(0);

  // a check asked for while one is under way (the live event) runs as soon as that one has answered
  const again = useRef(false);

  const check = async () => {
    if (!sessionId || done.current) return;
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    if (timer.current) clearTimeout(timer.current);
    try {
      const answer = await updatePayment(sessionId);
      if (answer.orderId) setOrderId(answer.orderId);
      if (answer.state === 'recorded') {
        done.current = true;
        setState({ kind: 'recorded' });
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
        if (answer.orderId) void queryClient.invalidateQueries({ queryKey: billingKeys.order(answer.orderId) });
        const recordedOrder = answer.orderId;
        timer.current = setTimeout(() => void goHomeRef.current(recordedOrder), HOME_AFTER_MS);
        return;
      }
      checks.current += 1;
      setState({ kind: 'waiting', checks: checks.current });
      timer.current = setTimeout(() => void checkRef.current(), checks.current > PATIENT_CHECKS ? SLOW_POLL_MS : PAYMENT_POLL_MS);
    } catch (e) {
      done.current = true;
      setState({ kind: 'error', message: e instanceof Error ? e.message : PLAN_MSG.paymentUpdateFailed });
    } finally {
      busy.current = false;
      if (again.current && !done.current) {
        again.current = false;
        void checkRef.current();
      }
    }
  };
  const checkRef = useRef(check);
  checkRef.current = check;

  // the dashboard opens with the word that the plan is active (the same as the plan's notification)
  const announced = useRef(false);
  const announce = (planType: string | null | undefined) => {
    if (announced.current) return;
    announced.current = true;
    notifySuccess(planType ? NOTIFICATION_MSG.planPaidBody(planType) : 'Your plan is active. Thank you for your payment!');
  };
  const goHome = async (recordedOrder: string | null) => {
    const plan =
      order.data?.planType ??
      (recordedOrder ? (await queryClient.fetchQuery(orderConfirmationQuery(recordedOrder)).catch(() => null))?.planType : null);
    announce(plan);
    navigate(paths.home, { replace: true });
  };
  const goHomeRef = useRef(goHome);
  goHomeRef.current = goHome;

  useEffect(() => {
    if (signedIn) void checkRef.current();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [signedIn]);

  // the webhook's record reaches the open page at once: confirm it with the update call now
  useLivePayment(signedIn && state.kind === 'waiting', () => void checkRef.current());

  if (!sessionId) {
    return (
      <PaymentFrame icon={<IconAlertTriangle size={28} />} color="orange" title="No payment to confirm">
        <Text c="dimmed">This page needs the link the payment page sends you back with.</Text>
        <Button size="md" component={Link} to={paths.home}>
          Home
        </Button>
      </PaymentFrame>
    );
  }
  if (!signedIn) {
    return (
      <PaymentFrame icon={<IconCreditCard size={28} />} title="Log in to see your plan">
        <Text c="dimmed">Your payment is confirmed by the payment provider; log in to see your plan.</Text>
        <Button size="md" component={Link} to={paths.login}>
          Login
        </Button>
      </PaymentFrame>
    );
  }
  if (state.kind === 'error') {
    return (
      <PaymentFrame icon={<IconAlertTriangle size={28} />} color="red" title={PLAN_MSG.paymentUpdateFailed}>
        <Alert color="red" w="100%" ta="left">
          {state.message}
        </Alert>
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => {
              done.current = false;
              checks.current = 0;
              setState({ kind: 'waiting', checks: 0 });
              void checkRef.current();
            }}
          >
            Try Again
          </Button>
          <Button size="md" component={Link} to={paths.home}>
            Home
          </Button>
        </Group>
      </PaymentFrame>
    );
  }
  if (state.kind === 'recorded') {
    return (
      <PaymentFrame icon={<IconCircleCheck size={30} />} color="teal" title="Payment received">
        <Text c="dimmed">Your plan is active. Taking you to your dashboard…</Text>
        {order.data && <OrderSummary order={order.data} />}
        <Anchor component={Link} to={paths.home} replace onClick={() => announce(order.data?.planType)}>
          Go to Home now
        </Anchor>
      </PaymentFrame>
    );
  }
  return (
    <PaymentConfirming
      what="payment"
      line={
        state.checks > PATIENT_CHECKS
          ? 'This is taking longer than usual. You can leave this page: your plan starts as soon as the payment is confirmed.'
          : 'We are waiting for the payment provider to confirm your payment. This usually takes a few seconds.'
      }
    >
      {order.data && <OrderSummary order={order.data} />}
    </PaymentConfirming>
  );
}
