import { Box, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { postBadge, SOCIAL_NETWORKS, type TPost, type TSocialNetworkKey } from '@virality/domain';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { NetworkMarks } from '../../../components/network-marks';
import { NetworkTile } from '../../../components/network-tile';
import { PostMediaThumb } from '../../../components/post-media-thumb';
import { StatusBadge } from '../../../components/status-badge';
import { networkIdsOf, postCaption, postOverviewPath, postTime, statusEdge } from '../lib/post-look';
import classes from './calendar.module.css';

/** One post in an agenda: its time, networks, thumbnail, caption and status; it opens the post's overview. */
export function AgendaItem({ post, zone }: { post: TPost; zone: string }) {
  return (
    <Paper
      component={Link}
      to={postOverviewPath(post)}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      className={classes.agendaItem}
      style={{ borderLeft: `4px solid ${statusEdge(post)}` }}
    >
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Text fw={650} size="sm" w={48} style={{ fontVariantNumeric: 'tabular-nums', flex: 'none' }}>
          {postTime(post, zone)}
        </Text>
        <PostMediaThumb media={post.MediaDetails} size={56} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={600} lineClamp={2} style={{ wordBreak: 'break-word' }}>
            {postCaption(post)}
          </Text>
          <Group gap="xs" wrap="wrap">
            <StatusBadge status={postBadge(post)} />
            <NetworkMarks ids={networkIdsOf(post)} size={20} />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The first network of a post as a small tile (a chip has room for one). */
function FirstTile({ post, size }: { post: TPost; size: number }) {
  const id = networkIdsOf(post)[0];
  const key: TSocialNetworkKey | undefined = SOCIAL_NETWORKS.find((n) => n.id === id)?.key;
  return key ? <NetworkTile network={key} size={size} /> : null;
}

/** A post as a chip of a month cell or a week column: a tile, the time and the caption, a status-coloured edge. */
export function PostChip({
  post,
  zone,
  className,
  style,
}: {
  post: TPost;
  zone: string;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <UnstyledButton
      component={Link}
      to={postOverviewPath(post)}
      className={className ? `${classes.chip} ${className}` : classes.chip}
      style={{ borderLeftColor: statusEdge(post), ...style }}
      aria-label={`${postTime(post, zone)} ${postCaption(post)}, ${postBadge(post)}`}
    >
      <span className={classes.chipTile}>
        <FirstTile post={post} size={16} />
      </span>
      <Text span size="xs" fw={650} className={classes.chipTime} style={{ fontVariantNumeric: 'tabular-nums', flex: 'none' }}>
        {postTime(post, zone)}
      </Text>{' '}
      {/* the space keeps the words apart in the chip's text, which its name must hold (not drawn: a flex gap is) */}
      <Text span size="xs" truncate="end" style={{ minWidth: 0 }} data-chip-caption>
        {postCaption(post)}
      </Text>
    </UnstyledButton>
  );
}

/** The agenda while it loads: rows shaped like posts. */
export function AgendaSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading posts">
      {[0, 1, 2, 3, 4].slice(0, rows).map((i) => (
        <Paper key={i} withBorder radius="md" p="md">
          <Group gap="md" wrap="nowrap">
            <Skeleton w={48} h={14} />
            <Skeleton w={56} h={56} radius="md" />
            <Box style={{ flex: 1 }}>
              <Skeleton h={14} w="70%" mb={10} />
              <Skeleton h={22} w={140} radius="xl" />
            </Box>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
