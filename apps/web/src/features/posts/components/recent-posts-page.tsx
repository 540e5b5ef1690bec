import { Stack } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { INSIGHTS_MSG } from '@virality/domain';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useRecentPosts } from '../api/recent-posts';
import { zoneName } from '../lib/post-card';
import { CreatePostButton } from './create-post-button';
import { ListLoadError, ListPages } from './list-parts';
import { PostsPageFrame } from './posts-page-frame';
import { RecentPostCard, RecentPostSkeleton } from './recent-post-card';

const pageOf = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** /allrecentpost: the organization's posts that went out, newest first, 10 a page, each opening its overview. */
export function RecentPostsPage() {
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const query = useRecentPosts({ userId: user?._id ?? '', page });
  const zone = zoneName();
  const setPage = (p: number) => {
    setParams(p > 1 ? { page: String(p) } : {});
    window.scrollTo({ top: 0 });
  };
  const total = query.data?.total ?? 0;

  let body: ReactNode;
  if (query.isPending || !user) {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading recent posts">
        {[0, 1, 2, 3].map((i) => (
          <RecentPostSkeleton key={i} />
        ))}
      </Stack>
    );
  } else if (query.isError) {
    body = <ListLoadError title="Could not load your recent posts" error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.data.posts.length === 0) {
    body = (
      <EmptyState
        icon={<IconHistory size={24} />}
        title={INSIGHTS_MSG.noRecentPost}
        line="Posts show here once they go out, newest first."
        action={<CreatePostButton label="Create post" mt="xs" />}
      />
    );
  } else {
    body = (
      <Stack gap="sm">
        {query.data.posts.map((post) => (
          <RecentPostCard key={post.CommonPostID} post={post} />
        ))}
        <ListPages
          summary={`${total} ${total === 1 ? 'post' : 'posts'}`}
          label="Recent posts pages"
          page={page}
          pages={query.data.pages}
          onChange={setPage}
        />
      </Stack>
    );
  }

  return (
    <PostsPageFrame
      title="Recent posts"
      subtitle={`Newest first${zone ? `, times in your time zone (${zone})` : ''}.`}
      back={{ to: paths.home, label: 'Home' }}
    >
      {body}
    </PostsPageFrame>
  );
}
