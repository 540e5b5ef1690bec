import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiResponse, TQueueDefault, TQueueSchedule, TQueueSlot } from '@virality/domain';
import { api, apiCall } from '../../../lib/api-client';
import { QUEUE_KEY } from '../../../lib/queue-api';

export const SCHEDULES_KEY = [...QUEUE_KEY, 'schedules'] as const;

type TSchedules = TApiResponse<'GET /queue/schedules'>;
/** What an account's own schedule is written with. */
export type TScheduleBody = { timeZone: string; paused: boolean; slots: TQueueSlot[] };
/** A call's answer and the server's words for it (the toast's). */
export type TSaid<T> = { value: T; message: string };

const of = (accountId: string) => `queue/schedules/${encodeURIComponent(accountId)}`;

/** GET queue/schedules: each account's schedule (its own or the default it follows) and the default. */
export async function getSchedules(): Promise<TSchedules> {
  return (await api.get('queue/schedules')).response;
}

/** PUT queue/schedules/:accountId: the account's own schedule; its queued posts are re-timed. */
export async function putSchedule(accountId: string, body: TScheduleBody): Promise<TSaid<TQueueSchedule>> {
  const res = await apiCall<TQueueSchedule>(of(accountId), { method: 'PUT', body });
  return { value: res.response, message: res.message };
}

/** DELETE queue/schedules/:accountId: the account follows the default schedule again. */
export async function resetSchedule(accountId: string): Promise<TSaid<TQueueSchedule>> {
  const res = await apiCall<TQueueSchedule>(of(accountId), { method: 'DELETE' });
  return { value: res.response, message: res.message };
}

/** POST queue/schedules/:accountId/copy {accountIds}: the account's zone and slots given to these accounts. */
export async function copySchedule(accountId: string, accountIds: string[]): Promise<TSaid<TQueueSchedule[]>> {
  const res = await apiCall<TQueueSchedule[]>(`${of(accountId)}/copy`, { method: 'POST', body: { accountIds } });
  return { value: res.response, message: res.message };
}

/** PUT queue/default {timeZone, slots}: the organization's default schedule (the owner's to set). */
export async function putDefault(body: { timeZone: string; slots: TQueueSlot[] }): Promise<TSaid<TQueueDefault>> {
  const res = await api.put('queue/default', body);
  return { value: res.response, message: res.message };
}

export const useSchedules = () => useQuery({ queryKey: SCHEDULES_KEY, queryFn: getSchedules });

/** After a schedule changes, every queue is read again: the server re-timed the queued posts it holds. */
function useScheduleMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: QUEUE_KEY }) });
}

export const usePutSchedule = () =>
  useScheduleMutation(({ accountId, body }: { accountId: string; body: TScheduleBody }) => putSchedule(accountId, body));
export const useResetSchedule = () => useScheduleMutation(resetSchedule);
export const useCopySchedule = () =>
  useScheduleMutation(({ accountId, to }: { accountId: string; to: string[] }) => copySchedule(accountId, to));
export const usePutDefault = () => useScheduleMutation(putDefault);
