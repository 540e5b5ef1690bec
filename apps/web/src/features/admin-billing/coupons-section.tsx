import { Alert, Box, Button, Card, Center, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconTicket } from '@tabler/icons-react';
import type { TAdminCoupon } from '@virality/domain';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { notifyError, notifySuccess } from '../../lib/notify';
import { StateBadge } from '../admin/components/state-badge';
import { useAdminCoupons, useDeactivateCoupon } from './api';
import { CouponForm } from './coupon-form';
import { couponState, dateOf, discountOf, durationOf, usesOf } from './format';

/** The console's Coupons section: every promotion code with its terms and uses; make one, deactivate one. */
export function CouponsSection() {
  const coupons = useAdminCoupons();
  const [creating, setCreating] = useState(false);
  const deactivate = useDeactivateCoupon();
  const now = Date.now();

  const confirmDeactivate = (c: TAdminCoupon) =>
    modals.openConfirmModal({
      title: `Deactivate ${c.code}?`,
      children: (
        <Text size="sm">
          The code stops working at once for new checkouts. Plans already bought with it keep their discount. A deactivated code
          cannot be turned back on: make a new one instead.
        </Text>
      ),
      labels: { confirm: 'Deactivate', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deactivate.mutateAsync(c.couponId).then(
          (r) => notifySuccess(r.message),
          (e: Error) => notifyError(e.message),
        ),
    });

  const action = (c: TAdminCoupon) =>
    c.active ? (
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => confirmDeactivate(c)}
        loading={deactivate.isPending && deactivate.variables === c.couponId}
        aria-label={`Deactivate ${c.code}`}
      >
        Deactivate
      </Button>
    ) : null;
  const state = (c: TAdminCoupon) => {
    const s = couponState(c, now);
    return (
      // the console's readable tones (Mantine's light grey is too pale for its word)
      <StateBadge tone={s === 'Active' ? 'ok' : s === 'Inactive' ? 'neutral' : 'warn'}>{s}</StateBadge>
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz={24}>
            Coupons
          </Title>
          <Text c="dimmed" size="sm">
            Promotion codes buyers type at checkout, and how often each was used.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New coupon
        </Button>
      </Group>
      {coupons.isPending ? (
        <Center mih={200}>
          <Loader aria-label="Loading the coupons" />
        </Center>
      ) : coupons.isError ? (
        <Alert color="red" title="Could not load the coupons">
          {coupons.error.message}
        </Alert>
      ) : coupons.data.length === 0 ? (
        <EmptyState icon={<IconTicket size={24} />} title="No coupons yet" line="Make a code buyers can type at checkout." />
      ) : (
        <>
          <Box visibleFrom="md">
            <Table highlightOnHover verticalSpacing="sm" aria-label="Coupons">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Discount</Table.Th>
                  <Table.Th>Lasts</Table.Th>
                  <Table.Th>Used</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {coupons.data.map((c) => (
                  <Table.Tr key={c.couponId}>
                    <Table.Td>
                      <Text fw={700} ff="monospace">
                        {c.code}
                      </Text>
                      {c.name && (
                        <Text size="xs" c="dimmed">
                          {c.name}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{discountOf(c)}</Table.Td>
                    <Table.Td>{durationOf(c)}</Table.Td>
                    <Table.Td>{usesOf(c)}</Table.Td>
                    <Table.Td>{c.expiresAt ? dateOf(c.expiresAt) : 'Never'}</Table.Td>
                    <Table.Td>{state(c)}</Table.Td>
                    <Table.Td ta="right">{action(c)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <Stack gap="sm" hiddenFrom="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Coupons">
            {coupons.data.map((c) => (
              <Card key={c.couponId} component="li" withBorder radius="md" padding="md">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={700} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {c.code}
                  </Text>
                  {state(c)}
                </Group>
                <Text size="sm" mt={4}>
                  {discountOf(c)} · {durationOf(c)}
                </Text>
                <Text size="sm" c="dimmed">
                  Used {usesOf(c)} · {c.expiresAt ? `Expires ${dateOf(c.expiresAt)}` : 'Never expires'}
                </Text>
                {c.active && (
                  <Group justify="flex-end" mt="xs">
                    {action(c)}
                  </Group>
                )}
              </Card>
            ))}
          </Stack>
        </>
      )}
      {creating && <CouponForm onClose={() => setCreating(false)} />}
    </Stack>
  );
}
