import { Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { NEWS_TYPE_LABELS, type TNews } from '@virality/domain';
import classes from './news.module.css';
import { authorName, newsDate, readTimeLabel } from './news-format';

/**
 * An article as the news room shows it: cover, type, title, sub-heading, author with picture, date, read time and
 * the description. The description is the server's sanitized HTML (an allow-list applied when it was written).
 */
export function ArticleView({ news }: { news: TNews }) {
  const name = authorName(news);
  return (
    <Stack component="article" gap="lg">
      {news.coverImg && <img src={news.coverImg} alt="" className={classes.cover} />}
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light">{NEWS_TYPE_LABELS[news.newsType]}</Badge>
        </Group>
        <Title order={1} fz={{ base: 28, md: 40 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
          {news.title}
        </Title>
        {news.subHeading && (
          <Text size="lg" c="dimmed">
            {news.subHeading}
          </Text>
        )}
      </Stack>
      <Group gap="sm" wrap="nowrap">
        <Avatar src={news.author.profileImage} alt="" radius="xl" size={44} color="brand">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <div>
          <Text fw={600}>{name}</Text>
          <Text size="sm" c="dimmed">
            {newsDate(news.publishedAt) || 'Not published yet'} · {readTimeLabel(news.readTime)}
          </Text>
        </div>
      </Group>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server against an allow-list when written */}
      <div className={classes.body} dangerouslySetInnerHTML={{ __html: news.description }} />
    </Stack>
  );
}
