import { BarChart } from '@mantine/charts';
import { Box, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { IconChartBar } from '@tabler/icons-react';
import { useState } from 'react';
import { ChartTableToggle } from '../../../components/chart-table-toggle';
import { figureText, type TAnalyticsChart } from '../lib/post-analytics';

/** The figures as a table: a row per figure, a column per account (what the chart shows, to read or copy). */
function FiguresTable({ chart }: { chart: TAnalyticsChart }) {
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table verticalSpacing="xs" horizontalSpacing="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        <Table.Caption>Figures by account</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Figure</Table.Th>
            {chart.series.map((s) => (
              <Table.Th scope="col" key={s.name} ta="right">
                <Text span size="sm" fw={600} display="block">
                  {s.network}
                </Text>
                <Text span size="xs" c="dimmed" fw={400} style={{ wordBreak: 'break-word' }}>
                  {s.account}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {chart.rows.map((row) => (
            <Table.Tr key={row.metric}>
              <Table.Th scope="row" fw={500}>
                {row.metric}
              </Table.Th>
              {chart.series.map((s) => (
                <Table.Td key={s.name} ta="right">
                  {row[s.name] === undefined ? '–' : figureText(Number(row[s.name]))}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The accounts compared figure by figure: a group of bars per figure, one bar per account in its network's
 * colour. A screen reader reads its summary; "View as table" shows the same figures as a table.
 */
export function PostOverviewChart({ chart }: { chart: TAnalyticsChart }) {
  const [asTable, setAsTable] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  // a narrow chart slants its figure names and leaves the values to the tooltip and the table
  const { ref, width } = useElementSize();
  const narrow = phone || (width > 0 && width < 600);
  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="figures-chart">
      <Group justify="space-between" align="center" mb="md" gap="xs">
        <Title order={3} fz={16} fw={600} id="figures-chart">
          Figures by network
        </Title>
        <ChartTableToggle asTable={asTable} onToggle={() => setAsTable((v) => !v)} chartIcon={IconChartBar} />
      </Group>
      {asTable ? (
        <FiguresTable chart={chart} />
      ) : (
        <Box role="img" aria-label={chart.summary} ref={ref}>
          <BarChart
            h={phone ? 200 : 260}
            data={chart.rows}
            dataKey="metric"
            series={chart.series.map(({ name, label, color }) => ({ name, label, color }))}
            // horizontal guide lines: a bar's height is read against them
            gridAxis="x"
            strokeDasharray="4 4"
            gridColor="gray.2"
            textColor="gray.7"
            tickLine="none"
            withLegend
            legendProps={{ verticalAlign: 'bottom', height: chart.series.length > 2 && narrow ? 64 : 40 }}
            valueFormatter={figureText}
            maxBarWidth={28}
            // each bar's figure above it, so a small one next to a large one still reads (too crowded when narrow)
            withBarValueLabel={!narrow}
            valueLabelProps={{ fontSize: 11 }}
            accessibilityLayer={false}
            xAxisProps={
              narrow ? { interval: 0, angle: -35, textAnchor: 'end', height: 56, tick: { fontSize: 11 } } : { interval: 0 }
            }
            yAxisProps={{ width: 48, allowDecimals: false }}
          />
        </Box>
      )}
    </Paper>
  );
}
