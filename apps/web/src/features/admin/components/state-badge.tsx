import { Badge } from '@mantine/core';

/** The console's badge tones: text and background pairs of at least 4.5:1 (as the post statuses'). */
const TONES = {
  ok: { color: '#1B6E37', bg: '#E2F6E8' },
  warn: { color: '#7A4B00', bg: '#FFF3D1' },
  bad: { color: '#B42318', bg: '#FEE4E2' },
  info: { color: '#1A56C4', bg: '#E7EFFE' },
  neutral: { color: '#30364A', bg: '#E5E8EF' },
} as const;
export type TTone = keyof typeof TONES;

/** A short state or kind (Active, Invitation sent, Influencer) in readable colours; the word always says it. */
export function StateBadge({ tone, children }: { tone: TTone; children: string }) {
  const { color, bg } = TONES[tone];
  return (
    <Badge radius="xl" size="sm" tt="none" fw={600} styles={{ root: { color, background: bg, flex: 'none' } }}>
      {children}
    </Badge>
  );
}
