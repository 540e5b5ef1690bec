import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TSandboxClock } from '../seams';
import { postWebhook, RETRY_DELAYS_MS, webhookBackground } from '../webhook-delivery';
import { STRIPE_API_VERSION, stripeId } from './settings';
import type { TStripeStore } from './store';

/** An event as Stripe sends it to a webhook endpoint. */
export type TStripeEvent = {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

export type TAttempt = { at: string; kind: 'first' | 'retry' | 'resend'; status: number | null; error: string | null };

/** What the emulator keeps of an event: the event, the exact bytes it sends, and every delivery attempt. */
export type TEventRecord = {
  event: TStripeEvent;
  payload: string;
  state: 'pending' | 'delivered' | 'retrying' | 'failed';
  attempts: TAttempt[];
};

export { RETRY_DELAYS_MS };

/** Stripe's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" keyed with the whole whsec string>`. */
export function signatureHeader(payload: string, secret: string, t: number): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}

/**
 * Sends events to the product's webhook endpoint, signed, as Stripe does: the first attempt is awaited (the
 * hosted page redirects only after it), a failure (an answer other than 2xx, a network error or no answer within
 * 10 s) is retried in the background after 1 s, 5 s and 30 s, each attempt signed afresh with the product clock's
 * time. Retries live in this process: a restart drops the ones still waiting (the event stays listed and resendable).
 */
export function createWebhooks(opts: {
  store: TStripeStore;
  clock: TSandboxClock;
  fetch: typeof fetch;
  secret: string;
  url: string;
  log: FastifyBaseLogger;
  retryDelaysMs?: readonly number[];
}) {
  const { store, clock } = opts;
  const delays = opts.retryDelaysMs ?? RETRY_DELAYS_MS;
  const background = webhookBackground({ delays, log: opts.log, label: 'sandbox Stripe' });

  async function attempt(record: TEventRecord, kind: TAttempt['kind'], last: boolean): Promise<TAttempt> {
    const t = Math.floor(clock.nowMs() / 1000);
    const at = clock.now().toISOString();
    const sent = await postWebhook(
      opts.fetch,
      opts.url,
      {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signatureHeader(record.payload, opts.secret, t),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      record.payload,
    );
    const result: TAttempt = { at, kind, ...sent };
    const ok = result.error === null;
    const state = ok ? 'delivered' : last ? 'failed' : 'retrying';
    // a resend that fails leaves a delivered event delivered
    const set: Record<string, string> = ok || kind !== 'resend' ? { state } : {};
    await store.append('event', record.event.id, 'attempts', result, set);
    if (!ok)
      opts.log.warn(
        { eventId: record.event.id, type: record.event.type, status: result.status },
        'sandbox Stripe: webhook delivery failed',
      );
    return result;
  }

  const retryLater = (record: TEventRecord) =>
    background.retryLater(async (last) => (await attempt(record, 'retry', last)).error === null, 0, {
      eventId: record.event.id,
    });

  /** Records an event and makes its first delivery (awaited); retries follow in the background on failure. */
  async function send(
    type: string,
    object: Record<string, unknown>,
    request: TStripeEvent['request'] = { id: null, idempotency_key: null },
  ) {
    const event: TStripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: Math.floor(clock.nowMs() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request,
      type,
    };
    const record: TEventRecord = { event, payload: JSON.stringify(event, null, 2), state: 'pending', attempts: [] };
    await store.insert('event', event.id, record);
    const first = await attempt(record, 'first', delays.length === 0);
    if (first.error !== null) retryLater(record);
    return { event, delivered: first.error === null };
  }

  return {
    send,

    /** The same, without waiting for the first delivery (an event the caller's answer must not wait on). */
    sendLater(type: string, object: Record<string, unknown>, request?: TStripeEvent['request']) {
      background.later(() => send(type, object, request), { type });
    },

    /** Sends a recorded event again, the same id and body with a fresh signature (a replay); null when unknown. */
    async resend(eventId: string) {
      const record = await store.get<TEventRecord>('event', eventId);
      if (!record) return null;
      return attempt(record, 'resend', false);
    },

    /** Drops the retries still waiting and lets the deliveries under way finish (the app is closing). */
    close: background.close,
  };
}
export type TWebhooks = ReturnType<typeof createWebhooks>;
