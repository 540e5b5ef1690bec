import { createHash, createPublicKey } from 'node:crypto';
import {
  pushCategoryOf,
  readWebPushSubscription,
  type TNotificationCategory,
  type TWebPushMessage,
  type TWebPushSubscription,
  WEB_PUSH_MSG,
  webPushMessageOf,
} from '@virality/domain';
import type { FastifyBaseLogger } from 'fastify';
import type webPush from 'web-push';
import { badRequest } from '../../errors';
import { errorForLog } from '../../lib/scrub';
import type { TEnqueue } from '../../lib/unit-of-work';
import type { TNotificationChannel } from '../../module-types';
import type { TNotificationsService } from '../notifications/service';
import { endpointIssue, PrivateEndpointError, postToPushService, sandboxPushPrefix, type TPushAnswer } from './endpoint';
import type { TVapidKeys } from './vapid';

export const WEB_PUSH_QUEUE = 'web-push';

/** How long a push service keeps a push for a device that is offline (a day: older news is no news). */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** Tries of one push to one subscription (the first and five more). */
export const PUSH_ATTEMPTS = 6;
/** The wait before the next try: 30 s, doubling, at most an hour; a longer Retry-After is honoured. */
export const pushBackoffSeconds = (attempt: number) => Math.min(30 * 2 ** (attempt - 1), 3600);
/** A push service's answer is awaited this long. */
const SEND_TIMEOUT_MS = 10_000;
/** The newest web subscriptions of a user that get a push (one per browser; older ones are usually gone). */
export const SUBSCRIPTIONS_PER_USER = 10;

/** One push of one notification to one subscription (a job). */
export type TPushJob = {
  notificationId: string;
  userId: string;
  /** The subscription, by its endpoint (its row may be registered again meanwhile: the endpoint stays). */
  endpoint: string;
  category: TNotificationCategory;
  message: TWebPushMessage;
  attempt: number;
};

/** What became of one try. */
export type TPushOutcome = 'sent' | 'skipped' | 'dropped' | 'retry' | 'gave_up' | 'refused';

