import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconExternalLink } from '@tabler/icons-react';
import { accountDisplayName, hasRetryableTargets, socialNetwork, type TPost } from '@virality/domain';
import { Link } from 'react-router';
import { NetworkMarks } from '../../../components/network-marks';
import { NetworkTile } from '../../../components/network-tile';
import { paths } from '../../../config/paths';
import { readSession } from '../../../lib/auth-storage';
import { RetryFailedButton } from '../../posts/components/retry-failed-button';
import { formatLabel, hashtagsOf, networkIdsOf, type TTargetTone, targetLook, targetsOf } from '../lib/post-view';
import { PostOverviewMedia } from './post-overview-media';

const TONE: Record<TTargetTone, { color: string; Icon: typeof IconCircleCheck }> = {
  ok: { color: '#1B6E37', Icon: IconCircleCheck },
  failed: { color: '#B42318', Icon: IconAlertTriangle },
  waiting: { color: 'var(--mantine-color-dimmed)', Icon: IconClockHour4 },
};

/** The post itself: its media, title, caption, hashtags and the networks it is for. */
export function PostOverviewContent({ post }: { post: TPost }) {
  const tags = hashtagsOf(post);
  return (
    <Paper withBorder radius="lg" shadow="xs" style={{ overflow: 'hidden' }} component="section" aria-label="Post">
      <PostOverviewMedia media={post.MediaDetails} />
      <Stack gap="sm" p={{ base: 'md', sm: 'lg' }}>
        {post.Title && (
          <Title order={2} fz={18} fw={650} style={{ wordBreak: 'break-word' }}>
            {post.Title}
          </Title>
        )}
        {post.CaptionDescription ? (
          <Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{post.CaptionDescription}</Text>
        ) : (
          <Text c="dimmed">No caption</Text>
        )}
        {tags.length > 0 && (
          <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Hashtags">
            {tags.map((t) => (
              <Badge component="li" key={t} variant="light" radius="xl" tt="none" fw={600} size="lg">
                {t}
              </Badge>
            ))}
          </Group>
        )}
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            Platforms
          </Text>
          <NetworkMarks ids={networkIdsOf(post)} size={24} />
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Each account the post went to: its state, its link on the network once published, why it failed when it did
 * (and the way to reconnect an account that needs it), and the way to retry the accounts that failed.
 */
export function PostOverviewTargets({ post }: { post: TPost }) {
  const targets = targetsOf(post);
  // a business manager cannot link accounts: only the owner can reconnect one
  const canReconnect = readSession()?.role !== 'BUSINESS_MANAGER';
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="where-it-went">
      <Title order={2} fz={18} fw={650} id="where-it-went" mb="md">
        Where it went
      </Title>
      {targets.length === 0 ? (
        <Text c="dimmed" size="sm">
          Not sent to any account yet.
        </Text>
      ) : (
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {targets.map((t) => {
            const network = socialNetwork(t.SocialMediaID);
            const look = targetLook(t);
            const format = formatLabel(t.Format);
            const { color, Icon } = TONE[look.tone];
            const name = network ? accountDisplayName(network.key, 'profile', t.UserName) : t.UserName;
            return (
              <Group
                component="li"
                key={`${t.SocialMediaID}-${t.UserSocialMediaID}-${t.Format}`}
                gap="sm"
                wrap="nowrap"
                align="flex-start"
              >
                <NetworkTile network={network?.key ?? 'threads'} size={32} />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={6} wrap="wrap">
                    <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }}>
                      {name}
                    </Text>
                    {format && (
                      <Badge variant="default" radius="xl" tt="none" size="sm">
                        {format}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c={color} fw={600}>
                    <Icon size={14} stroke={2} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
                    {look.label}
                  </Text>
                  {look.url && (
                    <Anchor href={look.url} target="_blank" rel="noopener noreferrer" size="sm" fw={600} w="fit-content" py={4}>
                      View on {network?.label ?? t.SocialMediaName}
                      <IconExternalLink size={14} aria-hidden style={{ verticalAlign: -2, marginLeft: 4 }} />
                    </Anchor>
                  )}
                  {look.reason && (
                    <Text size="sm" c="dimmed" style={{ wordBreak: 'break-word' }}>
                      {look.reason}
                    </Text>
                  )}
                  {t.Status === 'needs_reconnect' && canReconnect && (
                    <Anchor component={Link} to={paths.addSocialMedia} size="sm" fw={600} w="fit-content" py={4}>
                      Reconnect {network?.label ?? t.SocialMediaName}
                    </Anchor>
                  )}
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}
      {hasRetryableTargets(post) && (
        <Group mt="md">
          <RetryFailedButton postId={post.CommonPostID} />
        </Group>
      )}
    </Paper>
  );
}
