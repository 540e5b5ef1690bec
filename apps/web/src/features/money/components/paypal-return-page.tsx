import { Button, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconBrandPaypal, IconCircleCheck, IconHourglass } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { MONEY_MSG, rolesForPath, type TTransaction } from '@virality/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { readSession } from '../../../lib/auth-storage';
import { CURRENT_USER_KEY } from '../../../lib/use-current-user';
import { captureOnce, forgetCapture } from '../api/pay-capture';
import { MONEY_KEY } from '../api/transactions';
import { usd } from '../lib/money-view';

/**
 * Where "your payments" are for the payer: the wallet's list, for a role that has the wallet; an IMC has none (its
 * payments are on each campaign's page), so its campaigns.
 */
function paymentsPlace(): { to: string; label: string } {
  const role = readSession()?.role;
  return role && rolesForPath(paths.wallet)?.includes(role as never)
    ? { to: paths.wallet, label: 'Transactions' }
    : { to: paths.campaigns, label: 'Campaigns' };
}

type TState = { kind: 'busy' } | { kind: 'done'; t: TTransaction } | { kind: 'error'; message: string };

/** A payment's outcome: one centred card with an icon, a heading and what happens next. */
function Frame({ icon, color, title, children }: { icon: ReactNode; color: string; title: string; children: ReactNode }) {
  return (
    <Container size={560} py={{ base: 'xl', sm: 64 }} px={{ base: 'md', sm: 'lg' }}>
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

/**
 * Where PayPal sends a brand back after approving a payment (/payment/return?via=paypal&token=<order id>&PayerID=…):
 * the payment is captured once (a second mount of the page asks nothing more), with a spinner meanwhile; then the
 * outcome: paid (the amount, the influencer, the campaign), still processing at PayPal, or the server's reason with
 * Try Again.
 */
export function PaypalReturnPage() {
  const [params] = useSearchParams();
  const orderId = params.get('token');
  const signedIn = !!readSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<TState>({ kind: 'busy' });
  const [attempt, setAttempt] = useState(0);
  const payments = paymentsPlace();

  useEffect(() => {
    if (!orderId || !signedIn) return;
    // the attempt number only makes Try Again run this again
    void attempt;
    let current = true;
    setState({ kind: 'busy' });
    captureOnce(orderId).then(
      (t) => {
        // a payment still processing may be asked about again later (from this page, after Try Again)
        if (t.paymentStatus !== 'COMPLETED') forgetCapture(orderId);
        void queryClient.invalidateQueries({ queryKey: MONEY_KEY });
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
        if (current) setState({ kind: 'done', t });
      },
      (err: Error) => {
        if (current) setState({ kind: 'error', message: err.message });
      },
    );
    return () => {
      current = false;
    };
  }, [orderId, signedIn, attempt, queryClient]);

  if (!orderId || !signedIn) {
    return (
      <Frame icon={<IconAlertTriangle size={28} />} color="orange" title="No payment to confirm">
        <Text c="dimmed">
          {orderId ? 'Log in to confirm your payment.' : 'This page needs the link PayPal sends you back with.'}
        </Text>
        <Button size="md" component={Link} to={orderId ? paths.login : paths.home}>
          {orderId ? 'Login' : 'Home'}
        </Button>
      </Frame>
    );
  }
  if (state.kind === 'busy') {
    return (
      <Frame icon={<IconBrandPaypal size={28} />} color="brand" title="Confirming your payment…">
        <Stack align="center" gap="sm" role="status" aria-live="polite">
          <Loader aria-label="Confirming your payment" />
          <Text c="dimmed">We are taking the payment you approved on PayPal. This takes a few seconds.</Text>
        </Stack>
      </Frame>
    );
  }
  if (state.kind === 'error') {
    return (
      <Frame icon={<IconAlertTriangle size={28} />} color="red" title="We couldn’t take this payment">
        <Text role="alert">{state.message}</Text>
        <Group justify="center">
          <Button size="md" onClick={() => setAttempt((n) => n + 1)}>
            Try Again
          </Button>
          <Button size="md" variant="default" component={Link} to={payments.to}>
            {payments.label}
          </Button>
        </Group>
      </Frame>
    );
  }
  const t = state.t;
  const influencer = t.recieverId?.name ?? 'the influencer';
  const links = (
    <Group justify="center">
      {t.campaign && (
        <Button
          size="md"
          variant="default"
          component={Link}
          to={paths.campaign.replace(':id', encodeURIComponent(t.campaign._id))}
        >
          View campaign
        </Button>
      )}
      {payments.to === paths.wallet && (
        <Button size="md" component={Link} to={paths.wallet}>
          View transactions
        </Button>
      )}
    </Group>
  );
  if (t.paymentStatus === 'COMPLETED') {
    return (
      <Frame icon={<IconCircleCheck size={30} />} color="green" title={MONEY_MSG.paymentOk}>
        <Text fz={32} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="paid-amount">
          {usd(t.amount)}
        </Text>
        <Text c="dimmed">
          Paid to <b>{influencer}</b>
          {t.campaign ? (
            <>
              {' '}
              for <b>{t.campaign.name}</b>
            </>
          ) : null}
          .
        </Text>
        {links}
      </Frame>
    );
  }
  if (t.paymentStatus === 'PENDING') {
    return (
      <Frame icon={<IconHourglass size={28} />} color="yellow" title="PayPal is still processing this payment">
        <Text c="dimmed">
          {usd(t.amount)} to {influencer}. It shows as Pending until PayPal completes it.
        </Text>
        {links}
      </Frame>
    );
  }
  return (
    <Frame icon={<IconAlertTriangle size={28} />} color="red" title="The payment did not go through">
      <Text c="dimmed">{t.failureReason ?? MONEY_MSG.declined}</Text>
      <Group justify="center">
        <Button size="md" onClick={() => setAttempt((n) => n + 1)}>
          Try Again
        </Button>
        <Button size="md" variant="default" component={Link} to={payments.to}>
          {payments.label}
        </Button>
      </Group>
    </Frame>
  );
}
