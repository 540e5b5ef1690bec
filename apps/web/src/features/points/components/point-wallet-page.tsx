import { BarChart } from '@mantine/charts';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  Pagination,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCoins, IconInfoCircle } from '@tabler/icons-react';
import {
  dayInZone,
  goalText,
  LEVEL_MONTHS,
  levelRank,
  POINTS_MSG,
  pointsStanding,
  socialNetwork,
  type TPointsEarned,
  type TSocialNetworkKey,
  type TWallet,
  type TWalletFilter,
  type TWalletPage,
  WALLET_FILTERS,
} from '@virality/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { LevelBadge } from '../../../components/level-badge';
import { NetworkTile } from '../../../components/network-tile';
import { ProfileSubpage } from '../../../components/profile-subpage';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { browserZone, type TWalletQuery, useWallet, useWalletPage } from '../api/wallet';
import { CustomRangeDialog } from './custom-range-dialog';

const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;
const ALL = 'all';
const FILTER_LABELS: Record<TWalletFilter, string> = {
  Weekly: 'Weekly',
  Monthly: 'Monthly',
  '3-Months': '3 Months',
  '6-Months': '6 Months',
  'One-Year': 'One Year',
  Custom: 'Custom…',
};
const FILTER_OPTIONS = [{ value: ALL, label: 'All time' }, ...WALLET_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] }))];

const dayLabel = (day: string, withYear = true) =>
  new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
