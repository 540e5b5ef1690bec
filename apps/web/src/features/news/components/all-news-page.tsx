import { Container, Group, Loader, Pagination, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { NEWS_MSG, NEWS_TYPE_LABELS, NEWS_TYPES, type TNewsType } from '@virality/domain';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useNewsPage } from '../api/news';
import { NewsCard } from './news-card';
import { useDocumentHead } from './use-document-head';

const isType = (v: string | null): v is TNewsType => NEWS_TYPES.includes(v as TNewsType);

/** /news-room/all-news: every public article, by type and year, a page at a time; the filters live in the address. */
export function AllNewsPage() {
  const [params, setParams] = useSearchParams();
  const rawType = params.get('newsType');
  const newsType = isType(rawType) ? rawType : null;
  const year = /^\d{4}$/.test(params.get('year') ?? '') ? Number(params.get('year')) : null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useNewsPage({ year, newsType, page });
  useDocumentHead({
    title: 'All news | Virality',
    description: 'Every highlight, press release and media coverage of Virality, by type and year.',
  });

  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };
  const years = list.data?.years ?? [];
  const yearOptions = [
    { value: 'ALL', label: 'All years' },
    ...[...new Set(year ? [...years, year] : years)].sort((a, b) => b - a).map((y) => ({ value: String(y), label: String(y) })),
  ];

  return (
    <Container size="lg" py={{ base: 32, md: 56 }}>
      <Stack gap="xl">
        <Group justify="space-between" align="end" wrap="wrap" gap="md">
          <Title order={1} fz={{ base: 28, md: 38 }}>
            All news
          </Title>
          <Group gap="sm" wrap="wrap" grow preventGrowOverflow={false} style={{ flex: '0 1 420px' }}>
            <Select
              label="Type"
              data={[{ value: 'ALL', label: 'All' }, ...NEWS_TYPES.map((t) => ({ value: t, label: NEWS_TYPE_LABELS[t] }))]}
              value={newsType ?? 'ALL'}
              onChange={(v) => set({ newsType: v && v !== 'ALL' ? v : null, page: null })}
              allowDeselect={false}
              miw={160}
            />
            <Select
              label="Year"
              data={yearOptions}
              value={year ? String(year) : 'ALL'}
              onChange={(v) => set({ year: v && v !== 'ALL' ? v : null, page: null })}
              allowDeselect={false}
              miw={120}
            />
          </Group>
        </Group>
        {list.isPending ? (
          <Loader mx="auto" aria-label="Loading" />
        ) : list.isError ? (
          <Text c="red">{list.error.message}</Text>
        ) : list.data.docs.length === 0 ? (
          <EmptyState icon={<IconNews size={24} />} title={NEWS_MSG.noData} line="Try another type or year." />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
              {list.data.docs.map((n) => (
                <NewsCard key={n._id} news={n} />
              ))}
            </SimpleGrid>
            {list.data.totalPages > 1 && (
              <Pagination
                mx="auto"
                total={list.data.totalPages}
                value={page}
                onChange={(p) => set({ page: p > 1 ? String(p) : null })}
                aria-label="Pages"
              />
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
