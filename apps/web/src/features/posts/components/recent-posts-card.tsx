import { Anchor, Stack, Text } from '@mantine/core';
import { HOME_RECENT_COUNT, INSIGHTS_MSG } from '@virality/domain';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { useRecentPosts } from '../api/recent-posts';
import { RecentPostCard, RecentPostSkeleton } from './recent-post-card';

/** While the home page's recent posts load: six items' shapes. */
const SKELETON_ITEMS = [0, 1, 2, 3, 4, 5];

/** The home page's "Recent posts": the last three that went out, each opening its overview, and a link to all. */
export function RecentPostsCard({ userId }: { userId: string }) {
  const query = useRecentPosts({ userId, page: 1, limit: HOME_RECENT_COUNT });
  const posts = query.data?.posts ?? [];
  return (
    <SectionCard
      title="Recent posts"
      action={
        <Anchor component={Link} to={paths.allRecentPost} size="sm" fw={600}>
          View all
        </Anchor>
      }
    >
      {query.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading recent posts">
          {SKELETON_ITEMS.map((i) => (
            <RecentPostSkeleton key={i} compact />
          ))}
        </Stack>
      ) : query.isError ? (
        <Text size="sm" c="red.9">
          {query.error.message}
        </Text>
      ) : posts.length === 0 ? (
        <Text c="dimmed" size="sm">
          {INSIGHTS_MSG.noRecentPost}
        </Text>
      ) : (
        <Stack gap="sm">
          {posts.map((p) => (
            <RecentPostCard key={p.CommonPostID} post={p} compact />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
