import { Stack } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { schedulePlanEnd, type TPost } from '@virality/domain';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useScheduledPosts } from '../api/scheduled-posts';
import { zoneName } from '../lib/post-card';
import { useNow } from '../lib/use-now';
import { CreatePostButton } from './create-post-button';
import { ListLoadError, ListPages } from './list-parts';
import { PostsPageFrame } from './posts-page-frame';
import { RescheduleModal } from './reschedule-modal';
import { PostCardSkeleton, ScheduledPostCard } from './scheduled-post-card';

const pageOf = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** /allschedulepost: every scheduled post not yet out, soonest first, 10 a page; the owner's menu on each. */
export function ScheduledPostsPage() {
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const query = useScheduledPosts({ userId: user?._id ?? '', page });
  const now = useNow();
  const [rescheduling, setRescheduling] = useState<TPost | null>(null);
  const zone = zoneName();
  const setPage = (p: number) => setParams(p > 1 ? { page: String(p) } : {});
  const total = query.data?.total ?? 0;

  let body: ReactNode;
  if (query.isPending || !user) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading scheduled posts">
        {[0, 1, 2, 3].map((i) => (
          <PostCardSkeleton key={i} />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    body = <ListLoadError title="Could not load your scheduled posts" error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data.posts.length === 0) {
    body = (
      <EmptyState
        icon={<IconCalendarOff size={24} />}
        title="No schedule Post"
        line="Posts you schedule wait here until their time comes."
        action={<CreatePostButton label="Create post" mt="xs" />}
      />
    );
  } else {
    body = (
      <Stack gap="sm">
        {query.data.posts.map((post) => (
          <ScheduledPostCard
            key={post.CommonPostID}
            post={post}
            userId={user._id}
            role={user.profileType}
            now={now}
            onReschedule={setRescheduling}
          />
        ))}
        <ListPages
          summary={`${total} scheduled`}
          label="Scheduled posts pages"
          page={page}
          pages={query.data.pages}
          onChange={setPage}
        />
      </Stack>
    );
  }

  return (
    <PostsPageFrame
      title="Scheduled posts"
      subtitle={`Soonest first${zone ? `, times in your time zone (${zone})` : ''}.`}
      back={{ to: paths.home, label: 'Home' }}
      actions={user && user.profileType !== 'BUSINESS_MANAGER' ? <CreatePostButton label="Create post" /> : undefined}
    >
      {body}
      {user && (
        <RescheduleModal
          post={rescheduling}
          userId={user._id}
          planEnd={schedulePlanEnd(user.profileType, user.subscriptionDetails)}
          onClose={() => setRescheduling(null)}
        />
      )}
    </PostsPageFrame>
  );
}
