import { IconHistory } from '@tabler/icons-react';
import { INSIGHTS_MSG } from '@virality/domain';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useRecentPosts } from '../api/recent-posts';
import { zoneName } from '../lib/post-card';
import { PagedPosts, usePageParam } from './list-parts';
import { PostsPageFrame } from './posts-page-frame';
import { RecentPostCard, RecentPostSkeleton } from './recent-post-card';

/** /allrecentpost: the organization's posts that went out, newest first, 10 a page, each opening its overview. */
export function RecentPostsPage() {
  const { data: user } = useCurrentUser();
  const [page, setPage] = usePageParam();
  const query = useRecentPosts({ userId: user?._id ?? '', page });
  const zone = zoneName();
  return (
    <PostsPageFrame
      title="Recent posts"
      subtitle={`Newest first${zone ? `, times in your time zone (${zone})` : ''}.`}
      back={{ to: paths.home, label: 'Home' }}
    >
      <PagedPosts
        query={user ? query : null}
        name="recent posts"
        Skeleton={RecentPostSkeleton}
        empty={{
          icon: <IconHistory size={24} />,
          title: INSIGHTS_MSG.noRecentPost,
          line: 'Posts show here once they go out, newest first.',
        }}
        card={(post) => <RecentPostCard key={post.CommonPostID} post={post} />}
        summary={(total) => `${total} ${total === 1 ? 'post' : 'posts'}`}
        page={page}
        onPage={setPage}
      />
    </PostsPageFrame>
  );
}
