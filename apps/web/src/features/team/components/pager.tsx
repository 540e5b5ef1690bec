import { Box, Group, Pagination, Text } from '@mantine/core';

type TProps = { page: number; totalPages: number; total: number; onChange: (page: number) => void; label: string };

/** Page controls under a team table (10 rows a page); hidden when everything fits on one page. */
export function Pager({ page, totalPages, total, onChange, label }: TProps) {
  if (totalPages <= 1) return null;
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {total} in all · page {page} of {totalPages}
      </Text>
      <Box component="nav" aria-label={label}>
        <Pagination
          total={totalPages}
          value={page}
          onChange={onChange}
          size="sm"
          getControlProps={(control) =>
            control === 'previous' ? { 'aria-label': 'Previous page' } : { 'aria-label': 'Next page' }
          }
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      </Box>
    </Group>
  );
}
