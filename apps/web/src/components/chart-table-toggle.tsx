import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChartArea, IconTable, type TablerIcon } from '@tabler/icons-react';

type TProps = {
  /** Whether the table is shown now (the button then offers the chart). */
  asTable: boolean;
  onToggle: () => void;
  /** The chart's icon, shown while the table is: an area chart's unless told. */
  chartIcon?: TablerIcon;
};

/** "View as table" / "View as chart": a chart's switch to the same figures as a table and back (44px tall on a phone). */
export function ChartTableToggle({ asTable, onToggle, chartIcon: ChartIcon = IconChartArea }: TProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      h={phone ? 44 : undefined}
      leftSection={asTable ? <ChartIcon size={16} aria-hidden /> : <IconTable size={16} aria-hidden />}
      onClick={onToggle}
    >
      {asTable ? 'View as chart' : 'View as table'}
    </Button>
  );
}
