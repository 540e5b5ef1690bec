import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconChartBarOff,
  IconClockHour4,
  IconHourglassHigh,
  IconLock,
  IconPlugConnectedX,
} from '@tabler/icons-react';
import { figuresUpdatedText, INSIGHTS_MSG, socialNetwork, type TAnalyticsItem } from '@virality/domain';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { NetworkTile } from '../../../components/network-tile';
import { usePostAnalytics } from '../api/post-analytics';
import {
  accountName,
  allLocked,
  analyticsChart,
  analyticsView,
  figureText,
  lastRead,
  type TAnalyticsMessageTone,
} from '../lib/post-analytics';
import { formatLabel } from '../lib/post-view';

// the charting library is most of the page's code: it loads beside the post, which shows without waiting for it
const PostOverviewChart = lazy(() => import('./post-overview-chart').then((m) => ({ default: m.PostOverviewChart })));

/** "Updated N min ago" follows the clock without asking the server again. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

const MESSAGE_LOOK: Record<TAnalyticsMessageTone, { color: string; Icon: typeof IconLock }> = {
  story: { color: 'var(--mantine-color-dimmed)', Icon: IconHourglassHigh },
  reading: { color: 'var(--mantine-color-dimmed)', Icon: IconClockHour4 },
  locked: { color: 'var(--mantine-color-dimmed)', Icon: IconLock },
  error: { color: '#B42318', Icon: IconAlertTriangle },
  empty: { color: 'var(--mantine-color-dimmed)', Icon: IconChartBarOff },
};

/** One account's analytics: its figures as numbers, or the message that stands in for them. */
function AccountCard({ item, now }: { item: TAnalyticsItem; now: Date }) {
  const network = socialNetwork(item.SocialMediaID);
  const name = accountName(item);
  const view = analyticsView(item);
  const format = formatLabel(item.Format);
  const label = `${network?.label ?? item.SocialMediaName} ${name}`;
  const look = view.kind === 'message' ? MESSAGE_LOOK[view.tone] : null;
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} component="article" aria-label={label}>
      <Stack gap="md" h="100%">
        <Group gap="sm" wrap="nowrap">
          <NetworkTile network={network?.key ?? 'threads'} size={32} />
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Title order={3} fz={16} fw={600} style={{ wordBreak: 'break-word' }}>
              {name}
            </Title>
            <Text size="xs" c="dimmed">
              {network?.label ?? item.SocialMediaName}
              {format ? ` · ${format}` : ''}
            </Text>
          </Stack>
        </Group>
        {view.kind === 'figures' ? (
          <>
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="sm" component="dl" m={0}>
              {view.figures.map((f) => (
                <div key={f.metric}>
                  <Text component="dt" size="xs" c="dimmed">
                    {f.label}
                  </Text>
                  <Text component="dd" m={0} fz={22} fw={700} lh={1.3} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {figureText(f.value)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            {view.warning && (
              <Text size="sm" c="#9C3D0A">
                <IconPlugConnectedX size={14} aria-hidden style={{ verticalAlign: -2, marginRight: 4 }} />
                {view.warning}
              </Text>
            )}
          </>
        ) : (
          look && (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <look.Icon size={18} color={look.color} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
              <Text size="sm" c={look.color} fw={view.tone === 'error' ? 500 : undefined}>
                {view.text}
              </Text>
            </Group>
          )
        )}
        {item.UpdatedAt && (
          <Text size="xs" c="dimmed" mt="auto">
            {figuresUpdatedText(item.UpdatedAt, now)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function AnalyticsSkeleton() {
  return (
    <Stack gap="md" aria-hidden data-testid="analytics-skeleton">
      <Skeleton h={{ base: 280, sm: 340 }} radius="lg" />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 1, lg: 2 }}>
        <Skeleton h={160} radius="lg" />
        <Skeleton h={160} radius="lg" />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The post's analytics (`out`: whether it has gone out): the chart comparing the accounts with figures, then a
 * card per account. Read again every minute while the page is open (a job reads the figures from the networks)
 * and when the post moves.
 */
export function PostOverviewAnalytics({ postId, out }: { postId: string; out: boolean }) {
  const { data: items, isPending, isError, error, refetch, isFetching } = usePostAnalytics(postId);
  const now = useMinuteClock();
  const chart = useMemo(() => (items ? analyticsChart(items) : null), [items]);
  const read = items ? lastRead(items) : null;

  let body: ReactNode;
  if (isPending) body = <AnalyticsSkeleton />;
  else if (isError && !items)
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The analytics could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void refetch()} loading={isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  else if (!items || items.length === 0)
    body = (
      <EmptyState
        icon={<IconChartBarOff size={24} />}
        title={INSIGHTS_MSG.noAnalytics}
        line={out ? undefined : 'Figures are read from the networks once the post is out.'}
      />
    );
  else if (allLocked(items)) body = <EmptyState icon={<IconLock size={24} />} title={INSIGHTS_MSG.noAccess} />;
  else
    body = (
      <Stack gap="md">
        {chart && (
          <Suspense fallback={<Skeleton h={{ base: 280, sm: 340 }} radius="lg" />}>
            <PostOverviewChart chart={chart} />
          </Suspense>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 1, lg: 2 }} spacing="md">
          {items.map((item) => (
            <AccountCard key={`${item.SocialMediaID}-${item.UserSocialMediaID}-${item.Format}`} item={item} now={now} />
          ))}
        </SimpleGrid>
      </Stack>
    );

  return (
    <Stack gap="md" component="section" aria-labelledby="post-analytics">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} fz={22} fw={650} id="post-analytics">
          Analytics
        </Title>
        {read && (
          <Text size="sm" c="dimmed">
            {figuresUpdatedText(read, now)}
          </Text>
        )}
      </Group>
      {body}
    </Stack>
  );
}
