import { Alert, Center, Group, Loader, Pagination, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { SEARCH_MAX } from '@virality/domain';
import { type ReactNode, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';

/** A search box's text, the search it stands for once typing pauses, and the page (back to 1 on a new search). */
export function useSearchPaging() {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  return { text, setText, q, page, setPage };
}

type TPaged = { total: number; pages: number };

/**
 * A console list searched by text and paged: the search box, then loading, the error, the empty state, or the
 * count, the rows (`children`) and the pages.
 */
export function SearchedList<D extends TPaged, R>(props: {
  search: ReturnType<typeof useSearchPaging>;
  searchLabel: string;
  placeholder: string;
  result: UseQueryResult<D, Error>;
  rows: (data: D) => R[];
  /** The count's words: one row, several rows. */
  count: (n: number) => string;
  loadingLabel: string;
  errorTitle: string;
  empty: { icon: ReactNode; searched: [string, string]; none: [string, string] };
  children: (rows: R[]) => ReactNode;
}) {
  const { search, result } = props;
  const [emptyTitle, emptyLine] = search.q ? props.empty.searched : props.empty.none;
  return (
    <>
      <TextInput
        label={props.searchLabel}
        placeholder={props.placeholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search.text}
        maxLength={SEARCH_MAX}
        onChange={(e) => {
          search.setText(e.currentTarget.value);
          search.setPage(1);
        }}
        maw={480}
      />
      {result.isPending ? (
        <Center mih={200}>
          <Loader aria-label={props.loadingLabel} />
        </Center>
      ) : result.isError ? (
        <Alert color="red" title={props.errorTitle}>
          {result.error.message}
        </Alert>
      ) : props.rows(result.data).length === 0 ? (
        <EmptyState icon={props.empty.icon} title={emptyTitle} line={emptyLine} />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {props.count(result.data.total)}
          </Text>
          {props.children(props.rows(result.data))}
          {result.data.pages > 1 && (
            <Group justify="center">
              <Pagination total={result.data.pages} value={search.page} onChange={search.setPage} size="sm" />
            </Group>
          )}
        </>
      )}
    </>
  );
}
