import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconChartLine, IconMinus } from '@tabler/icons-react';
import { figuresUpdatedText, PERFORMANCE_PERIODS, type TPerformance, type TPerformancePeriod } from '@virality/domain';
import { useState } from 'react';
import { ChartTableToggle } from '../../../components/chart-table-toggle';
import { SectionCard } from '../../../components/section-card';
import { usePerformance } from '../api/performance';
import { deltaOf, deltaText, performanceRows, performanceSummary, type TPerformanceRow } from '../lib/performance';
import { figureText } from '../lib/post-analytics';
import { EngagementChart } from './engagement-chart';

const FIGURES = [
  { key: 'Engagement', label: 'Engagement', hint: 'Likes, comments, shares and saves' },
  { key: 'Views', label: 'Views', hint: 'As the networks count them' },
  // a post sent to three accounts counts three here, and once in the dashboard's posts count
  { key: 'Published', label: 'Published to accounts', hint: 'Each account a post went out to counts once' },
] as const;

/** A figure of the period, with how it compares to the period before (the arrow and the words, never colour alone). */
function Stat({ label, hint, now, before, days }: { label: string; hint: string; now: number; before: number; days: number }) {
  const delta = deltaOf(now, before);
  const Icon = delta.direction === 'up' ? IconArrowUpRight : delta.direction === 'down' ? IconArrowDownRight : IconMinus;
  const color = delta.direction === 'up' ? 'teal.9' : delta.direction === 'down' ? 'red.9' : 'gray.7';
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" title={hint}>
        {label}
      </Text>
      <Text fz={24} fw={700} lh={1.3} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {figureText(now)}
      </Text>
      <Group gap={4} wrap="nowrap" c={color}>
        <Icon size={14} aria-hidden style={{ flex: 'none' }} />
        <Text size="xs" c={color}>
          {deltaText(delta, days)}
        </Text>
      </Group>
    </Paper>
  );
}

function PerformanceTable({ rows }: { rows: TPerformanceRow[] }) {
  return (
    // it scrolls: reachable with the keyboard, and named
    <Table.ScrollContainer minWidth={0} type="native" mah={260} tabIndex={0} role="region" aria-label="Figures by day">
      <Table verticalSpacing={4} horizontalSpacing="sm" stickyHeader style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Table.Caption>Figures by day</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Day</Table.Th>
            {FIGURES.map((f) => (
              <Table.Th scope="col" key={f.key} ta="right">
                {f.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.day}>
              <Table.Th scope="row" fw={500}>
                {r.label}
              </Table.Th>
              {FIGURES.map((f) => (
                <Table.Td key={f.key} ta="right">
                  {figureText(r[f.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PerformanceBody({ data, days }: { data: TPerformance; days: TPerformancePeriod }) {
  const [asTable, setAsTable] = useState(false);
  const rows = performanceRows(data);
  if (data.Published === 0 && data.Previous.Published === 0)
    return (
      <Stack align="center" gap={6} py="lg" ta="center">
        <ThemeIcon variant="light" size={44} radius="xl" aria-hidden>
          <IconChartLine size={22} />
        </ThemeIcon>
        <Text fw={600}>No posts went out in the last {days} days</Text>
        <Text size="sm" c="dimmed" maw={360}>
          Once your posts are out, their engagement and views show here, day by day.
        </Text>
      </Stack>
    );
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {FIGURES.map((f) => (
          <Stat key={f.key} label={f.label} hint={f.hint} now={data[f.key]} before={data.Previous[f.key]} days={days} />
        ))}
      </SimpleGrid>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Engagement by day
        </Text>
        <ChartTableToggle asTable={asTable} onToggle={() => setAsTable((v) => !v)} />
      </Group>
      {asTable ? (
        <PerformanceTable rows={rows} />
      ) : (
        <EngagementChart rows={rows} summary={performanceSummary(data, days)} withDots={days === 7} />
      )}
      <Text size="xs" c="dimmed">
        {figuresUpdatedText(data.UpdatedAt, new Date())}
      </Text>
    </Stack>
  );
}

/**
 * The dashboard's performance: engagement, views and posts out over the last 7, 30 or 90 days against the period
 * before, and engagement day by day as an area chart (or a table). Figures are what the networks last gave.
 */
export function PerformanceCard() {
  const [days, setDays] = useState<TPerformancePeriod>(7);
  const q = usePerformance(days);
  return (
    <SectionCard
      title="Performance"
      action={
        <SegmentedControl
          size="xs"
          aria-label="Period"
          value={String(days)}
          onChange={(v) => setDays(Number(v) as TPerformancePeriod)}
          data={PERFORMANCE_PERIODS.map((d) => ({ value: String(d), label: `${d} d` }))}
        />
      }
    >
      {q.data ? (
        <PerformanceBody data={q.data} days={q.isPlaceholderData ? (q.data.Days.length as TPerformancePeriod) : days} />
      ) : q.isError ? (
        <Alert color="red" variant="light" title="The performance figures could not be loaded">
          <Button variant="light" color="red" size="xs" mt="xs" onClick={() => q.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <Stack gap="md" aria-busy="true" aria-label="Loading performance">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {FIGURES.map((f) => (
              <Skeleton key={f.key} h={84} radius="md" />
            ))}
          </SimpleGrid>
          <Skeleton h={260} radius="md" />
        </Stack>
      )}
    </SectionCard>
  );
}
