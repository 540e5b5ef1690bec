import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCalendarClock } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import type { TSocialAccount } from '@virality/domain';
import { NetworkTile } from '../../../components/network-tile';
import { queueViewQuery } from '../../../lib/queue-api';
import { nextSlotOf } from '../../../lib/queue-text';
import { networkKeyOf } from '../lib/compose';
import { accountName } from './account-picker';

export type TQueueTime =
  | { account: TSocialAccount; state: 'loading' }
  | { account: TSocialAccount; state: 'slot'; text: string; zone: string | null }
  | { account: TSocialAccount; state: 'problem'; problem: string };

/** When a post added to the queue now would go on each account (its first free slot), or why it cannot be added. */
export function useQueueTimes(accounts: readonly TSocialAccount[]): TQueueTime[] {
  const views = useQueries({ queries: accounts.map((a) => ({ ...queueViewQuery(a.id), staleTime: 0 })) });
  return accounts.map((account, i): TQueueTime => {
    const v = views[i];
    if (v.isPending) return { account, state: 'loading' };
    if (v.isError) return { account, state: 'problem', problem: v.error.message };
    const next = nextSlotOf(v.data);
    return 'problem' in next
      ? { account, state: 'problem', problem: next.problem }
      : { account, state: 'slot', text: next.text, zone: v.data.timeZone };
  });
}

/** The problems that keep the post out of the queue, each with its account: the main button's reasons. */
export const queueBlockers = (times: readonly TQueueTime[]): string[] =>
  times.flatMap((t) => (t.state === 'problem' ? [`${accountName(t.account)}: ${t.problem}`] : []));

/** Each chosen account's time in the queue, as the composer shows it before the post is sent. */
export function QueueTimes({ times, isManager }: { times: readonly TQueueTime[]; isManager: boolean }) {
  if (times.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Choose an account to see when the post would go.
      </Text>
    );
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {isManager
          ? 'The slots are taken when the draft is approved. The next free ones now:'
          : 'It goes out at each account’s next free slot:'}
      </Text>
      <Stack gap={6} role="list" aria-label="Queue times">
        {times.map((t) => {
          const n = networkKeyOf(t.account);
          return (
            <Group key={t.account.id} gap="sm" wrap="nowrap" align="flex-start" role="listitem">
              {n && <NetworkTile network={n} size={20} />}
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} truncate>
                  {accountName(t.account)}
                </Text>
                {t.state === 'loading' ? (
                  <Skeleton h={14} w={140} mt={4} />
                ) : t.state === 'slot' ? (
                  <Group gap={4} wrap="nowrap">
                    <IconCalendarClock size={14} aria-hidden style={{ flex: 'none' }} />
                    <Text size="sm" data-testid="queue-time">
                      {t.text}
                    </Text>
                  </Group>
                ) : (
                  <Group gap={4} wrap="nowrap" align="flex-start" c="red.9">
                    <IconAlertTriangle size={14} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
                    <Text size="sm">{t.problem}</Text>
                  </Group>
                )}
              </Stack>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
