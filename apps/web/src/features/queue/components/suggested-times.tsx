import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconSparkles } from '@tabler/icons-react';
import type { TQueueSlot } from '@virality/domain';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useBestTimes } from '../../../lib/queue-api';
import { bestTimesLabel } from '../../../lib/queue-text';
import { slotShort } from '../../../lib/zoned-time';
import { addSuggested } from '../lib/slots';

type TProps = {
  accountId: string;
  /** The zone being edited: the times are read on it when the account has no schedule yet. */
  timeZone: string;
  slots: TQueueSlot[];
  onAdd: (slots: TQueueSlot[]) => void;
  disabled?: boolean;
};

/**
 * The account's best times to post (from its own posts, or its network's general times, as the label says), and
 * "Add suggested times", which puts those not yet there among the slots being edited.
 */
export function SuggestedTimes({ accountId, timeZone, slots, onAdd, disabled = false }: TProps) {
  const best = useBestTimes(accountId, timeZone);
  const [added, setAdded] = useState<number | null>(null);
  if (best.isPending) return <Skeleton h={88} radius="md" />;
  // a server without best times yet (404) shows nothing; another failure says so in a line
  if (best.isError) {
    if (best.error instanceof ApiError && best.error.status === 404) return null;
    return (
      <Text size="sm" c="dimmed">
        Suggested times could not be read: {best.error.message}
      </Text>
    );
  }
  const { times } = best.data;
  if (times.length === 0) return null;
  const have = new Set(slots.map((s) => `${s.day} ${s.time}`));
  const missing = times.filter((t) => !have.has(`${t.day} ${t.time}`));
  const add = () => {
    const next = addSuggested(slots, missing);
    setAdded(next.added);
    onAdd(next.slots);
  };
  return (
    <Paper withBorder radius="md" p="sm" bg="brand.0" style={{ borderColor: 'var(--mantine-color-brand-1)' }}>
      <Stack gap={8} role="group" aria-label="Suggested times">
        <Group gap={6} wrap="nowrap">
          <IconSparkles size={16} color="var(--mantine-color-brand-7)" aria-hidden style={{ flex: 'none' }} />
          <Text size="sm" fw={600}>
            Suggested times
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {bestTimesLabel(best.data)}
          {best.data.timeZone !== timeZone ? ` (times in ${best.data.timeZone})` : ''}
        </Text>
        <Group gap={6} wrap="wrap" role="list" aria-label="Best times">
          {times.map((t) => {
            const there = have.has(`${t.day} ${t.time}`);
            return (
              <Badge
                key={`${t.day} ${t.time}`}
                role="listitem"
                size="lg"
                radius="xl"
                tt="none"
                fw={600}
                variant={there ? 'light' : 'outline'}
                color={there ? 'gray' : 'brand'}
                bg={there ? undefined : 'white'}
                leftSection={there ? <IconCheck size={12} aria-hidden /> : undefined}
                aria-label={there ? `${slotShort(t)}, already a slot` : slotShort(t)}
              >
                {slotShort(t)}
              </Badge>
            );
          })}
        </Group>
        <Group gap="sm" wrap="wrap">
          <Button
            size="compact-md"
            variant="light"
            leftSection={<IconSparkles size={16} aria-hidden />}
            onClick={add}
            disabled={disabled || missing.length === 0}
          >
            Add suggested times
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            {added === null
              ? missing.length === 0
                ? 'All of them are slots already.'
                : ''
              : added === 0
                ? 'All of them are slots already.'
                : `${added === 1 ? '1 time' : `${added} times`} added: save the schedule to keep them.`}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
