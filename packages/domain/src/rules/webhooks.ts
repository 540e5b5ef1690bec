import { z } from 'zod';

/**
 * Webhooks: an organization's own HTTPS endpoints told of what happens to its posts, campaigns and money. Each
 * event is written with the change that causes it and delivered until the endpoint answers 2xx (a minute, then
 * longer waits up to a day; then it is marked failed). A delivery may come more than once (a lost answer is
 * retried): receivers keep the event ids they have handled. Each delivery is signed with the webhook's secret.
 */

export const WEBHOOK_EVENTS = [
  'post.published',
  'post.failed',
  'post.needs_check',
  'post.deleted',
  'campaign.tagged',
  'campaign.responded',
  'payment.completed',
  'payout.completed',
  'payout.failed',
] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What each event means, for the page and the docs. */
export const WEBHOOK_EVENT_TEXT: Record<TWebhookEvent, string> = {
  'post.published': 'A post went out on one account',
  'post.failed': 'A post could not go out on one account',
  'post.needs_check': 'A post’s result on one account is unknown: check the network',
  'post.deleted': 'A draft or a scheduled post was deleted',
  'campaign.tagged': 'An influencer was tagged in a campaign',
  'campaign.responded': 'A tagged influencer accepted or declined',
  'payment.completed': 'A payment went through',
  'payout.completed': 'A payout reached the wallet’s PayPal account',
  'payout.failed': 'A payout failed and its amount went back to the wallet',
};

/** At most this many webhooks per organization. */
export const WEBHOOKS_MAX = 10;
export const WEBHOOK_URL_MAX = 2048;

/**
 * After a failed attempt, the wait before the next (minutes): from a minute up to a day. Once every wait is used
 * and the last attempt failed too, the delivery is marked failed (it can still be sent again by hand).
 */
export const WEBHOOK_RETRY_MINUTES = [1, 5, 30, 120, 360, 720, 1440] as const;
export const WEBHOOK_ATTEMPTS_MAX = WEBHOOK_RETRY_MINUTES.length + 1;

/** The header a delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Virality-Signature';
/** A receiver refuses a delivery signed longer ago than this (a replayed capture). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type TWebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WEBHOOK_MSG = {
  created: 'Webhook added: copy its signing secret now',
  listed: 'Webhooks',
  deleted: 'Webhook deleted',
  redelivered: 'Sent again',
  urlInvalid: 'The address must be an https: URL',
  urlPrivate: 'The address must be a public server (not this machine or a private network)',
  urlTooLong: `The address can be at most ${WEBHOOK_URL_MAX} characters`,
  eventsRequired: 'Choose at least one event',
  eventUnknown: `Each event must be one of: ${WEBHOOK_EVENTS.join(', ')}`,
  tooMany: `You can have at most ${WEBHOOKS_MAX} webhooks: delete one first`,
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  cursorInvalid: 'This cursor is not valid: send the nextCursor of the previous page as it came',
  notForManagers: 'Only the account owner can manage webhooks',
  webhookDeleted: 'The webhook was deleted',
} as const;

/** POST /api/v1/webhooks and POST /api/webhooks: where to send, and which events. */
export const zWebhookCreate = z.strictObject({
  url: z
    .string({ error: WEBHOOK_MSG.urlInvalid })
    .trim()
    .max(WEBHOOK_URL_MAX, WEBHOOK_MSG.urlTooLong)
    .url(WEBHOOK_MSG.urlInvalid),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MSG.eventUnknown }), { error: WEBHOOK_MSG.eventsRequired })
    .min(1, WEBHOOK_MSG.eventsRequired)
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
});
export type TWebhookCreate = z.infer<typeof zWebhookCreate>;

/** A webhook as listed (its secret is shown once, when it is made). */
export const zWebhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
});
export type TWebhook = z.infer<typeof zWebhook>;

/** A webhook just made, with its signing secret (shown this once). */
export const zWebhookCreated = zWebhook.extend({ secret: z.string() });
export type TWebhookCreated = z.infer<typeof zWebhookCreated>;

/** One event's delivery to one webhook, with its last answer. */
export const zWebhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  createdAt: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** The endpoint's HTTP status at the last attempt (null: no answer). */
  lastStatus: z.number().int().nullable(),
  /** The start of the endpoint's answer at the last attempt (at most 1,000 characters). */
  lastResponse: z.string().nullable(),
  /** Why the last attempt got no answer (a timeout, a refused connection). */
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** The delivery's body, as sent. */
  payload: z.record(z.string(), z.unknown()),
});
export type TWebhookDelivery = z.infer<typeof zWebhookDelivery>;

/** The state of a delivery in the page's words, with the badge's tone. */
export function deliveryLook(d: Pick<TWebhookDelivery, 'state' | 'attempts' | 'lastStatus'>): {
  label: string;
  tone: 'success' | 'waiting' | 'failed';
} {
  if (d.state === 'delivered') return { label: 'Delivered', tone: 'success' };
  if (d.state === 'failed') return { label: 'Failed', tone: 'failed' };
  return { label: d.attempts === 0 ? 'Sending' : 'Retrying', tone: 'waiting' };
}

/** A page of a webhook's deliveries, newest first. */
export const zWebhookDeliveryPage = z.object({ data: z.array(zWebhookDelivery), nextCursor: z.string().nullable() });

/** The app's calls for the webhooks beside the API keys (the envelope's `response`). */
export const WEBHOOK_RESPONSES = {
  'POST /webhooks': zWebhookCreated,
  'GET /webhooks': z.array(zWebhook),
  'DELETE /webhooks/:id': z.null(),
  'GET /webhooks/:id/deliveries': zWebhookDeliveryPage,
  'POST /webhooks/:id/deliveries/:deliveryId/redeliver': zWebhookDelivery,
} as const;
