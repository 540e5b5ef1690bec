import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconHourglass } from '@tabler/icons-react';
import { transactionStatusLabel } from '@virality/domain';
import { statusTone, type TStatusTone } from '../lib/money-view';

/** Each tone's text and background (each pair at least 5.5:1) and its icon, as the post statuses have them. */
const LOOK: Record<TStatusTone, { color: string; bg: string; Icon: typeof IconCircleCheck }> = {
  ok: { color: '#1B6E37', bg: '#E2F6E8', Icon: IconCircleCheck },
  waiting: { color: '#7A4B00', bg: '#FFF3D1', Icon: IconHourglass },
  failed: { color: '#B42318', bg: '#FEE4E2', Icon: IconAlertTriangle },
};

/** A payment's or withdrawal's status in words, green only when completed, with an icon (never colour alone). */
export function TransactionStatusBadge({ status, size = 'md' }: { status: string; size?: 'md' | 'lg' }) {
  const tone = statusTone(status);
  const { color, bg, Icon } = LOOK[tone];
  return (
    <Badge
      size={size}
      radius="xl"
      tt="none"
      fw={600}
      data-tone={tone}
      leftSection={<Icon size={size === 'lg' ? 14 : 12} stroke={2} aria-hidden />}
      styles={{ root: { color, background: bg, border: `1px solid ${bg}`, flex: 'none' } }}
    >
      {transactionStatusLabel(status)}
    </Badge>
  );
}
