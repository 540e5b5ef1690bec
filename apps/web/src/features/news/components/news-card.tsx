import { Badge, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { cardSubHeading, NEWS_TYPE_LABELS, type TNews } from '@virality/domain';
import { Link } from 'react-router';
import classes from './news.module.css';
import { newsDate, newsPath, readTimeLabel } from './news-format';

/** An article in a list: cover, type, title, the sub-heading cut to 126 characters, date and read time. */
export function NewsCard({ news }: { news: TNews }) {
  return (
    <Card component={Link} to={newsPath(news._id)} withBorder radius="lg" padding="md" className={classes.card}>
      <Card.Section>
        {news.coverImg ? (
          <Image src={news.coverImg} alt="" h={180} fit="cover" />
        ) : (
          <div className={classes.coverPlaceholder} aria-hidden />
        )}
      </Card.Section>
      <Stack gap={6} mt="md">
        <Group gap="xs">
          <Badge variant="light" size="sm">
            {NEWS_TYPE_LABELS[news.newsType]}
          </Badge>
        </Group>
        <Title order={3} fz={18} lh={1.3} className={classes.cardTitle}>
          {news.title}
        </Title>
        {news.subHeading && (
          <Text size="sm" c="dimmed" lh={1.5}>
            {cardSubHeading(news.subHeading)}
          </Text>
        )}
        <Text size="xs" c="dimmed" mt={4}>
          {newsDate(news.publishedAt)} · {readTimeLabel(news.readTime)}
        </Text>
      </Stack>
    </Card>
  );
}
