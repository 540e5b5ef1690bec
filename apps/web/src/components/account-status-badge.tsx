import { Badge } from '@mantine/core';
import { IconCircleCheck, IconPlugConnectedX } from '@tabler/icons-react';
import type { TSocialAccount } from '@virality/domain';

/** Each status's text and background (contrast checked, as the post statuses) and icon: never colour alone. */
const LOOK = {
  linked: { label: 'Linked', color: '#1B6E37', bg: '#E2F6E8', Icon: IconCircleCheck },
  needs_reconnect: { label: 'Needs reconnect', color: '#9C3D0A', bg: '#FFEBDA', Icon: IconPlugConnectedX },
} as const;

/** The status of a linked account. */
export function AccountStatusBadge({ account }: { account: Pick<TSocialAccount, 'Status'> }) {
  const { label, color, bg, Icon } = LOOK[account.Status] ?? LOOK.linked;
  return (
    <Badge
      radius="xl"
      tt="none"
      fw={600}
      leftSection={<Icon size={14} stroke={2} aria-hidden />}
      styles={{ root: { color, background: bg, flex: 'none' } }}
    >
      {label}
    </Badge>
  );
}
