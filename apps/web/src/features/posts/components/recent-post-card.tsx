import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { accountDisplayName, hasRetryableTargets, postBadge, postDisplayedAt, socialNetwork, type TPost } from '@virality/domain';
import { Link } from 'react-router';
import { NetworkMarks } from '../../../components/network-marks';
import { NetworkTile } from '../../../components/network-tile';
import { PostMediaThumb } from '../../../components/post-media-thumb';
import { StatusBadge } from '../../../components/status-badge';
import { displayedDateText, networkIdsOf } from '../lib/post-card';
import { postOverviewPath, type TTargetTone, targetLook, targetsOf } from '../lib/post-targets';
import classes from './recent-post-card.module.css';
import { RetryFailedButton } from './retry-failed-button';

const TONE: Record<TTargetTone, { color: string; Icon: typeof IconCircleCheck }> = {
  ok: { color: '#1B6E37', Icon: IconCircleCheck },
  failed: { color: '#B42318', Icon: IconAlertTriangle },
  waiting: { color: 'var(--mantine-color-dimmed)', Icon: IconClockHour4 },
};

/** Each account the post went to, with its state: published, or failed with the network's reason. */
function PostTargets({ post }: { post: TPost }) {
  const targets = targetsOf(post);
  if (targets.length === 0) return null;
  return (
    <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Where it went">
      {targets.map((t) => {
        const network = socialNetwork(t.SocialMediaID);
        const look = targetLook(t);
        const { color, Icon } = TONE[look.tone];
        return (
          <Group
            component="li"
            key={`${t.SocialMediaID}-${t.UserSocialMediaID}-${t.Format}`}
            gap={8}
            wrap="nowrap"
            align="flex-start"
          >
            {network && <NetworkTile network={network.key} size={18} />}
            <Text size="sm" style={{ minWidth: 0, wordBreak: 'break-word' }}>
              <Text span fw={600} size="sm">
                {network ? accountDisplayName(network.key, 'profile', t.UserName) : t.UserName}
              </Text>{' '}
              <Text span size="sm" c={color} fw={600} style={{ whiteSpace: 'nowrap' }}>
                <Icon size={14} stroke={2} aria-hidden style={{ verticalAlign: -2, marginRight: 2 }} />
                {look.label}
              </Text>
              {look.reason && (
                <Text span size="sm" c="dimmed">
                  {' '}
                  · {look.reason}
                </Text>
              )}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

type TProps = {
  post: TPost;
  /** The home page's short form: no per-account lines, a smaller thumbnail. */
  compact?: boolean;
};

/**
 * A post that went out: its first media, caption, badge, when it went out (the browser's zone) and its networks;
 * the full form also says how each account fared, and offers to retry the accounts that failed. The caption opens
 * the post's overview.
 */
export function RecentPostCard({ post, compact = false }: TProps) {
  const caption = post.CaptionDescription || post.Title || 'Untitled post';
  const when = displayedDateText(post);
  const at = postDisplayedAt(post);
  return (
    <Paper
      withBorder
      radius="lg"
      shadow={compact ? undefined : 'xs'}
      p={compact ? 'sm' : { base: 'sm', sm: 'md' }}
      component="article"
      aria-label={caption}
      className={classes.card}
    >
      <Group gap={compact ? 'sm' : 'md'} wrap="nowrap" align="flex-start">
        <PostMediaThumb media={post.MediaDetails} size={compact ? 56 : 72} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Link to={postOverviewPath(post.CommonPostID)} state={{ post }} className={classes.link}>
            <Text fw={600} size={compact ? 'sm' : undefined} lineClamp={2} style={{ wordBreak: 'break-word' }}>
              {caption}
            </Text>
          </Link>
          <Group gap="xs" wrap="wrap">
            <StatusBadge status={postBadge(post)} />
            <NetworkMarks ids={networkIdsOf(post)} size={compact ? 18 : 20} />
            {compact && when && (
              <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                <time dateTime={at?.toISOString()}>{when}</time>
              </Text>
            )}
          </Group>
          {!compact && when && (
            <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              <time dateTime={at?.toISOString()}>{when}</time>
            </Text>
          )}
          {!compact && <PostTargets post={post} />}
          {!compact && hasRetryableTargets(post) && (
            <Group>
              <RetryFailedButton postId={post.CommonPostID} size="xs" />
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

/** A recent post's shape while the list loads. */
export function RecentPostSkeleton({ compact = false }: { compact?: boolean }) {
  const thumb = compact ? 56 : 72;
  return (
    <Paper withBorder radius="lg" p={compact ? 'sm' : { base: 'sm', sm: 'md' }} aria-hidden data-testid="recent-post-skeleton">
      <Group gap={compact ? 'sm' : 'md'} wrap="nowrap" align="flex-start">
        <Skeleton w={thumb} h={thumb} radius="md" style={{ flex: 'none' }} />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton h={14} w="70%" />
          <Group gap="xs">
            <Skeleton h={26} w={84} radius="xl" />
            <Skeleton h={18} w={18} radius="sm" />
            <Skeleton h={12} w={120} />
          </Group>
          {!compact && <Skeleton h={12} w="50%" />}
        </Stack>
      </Group>
    </Paper>
  );
}
