import { Badge } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconCircleCheck,
  IconClock,
  IconHourglass,
  IconPencil,
  IconPlayerPause,
  IconSend,
} from '@tabler/icons-react';
import type { TTargetTone } from '@virality/domain';

/** The statuses a post's card shows. */
export type TPostStatus =
  | 'Scheduled'
  | 'Paused'
  | 'Publishing'
  | 'Posted'
  | 'Partly posted'
  | 'Failed'
  | 'Draft'
  | 'Pending approval'
  | 'Sent back';

type TLook = { color: string; bg: string; border?: string; Icon: typeof IconClock };

/** Each status's text and background colours (each pair at least 4.5:1) and its icon: never colour alone. */
const LOOK: Record<TPostStatus, TLook> = {
  Scheduled: { color: '#1A56C4', bg: '#E7EFFE', Icon: IconClock },
  Paused: { color: '#30364A', bg: '#E5E8EF', Icon: IconPlayerPause },
  Publishing: { color: '#1A56C4', bg: '#E7EFFE', Icon: IconSend },
  Posted: { color: '#1B6E37', bg: '#E2F6E8', Icon: IconCircleCheck },
  'Partly posted': { color: '#7A4B00', bg: '#FFF3D1', Icon: IconAlertTriangle },
  Failed: { color: '#B42318', bg: '#FEE4E2', Icon: IconAlertTriangle },
  Draft: { color: '#4B5366', bg: '#FFFFFF', border: 'var(--mantine-color-gray-3)', Icon: IconPencil },
  'Pending approval': { color: '#7A4B00', bg: '#FFF3D1', Icon: IconHourglass },
  'Sent back': { color: '#9C3D0A', bg: '#FFEBDA', Icon: IconArrowBackUp },
};

/** The text colour of a status (a calendar chip's edge, say), the badge's own. */
export const statusColor = (status: TPostStatus): string => LOOK[status].color;

function Pill({ look, label, size }: { look: TLook; label: string; size: 'sm' | 'lg' }) {
  const { color, bg, border, Icon } = look;
  return (
    <Badge
      size={size}
      radius="xl"
      tt="none"
      fw={600}
      leftSection={<Icon size={size === 'lg' ? 14 : 12} stroke={2} aria-hidden />}
      styles={{ root: { color, background: bg, border: `1px solid ${border ?? bg}`, flex: 'none' } }}
    >
      {label}
    </Badge>
  );
}

/** A post's status as a pill with its icon. */
export function StatusBadge({ status }: { status: TPostStatus }) {
  return <Pill look={LOOK[status]} label={status} size="lg" />;
}

const TONE_LOOK: Record<TTargetTone, TLook> = { ok: LOOK.Posted, failed: LOOK.Failed, waiting: LOOK.Publishing };

/** Where a post stands on one account ('Sent', 'Failed', 'Publishing'...), in the colours of the post statuses. */
export function TargetBadge({ tone, label }: { tone: TTargetTone; label: string }) {
  return <Pill look={TONE_LOOK[tone]} label={label} size="sm" />;
}
