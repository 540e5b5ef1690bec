import { Anchor, Avatar, Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconHourglass } from '@tabler/icons-react';
import { POST_MSG, socialNetwork, type TPostResult } from '@virality/domain';
import { NetworkTile } from '../../../components/network-tile';
import { usePostOutcome } from '../api/post-outcome';

type TRow = {
  key: string;
  network: string;
  account: string;
  state: 'sent' | 'failed' | 'pending';
  detail: string | null;
  url: string | null;
};

function rowsOf(result: TPostResult, sentLabel: string): TRow[] {
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
      detail: sentLabel,
      url: s.PostUrl,
    })),
  ];
}

/**
 * Where a post went, account by account: the failed ones first ("Post failed on {network}" with the reason), those
 * still on their way, then those sent.
 */
export function PostResult({ result: first, sentLabel }: { result: TPostResult; sentLabel: string }) {
  // accounts still on their way turn into sent or failed as the networks answer
  const result = usePostOutcome(first);
  const rows = rowsOf(result, sentLabel);
  const failed = result.failure.length;
  return (
    <Stack gap="md" aria-live="polite">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="xl" variant="light" color={failed ? 'red' : 'green'}>
          {failed ? <IconAlertTriangle size={22} aria-hidden /> : <IconCircleCheck size={22} aria-hidden />}
        </ThemeIcon>
        <div>
          <Title order={3} fz={18}>
            {failed
              ? failed === rows.length
                ? 'Your post could not be sent'
                : `Sent, except to ${failed === 1 ? 'one account' : `${failed} accounts`}`
              : 'Your post is on its way'}
          </Title>
          <Text size="sm" c="dimmed">
            {failed ? 'Check what each network said, then try again from Drafts or a new post.' : POST_MSG.publishing}
          </Text>
        </div>
      </Group>
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
                {r.state === 'failed' ? (
                  <Badge
                    color="red"
                    variant="light"
                    radius="xl"
                    tt="none"
                    style={{ flexShrink: 0 }}
                    leftSection={<IconAlertTriangle size={12} aria-hidden />}
                  >
                    Failed
                  </Badge>
                ) : r.state === 'pending' ? (
                  <Badge
                    color="yellow"
                    variant="light"
                    radius="xl"
                    tt="none"
                    style={{ flexShrink: 0 }}
                    leftSection={<IconHourglass size={12} aria-hidden />}
                  >
                    Publishing
                  </Badge>
                ) : (
                  <Badge
                    color="green"
                    variant="light"
                    radius="xl"
                    tt="none"
                    style={{ flexShrink: 0 }}
                    leftSection={<IconCircleCheck size={12} aria-hidden />}
                  >
                    Sent
                  </Badge>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
