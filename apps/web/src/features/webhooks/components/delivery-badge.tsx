import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconHourglass } from '@tabler/icons-react';
import { deliveryLook, type TWebhookDelivery } from '@virality/domain';

/**
 * The tones in the post statuses' colours (components/status-badge: Published, Pending approval, Failed), each
 * pair at least 4.5:1, with an icon: never colour alone. A failure is never green.
 */
const TONE = {
  success: { color: '#1B6E37', bg: '#E2F6E8', Icon: IconCircleCheck },
  waiting: { color: '#7A4B00', bg: '#FFF3D1', Icon: IconHourglass },
  failed: { color: '#B42318', bg: '#FEE4E2', Icon: IconAlertTriangle },
} as const;

/** Where a delivery stands: Delivered, Sending, Retrying or Failed (the shared `deliveryLook`). */
export function DeliveryBadge({ delivery }: { delivery: Pick<TWebhookDelivery, 'state' | 'attempts' | 'lastStatus'> }) {
  const { label, tone } = deliveryLook(delivery);
  const { color, bg, Icon } = TONE[tone];
  return (
    <Badge
      size="md"
      radius="xl"
      tt="none"
      fw={600}
      data-tone={tone}
      leftSection={<Icon size={13} stroke={2} aria-hidden />}
      styles={{ root: { color, background: bg, border: `1px solid ${bg}`, flex: 'none' } }}
    >
      {label}
    </Badge>
  );
}
