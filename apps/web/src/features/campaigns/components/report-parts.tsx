import { Anchor, Box, Group, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { DELIVERY_STATES, type TCampaignReport, type TReportPost, type TSocialNetworkKey } from '@virality/domain';
import { NetworkTile } from '../../../components/network-tile';
import { UserAvatar } from '../../../components/user-avatar';
import { dayText, usd } from '../lib/campaign-view';
import {
  figuresKnown,
  influencerLine,
  networkName,
  POST_FIGURES,
  postFigureText,
  postKind,
  type TReportCard,
  totalFigureText,
} from '../lib/report-view';
import { DeliveryBadge, TABULAR } from './campaign-parts';
import classes from './campaigns.module.css';

/** The summary: a card per figure, two a row on a phone, four from a tablet up. */
export function ReportCards({ cards }: { cards: TReportCard[] }) {
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 2, sm: 4 }}
      spacing={{ base: 'xs', sm: 'sm' }}
      className={classes.plainList}
      aria-label="Summary"
    >
      {cards.map((c) => (
        <Paper component="li" key={c.key} withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid={`figure-${c.key}`}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lh={1.35}>
            {c.label}
          </Text>
          <Text fz={{ base: 20, sm: 24 }} fw={700} lh={1.3} mt={4} style={TABULAR}>
            {c.value}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            {c.hint}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Each influencer of the report: their deliverables done, due and late, fee and pay, posts and figures. */
export function ReportInfluencers({ report }: { report: TCampaignReport }) {
  return (
    <Stack gap={0} component="ul" className={classes.plainList} aria-label="Deliverables by influencer">
      {report.influencers.map((inf, i) => {
        const counted = DELIVERY_STATES.filter((s) => inf.deliverables[s] > 0);
        return (
          <Box
            component="li"
            key={inf.influencerId}
            py="sm"
            style={i === 0 ? undefined : { borderTop: '1px solid var(--mantine-color-gray-2)' }}
            data-testid="report-influencer"
          >
            <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
              <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: '1 1 260px' }}>
                <UserAvatar name={inf.name} image={null} color={null} size={36} />
                <Box miw={0}>
                  <Text size="sm" fw={600} className={classes.wrap}>
                    {inf.name}
                  </Text>
                  <Text size="sm" c="dimmed" style={TABULAR}>
                    {inf.fee === null ? 'No fee agreed' : `Fee ${usd(inf.fee)}`} · Paid {usd(inf.spent)}
                  </Text>
                  <Text size="sm" c="dimmed" style={TABULAR}>
                    {influencerLine(report, inf.influencerId)}
                  </Text>
                </Box>
              </Group>
              <Group gap={6} wrap="wrap" pl={{ base: 48, sm: 0 }} aria-label={`Deliverables of ${inf.name}`} role="group">
                {counted.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No terms set
                  </Text>
                ) : (
                  counted.map((s) => <DeliveryBadge key={s} state={s} count={inf.deliverables[s]} />)
                )}
              </Group>
            </Group>
          </Box>
        );
      })}
    </Stack>
  );
}

/** The account a post went out on, a link to the post on its network when the network gave one. */
function PostAccount({ post }: { post: TReportPost }) {
  if (!post.url)
    return (
      <Text size="sm" fw={600} className={classes.wrap}>
        {post.accountName}
      </Text>
    );
  return (
    <Anchor href={post.url} target="_blank" rel="noopener noreferrer" size="sm" fw={600} className={classes.wrap}>
      {post.accountName}
      <IconExternalLink size={13} stroke={2} aria-hidden style={{ marginLeft: 4, verticalAlign: '-1px' }} />
      <VisuallyHidden> (opens the post on {networkName(post.network)})</VisuallyHidden>
    </Anchor>
  );
}

/** A post's caption, as far as two lines take it. */
function Caption({ text }: { text: string }) {
  const caption = text.trim().replace(/\s+/g, ' ');
  return (
    <Text size="xs" c="dimmed" lineClamp={2} className={classes.wrap}>
      {caption || 'No caption'}
    </Text>
  );
}

