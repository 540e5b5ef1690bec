import { IconCalendarOff } from '@tabler/icons-react';
import { schedulePlanEnd, type TPost } from '@virality/domain';
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useScheduledPosts } from '../api/scheduled-posts';
import { zoneName } from '../lib/post-card';
import { useNow } from '../lib/use-now';
import { CreatePostButton } from './create-post-button';
import { PagedPosts, usePageParam } from './list-parts';
import { PostsPageFrame } from './posts-page-frame';
import { RescheduleModal } from './reschedule-modal';
import { PostCardSkeleton, ScheduledPostCard } from './scheduled-post-card';

/** /allschedulepost: every scheduled post not yet out, soonest first, 10 a page; the owner's menu on each. */
export function ScheduledPostsPage() {
  const { data: user } = useCurrentUser();
  const [page, setPage] = usePageParam();
  const query = useScheduledPosts({ userId: user?._id ?? '', page });
  const now = useNow();
  const [rescheduling, setRescheduling] = useState<TPost | null>(null);
  const zone = zoneName();
  return (
    <PostsPageFrame
      title="Scheduled posts"
      subtitle={`Soonest first${zone ? `, times in your time zone (${zone})` : ''}.`}
      back={{ to: paths.home, label: 'Home' }}
      actions={user && user.profileType !== 'BUSINESS_MANAGER' ? <CreatePostButton label="Create post" /> : undefined}
    >
      <PagedPosts
        query={user ? query : null}
        name="scheduled posts"
        Skeleton={PostCardSkeleton}
        empty={{
          icon: <IconCalendarOff size={24} />,
          title: 'No scheduled posts',
          line: 'Posts you schedule wait here until their time comes.',
        }}
        card={(post) =>
          user && (
            <ScheduledPostCard
              key={post.CommonPostID}
              post={post}
              userId={user._id}
              role={user.profileType}
              now={now}
              onReschedule={setRescheduling}
            />
          )
        }
        summary={(total) => `${total} scheduled`}
        page={page}
        onPage={setPage}
      />
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
