import { Paper, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** Plan cards side by side (one column on a phone); one or two plans stay card-wide, centred. */
export function PlanGrid({ count, children }: { count: number; children: ReactNode }) {
  const cols = Math.max(1, Math.min(count, 3));
  return (
    <SimpleGrid
      cols={{ base: 1, sm: Math.min(cols, 2), md: cols }}
      spacing="lg"
      maw={cols === 1 ? 400 : cols === 2 ? 820 : undefined}
      mx="auto"
      w="100%"
    >
      {children}
    </SimpleGrid>
  );
}

/** Three cards' shape while the price list loads. */
export function PlanGridSkeleton() {
  return (
    <PlanGrid count={3}>
      {[0, 1, 2].map((i) => (
        <Paper key={i} withBorder radius="lg" shadow="xs" p={{ base: 'md', sm: 'lg' }} data-testid="plan-skeleton">
          <Stack gap="md">
            <Skeleton h={20} w="40%" />
            <Skeleton h={40} w="55%" />
            <Skeleton h={14} w="50%" />
            <Stack gap={10} pt="md">
              <Skeleton h={12} />
              <Skeleton h={12} w="85%" />
              <Skeleton h={12} w="70%" />
            </Stack>
            <Skeleton h={42} mt="md" />
          </Stack>
        </Paper>
      ))}
    </PlanGrid>
  );
}
