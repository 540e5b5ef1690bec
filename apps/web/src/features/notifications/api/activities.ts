import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TActivity, TActivityPage } from '@virality/domain';
import { api } from '../../../lib/api-client';

/** Every page of the list sits under this key: the live stream reads them again when a notification comes. */
export const ACTIVITIES_KEY = ['notifications'] as const;
export const activitiesKey = (page: number) => [...ACTIVITIES_KEY, page] as const;

/** What went wrong with a notification call: only logged (the list is never worth a toast). */
export function logActivityError(what: string, err: unknown): void {
  console.error(`Notifications: ${what} failed`, err instanceof Error ? err.message : err);
}

/** GET activity/getAllActivityById?page: a page of the user's notifications (10, newest first). */
export async function getActivities(page: number): Promise<TActivityPage> {
  return (await api.get('activity/getAllActivityById', { page })).response;
}

export function useActivities(page: number) {
  return useQuery({ queryKey: activitiesKey(page), queryFn: () => getActivities(page), placeholderData: keepPreviousData });
}

/** Sets a notification of the cached pages as `patch` says, so the list answers at once. */
function patchCached(client: ReturnType<typeof useQueryClient>, id: string, patch: Partial<TActivity>) {
  client.setQueriesData<TActivityPage>({ queryKey: ACTIVITIES_KEY }, (page) =>
    page ? { ...page, docs: page.docs.map((d) => (d._id === id ? { ...d, ...patch } : d)) } : page,
  );
}

/** PUT activity/markReadActivity {activityId}: the notification clicked is read. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (activityId: string) => (await api.put('activity/markReadActivity', { activityId })).response,
    onMutate: (activityId) => patchCached(client, activityId, { isRead: true, isSeen: true }),
    onError: (err, activityId) => {
      logActivityError('marking a notification read', err);
      patchCached(client, activityId, { isRead: false });
    },
  });
}

/** DELETE activity/deleteActivity?activityId: one notification gone. */
export function useDeleteActivity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (activityId: string) => api.del('activity/deleteActivity', undefined, { activityId }),
    onError: (err) => logActivityError('deleting a notification', err),
    onSettled: () => client.invalidateQueries({ queryKey: ACTIVITIES_KEY }),
  });
}

/** DELETE activity/deleteAllActivity: Clear All. */
export function useDeleteAllActivities() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.del('activity/deleteAllActivity'),
    onError: (err) => logActivityError('clearing the notifications', err),
    onSettled: () => client.invalidateQueries({ queryKey: ACTIVITIES_KEY }),
  });
}

/** POST admin/notification/ctrCount?userId: the user arrived somewhere from a notification. */
export function countNotificationVisit(userId: string): void {
  api.post('admin/notification/ctrCount', undefined, { userId }).catch((err) => logActivityError('counting a visit', err));
}
