import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCampaign } from '@virality/domain';
import { api } from '../../../lib/api-client';

// under ['campaigns'], so a campaign created, tagged or answered reads it again
export const campaignsByDateKey = (start: string, end: string) => ['campaigns', 'calendar', 'range', start, end] as const;
export const campaignByDayKey = (day: string) => ['campaigns', 'calendar', 'day', day] as const;

/** POST campaigns/campaignsByDate: the caller's campaigns (owned or accepted) running between the two days. */
export async function getCampaignsByDate(startDate: string, endDate: string): Promise<TCampaign[]> {
  return (await api.post('campaigns/campaignsByDate', { startDate, endDate })).response.docs;
}

/** The campaigns running in a range of days; off when `enabled` is false (anyone but an IMC user). */
export function useCampaignsByDate(start: string, end: string, enabled: boolean) {
  return useQuery({
    queryKey: campaignsByDateKey(start, end),
    queryFn: () => getCampaignsByDate(start, end),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST campaigns/campaignByDay: the caller's campaigns starting that day. */
export async function getCampaignByDay(date: string): Promise<TCampaign[]> {
  return (await api.post('campaigns/campaignByDay', { date })).response.docs;
}

export function useCampaignByDay(day: string, enabled = true) {
  return useQuery({ queryKey: campaignByDayKey(day), queryFn: () => getCampaignByDay(day), enabled });
}

/** The campaigns of a list by the day they start (yyyy-MM-dd). */
export function campaignsByStartDay(campaigns: readonly TCampaign[]): Map<string, TCampaign[]> {
  const byDay = new Map<string, TCampaign[]>();
  for (const c of campaigns) {
    const day = c.startDate.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), c]);
  }
  return byDay;
}