/** The posts as a table: the post (its network, account, kind and caption), who made it, when, and its figures. */
function PostsTable({ report }: { report: TCampaignReport }) {
  return (
    <Table.ScrollContainer minWidth={TABLE_MIN_PX} type="native">
      <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label="Posts and their figures" style={TABULAR}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Post</Table.Th>
            <Table.Th scope="col">Influencer</Table.Th>
            <Table.Th scope="col">Published</Table.Th>
            {POST_FIGURES.map((f) => (
              <Table.Th scope="col" key={f.key} ta="right">
                {f.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.posts.map((p) => (
            <Table.Tr key={`${p.postId} ${p.network} ${p.accountName}`} data-testid="report-post">
              <Table.Td maw={280}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <NetworkTile network={p.network as TSocialNetworkKey} size={24} />
                  <Box miw={0}>
                    <PostAccount post={p} />
                    <Text size="xs" fw={500}>
                      {postKind(p)}
                    </Text>
                    <Caption text={p.caption} />
                    {!figuresKnown(p) && (
                      <Text size="xs" c="#7A4B00" fw={500}>
                        Figures not read yet
                      </Text>
                    )}
                  </Box>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" className={classes.wrap}>
                  {p.influencer}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{dayText(p.publishedAt)}</Text>
              </Table.Td>
              {POST_FIGURES.map((f) => (
                <Table.Td key={f.key} ta="right" style={{ whiteSpace: 'nowrap' }} fw={f.key === 'engagement' ? 600 : undefined}>
                  {postFigureText(p, f.key)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              Total
            </Table.Th>
            {POST_FIGURES.map((f) => (
              <Table.Td key={f.key} ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {totalFigureText(report, f.key)}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The posts as cards, one under the other (a phone): each with its figures in a grid of three. */
function PostCards({ report }: { report: TCampaignReport }) {
  return (
    <Stack gap="sm" component="ul" className={classes.plainList} aria-label="Posts and their figures">
      {report.posts.map((p) => (
        <Paper
          component="li"
          key={`${p.postId} ${p.network} ${p.accountName}`}
          withBorder
          radius="md"
          p="sm"
          data-testid="report-post"
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <NetworkTile network={p.network as TSocialNetworkKey} size={28} />
            <Box miw={0} style={{ flex: 1 }}>
              <PostAccount post={p} />
              <Text size="xs" c="dimmed">
                {postKind(p)} · {dayText(p.publishedAt)} · by {p.influencer}
              </Text>
            </Box>
          </Group>
          <Box mt={6}>
            <Caption text={p.caption} />
          </Box>
          {!figuresKnown(p) && (
            <Text size="xs" c="#7A4B00" fw={500} mt={4}>
              Figures not read yet
            </Text>
          )}
          <SimpleGrid component="dl" cols={3} spacing="xs" verticalSpacing={6} className={classes.figureGrid}>
            {POST_FIGURES.map((f) => (
              <div key={f.key}>
                <Text component="dt" size="xs" c="dimmed">
                  {f.label}
                </Text>
                <Text component="dd" size="sm" fw={600} m={0} style={TABULAR}>
                  {postFigureText(p, f.key)}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}

/** How wide the table needs to be to show every column whole. */
const TABLE_MIN_PX = 720;

/**
 * The report's posts: a table where there is room for all its columns, stacked cards where there is not (a phone, a
 * tablet beside its navigation rail), so the page never scrolls sideways. Until the section is measured, a phone's
 * width decides.
 */
export function ReportPosts({ report }: { report: TCampaignReport }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const { ref, width } = useElementSize();
  const narrow = width > 0 ? width < TABLE_MIN_PX : phone;
  return <Box ref={ref}>{narrow ? <PostCards report={report} /> : <PostsTable report={report} />}</Box>;
}
