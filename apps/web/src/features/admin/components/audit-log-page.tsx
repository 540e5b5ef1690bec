import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import type { TAuditEntry } from '@virality/domain';
import { EmptyState } from '../../../components/empty-state';
import { useAuditLog } from '../api/audit-log';
import { actionLabel, auditChanges, targetLabel } from '../lib/audit-format';
import { formatWhen } from '../lib/dates';
import { StateBadge } from './state-badge';

/** The console's audit log: every admin write, newest first, with who made it and what changed. */
export function AuditLogPage() {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        Audit log
      </Title>
      <Text c="dimmed" size="sm">
        Every change an admin makes from the console or the command line, newest first.
      </Text>
      {log.isPending ? (
        <Center mih={200}>
          <Loader aria-label="Loading the audit log" />
        </Center>
      ) : log.isError ? (
        <Alert color="red" title="Could not load the audit log">
          {log.error.message}
        </Alert>
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<IconListDetails size={24} />}
          title="Nothing recorded yet"
          line="Changes made by admins show up here."
        />
      ) : (
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Audit log entries">
          {entries.map((e) => (
            <AuditRow key={e._id} entry={e} />
          ))}
        </Stack>
      )}
      {log.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            Show older entries
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function AuditRow({ entry }: { entry: TAuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  const who = entry.actor ? (entry.actor.email ?? entry.actor.name ?? 'An admin') : 'Command line';
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>{actionLabel(entry.action)}</Text>
        <Text size="sm" c="dimmed">
          <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
        </Text>
      </Group>
      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
        By {who}
        {entry.targetId && (
          <>
            {' · '}
            <StateBadge tone="neutral">{targetLabel(entry.targetType)}</StateBadge>{' '}
            <Text span size="xs" c="dimmed" ff="monospace">
              {entry.targetId}
            </Text>
          </>
        )}
      </Text>
      {changes.length > 0 && (
        <Stack gap={2} mt="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="What changed">
          {changes.map((c) => (
            <Text key={c.field} component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                {c.field}:
              </Text>{' '}
              <Text span c="dimmed" td="line-through">
                {c.before}
              </Text>{' '}
              → {c.after}
            </Text>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