/** Whether a p256dh key (65 bytes, base64url) is a point of the P-256 curve: a push could not be encrypted for another. */
function onCurve(p256dh: string): boolean {
  const raw = Buffer.from(p256dh, 'base64url');
  try {
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/** A subscription's key for its jobs: one waiting and one running per (notification, subscription). */
const keyOf = (notificationId: string, endpoint: string) =>
  `${notificationId}:${createHash('sha256').update(endpoint).digest('base64url').slice(0, 22)}`;

/** A send that got no answer, named for the log (its code or kind, never its message). */
const whyFailed = (err: unknown): string => {
  const e = errorForLog(err);
  const cause = e.cause as { code?: unknown } | undefined;
  return String(e.code ?? cause?.code ?? e.type);
};

/** Retry-After in seconds (a number of seconds or an HTTP date), or null. */
export function retryAfterSeconds(value: string | null, nowMs: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/**
 * Web Push: a notification written for a user is queued as one job per web subscription of theirs (in the writer's
 * unit of work, when their switches allow its kind), and each job encrypts it (web-push, aes128gcm, VAPID) and
 * POSTs it to the browser's push service. 201: done. 404/410: the subscription has ended and is removed. 429, 5xx,
 * no answer: tried again later (a new job at the backoff or at Retry-After), PUSH_ATTEMPTS times in all, then
 * given up. Any other answer is logged and not tried again.
 */
export function createPushService(deps: {
  notifications: TNotificationsService;
  enqueue: TEnqueue;
  vapid: TVapidKeys;
  subject: string;
  sandbox: boolean;
  publicUrl: string;
  /** How the sandbox's own push service is reached (tests route it in-process). */
  fetch: typeof fetch;
  nowMs: () => number;
  log: FastifyBaseLogger;
}) {
  const { notifications, enqueue, vapid, log } = deps;
  const where = { sandbox: deps.sandbox, publicUrl: deps.publicUrl };
  const standIn = sandboxPushPrefix(deps.publicUrl);

  /** The subscription a web token holds, when it can be sent to. */
  const usable = (token: string): TWebPushSubscription | null => {
    const read = readWebPushSubscription(token);
    if ('issue' in read || endpointIssue(read.subscription.endpoint, where)) return null;
    return read.subscription;
  };

  async function post(sub: TWebPushSubscription, details: webPush.RequestDetails & { body: Buffer }): Promise<TPushAnswer> {
    const headers = details.headers as Record<string, string | number>;
    if (deps.sandbox && sub.endpoint.startsWith(standIn)) {
      const res = await deps.fetch(sub.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
        body: new Uint8Array(details.body),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      return { status: res.status, retryAfter: res.headers.get('retry-after') };
    }
    return postToPushService(sub.endpoint, headers, details.body, SEND_TIMEOUT_MS);
  }

  /** Sends the job's try again later, or gives up when the tries are spent (or the push would be stale by then). */
  async function later(job: TPushJob, host: string, why: string, retryAfter: number | null): Promise<TPushOutcome> {
    const wait = Math.max(pushBackoffSeconds(job.attempt), retryAfter ?? 0);
    if (job.attempt >= PUSH_ATTEMPTS || wait >= PUSH_TTL_SECONDS) {
      log.warn({ notificationId: job.notificationId, host, why, attempts: job.attempt }, 'web push given up');
      return 'gave_up';
    }
    await enqueue(
      WEB_PUSH_QUEUE,
      { ...job, attempt: job.attempt + 1 },
      {
        startAfter: wait,
        singletonKey: keyOf(job.notificationId, job.endpoint),
      },
    );
    log.info({ notificationId: job.notificationId, host, why, attempt: job.attempt, waitSeconds: wait }, 'web push to try again');
    return 'retry';
  }

  const channel: TNotificationChannel = {
    deviceType: 'web',
    async checkToken(token) {
      const read = readWebPushSubscription(token);
      if ('issue' in read) throw badRequest(read.issue, { errors: { deviceToken: read.issue } });
      const issue =
        endpointIssue(read.subscription.endpoint, where) ??
        (onCurve(read.subscription.keys.p256dh) ? null : WEB_PUSH_MSG.keysInvalid);
      if (issue) throw badRequest(issue, { errors: { deviceToken: issue } });
      return JSON.stringify(read.subscription);
    },
    async deliver(n) {
      const tokens = await notifications.deviceTokens(n.userId, 'web');
      if (tokens.length === 0) return;
      const category = pushCategoryOf(n.type);
      if (!(await notifications.allows(n.userId, category))) return;
      const message = webPushMessageOf(n);
      const seen = new Set<string>();
      for (const token of tokens) {
        const sub = usable(token);
        if (!sub) {
          // kept from before its endpoint's range was refused (the rules only tighten): never sent to, so removed
          await notifications.removeDeviceTokens(n.userId, 'web', token);
          log.info({ notificationId: n.id }, 'web push subscription removed: its endpoint is refused');
          continue;
        }
        if (seen.has(sub.endpoint)) continue;
        seen.add(sub.endpoint);
        if (seen.size > SUBSCRIPTIONS_PER_USER) break;
        const job: TPushJob = { notificationId: n.id, userId: n.userId, endpoint: sub.endpoint, category, message, attempt: 1 };
        await enqueue(WEB_PUSH_QUEUE, job, { singletonKey: keyOf(n.id, sub.endpoint) });
      }
    },
  };

  return {
    /** The key browsers subscribe with (applicationServerKey). */
    publicKey: vapid.publicKey,
    channel,
    /** One try of one push to one subscription (the job's handler). */
    async send(job: TPushJob): Promise<TPushOutcome> {
      // the switches and the subscription are read again: either may have changed since the push was queued
      if (!(await notifications.allows(job.userId, job.category))) return 'skipped';
      const tokens = await notifications.deviceTokens(job.userId, 'web');
      const token = tokens.find((t) => usable(t)?.endpoint === job.endpoint);
      const sub = token ? usable(token) : null;
      if (!token || !sub) return 'skipped';
      const host = new URL(sub.endpoint).host;
      // web-push is loaded on the first push sent: a server nobody subscribed to never carries it
      const { default: webPushLib } = await import('web-push');
      let details: webPush.RequestDetails & { body: Buffer };
      try {
        details = webPushLib.generateRequestDetails(sub, JSON.stringify(job.message), {
          vapidDetails: { subject: deps.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: PUSH_TTL_SECONDS,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
        }) as webPush.RequestDetails & { body: Buffer };
      } catch (err) {
        // only a subscription's keys can make the encryption fail (they were checked when it was registered)
        await notifications.removeDeviceTokens(job.userId, 'web', token);
        log.warn(
          { notificationId: job.notificationId, host, err: errorForLog(err) },
          'web push subscription dropped: cannot encrypt for it',
        );
        return 'dropped';
      }
      let answer: TPushAnswer;
      try {
        answer = await post(sub, details);
      } catch (err) {
        if (err instanceof PrivateEndpointError) {
          await notifications.removeDeviceTokens(job.userId, 'web', token);
          log.warn({ notificationId: job.notificationId, host }, 'web push subscription dropped: its endpoint is not public');
          return 'dropped';
        }
        return later(job, host, whyFailed(err), null);
      }
      const { status } = answer;
      if (status >= 200 && status < 300) return 'sent';
      if (status === 404 || status === 410) {
        await notifications.removeDeviceTokens(job.userId, 'web', token);
        log.info({ notificationId: job.notificationId, host, status }, 'web push subscription ended: removed');
        return 'dropped';
      }
      if (status === 429 || status >= 500)
        return later(job, host, `status ${status}`, retryAfterSeconds(answer.retryAfter, deps.nowMs()));
      log.warn({ notificationId: job.notificationId, host, status }, 'web push refused');
      return 'refused';
    },
  };
}
export type TPushService = ReturnType<typeof createPushService>;
