import { Anchor, Group, Stack, Text } from '@mantine/core';
import { HOME_SCHEDULED_COUNT, postBadge } from '@virality/domain';
import { Link } from 'react-router';
import { NetworkMarks } from '../../../components/network-marks';
import { PostMediaThumb } from '../../../components/post-media-thumb';
import { SectionCard } from '../../../components/section-card';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { useScheduledPosts } from '../api/scheduled-posts';
import { displayedDateText, networkIdsOf } from '../lib/post-card';
import { PostCardSkeleton } from './scheduled-post-card';

/** The home page's "Scheduled posts": the next two, and a link to all of them. */
export function UpcomingPostsCard({ userId }: { userId: string }) {
  const query = useScheduledPosts({ userId, page: 1, limit: HOME_SCHEDULED_COUNT });
  const posts = query.data?.posts ?? [];
  return (
    <SectionCard
      title="Scheduled posts"
      action={
        <Anchor component={Link} to={paths.allSchedulePost} size="sm" fw={600}>
          View all
        </Anchor>
      }
    >
      {query.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <PostCardSkeleton />
          <PostCardSkeleton />
        </Stack>
      ) : query.isError ? (
        <Text size="sm" c="red.9">
          {query.error.message}
        </Text>
      ) : posts.length === 0 ? (
        <Text c="dimmed" size="sm">
          No scheduled posts
        </Text>
      ) : (
        <Stack gap="sm">
          {posts.map((p) => (
            <Group key={p.CommonPostID} gap="sm" wrap="nowrap" align="flex-start">
              <PostMediaThumb media={p.MediaDetails} size={56} />
              <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} lineClamp={2} style={{ wordBreak: 'break-word' }}>
                  {p.CaptionDescription || p.Title}
                </Text>
                <Group gap="xs" wrap="wrap">
                  <StatusBadge status={postBadge(p)} />
                  <NetworkMarks ids={networkIdsOf(p)} size={18} />
                  <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {displayedDateText(p)}
                  </Text>
                </Group>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
