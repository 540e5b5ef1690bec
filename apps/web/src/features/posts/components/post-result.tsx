import { Anchor, Avatar, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { POST_MSG, socialNetwork, type TPostResult } from '@virality/domain';
import { useState } from 'react';
import { NetworkTile } from '../../../components/network-tile';
import { TargetBadge } from '../../../components/status-badge';
import { momentText, zoneNote } from '../../../lib/zoned-time';
import { usePostOutcome } from '../api/post-outcome';
import { RetryFailedButton } from './retry-failed-button';

type TRow = {
  key: string;
  network: string;
  account: string;
  state: 'sent' | 'failed' | 'pending';
  detail: string | null;
  url: string | null;
};

/** When a queued post goes out on an account: its DueAt, on the account's schedule's clock. */
function dueText(result: TPostResult, accountId: string | null, zones: Record<string, string | null>): string | null {
  const due = result.media_posted_on.find((p) => p.UserSocialMediaID === accountId)?.DueAt;
  if (!due) return null;
  const zone = (accountId && zones[accountId]) || null;
  return `Goes out ${momentText(due, zone)}${zoneNote(zone)}`;
}

function rowsOf(result: TPostResult, sentLabel: string, zones: Record<string, string | null> | null): TRow[] {
  return [
    ...result.failure.map((f, i) => ({
      key: `f${i}`,
      network: f.SocialMediaID,
      account: f.UserSocialMediaName,
      state: 'failed' as const,
      detail: f.CustomUserError,
      url: null,
    })),
    ...result.pending.map((p, i) => ({
      key: `p${i}`,
      network: p.SocialMediaID,
      account: p.UserName,
      state: 'pending' as const,
      detail: POST_MSG.publishing,
      url: null,
    })),
    ...result.success.map((s, i) => ({
      key: `s${i}`,
      network: s.SocialMediaID,
      account: s.UserSocialMediaName,
      state: 'sent' as const,
      detail: (zones && dueText(result, s.UserSocialMediaID, zones)) || sentLabel,
      url: s.PostUrl,
    })),
  ];
}

/** The results' heading and its line: never "on its way" above accounts that all have their answer. */
function headingOf(failed: number, pending: number, sent: number): { title: string; line: string } {
  const accounts = (n: number) => (n === 1 ? 'one account' : `${n} accounts`);
  if (failed > 0 && failed === failed + pending + sent)
    return { title: 'Your post could not be sent', line: 'Check what each network said, then retry the failed accounts.' };
  if (failed > 0)
    return {
      title: `Sent, except to ${accounts(failed)}`,
      line:
        pending > 0
          ? `${accounts(pending)} still on the way. Check what each network said, then retry the failed accounts.`
          : 'Check what each network said, then retry the failed accounts.',
    };
  if (pending > 0) return { title: 'Your post is on its way', line: POST_MSG.publishing };
  return { title: 'Your post is out', line: sent === 1 ? 'Sent to its account.' : `Sent to all ${sent} accounts.` };
}

type TProps = {
  result: TPostResult;
  sentLabel: string;
  /** Added to the queue: each account's row says when it goes, on its schedule's zone (by account id; null: the browser's). */
  queuedZones?: Record<string, string | null> | null;
};

/**
 * Where a post went, account by account: the failed ones first ("Post failed on {network}" with the reason), those
 * still on their way, then those sent; with the failed ones, a way to retry them.
 */
export function PostResult({ result: first, sentLabel, queuedZones = null }: TProps) {
  // accounts still on their way turn into sent or failed as the networks answer; a retry starts them again
  const [latest, setLatest] = useState(first);
  const result = usePostOutcome(latest);
  const rows = rowsOf(result, sentLabel, queuedZones);
  const failed = result.failure.length;
  const pending = result.pending.length;
  const heading =
    queuedZones && failed === 0 && pending === 0
      ? { title: sentLabel, line: 'Each account posts it at its next free time slot.' }
      : headingOf(failed, pending, result.success.length);
  return (
    <Stack gap="md" aria-live="polite">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="xl" variant="light" color={failed ? 'red' : pending ? 'blue' : 'green'}>
          {failed ? (
            <IconAlertTriangle size={22} aria-hidden />
          ) : pending ? (
            <IconSend size={22} aria-hidden />
          ) : (
            <IconCircleCheck size={22} aria-hidden />
          )}
        </ThemeIcon>
        <div>
          <Title order={3} fz={18}>
            {heading.title}
          </Title>
          <Text size="sm" c="dimmed">
            {heading.line}
          </Text>
        </div>
      </Group>
      {failed > 0 && pending === 0 && <RetryFailedButton postId={result.CommonPostID} onRetried={setLatest} />}
      <Stack gap="xs" role="list" aria-label="Post results">
        {rows.map((r) => {
          const n = socialNetwork(r.network);
          return (
            <Paper key={r.key} withBorder radius="md" p="sm" role="listitem">
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
                  {n ? <NetworkTile network={n.key} size={24} /> : <Avatar size={24} />}
                  <Stack gap={2} miw={0}>
                    <Text size="sm" fw={600} truncate>
                      {r.state === 'failed' ? POST_MSG.failedOn(n?.label ?? r.network) : r.account}
                    </Text>
                    {r.state === 'failed' && (
                      <Text size="xs" c="dimmed">
                        {r.account}
                      </Text>
                    )}
                    {r.detail && (
                      <Text size="xs" c={r.state === 'failed' ? 'red.9' : 'dimmed'}>
                        {r.detail}
                      </Text>
                    )}
                    {r.url && (
                      <Anchor href={r.url} target="_blank" rel="noreferrer" size="xs">
                        View on {n?.label ?? 'the network'}
                      </Anchor>
                    )}
                  </Stack>
                </Group>
                <span style={{ flexShrink: 0 }}>
                  {r.state === 'failed' ? (
                    <TargetBadge tone="failed" label="Failed" />
                  ) : r.state === 'pending' ? (
                    <TargetBadge tone="waiting" label="Publishing" />
                  ) : queuedZones ? (
                    <TargetBadge tone="waiting" label="Queued" />
                  ) : (
                    <TargetBadge tone="ok" label="Sent" />
                  )}
                </span>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
