import { AreaChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { axisFigure, axisTicks, axisWidth } from '../../analytics/lib/performance';
import { figureText } from '../../analytics/lib/post-analytics';
import type { TReportChartRow } from '../lib/report-view';

/**
 * Engagement by the day posts went out, as an area chart in the dashboard's look (its colours, guide lines and value
 * axis). Loaded with the report's page only when there are posts to chart.
 */
export function ReportChart({ rows, summary }: { rows: TReportChartRow[]; summary: string }) {
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
        // a short campaign's few days read best as dots
        withDots={rows.length <= 14}
        valueFormatter={figureText}
        accessibilityLayer={false}
        // room above the top mark's label and right of the last day's
        areaChartProps={{ margin: { top: 12, right: 16 } }}
        xAxisProps={{ minTickGap: 24 }}
        // the axis's marks are chosen beforehand, so it is made as wide as its longest label
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
