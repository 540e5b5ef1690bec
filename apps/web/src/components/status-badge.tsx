import { Badge } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck, IconClock, IconHourglass, IconPencil, IconPlayerPause } from '@tabler/icons-react';

/** The statuses a post's card shows. */
export type TPostStatus = 'Scheduled' | 'Paused' | 'Posted' | 'Draft' | 'Pending approval' | 'Sent back';

/** Each status's text and background colours (contrast checked) and its icon: never colour alone. */
const LOOK: Record<TPostStatus, { color: string; bg: string; border?: string; Icon: typeof IconClock }> = {
  Scheduled: { color: '#1A56C4', bg: '#E7EFFE', Icon: IconClock },
  Paused: { color: '#30364A', bg: '#E5E8EF', Icon: IconPlayerPause },
  Posted: { color: '#1B6E37', bg: '#E2F6E8', Icon: IconCircleCheck },
  Draft: { color: '#4B5366', bg: '#FFFFFF', border: 'var(--mantine-color-gray-3)', Icon: IconPencil },
  'Pending approval': { color: '#7A4B00', bg: '#FFF3D1', Icon: IconHourglass },
  'Sent back': { color: '#9C3D0A', bg: '#FFEBDA', Icon: IconArrowBackUp },
};

/** A post's status as a pill with its icon. */
export function StatusBadge({ status }: { status: TPostStatus }) {
  const { color, bg, border, Icon } = LOOK[status];
  return (
    <Badge
      size="lg"
      radius="xl"
      tt="none"
      fw={600}
      leftSection={<Icon size={14} stroke={2} aria-hidden />}
      styles={{ root: { color, background: bg, border: `1px solid ${border ?? bg}`, flex: 'none' } }}
    >
      {status}
    </Badge>
  );
}
