import { Paper, Skeleton, Stack } from '@mantine/core';
import type { TCampaign, TCampaignList } from '@virality/domain';
import { type ReactNode, useEffect } from 'react';
import { ListLoadError, ListPages } from '../../posts/components/list-parts';

function CardSkeleton() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-hidden>
      <Stack gap="sm">
        <Skeleton h={18} w="55%" />
        <Skeleton h={12} w="40%" />
        <Skeleton h={10} />
      </Stack>
    </Paper>
  );
}

type TProps = {
  query: { data: TCampaignList | undefined; error: Error | null; isFetching: boolean; refetch: () => unknown };
  /** What the list is called in its messages: "campaigns", "tagged campaigns". */
  name: string;
  page: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  card: (c: TCampaign) => ReactNode;
};

/** A paged list of campaigns: skeletons while it loads, its failure with a retry, its empty state, or its cards. */
export function CampaignList({ query, name, page, onPage, empty, card }: TProps) {
  const data = query.data;
  // a page left empty (campaigns moved on) steps back to the last page there is
  useEffect(() => {
    if (data && page > 1 && data.docs.length === 0 && data.pages >= 1) onPage(Math.max(1, data.pages));
  }, [data, page, onPage]);
  if (query.error)
    return <ListLoadError title={`Could not load your ${name}`} error={query.error} onRetry={() => void query.refetch()} />;
  if (!data)
    return (
      <Stack gap="sm" aria-busy="true" aria-label={`Loading ${name}`}>
        {[0, 1, 2].map((i) => (
          <CardSkeleton key={i} />
        ))}
      </Stack>
    );
  if (data.docs.length === 0) return <>{empty}</>;
  return (
    <Stack gap="sm">
      <Stack gap="sm" aria-label={name.charAt(0).toUpperCase() + name.slice(1)} role="feed" aria-busy={query.isFetching}>
        {data.docs.map(card)}
      </Stack>
      <ListPages
        summary={`${data.total} ${data.total === 1 ? 'campaign' : 'campaigns'}`}
        label={`${name.charAt(0).toUpperCase()}${name.slice(1)} pages`}
        page={page}
        pages={data.pages}
        onChange={onPage}
      />
    </Stack>
  );
}
