import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiResponse, TWebhook, TWebhookCreate, TWebhookCreated, TWebhookDelivery } from '@virality/domain';
import { api, apiCall } from '../../../lib/api-client';

export const WEBHOOKS_KEY = ['webhooks'] as const;
export const deliveriesKey = (webhookId: string) => ['webhooks', webhookId, 'deliveries'] as const;

type TDeliveryPage = TApiResponse<'GET /webhooks/:id/deliveries'>;

/** GET webhooks: the organization's webhooks, newest first (never their secrets). */
export async function listWebhooks(): Promise<TWebhook[]> {
  return (await api.get('webhooks')).response;
}

/** POST webhooks {url, events}: the webhook with its signing secret, this once. */
export async function createWebhook(body: TWebhookCreate): Promise<TWebhookCreated> {
  return (await api.post('webhooks', body)).response;
}

/** DELETE webhooks/:id: nothing more is sent to it; resolves to the server's message. */
export async function deleteWebhook(id: string): Promise<string> {
  return (await apiCall<null>(`webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' })).message;
}

/** GET webhooks/:id/deliveries?cursor=: a page of its deliveries (20), newest first. */
export async function listDeliveries(webhookId: string, cursor: string | null): Promise<TDeliveryPage> {
  return (await apiCall<TDeliveryPage>(`webhooks/${encodeURIComponent(webhookId)}/deliveries`, { query: { cursor } })).response;
}

/** POST webhooks/:id/deliveries/:deliveryId/redeliver: the delivery, pending again. */
export async function redeliver(webhookId: string, deliveryId: string): Promise<TWebhookDelivery> {
  return (
    await apiCall<TWebhookDelivery>(
      `webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
      { method: 'POST' },
    )
  ).response;
}

export const useWebhooks = () => useQuery({ queryKey: WEBHOOKS_KEY, queryFn: listWebhooks });

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: (_message, id) => {
      queryClient.removeQueries({ queryKey: deliveriesKey(id) });
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true });
    },
  });
}

/** The next look while a delivery is under way: soon after its next attempt is due, between 3 s and a minute. */
function refetchDelay(deliveries: TWebhookDelivery[], now: number): number | false {
  const due = deliveries
    .filter((d) => d.state === 'pending')
    .map((d) => (d.nextAttemptAt ? new Date(d.nextAttemptAt).getTime() : now));
  if (due.length === 0) return false;
  return Math.min(Math.max(Math.min(...due) - now + 3_000, 3_000), 60_000);
}

/**
 * A webhook's delivery log, a page at a time. While a delivery is under way the log looks again once its next
 * attempt is due, so a row moves on to Delivered or Retrying by itself.
 */
export function useDeliveries(webhookId: string) {
  return useInfiniteQuery({
    queryKey: deliveriesKey(webhookId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => listDeliveries(webhookId, pageParam),
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) => refetchDelay(query.state.data?.pages.flatMap((p) => p.data) ?? [], Date.now()),
  });
}

/** Send again: the row shows the delivery as the server answered it (pending), until the log is read again. */
export function useRedeliver(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => redeliver(webhookId, deliveryId),
    onSuccess: (delivery) => {
      queryClient.setQueryData<{ pages: TDeliveryPage[]; pageParams: (string | null)[] }>(
        deliveriesKey(webhookId),
        (old) =>
          old && {
            ...old,
            pages: old.pages.map((p) => ({ ...p, data: p.data.map((d) => (d.id === delivery.id ? delivery : d)) })),
          },
      );
    },
  });
}
