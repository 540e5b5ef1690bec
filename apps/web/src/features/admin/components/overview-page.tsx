import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import {
  Alert,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChartBar, IconChartLine, IconTable } from '@tabler/icons-react';
import { CURRENCY_SYMBOLS, OVERVIEW_MONTHS, OVERVIEW_POST_DAYS, type TAdminOverview, type TCurrency } from '@virality/domain';
import { type ReactNode, useId, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { NetworkTile } from '../../../components/network-tile';
import { CURRENCY_LABELS } from '../../admin-billing/format';
import { useAdminOverview } from '../api/overview';
import { formatWhen } from '../lib/dates';
import {
  countText,
  moneyText,
  monthRows,
  networkLabel,
  networksSummary,
  overviewIsEmpty,
  paidCurrencies,
  revenueSummary,
  signUpsSummary,
  subscriptionsSummary,
  type TMonthRow,
} from '../lib/overview';

const PHONE = '(max-width: 36em)';
/** Published and failed as the post statuses show them (the same greens and reds), named in the legend and tables. */
const PUBLISHED_COLOR = '#2F9E44';
const FAILED_COLOR = '#E03131';

/** The common look of the console's charts (the dashboard's: dashed horizontal guides, grey text, no tick marks). */
const chartLook = {
  strokeDasharray: '4 4',
  gridColor: 'gray.2',
  textColor: 'gray.7',
  tickLine: 'none',
  accessibilityLayer: false,
} as const;

/**
 * A card with one chart: its heading, a 'View as table' switch, the chart (named by its summary for screen readers)
 * or its table, and a line under it.
 */
function ChartCard({
  title,
  summary,
  chart,
  table,
  action,
  note,
}: {
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  action?: ReactNode;
  note?: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const phone = useMediaQuery(PHONE);
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId} miw={0}>
      <Group justify="space-between" align="center" gap="xs" mb="md">
        <Title order={2} fz={18} fw={650} id={titleId}>
          {title}
        </Title>
        <Group gap="xs">
          {action}
          <Button
            variant="subtle"
            size="compact-sm"
            h={phone ? 44 : undefined}
            leftSection={asTable ? <IconChartBar size={16} aria-hidden /> : <IconTable size={16} aria-hidden />}
            onClick={() => setAsTable((v) => !v)}
            // the visible words first (speech input), then which chart
            aria-label={`${asTable ? 'View as chart' : 'View as table'}, ${title}`}
          >
            {asTable ? 'View as chart' : 'View as table'}
          </Button>
        </Group>
      </Group>
      {asTable ? (
        table
      ) : (
        <Box role="img" aria-label={summary}>
          {chart}
        </Box>
      )}
      {note && (
        <Text size="xs" c="dimmed" mt="sm">
          {note}
        </Text>
      )}
    </Paper>
  );
}

