import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { INSIGHTS_MSG, postBadge, postDisplayedAt, type TPost } from '@virality/domain';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { NetworkMarks } from '../../../components/network-marks';
import { PostMediaThumb } from '../../../components/post-media-thumb';
import { StatusBadge } from '../../../components/status-badge';
import { usePostsByDate } from '../api/posts-by-date';
import { networkIdsOf, zoneName } from '../lib/post-card';
import { postOverviewPath } from '../lib/post-targets';
import { useNow } from '../lib/use-now';
import classes from './recent-post-card.module.css';

/** Today's posts shown before "Show all". */
const FIRST_SHOWN = 5;

function TodayItem({ post }: { post: TPost }) {
  const at = postDisplayedAt(post);
  const caption = post.CaptionDescription || post.Title || 'Untitled post';
  return (
    <Paper withBorder radius="md" p="xs" component="li" className={classes.card} aria-label={caption}>
      <Group gap="sm" wrap="nowrap" align="center">
        <Text fw={650} size="sm" w={44} style={{ fontVariantNumeric: 'tabular-nums', flex: 'none' }}>
          {at ? <time dateTime={at.toISOString()}>{dayjs(at).format('HH:mm')}</time> : '–'}
        </Text>
        <PostMediaThumb media={post.MediaDetails} size={40} radius={6} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Link to={postOverviewPath(post.CommonPostID)} state={{ post }} className={classes.link}>
            <Text size="sm" fw={600} truncate="end">
              {caption}
            </Text>
          </Link>
          <Group gap={6} wrap="wrap">
            <StatusBadge status={postBadge(post)} />
            <NetworkMarks ids={networkIdsOf(post)} size={16} />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The home page's Today strip: the posts of today in the browser's time zone, by time, each opening its overview. */
export function TodayPostsCard() {
  // the day follows the clock, so a page left open over midnight shows the new day
  const now = useNow(60_000);
  const day = dayjs(now).format('YYYY-MM-DD');
  const query = usePostsByDate({ day, zone: zoneName() });
  const [showAll, setShowAll] = useState(false);
  const posts = query.data ?? [];
  const shown = showAll ? posts : posts.slice(0, FIRST_SHOWN);
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="home-today-title">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} fz={18} fw={650} id="home-today-title">
          Today
        </Title>
        <Text size="sm" c="dimmed">
          <time dateTime={day}>{dayjs(now).format('dddd D MMMM')}</time>
        </Text>
      </Group>
      {query.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading today's posts">
          {[0, 1].map((i) => (
            <Group key={i} gap="sm" wrap="nowrap" p="xs">
              <Skeleton w={44} h={14} />
              <Skeleton w={40} h={40} radius="sm" />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton h={12} w="60%" />
                <Skeleton h={20} w={110} radius="xl" />
              </Stack>
            </Group>
          ))}
        </Stack>
      ) : query.isError ? (
        <Text size="sm" c="red.9">
          {query.error.message}
        </Text>
      ) : posts.length === 0 ? (
        <Text c="dimmed" size="sm">
          {INSIGHTS_MSG.noPostToday}
        </Text>
      ) : (
        <>
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Today's posts">
            {shown.map((p) => (
              <TodayItem key={p.CommonPostID} post={p} />
            ))}
          </Stack>
          {posts.length > FIRST_SHOWN && (
            <Button variant="subtle" size="compact-sm" mt="xs" onClick={() => setShowAll((v) => !v)}>
              {showAll ? 'Show fewer' : `Show all ${posts.length}`}
            </Button>
          )}
        </>
      )}
    </Paper>
  );
}
