import { Group, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import type { TSocialAccount } from '@virality/domain';
import { useMemo } from 'react';
import { bestTimesQuery } from '../../../lib/queue-api';
import { bestTimesHint } from '../../../lib/queue-text';
import { browserZone } from '../../../lib/zoned-time';
import { accountName } from './account-picker';

/**
 * Beside the date and time: the chosen accounts' best times to post ('Best times: Tue 09:00, Thu 18:00'), one line
 * each (named when there are several). Nothing while they are read, or when the server has none to give.
 */
export function BestTimesHint({ accounts }: { accounts: readonly TSocialAccount[] }) {
  const zone = useMemo(browserZone, []);
  const shown = accounts.slice(0, 3);
  const best = useQueries({ queries: shown.map((a) => bestTimesQuery(a.id, zone)) });
  const lines = shown.flatMap((a, i) => {
    const data = best[i].data;
    return data && data.times.length > 0 ? [{ id: a.id, text: bestTimesHint(data), name: accountName(a) }] : [];
  });
  if (lines.length === 0) return null;
  return (
    <Stack gap={2} aria-label="Best times to post">
      {lines.map((l) => (
        <Group key={l.id} gap={6} wrap="nowrap" align="flex-start">
          <IconSparkles size={14} color="var(--mantine-color-brand-7)" aria-hidden style={{ flex: 'none', marginTop: 3 }} />
          <Text size="sm" c="dimmed">
            {shown.length > 1 ? `${l.name}: ` : ''}
            {l.text}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
