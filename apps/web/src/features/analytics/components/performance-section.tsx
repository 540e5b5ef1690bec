import { Paper, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

// the chart library is loaded with the card, not with the dashboard around it
const PerformanceCard = lazy(() => import('./performance-card').then((m) => ({ default: m.PerformanceCard })));

/** The dashboard's performance card, loaded on its own (a card-shaped skeleton until then). */
export function PerformanceSection() {
  return (
    <Suspense
      fallback={
        <Paper withBorder radius="lg" p="lg" aria-busy="true" aria-label="Loading performance">
          <Skeleton h={24} w={160} mb="md" />
          <Skeleton h={260} radius="md" />
        </Paper>
      }
    >
      <PerformanceCard />
    </Suspense>
  );
}
