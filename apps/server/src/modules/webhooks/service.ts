import { createHmac, randomBytes } from 'node:crypto';
import {
  mayManageApiKeys,
  type TWebhook,
  type TWebhookCreate,
  type TWebhookCreated,
  type TWebhookDelivery,
  type TWebhookEvent,
  WEBHOOK_ATTEMPTS_MAX,
  WEBHOOK_MSG,
  WEBHOOK_RETRY_MINUTES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOKS_MAX,
} from '@virality/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { badRequest, forbidden, notFound } from '../../errors';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { newId } from '../../lib/ids';
import type { TMetrics } from '../../lib/metrics';
import { outboundRequest, publicUrlIssue } from '../../lib/outbound';
import { errorForLog } from '../../lib/scrub';
import type { TEnqueue, TUnitOfWork } from '../../lib/unit-of-work';
import type { TVault } from '../../lib/vault';
import type { TAuthContext } from '../auth/service';
import type { TWebhookDeliveryRow, TWebhookEventRow, TWebhookRow, TWebhooksRepository } from './repository';

export const WEBHOOK_DELIVER_QUEUE = 'webhook-deliver';
export type TWebhookDeliverJob = { deliveryId: string };

/** An attempt holds its delivery this long (the send's timeout and a margin). */
const LEASE_MS = 60_000;
/** The endpoint must answer within this. */
const SEND_TIMEOUT_MS = 10_000;
/** The start of an answer kept in the log. */
const ANSWER_KEPT = 1_000;
/** A list's page of deliveries. */
const DELIVERIES_PAGE = 20;
/** Delivered and failed events are kept this long for the log. */
export const WEBHOOK_EVENTS_KEPT_DAYS = 30;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: Stripe's scheme, so existing verifiers fit. */
export function webhookSignature(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

const shown = (row: TWebhookRow): TWebhook => ({
  id: row.id,
  url: row.url,
  events: row.events as TWebhookEvent[],
  createdAt: row.createdAt.toISOString(),
});

const deliveryShown = (d: TWebhookDeliveryRow, e: TWebhookEventRow): TWebhookDelivery => ({
  id: d.id,
  eventId: d.eventId,
  type: e.type as TWebhookEvent,
  createdAt: d.createdAt.toISOString(),
  state: d.state as TWebhookDelivery['state'],
  attempts: d.attempts,
  nextAttemptAt: d.state === 'pending' ? (d.nextAttemptAt?.toISOString() ?? null) : null,
  lastAttemptAt: d.lastAttemptAt?.toISOString() ?? null,
  lastStatus: d.lastStatus,
  lastResponse: d.lastResponse,
  lastError: d.lastError,
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
  payload: e.payload,
});

/**
 * Webhooks: an organization's owner adds endpoints (https, public; the sandbox also takes http://127.0.0.1) for
 * the events it wants. `emit` writes an event and its deliveries in the unit of work of the change that causes
 * it (the outbox: a change that rolls back sends nothing, one that commits always has its event), with a job per
 * delivery in the same unit. The job sends the event signed, under a lease; an answer 2xx delivers it, anything
 * else is tried again after a wait (a minute, then up to a day), then marked failed. A process killed mid-send
 * lets its lease lapse and the job's retry sends again: a receiver may get an event twice and keeps its id.
 */
export function createWebhooksService(deps: {
  repo: TWebhooksRepository;
  unitOfWork: TUnitOfWork;
  enqueue: TEnqueue;
  clock: Clock;
  vault: TVault;
  /** The sandbox's receivers: http://127.0.0.1 is taken too. */
  loopbackHttp: boolean;
  log: FastifyBaseLogger;
  metrics?: Pick<TMetrics, 'webhookAttempted'>;
}) {
  const { repo, unitOfWork, enqueue, clock, vault, log } = deps;

  function assertOwner(a: TAuthContext) {
    if (!mayManageApiKeys(a.role)) throw forbidden(WEBHOOK_MSG.notForManagers);
  }

  const schedule = (deliveryId: string, at: Date | null) =>
    enqueue(WEBHOOK_DELIVER_QUEUE, { deliveryId } satisfies TWebhookDeliverJob, at ? { startAfter: at } : {});

  async function ownDelivery(a: TAuthContext, webhookId: string, deliveryId: string) {
    const hook = await repo.findLive(a.user.orgId, webhookId);
    const d = hook ? await repo.findDelivery(deliveryId) : null;
    if (!d || d.webhookId !== webhookId) throw notFound(WEBHOOK_MSG.deliveryNotFound);
    return d;
  }

  /** One attempt's answer, as the log keeps it. */
  async function send(url: string, headers: Record<string, string>, body: string) {
    try {
      const answer = await outboundRequest(url, {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        body,
        timeoutMs: SEND_TIMEOUT_MS,
        loopbackHttp: deps.loopbackHttp,
      });
      let text = '';
      for await (const chunk of answer.body) {
        text += (chunk as Buffer).toString('utf8');
        if (text.length >= ANSWER_KEPT) {
          answer.body.destroy();
          break;
        }
      }
      return { status: answer.status, response: text.slice(0, ANSWER_KEPT), error: null };
    } catch (err) {
      return { status: null, response: null, error: (err as Error).message.slice(0, 300) || 'No answer' };
    }
  }

  async function emitMany(
    who: { orgId: string } | { userId: string },
    type: TWebhookEvent,
    events: readonly Record<string, unknown>[],
  ): Promise<void> {
    if (events.length === 0) return;
    await unitOfWork(async () => {
      const hooks = await repo.listening(who, type);
      if (hooks.length === 0) return;
      const now = clock.now();
      for (const data of events) {
        const id = `evt_${newId()}`;
        await repo.insertEvent({
          id,
          orgId: hooks[0].orgId,
          type,
          payload: { id, type, createdAt: now.toISOString(), data },
          createdAt: now,
        });
        const rows = hooks.map((h) => ({
          id: `whd_${newId()}`,
          eventId: id,
          webhookId: h.id,
          state: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          createdAt: now,
        }));
        await repo.insertDeliveries(rows);
        for (const r of rows) await schedule(r.id, null);
      }
    });
  }

  return {
    async create(a: TAuthContext, input: TWebhookCreate): Promise<TWebhookCreated> {
      assertOwner(a);
      const issue = publicUrlIssue(input.url, { loopbackHttp: deps.loopbackHttp });
      if (issue) throw badRequest(issue === 'protocol' ? WEBHOOK_MSG.urlInvalid : WEBHOOK_MSG.urlPrivate);
      const id = `wh_${newId()}`;
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      const row = await unitOfWork(async () => {
        await repo.lockOrg(a.user.orgId);
        if ((await repo.countLive(a.user.orgId)) >= WEBHOOKS_MAX) throw badRequest(WEBHOOK_MSG.tooMany);
        return repo.insert({
          id,
          orgId: a.user.orgId,
          createdBy: a.userId,
          url: input.url,
          events: input.events,
          secretSealed: vault.seal(secret, id),
          createdAt: clock.now(),
        });
      });
      return { ...shown(row), secret };
    },

    /** A live webhook's signing secret (the public API answers it again to a repeat of the POST that made it). */
    async secretOf(a: TAuthContext, id: string): Promise<string> {
      assertOwner(a);
      const hook = await repo.findLive(a.user.orgId, id);
      if (!hook?.secretSealed) throw notFound(WEBHOOK_MSG.notFound);
      return vault.open(hook.secretSealed, hook.id);
    },

    async list(a: TAuthContext): Promise<TWebhook[]> {
      assertOwner(a);
      return (await repo.listLive(a.user.orgId)).map(shown);
    },

    async remove(a: TAuthContext, id: string): Promise<void> {
      assertOwner(a);
      if (!(await repo.remove(a.user.orgId, id, clock.now()))) throw notFound(WEBHOOK_MSG.notFound);
    },

    /** A webhook's delivery log, newest first, a page at a time. */
    async deliveries(
      a: TAuthContext,
      webhookId: string,
      q: { cursor?: string; limit?: number },
    ): Promise<{ data: TWebhookDelivery[]; nextCursor: string | null }> {
      assertOwner(a);
      if (!(await repo.findLive(a.user.orgId, webhookId))) throw notFound(WEBHOOK_MSG.notFound);
      const limit = q.limit ?? DELIVERIES_PAGE;
      const rows = await repo.deliveriesOf(webhookId, {
        after: decodeCursor(q.cursor, WEBHOOK_MSG.cursorInvalid),
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        data: page.map((r) => deliveryShown(r.d, r.e)),
        nextCursor: rows.length > limit && last ? encodeCursor(last.d.createdAt, last.d.id) : null,
      };
    },

    /** Sends a delivery again now, with a fresh round of attempts (whatever its state). */
    async redeliver(a: TAuthContext, webhookId: string, deliveryId: string): Promise<TWebhookDelivery> {
      assertOwner(a);
      await ownDelivery(a, webhookId, deliveryId);
      await unitOfWork(async () => {
        await repo.reopen(deliveryId, clock.now());
        await schedule(deliveryId, null);
      });
      const d = (await repo.findDelivery(deliveryId))!;
      return deliveryShown(d, (await repo.findEvent(d.eventId))!);
    },

    /**
     * Writes an event for the organization (given, or the user's) and a delivery to each of its webhooks listening
     * for it, in the caller's unit of work (or a unit of its own): nothing when none listens.
     */
    emit(who: { orgId: string } | { userId: string }, type: TWebhookEvent, data: Record<string, unknown>): Promise<void> {
      return emitMany(who, type, [data]);
    },
    /** As emit, for many events of one type at once (the webhooks listening are read once). */
    emitMany,

    /**
     * The delivery job: one attempt under a lease. A job for a delivery no longer pending, or not yet due (a
     * redelivery moved it), does nothing; one held by a live attempt comes back when its lease ends.
     */
    async deliver(job: TWebhookDeliverJob): Promise<'idle' | 'early' | 'held' | 'delivered' | 'retry' | 'failed'> {
      const now = clock.now();
      const current = await repo.findDelivery(job.deliveryId);
      if (current?.state !== 'pending') return 'idle';
      if (current.nextAttemptAt && current.nextAttemptAt.getTime() > now.getTime() + 1_000) return 'early';
      const leaseUntil = new Date(now.getTime() + LEASE_MS);
      const d = await repo.lease(job.deliveryId, now, leaseUntil);
      if (!d) {
        if (current.leaseUntil) await schedule(job.deliveryId, new Date(current.leaseUntil.getTime() + 1_000));
        return 'held';
      }
      const [hook, event] = await Promise.all([repo.findById(d.webhookId), repo.findEvent(d.eventId)]);
      let answer: { status: number | null; response: string | null; error: string | null };
      if (!hook || hook.deletedAt || !hook.secretSealed || !event) {
        answer = { status: null, response: null, error: WEBHOOK_MSG.webhookDeleted };
      } else {
        const body = JSON.stringify(event.payload);
        // the signature's time is the real one (a receiver compares it with its own clock)
        const signature = webhookSignature(vault.open(hook.secretSealed, hook.id), Math.floor(Date.now() / 1000), body);
        answer = await send(
          hook.url,
          {
            'content-type': 'application/json',
            'user-agent': 'Virality-Webhooks/1.0',
            [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signature,
            'virality-event-id': event.id,
            'virality-event-type': event.type,
          },
          body,
        );
      }
      const at = clock.now();
      const attempts = d.attempts + 1;
      const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
      const gone = answer.error === WEBHOOK_MSG.webhookDeleted;
      const over = !ok && (gone || attempts >= WEBHOOK_ATTEMPTS_MAX);
      const nextAt = ok || over ? null : new Date(at.getTime() + WEBHOOK_RETRY_MINUTES[attempts - 1] * 60_000);
      const written = await unitOfWork(async () => {
        const row = await repo.finish(d.id, leaseUntil, {
          state: ok ? 'delivered' : over ? 'failed' : 'pending',
          attempts,
          nextAttemptAt: nextAt,
          lastAttemptAt: at,
          lastStatus: answer.status,
          lastResponse: answer.response,
          lastError: answer.error,
          deliveredAt: ok ? at : null,
        });
        if (row && nextAt) await schedule(d.id, nextAt);
        return row;
      });
      if (!written) return 'idle';
      deps.metrics?.webhookAttempted(ok ? 'delivered' : over ? 'failed' : 'retry');
      if (!ok)
        log.info(
          {
            deliveryId: d.id,
            status: answer.status,
            attempts,
            err: answer.error ? errorForLog(new Error(answer.error)) : undefined,
          },
          'webhook delivery not accepted',
        );
      return ok ? 'delivered' : over ? 'failed' : 'retry';
    },

    /**
     * The safety net: a pending delivery whose time passed a while ago with no attempt running (its job lost to
     * crashes beyond the queue's retries) is sent a job again. Events over WEBHOOK_EVENTS_KEPT_DAYS, all their
     * deliveries over, are removed.
     */
    async sweep(): Promise<{ requeued: number; removed: number }> {
      const now = clock.now();
      const stale = await repo.stalePending(new Date(now.getTime() - 5 * 60_000), now);
      for (const id of stale) await schedule(id, null);
      const removed = await repo.sweep(new Date(now.getTime() - WEBHOOK_EVENTS_KEPT_DAYS * 86_400_000));
      return { requeued: stale.length, removed };
    },
  };
}
export type TWebhooksService = ReturnType<typeof createWebhooksService>;