/** A month-by-month table: a row per month, newest first (where the chart ends), a column per figure. */
function MonthsTable({
  caption,
  rows,
  columns,
}: {
  caption: string;
  rows: TMonthRow[];
  columns: { label: string; value: (r: TMonthRow) => string }[];
}) {
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing={4} horizontalSpacing="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Month</Table.Th>
            {columns.map((c) => (
              <Table.Th scope="col" key={c.label} ta="right">
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...rows].reverse().map((r) => (
            <Table.Tr key={r.month}>
              <Table.Th scope="row" fw={500}>
                {r.name}
              </Table.Th>
              {columns.map((c) => (
                <Table.Td key={c.label} ta="right">
                  {c.value(r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SignUpsCard({ o, rows }: { o: TAdminOverview; rows: TMonthRow[] }) {
  const phone = useMediaQuery(PHONE);
  return (
    <ChartCard
      title="Sign-ups"
      summary={signUpsSummary(o)}
      note="Influencer, business and IMC accounts that signed up and verified their e-mail or mobile, by the month they signed up (UTC)."
      chart={
        <BarChart
          h={phone ? 200 : 260}
          data={rows}
          dataKey="tick"
          series={[{ name: 'signUps', label: 'Sign-ups', color: 'brand.6' }]}
          gridAxis="x"
          {...chartLook}
          valueFormatter={countText}
          maxBarWidth={28}
          xAxisProps={{ minTickGap: 8 }}
          yAxisProps={{ width: 40, allowDecimals: false }}
        />
      }
      table={
        <MonthsTable
          caption="Sign-ups by month"
          rows={rows}
          columns={[{ label: 'Sign-ups', value: (r) => countText(r.signUps) }]}
        />
      }
    />
  );
}

function SubscriptionsCard({ o, rows }: { o: TAdminOverview; rows: TMonthRow[] }) {
  const phone = useMediaQuery(PHONE);
  return (
    <ChartCard
      title="Active subscriptions"
      summary={subscriptionsSummary(o)}
      note="Accounts whose paid plan was running at the end of each month; for this month, now."
      chart={
        <LineChart
          h={phone ? 200 : 260}
          data={rows}
          dataKey="tick"
          series={[{ name: 'activeSubscriptions', label: 'Active subscriptions', color: 'brand.6' }]}
          curveType="monotone"
          gridAxis="x"
          {...chartLook}
          valueFormatter={countText}
          lineChartProps={{ margin: { top: 12, right: 16 } }}
          xAxisProps={{ minTickGap: 8 }}
          yAxisProps={{ width: 40, allowDecimals: false }}
        />
      }
      table={
        <MonthsTable
          caption="Active subscriptions by month"
          rows={rows}
          columns={[{ label: 'Active subscriptions', value: (r) => countText(r.activeSubscriptions) }]}
        />
      }
    />
  );
}

function RevenueCard({ o, rows }: { o: TAdminOverview; rows: TMonthRow[] }) {
  const phone = useMediaQuery(PHONE);
  const currencies = paidCurrencies(o);
  const [picked, setPicked] = useState<TCurrency | null>(null);
  const currency = picked && currencies.includes(picked) ? picked : (currencies[0] ?? 'usd');
  const tick = (v: number) => moneyText(Math.round(v * 100), currency).replace(/\.00$/, '');
  // the axis as wide as its longest label (the top of the scale, about 7 px a character)
  const axisWidth = Math.max(40, tick(Math.max(0, ...rows.map((r) => r[currency]))).length * 7 + 18);
  const minor = (r: TMonthRow, c: TCurrency) =>
    o.months.find((m) => m.month === r.month)?.revenue.find((x) => x.currency === c)?.amountMinor ?? 0;
  return (
    <ChartCard
      title="Revenue"
      summary={currencies.length ? revenueSummary(o, currency) : 'No payments were received in the last 12 months.'}
      note="Payments received each month (UTC), in each currency as paid, after coupons."
      action={
        currencies.length > 1 ? (
          <SegmentedControl
            size="xs"
            aria-label="Currency"
            value={currency}
            onChange={(v) => setPicked(v as TCurrency)}
            data={currencies.map((c) => ({ value: c, label: `${CURRENCY_SYMBOLS[c]} ${c.toUpperCase()}` }))}
          />
        ) : null
      }
      chart={
        currencies.length === 0 ? (
          <Text size="sm" c="dimmed" py="xl" ta="center">
            No payments yet in these 12 months.
          </Text>
        ) : (
          <BarChart
            h={phone ? 200 : 260}
            data={rows}
            dataKey="tick"
            series={[{ name: currency, label: `Revenue (${CURRENCY_LABELS[currency]})`, color: 'teal.7' }]}
            gridAxis="x"
            {...chartLook}
            valueFormatter={(v) => moneyText(Math.round(v * 100), currency)}
            maxBarWidth={28}
            xAxisProps={{ minTickGap: 8 }}
            yAxisProps={{ width: axisWidth, tickFormatter: tick }}
          />
        )
      }
      table={
        <MonthsTable
          caption="Revenue by month"
          rows={rows}
          columns={(currencies.length ? currencies : (['usd'] as TCurrency[])).map((c) => ({
            label: c.toUpperCase(),
            value: (r: TMonthRow) => moneyText(minor(r, c), c),
          }))}
        />
      }
    />
  );
}

function NetworksCard({ o }: { o: TAdminOverview }) {
  const phone = useMediaQuery(PHONE);
  const rows = o.networks.map((n) => ({ network: networkLabel(n.network), Published: n.published, Failed: n.failed }));
  return (
    <ChartCard
      title={`Posts by network, last ${OVERVIEW_POST_DAYS} days`}
      summary={networksSummary(o)}
      note={`Each account a post went to counts once. Since ${formatWhen(o.postsFrom)}.`}
      chart={
        <Stack gap="md">
          <BarChart
            h={phone ? 300 : 320}
            data={rows}
            dataKey="network"
            orientation="vertical"
            series={[
              { name: 'Published', color: PUBLISHED_COLOR },
              { name: 'Failed', color: FAILED_COLOR },
            ]}
            gridAxis="y"
            {...chartLook}
            withLegend
            legendProps={{ verticalAlign: 'bottom', height: 36 }}
            valueFormatter={countText}
            maxBarWidth={14}
            xAxisProps={{ allowDecimals: false }}
            yAxisProps={{ width: 72, interval: 0 }}
          />
        </Stack>
      }
      table={
        <Table.ScrollContainer minWidth={0} type="native">
          <Table verticalSpacing={4} horizontalSpacing="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
            <Table.Caption>Posts by network</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Network</Table.Th>
                <Table.Th scope="col" ta="right">
                  Published
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Failed
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.networks.map((n) => (
                <Table.Tr key={n.network}>
                  <Table.Th scope="row" fw={500}>
                    <Group gap="xs" wrap="nowrap">
                      <NetworkTile network={n.network} size={20} />
                      <span aria-hidden>{networkLabel(n.network)}</span>
                    </Group>
                  </Table.Th>
                  <Table.Td ta="right">{countText(n.published)}</Table.Td>
                  <Table.Td ta="right">{countText(n.failed)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      }
    />
  );
}

function OverviewSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" aria-busy="true" aria-label="Loading the overview">
      {[0, 1, 2, 3].map((i) => (
        <Paper key={i} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Skeleton h={22} w="40%" mb="md" />
          <Skeleton h={240} radius="md" />
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * The console's Overview (where /admin opens): sign-ups, active subscriptions and revenue over the last
 * OVERVIEW_MONTHS UTC months, and posts published and failed by network over the last OVERVIEW_POST_DAYS days.
 * Each chart can be read as a table; the server computes every figure.
 */
export function OverviewPage() {
  const q = useAdminOverview();
  const o = q.data;
  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        Overview
      </Title>
      <Text c="dimmed" size="sm">
        The last {OVERVIEW_MONTHS} months by UTC calendar month, and the last {OVERVIEW_POST_DAYS} days of publishing.
        {o && ` As of ${formatWhen(o.asOf)}.`}
      </Text>
      {o ? (
        overviewIsEmpty(o) ? (
          <EmptyState
            icon={<IconChartLine size={24} />}
            title="Nothing to show yet"
            line={`No sign-ups, subscriptions, payments or posts in the last ${OVERVIEW_MONTHS} months. They show here as they happen.`}
          />
        ) : (
          <OverviewCharts o={o} />
        )
      ) : q.isError ? (
        <Alert color="red" title="Could not load the overview">
          <Text size="sm">{q.error.message}</Text>
          <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <OverviewSkeleton />
      )}
    </Stack>
  );
}

function OverviewCharts({ o }: { o: TAdminOverview }) {
  const rows = monthRows(o);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <SignUpsCard o={o} rows={rows} />
      <SubscriptionsCard o={o} rows={rows} />
      <RevenueCard o={o} rows={rows} />
      <NetworksCard o={o} />
    </SimpleGrid>
  );
}
