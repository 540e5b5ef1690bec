import { Group, Stack, Text } from '@mantine/core';
import { formatPlanPrice } from '@virality/domain';
import dayjs from 'dayjs';
import type { TOrder } from '../api/types';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </Group>
  );
}

/** The order confirmation: plan, amount, when, and the order's reference. */
export function OrderSummary({ order }: { order: TOrder }) {
  return (
    <Stack
      gap={6}
      w="100%"
      p="md"
      bg="gray.0"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      aria-label="Order confirmation"
      role="group"
    >
      <Line label="Plan" value={order.planType} />
      <Line label="Amount" value={formatPlanPrice(order.amount, order.currency)} />
      <Line label="Date" value={dayjs(order.createdAt).format('D MMM YYYY, HH:mm')} />
      <Line label="Status" value={order.status === 'paid' ? 'Paid' : order.status === 'failed' ? 'Failed' : 'Being confirmed'} />
      <Line label="Order" value={order.orderId} />
    </Stack>
  );
}
