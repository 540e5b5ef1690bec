import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPencilPlus } from '@tabler/icons-react';
import { INSIGHTS_MSG, noPostYet } from '@virality/domain';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { usePostTotals } from '../api/post-totals';
import { CreatePostButton } from './create-post-button';
import { PostTotalsCards, PostTotalsSkeleton } from './post-totals-cards';
import { RecentPostsCard } from './recent-posts-card';
import { TodayPostsCard } from './today-posts-card';
import { UpcomingPostsCard } from './upcoming-posts-card';

/** A user whose organization has no post at all yet (drafts count): the home page shows the way to a first one. */
export function FirstPost() {
  return (
    <EmptyState
      icon={<IconPencilPlus size={24} />}
      title={INSIGHTS_MSG.noPostYet}
      line="Write a post once and send it to every account you linked, now or at the time you choose."
      action={<CreatePostButton label="Create Post" mt="xs" />}
    />
  );
}

/**
 * The home page's posts: the numbers, today's posts, the next scheduled ones, the performance card (given by the
 * app) and the last ones out, or, before the first post, `newcomer` (given by the app: the first steps) or the way
 * to write it. Figures and lists are read again when the live stream says a post moved.
 */
export function HomePosts({ userId, performance, newcomer }: { userId: string; performance?: ReactNode; newcomer?: ReactNode }) {
  const totals = usePostTotals(userId);
  if (totals.isPending) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading your posts">
        <PostTotalsSkeleton />
        <Paper withBorder radius="lg" p="lg">
          <Skeleton h={16} w={120} mb="md" />
          <Skeleton h={56} />
        </Paper>
      </Stack>
    );
  }
  if (totals.data && noPostYet(totals.data)) return newcomer ?? <FirstPost />;
  return (
    <Stack gap="lg">
      {totals.data && <PostTotalsCards totals={totals.data} />}
      {totals.isError && (
        <Text size="sm" c="red.9">
          {totals.error.message}
        </Text>
      )}
      <TodayPostsCard />
      <UpcomingPostsCard userId={userId} />
      {performance}
      <RecentPostsCard userId={userId} />
    </Stack>
  );
}
