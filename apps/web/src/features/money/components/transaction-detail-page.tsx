import { Alert, Anchor, Box, Container, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconHourglass } from '@tabler/icons-react';
import { MONEY_MSG, type TTransaction } from '@virality/domain';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useTransaction } from '../api/transactions';
import { counterpart, momentText, statusTone, usd } from '../lib/money-view';
import { TransactionStatusBadge } from './transaction-status-badge';

const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

/** A payment's heading: done, on its way, waiting for the brand's approval on PayPal, or not made. */
export function headingOf(t: TTransaction): string {
  if (t.paymentStatus === 'COMPLETED') return MONEY_MSG.success;
  if (t.paymentStatus === 'PENDING') return 'Transaction pending';
  if (t.paymentStatus === 'CREATED') return 'Waiting for approval on PayPal';
  return 'Transaction failed';
}

/**
 * /transactiondetail/:id: one payment a brand made. Its outcome as the heading (a check when completed), the amount,
 * the influencer it went to, the campaign, the date in the browser's zone and PayPal's order id.
 */
export function TransactionDetailPage() {
  const { id = '' } = useParams();
  const detail = useTransaction(id);
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <Anchor component={Link} to={paths.wallet} size="sm" fw={600} w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} stroke={1.75} aria-hidden />
            Back to Transactions
          </Group>
        </Anchor>
        {detail.isError ? (
          detail.error instanceof ApiError && detail.error.status === 404 ? (
            <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'xl' }}>
              <Stack align="center" ta="center" gap="sm">
                <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
                  <IconAlertTriangle size={28} />
                </ThemeIcon>
                <Title order={1} fz={{ base: 22, sm: 26 }}>
                  {MONEY_MSG.transactionNotFound}
                </Title>
                <Text c="dimmed" size="sm">
                  It may belong to another account, or the link may be incomplete.
                </Text>
              </Stack>
            </Paper>
          ) : (
            <Alert color="red" title="Could not load this transaction" role="alert">
              {detail.error.message}
            </Alert>
          )
        ) : !detail.data ? (
          <Skeleton h={360} radius="lg" aria-label="Loading the transaction" />
        ) : (
          <Details t={detail.data} viewer={null} />
        )}
      </Stack>
    </Container>
  );
}

type TDetailsProps = {
  t: TTransaction;
  /** Who looks: their side of the payment names the other party; none, the payer's page (whom it was paid to). */
  viewer: { _id: string; profileType: string } | null;
  /** In a dialog, whose title is the heading: not drawn again. */
  inDialog?: boolean;
};

/** One payment or withdrawal: its outcome, amount and status, the other party, the campaign, the date and PayPal's id. */
export function Details({ t, viewer, inDialog = false }: TDetailsProps) {
  const tone = statusTone(t.paymentStatus);
  const who = viewer ? counterpart(t, viewer) : ({ kind: 'sent', label: 'Sent to', party: t.recieverId } as const);
  const Icon = tone === 'ok' ? IconCircleCheck : tone === 'failed' ? IconAlertTriangle : IconHourglass;
  return (
    <Paper withBorder={!inDialog} radius="lg" shadow={inDialog ? undefined : 'xs'} p={inDialog ? 0 : { base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack align="center" ta="center" gap="xs">
          <ThemeIcon
            size={56}
            radius="xl"
            variant="light"
            color={tone === 'ok' ? 'green' : tone === 'failed' ? 'red' : 'yellow'}
            aria-hidden
          >
            <Icon size={30} />
          </ThemeIcon>
          {!inDialog && (
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {headingOf(t)}
            </Title>
          )}
          <Text fz={32} fw={700} style={TABULAR} data-testid="detail-amount">
            {usd(t.amount)}
          </Text>
          <TransactionStatusBadge status={t.paymentStatus} size="lg" />
          {t.failureReason && tone === 'failed' && (
            <Text size="sm" c="red.9">
              {t.failureReason}
            </Text>
          )}
        </Stack>
        <Box component="dl" m={0}>
          <Field label={who.kind === 'withdrawal' ? 'Withdrawn to' : who.kind === 'received' ? 'Received from' : 'Paid to'}>
            {who.kind === 'withdrawal' ? (
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {who.paypalId ?? 'Your PayPal account'}
              </Text>
            ) : who.party ? (
              <Group gap="xs" wrap="nowrap">
                <UserAvatar name={who.party.name ?? ''} image={who.party.profileImage} color={null} size={28} />
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {who.party.name ?? 'Unknown'}
                </Text>
              </Group>
            ) : (
              '—'
            )}
          </Field>
          <Field label="Campaign">
            {t.campaign ? (
              <Anchor component={Link} to={paths.campaign.replace(':id', encodeURIComponent(t.campaign._id))} size="sm">
                {t.campaign.name}
              </Anchor>
            ) : (
              '—'
            )}
          </Field>
          <Field label="Date">
            <time dateTime={t.date}>{momentText(t.date)}</time>
          </Field>
          <Field label="PayPal order ID">
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {t.orderId ?? '—'}
            </Text>
          </Field>
        </Box>
      </Stack>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Text component="dt" size="sm" c="dimmed" style={{ flex: 'none' }}>
        {label}
      </Text>
      <Box component="dd" m={0} ta="right" miw={0} fz="sm">
        {children}
      </Box>
    </Group>
  );
}
