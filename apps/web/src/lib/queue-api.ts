import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApiResponse } from '@virality/domain';
import { apiCall } from './api-client';

/**
 * The calls of an account's queue that more than one page reads: its coming slots (the Queue page, and the composer
 * saying when a post added to the queue will go) and its best times (the slot editor's suggestions, the composer's hint).
 */

export type TQueueView = TApiResponse<'GET /queue/:accountId'>;
export type TBestTimes = TApiResponse<'GET /queue/:accountId/best-times'>;

/** Every queue call's cache entries start with this: a post added, moved or sent reads them all again. */
export const QUEUE_KEY = ['queue'] as const;
export const queueViewKey = (accountId: string) => [...QUEUE_KEY, 'view', accountId] as const;
export const bestTimesKey = (accountId: string, zone: string) => [...QUEUE_KEY, 'best-times', accountId, zone] as const;

const at = (accountId: string) => `queue/${encodeURIComponent(accountId)}`;

/** GET queue/:accountId: the account's coming slots with their posts and the free ones, earliest first. */
export async function getQueueView(accountId: string): Promise<TQueueView> {
  return (await apiCall<TQueueView>(at(accountId))).response;
}

/** GET queue/:accountId/best-times?timeZone=: the account's best times to post, best first (the zone: when it has no schedule). */
export async function getBestTimes(accountId: string, timeZone: string): Promise<TBestTimes> {
  return (await apiCall<TBestTimes>(`${at(accountId)}/best-times`, { query: { timeZone } })).response;
}

export const queueViewQuery = (accountId: string) =>
  queryOptions({ queryKey: queueViewKey(accountId), queryFn: () => getQueueView(accountId) });

export const bestTimesQuery = (accountId: string, zone: string) =>
  queryOptions({
    queryKey: bestTimesKey(accountId, zone),
    queryFn: () => getBestTimes(accountId, zone),
    // read from the figures the analytics job keeps: they change slowly
    staleTime: 10 * 60_000,
  });

export const useQueueView = (accountId: string | null) =>
  useQuery({ ...queueViewQuery(accountId ?? ''), enabled: Boolean(accountId) });

export const useBestTimes = (accountId: string | null, zone: string) =>
  useQuery({ ...bestTimesQuery(accountId ?? '', zone), enabled: Boolean(accountId) });
