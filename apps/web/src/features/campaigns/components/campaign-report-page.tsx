import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileTypeCsv, IconFileTypePdf, IconSearch, IconSpeakerphone } from '@tabler/icons-react';
import { CAMPAIGN_MSG, figuresUpdatedText, REPORT_MSG, type TCampaignReport } from '@virality/domain';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ChartTableToggle } from '../../../components/chart-table-toggle';
import { EmptyState } from '../../../components/empty-state';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { figureText } from '../../analytics/lib/post-analytics';
import { ListLoadError } from '../../posts/components/list-parts';
import { useCampaignReport, useDownloadReport } from '../api/report';
import { campaignDates, usd } from '../lib/campaign-view';
import {
  lastFiguresAt,
  reportCards,
  reportChartRows,
  reportChartSummary,
  type TReportChartRow,
  type TReportFile,
} from '../lib/report-view';
import { CampaignFrame, TABULAR } from './campaign-parts';
import { ReportCards, ReportInfluencers, ReportPosts } from './report-parts';

// the chart library comes with the chart (the dashboard's), once there are posts to chart
const EngagementChart = lazy(() =>
  import('../../analytics/components/engagement-chart').then((m) => ({ default: m.EngagementChart })),
);

const campaignPath = (id: string) => paths.campaign.replace(':id', encodeURIComponent(id));

function ReportSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the report">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: 'xs', sm: 'sm' }}>
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders of a fixed count, never reordered
          <Skeleton key={i} h={96} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton h={300} radius="lg" />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Skeleton h={14} w="70%" />
          <Skeleton h={14} w="55%" />
          <Skeleton h={14} w="60%" />
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * /campaign/:id/report: what a campaign bought, for its owner. The sums (posts, views, reach, engagement, spend, cost
 * per engagement and per 1,000 views, deliverables done), engagement by day, each influencer's deliverables and pay,
 * and each post with its figures; the same report as CSV or PDF to send on. Figures are what the networks last gave.
 */
export function CampaignReportPage() {
  const { id = '' } = useParams();
  const query = useCampaignReport(id);
  const back = { to: campaignPath(id), label: 'Back to the campaign' };
  // another's campaign, or none: the server answers as if there were none
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403);

  if (notFound)
    return (
      <CampaignFrame title={CAMPAIGN_MSG.notFound} back={{ to: paths.campaigns, label: 'Campaigns' }}>
        <EmptyState
          icon={<IconSearch size={24} />}
          title={CAMPAIGN_MSG.notFound}
          line="It may have been removed, or it is not one of yours. Your campaigns are in the list."
          action={
            <Button component={Link} to={paths.campaigns} variant="default" mt="xs">
              Go to Campaigns
            </Button>
          }
        />
      </CampaignFrame>
    );
  if (query.error)
    return (
      <CampaignFrame title="Campaign report" back={back}>
        <ListLoadError title="Could not load the report" error={query.error} onRetry={() => void query.refetch()} />
      </CampaignFrame>
    );
  if (!query.data)
    return (
      <CampaignFrame title="Campaign report" back={back}>
        <ReportSkeleton />
      </CampaignFrame>
    );
  return <ReportBody report={query.data} back={back} />;
}

function ReportBody({ report, back }: { report: TCampaignReport; back: { to: string; label: string } }) {
  const download = useDownloadReport(report.campaign.id);
  const hasPosts = report.posts.length > 0;
  const save = (kind: TReportFile) => download.mutate(kind, { onError: (err) => notifyError(err.message) });
  const busy = (kind: TReportFile) => download.isPending && download.variables === kind;
  const actions = (
    <>
      <Button
        variant="default"
        leftSection={<IconFileTypeCsv size={18} aria-hidden />}
        loading={busy('csv')}
        onClick={() => save('csv')}
      >
        Download CSV
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={18} aria-hidden />}
        loading={busy('pdf')}
        onClick={() => save('pdf')}
      >
        Download PDF
      </Button>
    </>
  );
  return (
    <CampaignFrame
      title="Campaign report"
      subtitle={`${report.campaign.name} · ${campaignDates(report.campaign.startDate, report.campaign.endDate)}`}
      back={back}
      actions={actions}
    >
      <Stack gap={6}>
        <ReportCards cards={reportCards(report)} />
        {hasPosts && (
          <Text size="xs" c="dimmed">
            {figuresUpdatedText(lastFiguresAt(report), new Date())}. Figures are what the networks last gave.
          </Text>
        )}
      </Stack>
      {hasPosts ? (
        <EngagementCard report={report} />
      ) : (
        <EmptyState
          icon={<IconSpeakerphone size={24} />}
          title="No posts yet"
          line={`${REPORT_MSG.empty}. Once an influencer’s post for it is published, its figures show here, with what each engagement cost.`}
        />
      )}
      {report.influencers.length > 0 && (
        <SectionCard title="Deliverables by influencer">
          <ReportInfluencers report={report} />
        </SectionCard>
      )}
      {hasPosts && (
        <SectionCard
          title="Posts"
          action={
            <Text size="sm" c="dimmed" style={TABULAR}>
              {figureText(report.posts.length)} {report.posts.length === 1 ? 'post' : 'posts'} out
            </Text>
          }
        >
          <ReportPosts report={report} />
        </SectionCard>
      )}
    </CampaignFrame>
  );
}

/** Engagement by the day posts went out: the chart, or the same days as a table (views and spend with them). */
function EngagementCard({ report }: { report: TCampaignReport }) {
  const [asTable, setAsTable] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  const rows = reportChartRows(report);
  return (
    <SectionCard title="Engagement over time">
      {/* the switch sits beside the line that says what is shown (under it on a phone), never squeezing the title */}
      <Group justify="space-between" align="center" gap="xs" mb="sm" wrap="wrap">
        <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
          Likes, comments, shares and saves of the posts, by the day they went out.
        </Text>
        <ChartTableToggle asTable={asTable} onToggle={() => setAsTable((v) => !v)} />
      </Group>
      {asTable ? (
        <DaysTable rows={rows} withViews={report.posts.some((p) => p.views !== null)} />
      ) : (
        <Suspense fallback={<Skeleton h={phone ? 200 : 260} radius="md" />}>
          {/* a short campaign's few days read best as dots */}
          <EngagementChart rows={rows} summary={reportChartSummary(report)} withDots={rows.length <= 14} />
        </Suspense>
      )}
    </SectionCard>
  );
}

/** The days as a table; views only when a post's network gave them (a day's 0 would otherwise be made up). */
function DaysTable({ rows, withViews }: { rows: TReportChartRow[]; withViews: boolean }) {
  return (
    // it scrolls: reachable with the keyboard, and named
    <Table.ScrollContainer minWidth={0} type="native" mah={300} tabIndex={0} role="region" aria-label="Figures by day">
      <Table verticalSpacing={4} horizontalSpacing="sm" stickyHeader style={TABULAR}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Day</Table.Th>
            <Table.Th scope="col" ta="right">
              Engagement
            </Table.Th>
            {withViews && (
              <Table.Th scope="col" ta="right">
                Views
              </Table.Th>
            )}
            <Table.Th scope="col" ta="right">
              Spent
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.day}>
              <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {r.label}
              </Table.Th>
              <Table.Td ta="right">{figureText(r.Engagement)}</Table.Td>
              {withViews && <Table.Td ta="right">{figureText(r.Views)}</Table.Td>}
              <Table.Td ta="right">{usd(r.Spent)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
