import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TSandboxClock } from '../seams';
import { postWebhook, RETRY_DELAYS_MS, webhookBackground } from '../webhook-delivery';
import type { TPayPalStore } from './store';

/** A webhook event as PayPal sends it. */
export type TPayPalEvent = {
  id: string;
  event_version: '1.0';
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links: { href: string; rel: string; method: string }[];
};

export type TAttempt = {
  at: string;
  kind: 'first' | 'retry';
  transmissionId: string;
  status: number | null;
  error: string | null;
};

/** What the emulator keeps of an event: the event, the exact bytes it sends, and every delivery attempt. */
export type TEventRecord = {
  event: TPayPalEvent;
  payload: string;
  state: 'pending' | 'delivered' | 'retrying' | 'failed';
  attempts: TAttempt[];
};

/** What the emulator keeps of each transmission it made: what it signed, so it can tell it from a forgery. */
export type TTransmission = { id: string; eventId: string; time: string; sig: string; bodySha256: string };

export { RETRY_DELAYS_MS };
export const AUTH_ALGO = 'SHA256withRSA';

/** An id in PayPal's style: a prefix and upper-case letters and digits (`WH-…`, `8MC585209K746392H`). */
export function paypalId(length = 17, prefix = ''): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let out = '';
  for (const b of randomBytes(length)) out += alphabet[b % alphabet.length];
  return `${prefix}${out}`;
}

/** The same JSON, whatever spacing it was written with (the verify call sends the event parsed, not its bytes). */
export const canonical = (json: unknown) => JSON.stringify(json);
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/**
 * Sends events to the product's webhook endpoint as PayPal does: PAYPAL-TRANSMISSION-ID/-TIME/-SIG, PAYPAL-CERT-URL
 * and PAYPAL-AUTH-ALGO headers; each transmission is recorded, so `verify-webhook-signature` says SUCCESS only for
 * one the emulator made with that body. The signature is an HMAC the emulator keeps to itself (PayPal signs with
 * its certificate's key; the product never checks it locally, it asks PayPal). A failure (not 2xx, no answer in
 * 10 s) is retried in the background after 1 s, 5 s and 30 s, each retry a new transmission; retries live in this
 * process (a restart drops those still waiting; the event stays recorded).
 */
export function createWebhooks(opts: {
  store: TPayPalStore;
  clock: TSandboxClock;
  fetch: typeof fetch;
  url: string;
  webhookId: string;
  certUrl: string;
  /** The emulator's signing key (stays in the process). */
  secret: string;
  log: FastifyBaseLogger;
  retryDelaysMs?: readonly number[];
}) {
  const { store, clock } = opts;
  const delays = opts.retryDelaysMs ?? RETRY_DELAYS_MS;
  const background = webhookBackground({ delays, log: opts.log, label: 'sandbox PayPal' });

  const sign = (id: string, time: string, body: string) =>
    createHmac('sha256', opts.secret)
      .update(`${id}|${time}|${opts.webhookId}|${sha256(body)}`)
      .digest('base64');

  async function attempt(record: TEventRecord, kind: TAttempt['kind'], last: boolean): Promise<TAttempt> {
    const transmission: TTransmission = {
      id: randomUUID(),
      eventId: record.event.id,
      time: clock.now().toISOString(),
      sig: '',
      bodySha256: sha256(canonical(JSON.parse(record.payload))),
    };
    transmission.sig = sign(transmission.id, transmission.time, canonical(JSON.parse(record.payload)));
    await store.insert('transmission', transmission.id, transmission);
    const sent = await postWebhook(
      opts.fetch,
      opts.url,
      {
        'content-type': 'application/json',
        'paypal-transmission-id': transmission.id,
        'paypal-transmission-time': transmission.time,
        'paypal-transmission-sig': transmission.sig,
        'paypal-cert-url': opts.certUrl,
        'paypal-auth-algo': AUTH_ALGO,
        'user-agent': 'PayPal/AUHD-214.0-58219493',
      },
      record.payload,
    );
    const result: TAttempt = { at: transmission.time, kind, transmissionId: transmission.id, ...sent };
    const ok = result.error === null;
    await store.append('event', record.event.id, 'attempts', result, { state: ok ? 'delivered' : last ? 'failed' : 'retrying' });
    if (!ok)
      opts.log.warn(
        { eventId: record.event.id, type: record.event.event_type, status: result.status },
        'sandbox PayPal: webhook delivery failed',
      );
    return result;
  }

  const retryLater = (record: TEventRecord) =>
    background.retryLater(async (last) => (await attempt(record, 'retry', last)).error === null, 0, {
      eventId: record.event.id,
    });

  /** Records an event and makes its first delivery (awaited); retries follow in the background on failure. */
  async function send(eventType: string, resourceType: string, summary: string, resource: Record<string, unknown>) {
    const event: TPayPalEvent = {
      id: paypalId(17, 'WH-'),
      event_version: '1.0',
      create_time: clock.now().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [],
    };
    const record: TEventRecord = { event, payload: JSON.stringify(event), state: 'pending', attempts: [] };
    await store.insert('event', event.id, record);
    const first = await attempt(record, 'first', delays.length === 0);
    if (first.error !== null) retryLater(record);
    return { event, delivered: first.error === null };
  }

  return {
    send,

    /** The same, without waiting for the first delivery (the caller's answer must not wait on it). */
    sendLater(eventType: string, resourceType: string, summary: string, resource: Record<string, unknown>) {
      background.later(() => send(eventType, resourceType, summary, resource), { eventType });
    },

    /**
     * PayPal's verify-webhook-signature: SUCCESS only for a transmission this emulator made, with its own time and
     * signature, for this webhook id, carrying the very event it sent.
     */
    async verify(input: Record<string, unknown>): Promise<'SUCCESS' | 'FAILURE'> {
      const id = typeof input.transmission_id === 'string' ? input.transmission_id : '';
      if (!/^[0-9a-f-]{36}$/.test(id) || input.webhook_id !== opts.webhookId || input.auth_algo !== AUTH_ALGO) return 'FAILURE';
      const sent = await store.get<TTransmission>('transmission', id);
      if (!sent || input.transmission_time !== sent.time || typeof input.transmission_sig !== 'string') return 'FAILURE';
      const body = canonical(input.webhook_event ?? null);
      const expected = Buffer.from(sign(id, sent.time, body));
      const given = Buffer.from(input.transmission_sig);
      const sigOk = expected.length === given.length && timingSafeEqual(expected, given);
      return sigOk && sha256(body) === sent.bodySha256 ? 'SUCCESS' : 'FAILURE';
    },

    /** Drops the retries still waiting and lets the deliveries under way finish (the app is closing). */
    close: background.close,
  };
}
export type TWebhooks = ReturnType<typeof createWebhooks>;
