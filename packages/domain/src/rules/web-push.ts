import { ACTIVITY_TYPES, type TActivityType } from '../contracts/activity';
import type { TNotificationCategory } from './notification-settings';

/** A browser's Web Push subscription, as `PushSubscription.toJSON()` gives it (keys in base64url). */
export type TWebPushSubscription = {
  endpoint: string;
  expirationTime: number | null;
  keys: { p256dh: string; auth: string };
};

/** What a push carries: small (a push service takes about 4 kB), read by the service worker. */
export type TWebPushMessage = { title: string; body: string; url: string; tag: string };

export const WEB_PUSH_MSG = {
  notJson: 'deviceToken must be the push subscription as JSON',
  endpointInvalid: "The push subscription's endpoint must be an https: address",
  endpointPrivate: "The push subscription's endpoint must be a public push service",
  keysInvalid: "The push subscription's keys are not valid (p256dh: a P-256 public key, auth: at least 16 bytes, base64url)",
  expirationInvalid: "The push subscription's expirationTime must be a number or null",
  // the web app's prompt
  turnedOn: 'Notifications are on: you will be told here when your posts go out',
  blocked: 'Notifications are blocked for Virality in this browser. Allow them in the site settings to turn them on',
  failed: 'Notifications could not be turned on. Please try again later',
} as const;

/** The longest endpoint taken (the push services' own are under 600 characters). */
export const WEB_PUSH_ENDPOINT_MAX = 2048;

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The bytes of a base64url text (padding allowed), or null when it is not base64url. */
export function base64UrlBytes(text: string): Uint8Array | null {
  if (!B64URL.test(text)) return null;
  const clean = text.replace(/=+$/, '');
  if (clean.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const ch of clean) {
    value = (value << 6) | ALPHABET.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

/**
 * Reads a device token of type 'web': the subscription JSON with an endpoint URL and keys of the right sizes
 * (p256dh an uncompressed P-256 point, 65 bytes starting with 4; auth at least 16 bytes). Where the endpoint
 * may point (https, a public address) is the server's check. Answers the subscription, or the reason it is refused.
 */
export function readWebPushSubscription(token: string): { subscription: TWebPushSubscription } | { issue: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(token);
  } catch {
    return { issue: WEB_PUSH_MSG.notJson };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { issue: WEB_PUSH_MSG.notJson };
  const { endpoint, expirationTime, keys } = raw as Record<string, unknown>;
  if (typeof endpoint !== 'string' || endpoint.length > WEB_PUSH_ENDPOINT_MAX || !URL.canParse(endpoint))
    return { issue: WEB_PUSH_MSG.endpointInvalid };
  const url = new URL(endpoint);
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    return { issue: WEB_PUSH_MSG.endpointInvalid };
  if (expirationTime !== undefined && expirationTime !== null && !(typeof expirationTime === 'number' && expirationTime >= 0))
    return { issue: WEB_PUSH_MSG.expirationInvalid };
  if (!keys || typeof keys !== 'object') return { issue: WEB_PUSH_MSG.keysInvalid };
  const { p256dh, auth } = keys as Record<string, unknown>;
  const point = typeof p256dh === 'string' ? base64UrlBytes(p256dh) : null;
  const secret = typeof auth === 'string' ? base64UrlBytes(auth) : null;
  const pointOk = point?.length === 65 && point[0] === 4;
  if (!pointOk || !secret || secret.length < 16 || secret.length > 64) return { issue: WEB_PUSH_MSG.keysInvalid };
  return {
    subscription: {
      endpoint: url.href,
      expirationTime: typeof expirationTime === 'number' ? expirationTime : null,
      keys: { p256dh: (p256dh as string).replace(/=+$/, ''), auth: (auth as string).replace(/=+$/, '') },
    },
  };
}

/**
 * Which notification switch a push of each kind answers to. What is about the user's own posts, accounts, plan and
 * points is 'Social media' (on by default); nothing the product sends today is an offer or an advertisement. A kind
 * not listed here is taken for an offer ('Promotional', off by default): nothing is pushed without consent.
 */
const CATEGORY_OF: Record<TActivityType, TNotificationCategory> = {
  POST_NOTIFICATION: 'socialMedia',
  ACCOUNT_RECONNECT: 'socialMedia',
  DRAFT_REVIEW: 'socialMedia',
  DRAFT_APPROVED: 'socialMedia',
  DRAFT_SENT_BACK: 'socialMedia',
  PLAN_PAID: 'socialMedia',
  PLAN_RENEWED: 'socialMedia',
  PLAN_ENDING: 'socialMedia',
  PLAN_ENDED: 'socialMedia',
  POINTS_EARNED: 'socialMedia',
  LEVEL_REACHED: 'socialMedia',
  CAMPAIGN_TAGGED: 'socialMedia',
  CAMPAIGN_ANSWERED: 'socialMedia',
  CAMPAIGN_ENDED: 'socialMedia',
  PAYMENT_RECEIVED: 'socialMedia',
  PAYMENT_SENT: 'socialMedia',
  PAYOUT_COMPLETED: 'socialMedia',
  PAYOUT_RETURNED: 'socialMedia',
};

const isActivityType = (type: string): type is TActivityType => (ACTIVITY_TYPES as readonly string[]).includes(type);

export function pushCategoryOf(type: string): TNotificationCategory {
  return isActivityType(type) ? CATEGORY_OF[type] : 'promotional';
}

/** Where a click on a push opens: the post it is about, the page that answers it, or the notifications list. */
export function pushUrlOf(type: string, payload: unknown): string {
  const id = payload && typeof payload === 'object' ? (payload as { payloadId?: unknown }).payloadId : undefined;
  const postId = typeof id === 'string' && /^[\w-]{1,64}$/.test(id) ? id : null;
  switch (type) {
    case 'POST_NOTIFICATION':
      return postId ? `/postoverview/${postId}` : '/notifications';
    case 'DRAFT_REVIEW':
    case 'DRAFT_SENT_BACK':
      return '/postdraft';
    case 'DRAFT_APPROVED':
      return postId ? `/postoverview/${postId}` : '/notifications';
    case 'ACCOUNT_RECONNECT':
      return '/addsocialmedia';
    case 'CAMPAIGN_TAGGED':
    case 'CAMPAIGN_ANSWERED':
    case 'CAMPAIGN_ENDED':
    case 'PAYMENT_SENT':
      return postId ? `/campaign/${postId}` : '/notifications';
    case 'PAYMENT_RECEIVED':
    case 'PAYOUT_COMPLETED':
    case 'PAYOUT_RETURNED':
      return '/transactions';
    default:
      return '/notifications';
  }
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * The push of a notification: its title and description (cut to fit a push's 4 kB after encryption), where a click
 * opens, and a tag (a later push about the same post replaces the earlier one on the device).
 */
export function webPushMessageOf(n: {
  id: string;
  type: string;
  title: string;
  description: string | null;
  payload: unknown;
}): TWebPushMessage {
  const url = pushUrlOf(n.type, n.payload);
  const about = url.startsWith('/postoverview/') ? url.slice('/postoverview/'.length) : null;
  return {
    title: clip(n.title, 120),
    body: clip(n.description ?? '', 600),
    url,
    tag: about ? `post-${about}` : `n-${n.id}`,
  };
}
