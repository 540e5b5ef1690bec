import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPerformance, TPerformancePeriod } from '@virality/domain';
import { sph } from '../../../lib/api-client';

// under 'posts': whatever re-reads the post lists (a post moved, one was sent) re-reads the performance too
export const performanceKey = (days: TPerformancePeriod, zone: string) => ['posts', 'performance', days, zone] as const;

/** The browser's IANA time zone: the chart's days are the user's own. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** POST performance_overview/ {Days, TimeZone}: the posts that went out over the last Days days, day by day. */
export async function getPerformance(days: TPerformancePeriod, zone: string): Promise<TPerformance> {
  const res = await sph.post<TPerformance>('performance_overview/', { Days: days, TimeZone: zone });
  if (!res.response) throw new Error('The performance figures could not be loaded');
  return res.response;
}

export const performanceQuery = (days: TPerformancePeriod, zone = browserZone()) =>
  queryOptions({
    queryKey: performanceKey(days, zone),
    queryFn: () => getPerformance(days, zone),
    // switching the period keeps the last chart until the next one comes
    placeholderData: keepPreviousData,
  });

export const usePerformance = (days: TPerformancePeriod) => useQuery(performanceQuery(days));
