import { AreaChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { axisFigure, axisTicks, axisWidth } from '../lib/performance';
import { figureText } from '../lib/post-analytics';

type TProps = {
  /** A row a day: its axis label and its engagement. */
  rows: { label: string; Engagement: number }[];
  /** What a screen reader reads for the chart. */
  summary: string;
  /** Each day's dot on the line: where there are few days. */
  withDots: boolean;
};

/**
 * Engagement day by day as an area chart, in the dashboard's look (its colours, guide lines and value axis): the
 * dashboard's performance card and a campaign's report draw it. Import it lazily: it carries the chart library.
 */
export function EngagementChart({ rows, summary, withDots }: TProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  const ticks = axisTicks(rows.map((r) => r.Engagement));
  return (
    <Box role="img" aria-label={summary}>
      <AreaChart
        h={phone ? 200 : 260}
        data={rows}
        dataKey="label"
        series={[{ name: 'Engagement', color: 'brand.6' }]}
        curveType="monotone"
        withGradient
        // Mantine's gridAxis 'x' draws the lines that run along the x axis: the horizontal ones alone
        gridAxis="x"
        strokeDasharray="4 4"
        gridColor="gray.2"
        textColor="gray.7"
        tickLine="none"
        withDots={withDots}
        valueFormatter={figureText}
        accessibilityLayer={false}
        // room above the top mark's label and right of the last day's
        areaChartProps={{ margin: { top: 12, right: 16 } }}
        xAxisProps={{ minTickGap: 24 }}
        // the axis's marks are chosen beforehand, so it is made as wide as its longest label (22k, never '2,000')
        yAxisProps={{
          ticks,
          domain: [0, ticks[ticks.length - 1]],
          interval: 0,
          width: axisWidth(ticks),
          allowDecimals: false,
          tickFormatter: axisFigure,
        }}
      />
    </Box>
  );
}
