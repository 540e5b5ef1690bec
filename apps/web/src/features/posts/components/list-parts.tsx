import { Alert, Box, Button, Group, Pagination, Stack, Text } from '@mantine/core';
import type { TPost } from '@virality/domain';
import type { ComponentType, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { CreatePostButton } from './create-post-button';

/** A page number as the address carries it ('3'); anything else is the first page. */
export const pageOf = (v: string | null | undefined) => {
  const n = Number(v ?? 1);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** The list page the address names (`?page=N`), and a way to move to another (the first has no parameter). */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const setPage = (p: number) => {
    setParams(p > 1 ? { page: String(p) } : {});
    window.scrollTo({ top: 0 });
  };
  return [pageOf(params.get('page')), setPage];
}

/** A list that could not be read: the server's reason and a way to ask again. */
export function ListLoadError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Alert color="red" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

type TPagesProps = {
  /** What the list holds, as a count says it: "12 drafts". */
  summary: string;
  label: string;
  page: number;
  pages: number;
  onChange: (page: number) => void;
};

/** Where a paged list stands and its page buttons; nothing when everything fits on one page. */
export function ListPages({ summary, label, page, pages, onChange }: TPagesProps) {
  if (pages <= 1) return null;
  return (
    <Group justify="space-between" gap="sm" mt="xs">
      <Text size="sm" c="dimmed">
        {summary} · page {page} of {pages}
      </Text>
      <Box component="nav" aria-label={label}>
        <Pagination
          total={pages}
          value={page}
          onChange={onChange}
          size="sm"
          getControlProps={(c) => ({ 'aria-label': c === 'previous' ? 'Previous page' : 'Next page' })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      </Box>
    </Group>
  );
}

type TPagedPostsProps = {
  /** The list's read (null until it can be asked): a page of posts with how many pages and posts there are. */
  query: {
    error: Error | null;
    data: { posts: TPost[]; pages: number; total: number } | undefined;
    refetch: () => unknown;
  } | null;
  /** What the list is called in its messages: "recent posts". */
  name: string;
  Skeleton: ComponentType;
  empty: { icon: ReactNode; title: string; line: string };
  card: (post: TPost) => ReactNode;
  /** How many posts there are, in words: "12 posts". */
  summary: (total: number) => string;
  page: number;
  onPage: (page: number) => void;
};

/** A paged list of posts: skeletons while it loads, its failure with a retry, its empty state, or its cards and pages. */
export function PagedPosts({ query, name, Skeleton, empty, card, summary, page, onPage }: TPagedPostsProps) {
  if (query?.error)
    return <ListLoadError title={`Could not load your ${name}`} error={query.error} onRetry={() => void query.refetch()} />;
  if (!query?.data)
    return (
      <Stack gap="sm" aria-busy="true" aria-label={`Loading ${name}`}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} />
        ))}
      </Stack>
    );
  if (query.data.posts.length === 0) return <EmptyState {...empty} action={<CreatePostButton label="Create post" mt="xs" />} />;
  const pagesLabel = `${name.charAt(0).toUpperCase()}${name.slice(1)} pages`;
  return (
    <Stack gap="sm">
      {query.data.posts.map(card)}
      <ListPages summary={summary(query.data.total)} label={pagesLabel} page={page} pages={query.data.pages} onChange={onPage} />
    </Stack>
  );
}
