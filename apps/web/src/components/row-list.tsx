import { Divider, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { LoadErrorAlert } from './load-error-alert';

/** What a list's query gives the list (a TanStack Query result). */
type TListQuery<T> = { data: T[] | undefined; isError: boolean; error: Error | null; refetch: () => unknown };

/**
 * A page's list of rows as a card, through its states: its load's error (with Try again), skeletons while it loads,
 * its empty state, then the rows divided in one card, and a line under it when the list is full.
 */
export function RowList<T extends { id: string }>(props: {
  query: TListQuery<T>;
  /** What the rows are, in the error and loading words ('your API keys'). */
  what: string;
  skeletonHeight: number;
  empty: { icon: ReactNode; title: string; line: string; action?: ReactNode; order?: 2 | 3 };
  row: (item: T) => ReactNode;
  /** Said under the rows when no more can be added. */
  fullText?: string | null;
}) {
  const { query, what } = props;
  if (query.isError)
    return (
      <LoadErrorAlert
        variant="light"
        title={`${what[0].toUpperCase()}${what.slice(1)} could not be loaded`}
        error={query.error as Error}
        onRetry={() => void query.refetch()}
      />
    );
  if (!query.data)
    return (
      <Paper withBorder radius="lg" p="lg" aria-busy="true" aria-label={`Loading ${what}`}>
        <Stack gap="md">
          {[0, 1].map((i) => (
            <Skeleton key={i} height={props.skeletonHeight} radius="md" />
          ))}
        </Stack>
      </Paper>
    );
  if (query.data.length === 0) return <EmptyState {...props.empty} />;
  return (
    <Stack gap="sm">
      <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }}>
        <Stack
          gap="md"
          component="ul"
          aria-label={`${what[0].toUpperCase()}${what.slice(1)}`}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {query.data.map((item, i) => (
            <Fragment key={item.id}>
              {i > 0 && <Divider component="li" aria-hidden />}
              {props.row(item)}
            </Fragment>
          ))}
        </Stack>
      </Paper>
      {props.fullText && (
        <Text size="sm" c="dimmed">
          {props.fullText}
        </Text>
      )}
    </Stack>
  );
}
