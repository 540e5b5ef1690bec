import { Anchor, Container, Loader, Stack } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { cardSubHeading, NEWS_MSG } from '@virality/domain';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useNews } from '../api/news';
import { ArticleView } from './article-view';
import { useDocumentHead } from './use-document-head';

/** /news-room/all-news/:id: one article; 'No news found' for one that is not public. */
export function NewsArticlePage() {
  const { id = '' } = useParams();
  const news = useNews(id);
  const n = news.data;
  useDocumentHead(
    n
      ? {
          title: `${n.title} | Virality News`,
          description: cardSubHeading(n.subHeading) || n.title,
          image: n.coverImg,
          type: 'article',
        }
      : null,
  );
  return (
    <Container size="md" py={{ base: 24, md: 48 }}>
      <Stack gap="lg">
        <Anchor component={Link} to="/news-room/all-news" size="sm">
          ← All news
        </Anchor>
        {news.isPending ? (
          <Loader mx="auto" aria-label="Loading" />
        ) : n ? (
          <ArticleView news={n} />
        ) : (
          <EmptyState
            icon={<IconNews size={24} />}
            title={NEWS_MSG.noNews}
            line="It may have been taken down, or the link is wrong."
          />
        )}
      </Stack>
    </Container>
  );
}