const monthLabel = (day: string) =>
  new Intl.DateTimeFormat(undefined, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const momentLabel = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
const pointsText = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'point' : 'points'}`;

/**
 * /profile/pointwallet: the user's points and level. The level held (its badge, until when it holds), the progress
 * bar (the last 12 months' points against the levels' thresholds, with what to earn next), the three levels, and the points earned: a period (Weekly to
 * One-Year, or Custom), its sum and chart, and its earnings, 10 a page, in the browser's time zone.
 */
export function PointWalletPage() {
  const wallet = useWallet();
  return (
    <ProfileSubpage
      title="Virality Point"
      subtitle="Points you earn by posting, and the level they give you."
      actions={
        <Button component={Link} to={paths.pointRule} variant="default" leftSection={<IconInfoCircle size={18} aria-hidden />}>
          How points work
        </Button>
      }
    >
      {wallet.isError ? (
        <FormErrorAlert error={{ message: wallet.error.message, seq: 1 }} />
      ) : !wallet.data ? (
        <Stack gap="lg" aria-busy="true">
          <Skeleton h={140} radius="lg" />
          <Skeleton h={120} radius="lg" />
        </Stack>
      ) : (
        <>
          <Standing wallet={wallet.data} />
          <Levels wallet={wallet.data} />
          <Earnings />
        </>
      )}
    </ProfileSubpage>
  );
}

function Standing({ wallet }: { wallet: TWallet }) {
  const { user } = wallet;
  // every figure below (level, goal, bar, marks) comes from the one standing the server's progress comes from too
  const standing = pointsStanding({ levelPoints: user.levelPoints, level: user.viralityLevel });
  const goal = goalText(standing.goal);
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Your points">
      <Group gap="lg" wrap="nowrap" align="center">
        <LevelBadge level={standing.level} size={72} />
        <Stack gap={2} miw={0}>
          <Text size="sm" c="dimmed">
            Total points, all time
          </Text>
          <Text fz={32} fw={700} lh={1.15} style={TABULAR} data-testid="total-points">
            {user.totalPoints.toLocaleString()}
          </Text>
          <Text size="sm">
            Level: <b data-testid="level-name">{standing.level}</b>
          </Text>
        </Stack>
      </Group>
      {user.levelHeldUntil && (
        <Text size="sm" c="dimmed" mt="md" data-testid="level-held">
          {standing.level} is yours until {dayLabel(dayInZone(new Date(user.levelHeldUntil), browserZone()))}.
        </Text>
      )}
      <Box mt="lg">
        <Group justify="space-between" mb={6} gap="xs" wrap="nowrap" align="baseline">
          <Text size="sm" fw={600}>
            Last {LEVEL_MONTHS} months
          </Text>
          <Text size="sm" c="dimmed" style={TABULAR} data-testid="progress-count">
            {standing.levelPoints.toLocaleString()} / {standing.outOf} points
          </Text>
        </Group>
        <Progress
          value={standing.percent}
          size="lg"
          radius="xl"
          aria-label={`Points of the last ${LEVEL_MONTHS} months: ${standing.levelPoints} of ${standing.outOf}`}
        />
        <Box pos="relative" h={34} mt={4} aria-hidden>
          {standing.marks.map((m) => (
            <Box
              key={m.name}
              pos="absolute"
              top={0}
              left={`${m.percent}%`}
              ta={m.percent >= 100 ? 'right' : 'center'}
              style={{ transform: m.percent >= 100 ? 'translateX(-100%)' : 'translateX(-50%)', whiteSpace: 'nowrap' }}
            >
              <Box
                w={2}
                h={8}
                bg="gray.6"
                mx={m.percent >= 100 ? undefined : 'auto'}
                ml={m.percent >= 100 ? 'auto' : undefined}
              />
              <Text size="xs" c="dimmed" style={TABULAR}>
                {m.name} {m.minPoints}
              </Text>
            </Box>
          ))}
        </Box>
        <Group justify="center" mt={8}>
          <Text
            size="sm"
            fw={600}
            ta="center"
            px="md"
            py={6}
            c={goal ? undefined : 'white'}
            bg={goal ? 'gray.1' : 'brand.6'}
            style={{ borderRadius: 'var(--mantine-radius-xl)' }}
            data-testid="level-goal"
          >
            {goal ?? `${standing.level} achieved`}
          </Text>
        </Group>
      </Box>
    </Paper>
  );
}

function Levels({ wallet }: { wallet: TWallet }) {
  // reached and current follow the same standing as the level shown above
  const rank = levelRank(pointsStanding({ levelPoints: wallet.user.levelPoints, level: wallet.user.viralityLevel }).level);
  return (
    <SectionCard title="Levels">
      <SimpleGrid cols={3} spacing="sm">
        {wallet.achievements
          .map((l, i) => ({ ...l, achieved: i <= rank, current: i === rank }))
          .map((a) => (
            <Stack key={a.name} align="center" gap={4} ta="center" data-testid={`level-${a.name}`}>
              <LevelBadge level={a.name} size={52} locked={!a.achieved} decorative />
              <Text fw={650} size="sm">
                {a.name}
              </Text>
              <Text size="xs" c="dimmed" style={TABULAR}>
                {a.maxPoints === null ? `${a.minPoints}+ points` : `${a.minPoints}–${a.maxPoints} points`}
              </Text>
              {a.current ? (
                <Badge size="sm" variant="light" tt="none">
                  Your level
                </Badge>
              ) : (
                <Text size="xs" c="dimmed">
                  {a.achieved ? 'Reached' : 'Not reached yet'}
                </Text>
              )}
            </Stack>
          ))}
      </SimpleGrid>
    </SectionCard>
  );
}

function Earnings() {
  const zone = browserZone();
  const today = dayInZone(new Date(), zone);
  const [query, setQuery] = useState<TWalletQuery>({ filterType: null, startDate: null, endDate: null, page: 1 });
  const [dialog, setDialog] = useState(false);
  const page = useWalletPage(query);
  const data = page.data;
  return (
    <SectionCard
      title="Points earned"
      action={
        <Select
          aria-label="Period"
          data={FILTER_OPTIONS}
          value={query.filterType ?? ALL}
          onChange={(v) => {
            if (v === 'Custom') return setDialog(true);
            setQuery({ filterType: v && v !== ALL ? (v as TWalletFilter) : null, startDate: null, endDate: null, page: 1 });
          }}
          allowDeselect={false}
          w={140}
          comboboxProps={{ withinPortal: true }}
        />
      }
    >
      <CustomRangeDialog
        opened={dialog}
        today={today}
        initial={{ startDate: query.startDate, endDate: query.endDate }}
        onClose={() => setDialog(false)}
        onApply={(range) => {
          setDialog(false);
          setQuery({ filterType: 'Custom', ...range, page: 1 });
        }}
      />
      {query.filterType === 'Custom' && query.startDate && query.endDate && (
        <Group gap={4} mb="sm">
          <Badge variant="light" tt="none" size="lg" rightSection={null}>
            {dayLabel(query.startDate)} – {dayLabel(query.endDate)}
          </Badge>
          <Button variant="subtle" size="compact-sm" onClick={() => setDialog(true)}>
            Change
          </Button>
          <CloseButton
            aria-label="Clear the custom period"
            onClick={() => setQuery({ filterType: null, startDate: null, endDate: null, page: 1 })}
          />
        </Group>
      )}
      {page.isError ? (
        <FormErrorAlert error={{ message: page.error.message, seq: 1 }} />
      ) : !data ? (
        <Center py="xl">
          <Loader aria-label="Loading your points" />
        </Center>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed" data-testid="period-points">
            {pointsText(data.periodPoints)}{' '}
            {data.startDate && data.endDate ? `from ${dayLabel(data.startDate)} to ${dayLabel(data.endDate)}` : 'in all'}
          </Text>
          {data.totalCount === 0 ? (
            <EmptyState
              icon={<IconCoins size={24} />}
              title={POINTS_MSG.empty}
              line="Points come with each post that goes out."
            />
          ) : (
            <>
              <PointsChart page={data} />
              <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Earned points">
                {data.pointsEarned.map((e) => (
                  <EarningCard key={e._id} earning={e} />
                ))}
              </Stack>
              {data.totalPages > 1 && (
                <Center>
                  <Pagination
                    total={data.totalPages}
                    value={query.page}
                    onChange={(p) => setQuery((q) => ({ ...q, page: p }))}
                    size="sm"
                    siblings={0}
                    getControlProps={(control) => ({
                      'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
                    })}
                  />
                </Center>
              )}
            </>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}

function PointsChart({ page }: { page: TWalletPage }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const unit = page.chart.unit;
  const data = page.chart.points.map((p) => ({
    label: unit === 'month' ? monthLabel(p.startDate) : dayLabel(p.startDate, false),
    Points: p.points,
  }));
  const best = page.chart.points.reduce((m, p) => Math.max(m, p.points), 0);
  return (
    <Box
      role="img"
      aria-label={`Points earned by ${unit}: ${pointsText(page.periodPoints)} in ${page.chart.points.length} ${unit}s, at most ${best} in one`}
    >
      <BarChart
        h={phone ? 160 : 200}
        data={data}
        dataKey="label"
        series={[{ name: 'Points', color: 'brand.6' }]}
        // horizontal lines only (Mantine's "y" draws the vertical ones)
        gridAxis="x"
        strokeDasharray="4 4"
        tickLine="none"
        withTooltip
        yAxisProps={{ allowDecimals: false, width: 32 }}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
        barProps={{ radius: [4, 4, 0, 0] }}
        maxBarWidth={40}
      />
    </Box>
  );
}

function EarningCard({ earning }: { earning: TPointsEarned }) {
  const network = socialNetwork(earning.network);
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="earning">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Text fw={700} c="brand.7" fz={18} miw={48} style={TABULAR}>
          +{earning.points}
        </Text>
        <Stack gap={2} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            {network && <NetworkTile network={network.key as TSocialNetworkKey} size={18} />}
            <Text size="sm" fw={600}>
              {network ? `Post on ${network.label}` : 'Post'}
            </Text>
          </Group>
          {earning.caption && earning.postId ? (
            <Anchor
              component={Link}
              to={paths.postOverview.replace(':id', earning.postId)}
              size="sm"
              lineClamp={1}
              style={{ overflowWrap: 'anywhere' }}
            >
              {earning.caption}
            </Anchor>
          ) : null}
          <Text size="xs" c="dimmed">
            {momentLabel(earning.earnDate)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
