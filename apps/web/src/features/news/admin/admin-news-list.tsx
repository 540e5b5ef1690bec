import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconNews, IconPlus } from '@tabler/icons-react';
import { NEWS_TYPE_LABELS, type TNewsStatus } from '@virality/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { newsDate } from '../components/news-format';
import { useAdminNewsList } from './api';
import { NewsActions } from './news-actions';
import { NewsStatusBadge } from './news-status';

/** The console's news: every article, drafts too, with its status and actions. */
export function AdminNewsList() {
  const [status, setStatus] = useState<TNewsStatus | 'ALL'>('ALL');
  const [page, setPage] = useState(1);
  const list = useAdminNewsList({ status: status === 'ALL' ? null : status, page });
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz={24}>
            News
          </Title>
          <Text c="dimmed" size="sm">
            The articles of the public news room. A published article with a date to come is scheduled.
          </Text>
        </div>
        <Button component={Link} to="new" leftSection={<IconPlus size={16} />}>
          New article
        </Button>
      </Group>
      <SegmentedControl
        value={status}
        onChange={(v) => {
          setStatus(v as TNewsStatus | 'ALL');
          setPage(1);
        }}
        data={[
          { value: 'ALL', label: 'All' },
          { value: 'DRAFT', label: 'Drafts' },
          { value: 'PUBLISHED', label: 'Published' },
        ]}
        aria-label="Status"
        style={{ alignSelf: 'flex-start' }}
      />
      {list.isPending ? (
        <Center mih={200}>
          <Loader aria-label="Loading the articles" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" title="Could not load the articles">
          {list.error.message}
        </Alert>
      ) : list.data.docs.length === 0 ? (
        <EmptyState icon={<IconNews size={24} />} title="No articles yet" line="Write the first one with New article." />
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Articles">
          {list.data.docs.map((n) => (
            <Paper key={n._id} component="li" withBorder radius="md" p="md">
              <Group justify="space-between" wrap="wrap" gap="sm" align="start">
                <Stack gap={4} style={{ flex: '1 1 280px', minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <NewsStatusBadge news={n} />
                    <Text size="xs" c="dimmed">
                      {NEWS_TYPE_LABELS[n.newsType]}
                      {n.publishedAt ? ` · ${newsDate(n.publishedAt)}` : ''}
                    </Text>
                  </Group>
                  <Anchor component={Link} to={n._id} fw={600} c="dark" style={{ overflowWrap: 'anywhere' }}>
                    {n.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    By {`${n.author.firstName} ${n.author.lastName}`.trim()} · {n.readTime} min read
                  </Text>
                </Stack>
                <NewsActions news={n} />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {list.data && list.data.totalPages > 1 && (
        <Pagination total={list.data.totalPages} value={page} onChange={setPage} mx="auto" aria-label="Pages" />
      )}
    </Stack>
  );
}
