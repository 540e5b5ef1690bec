import { Anchor, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { NEWS_MSG, type TNews, type TNewsType } from '@virality/domain';
import { Link } from 'react-router';
import { useFeatureNews } from '../api/news';
import { NewsCard } from './news-card';
import { useDocumentHead } from './use-document-head';

const SECTIONS: { type: TNewsType; key: 'highLightNews' | 'newReleaseNews' | 'mediaCover'; title: string; line: string }[] = [
  { type: 'HIGHLIGHTS', key: 'highLightNews', title: 'Highlights', line: 'What is new at Virality.' },
  { type: 'NEW_RELEASE', key: 'newReleaseNews', title: 'Latest press releases', line: 'Our announcements, as we made them.' },
  { type: 'MEDIA_COVERAGE', key: 'mediaCover', title: 'Media coverage', line: 'What others write about us.' },
];

/** A section of the news room: its three newest articles and a link to all of its kind. */
function NewsSection({ title, line, type, items }: { title: string; line: string; type: TNewsType; items: TNews[] }) {
  const id = `news-${type.toLowerCase()}`;
  return (
    <Stack component="section" aria-labelledby={id} gap="md">
      <Group justify="space-between" align="end" wrap="wrap" gap="xs">
        <div>
          <Title order={2} fz={{ base: 22, md: 28 }} id={id}>
            {title}
          </Title>
          <Text c="dimmed">{line}</Text>
        </div>
        {items.length > 0 && (
          <Anchor component={Link} to={`/news-room/all-news?newsType=${type}`} fw={600} aria-label={`More News: ${title}`}>
            More News →
          </Anchor>
        )}
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed" py="md">
          {NEWS_MSG.noData}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {items.map((n) => (
            <NewsCard key={n._id} news={n} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** /news-room: highlights, the latest press releases and media coverage, three of each. */
export function NewsRoomPage() {
  const featured = useFeatureNews();
  useDocumentHead({
    title: 'News room | Virality',
    description: 'Highlights, press releases and media coverage of Virality, the social media publishing platform.',
  });
  return (
    <Container size="lg" py={{ base: 40, md: 72 }}>
      <Stack gap={48}>
        <Stack gap="xs" align="center" ta="center" maw={680} mx="auto">
          <Text c="brand.7" fw={700} size="sm" tt="uppercase" style={{ letterSpacing: 1 }}>
            News room
          </Text>
          <Title order={1} fz={{ base: 30, md: 44 }} lh={1.15}>
            News from Virality
          </Title>
          <Text c="dimmed" size="lg">
            Product highlights, press releases and what the media say about us.
          </Text>
          <Anchor component={Link} to="/news-room/all-news" fw={600}>
            All news
          </Anchor>
        </Stack>
        {featured.isPending ? (
          <Loader mx="auto" aria-label="Loading" />
        ) : featured.isError ? (
          <Text c="red" ta="center">
            {featured.error.message}
          </Text>
        ) : (
          SECTIONS.map((s) => (
            <NewsSection key={s.type} title={s.title} line={s.line} type={s.type} items={featured.data[s.key]} />
          ))
        )}
      </Stack>
    </Container>
  );
}
