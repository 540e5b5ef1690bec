import { POST_MSG, pointsFor, SOCIAL_MSG, socialNetwork, type TPostType } from '@virality/domain';
import type { Clock } from '../../clock';
import type { TPostMedia } from '../../db/schema';
import { NetworkError, type TPublishRequest, type TPublishState, type TRecentPost } from '../../integrations/networks/types';
import { newId } from '../../lib/ids';
import type { TEnqueue, TUnitOfWork } from '../../lib/unit-of-work';
import type { TNotificationsService } from '../notifications/service';
import type { TSocialAccountsService } from '../social-accounts/service';
import { FINAL_STATES, type TPostRow, type TPostsRepository, type TTargetRow } from './repository';
import { resultOf } from './results';

/** The queue of publishing: one job per (post, account) target, keyed by the target (stately: never two waiting). */
export const PUBLISH_QUEUE = 'publish-target';
/** The sweep that sends a job again for any target left behind (a lost job, an attempt whose process died). */
export const PUBLISH_SWEEP_QUEUE = 'publish-sweep';

/** How many times a passing failure (timeout, 5xx, rate limit) is tried before the target is failed. */
export const MAX_ATTEMPTS = 6;
const RETRY_BASE_SECONDS = 30;
const RETRY_MAX_SECONDS = 15 * 60;
/** A rate limit that lifts later than this is not waited for. */
const RATE_LIMIT_MAX_WAIT_MS = 24 * 3600_000;

export type TPublishJob = { targetId: string };

/** What one run of a target's job did (for tests and logs). */
export type TRunOutcome =
  | 'skipped'
  | 'published'
  | 'reconciled'
  | 'processing'
  | 'retry'
  | 'failed'
  | 'needs_reconnect'
  | 'canceled';

const isFinal = (state: string) => (FINAL_STATES as readonly string[]).includes(state);

/** Backoff before try number `attempt` + 1: 30 s, 1 min, 2 min, … at most 15 min. */
export const retryDelaySeconds = (attempt: number): number =>
  Math.min(RETRY_BASE_SECONDS * 2 ** Math.max(0, attempt - 1), RETRY_MAX_SECONDS);

/** The text a post carries on the networks: its caption, with its hashtags the caption does not already hold. */
export function postText(post: Pick<TPostRow, 'caption' | 'hashtags'>): string {
  const missing = post.hashtags
    .map((h) => (h.startsWith('#') ? h : `#${h}`))
    .filter((h) => !post.caption.toLowerCase().includes(h.toLowerCase()));
  return missing.length ? `${post.caption}\n\n${missing.join(' ')}`.trim() : post.caption;
}

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Whether a post found on the account is the one an interrupted attempt sent: the same text (networks may
 * shorten or rewrite links, so the first 100 characters) published since shortly before the attempt began.
 */
export function sameAsSent(found: TRecentPost, text: string, since: Date): boolean {
  const a = normalized(found.text).slice(0, 100);
  const b = normalized(text).slice(0, 100);
  return a.length > 0 && a === b && found.createdAt.getTime() >= since.getTime() - 5 * 60_000;
}

const mediaOf = (m: TPostMedia): TPublishRequest['media'][number] => ({
  url: m.url,
  type: m.kind,
  mimeType: m.mimeType,
  bytes: m.bytes,
  width: m.width,
  height: m.height,
  durationSec: m.durationSec,
});

/**
 * The publishing engine: runs one target's job. A target is claimed with an attempt id and a lease (one
 * attempt at a time, recorded); a target whose earlier attempt died mid-call is first looked for on the
 * network, so a post is never sent twice; passing failures are tried again later with a backoff (a rate limit
 * when it lifts), an access the network refuses is renewed once and otherwise marks the account for
 * reconnect; every final state is announced once per post (notification, points, live update).
 */
export function createPublishEngine(deps: {
  repo: TPostsRepository;
  social: TSocialAccountsService;
  notifications: TNotificationsService;
  clock: Clock;
  unitOfWork: TUnitOfWork;
  enqueue: TEnqueue;
  /** How long one attempt may hold a target before another process may take it over. */
  leaseSeconds: number;
}) {
  const { repo, social, notifications, clock, unitOfWork, enqueue } = deps;

  /**
   * Sends the job that will run a target (at `at`, or now), inside the caller's unit of work. A follow-up of
   * work already started (a processing check, a retry) goes before targets not yet begun: when many fall due
   * at once, a post half out on the network is finished first instead of waiting behind the whole queue.
   */
  async function schedule(target: Pick<TTargetRow, 'id'>, at: Date | null, followUp = false): Promise<string | null> {
    const jobId = await enqueue(PUBLISH_QUEUE, { targetId: target.id } satisfies TPublishJob, {
      singletonKey: target.id,
      ...(at ? { startAfter: at } : {}),
      ...(followUp ? { priority: 1 } : {}),
    });
    if (jobId) await repo.setTargetJob(target.id, jobId);
    return jobId;
  }

  /** Once every target of a post is final: the post's flags, its notification and its live update, once. */
  async function settle(postId: string): Promise<void> {
    const post = await repo.findPostById(postId);
    if (!post || post.settledAt) return;
    const targets = await repo.targetsOf(postId);
    if (targets.length === 0 || !targets.every((t) => isFinal(t.state))) return;
    const published = targets.filter((t) => t.state === 'published');
    const now = clock.now();
    const firstOut = published
      .map((t) => t.publishedAt?.getTime() ?? now.getTime())
      .reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
    await unitOfWork(async () => {
      const won = await repo.settle(postId, {
        settledAt: now,
        isPostDone: published.length > 0,
        postedAt: published.length > 0 ? new Date(firstOut) : null,
        updatedAt: now,
      });
      if (!won) return;
      if (targets.every((t) => t.state === 'canceled')) return;
      const result = resultOf(post, targets);
      const failedNetworks = [...new Set(result.failure.map((f) => f.SocialMediaName))];
      await notifications.notify(post.userId, {
        type: 'POST_NOTIFICATION',
        title: failedNetworks.length === 0 ? POST_MSG.sent : failedNetworks.map(POST_MSG.failedOn).join(', '),
        description:
          result.failure.length === 0
            ? `Posted to ${[...new Set(result.success.map((s) => s.SocialMediaName))].join(', ')}`
            : result.failure.map((f) => `${f.SocialMediaName}: ${f.CustomUserError}`).join('\n'),
        payload: {
          payloadId: post.id,
          postResData: { success: result.success, failure: result.failure },
          ...(result.failure.length && result.success.length === 0 && targets.length > 1
            ? { postMessage: POST_MSG.multiFailed }
            : {}),
        },
      });
    });
  }

  /** Writes an attempt's end and what follows from it (a retry's job, the points of a publish), in one unit. */
  async function finish(
    claim: { target: TTargetRow; post: TPostRow },
    attemptId: string,
    outcome: TRunOutcome,
    patch: Partial<TTargetRow>,
    detail: string | null,
    retryAt: Date | null = null,
  ): Promise<TRunOutcome> {
    const { target, post } = claim;
    const now = clock.now();
    const written = await unitOfWork(async () => {
      const row = await repo.finishAttempt(target.id, attemptId, { ...patch, updatedAt: now }, { outcome, detail, at: now });
      if (!row) return null;
      if (retryAt) await schedule(row, retryAt, true);
      if (outcome === 'published' || outcome === 'reconciled') {
        await repo.earnPoints({
          id: newId(),
          userId: post.userId,
          postId: post.id,
          network: target.network,
          points: pointsFor(post.postType as TPostType),
          earnedAt: now,
        });
      }
      return row;
    });
    if (!written) return 'skipped';
    if (isFinal(written.state)) await settle(post.id);
    return outcome;
  }

  const published = (state: Extract<TPublishState, { state: 'published' }>, now: Date) => ({
    state: 'published' as const,
    remotePostId: state.postId,
    remoteUrl: state.url,
    publishedAt: now,
    leaseUntil: null,
    ticket: null,
    error: null,
    internalError: null,
  });

  /** A network's refusal or failure, turned into the target's next state. */
  async function failed(
    claim: { target: TTargetRow; post: TPostRow },
    attemptId: string,
    err: NetworkError,
  ): Promise<TRunOutcome> {
    const { target } = claim;
    const label = socialNetwork(target.network)?.label ?? target.network;
    const attempts = target.attempts;
    if (err.kind === 'reconnect')
      return finish(
        claim,
        attemptId,
        'needs_reconnect',
        { state: 'needs_reconnect', leaseUntil: null, error: POST_MSG.accountNeedsReconnect(label), internalError: err.reason },
        err.reason,
      );
    if (err.kind === 'permanent')
      return finish(
        claim,
        attemptId,
        'failed',
        { state: 'failed', leaseUntil: null, error: err.reason, internalError: err.message },
        err.reason,
      );
    if (attempts < MAX_ATTEMPTS) {
      const now = clock.nowMs();
      const lifts = err.kind === 'rate_limited' && err.retryAt ? err.retryAt.getTime() : 0;
      if (lifts - now <= RATE_LIMIT_MAX_WAIT_MS) {
        const at = new Date(Math.max(now + retryDelaySeconds(attempts) * 1000, lifts));
        return finish(
          claim,
          attemptId,
          'retry',
          // a target whose media is still processing keeps its ticket: the retry asks about it again
          {
            state: target.state === 'processing' ? 'processing' : 'queued',
            dueAt: at,
            leaseUntil: null,
            internalError: err.message,
          },
          err.reason,
          at,
        );
      }
    }
    const reason =
      err.kind === 'rate_limited'
        ? SOCIAL_MSG.networkBusy(label)
        : `${label} did not answer after ${attempts} tries: ${err.reason}`;
    return finish(
      claim,
      attemptId,
      'failed',
      { state: 'failed', leaseUntil: null, error: reason, internalError: err.message },
      reason,
    );
  }

  return {
    schedule,
    settle,

    /** Runs one target's job (the publish queue's handler). */
    async run(targetId: string, jobId: string): Promise<TRunOutcome> {
      const attemptId = newId();
      const now = clock.now();
      const claim = await unitOfWork(() =>
        repo.claimTarget({ id: targetId, jobId, attemptId, now, leaseUntil: new Date(now.getTime() + deps.leaseSeconds * 1000) }),
      );
      if (!claim) return 'skipped';
      const { target, post, prior } = claim;
      if (!target.accountId)
        return finish(
          claim,
          attemptId,
          'failed',
          { state: 'failed', leaseUntil: null, error: SOCIAL_MSG.accountNotFound, internalError: 'account unlinked' },
          'account unlinked',
        );
      if (target.attempts > MAX_ATTEMPTS * 2)
        return finish(
          claim,
          attemptId,
          'failed',
          { state: 'failed', leaseUntil: null, error: POST_MSG.limitCheckFailed, internalError: 'too many interrupted attempts' },
          'too many interrupted attempts',
        );
      const text = postText(post);
      const interrupted = prior.leaseUntil !== null && (prior.state === 'publishing' || prior.state === 'processing');
      // an earlier attempt may have gone out though its answer never came (it died, or timed out): look first
      const polling = prior.state === 'processing' && prior.ticket !== null && !interrupted;
      const mustLook = !polling && (interrupted || prior.attempts > 0) && prior.attemptStartedAt !== null;
      let answer: { state: TPublishState; reconciled: boolean };
      try {
        answer = await social.withPublishing(target.accountId, async (adapter, grant, ref) => {
          // was it sent by an earlier attempt? (never send twice)
          if (mustLook) {
            const recent = await adapter.recentPosts(grant, ref, 20);
            const found = recent.find((p) => sameAsSent(p, text, prior.attemptStartedAt!));
            if (found) return { state: { state: 'published', postId: found.postId, url: found.url }, reconciled: true };
          }
          const state =
            prior.state === 'processing' && prior.ticket
              ? await adapter.publishStatus(grant, ref, prior.ticket)
              : await adapter.publish(grant, {
                  account: ref,
                  format: target.format as TPublishRequest['format'],
                  text,
                  media: post.media.map(mediaOf),
                  title: post.title,
                  categoryId: post.categoryId,
                  privacy: target.privacy,
                });
          return { state, reconciled: false };
        });
      } catch (err) {
        // the network refused or failed: nothing went out
        if (err instanceof NetworkError) return failed(claim, attemptId, err);
        // anything else (a fault of ours): whether it went out is unknown, so the target stays held by this
        // attempt; the job fails, and its retry (or the sweep, once the lease ends) looks on the network first
        throw err;
      }
      // recorded after the call; if this fails the job is retried, and the retry finds the post on the network
      const { state } = answer;
      if (state.state === 'published')
        return finish(
          claim,
          attemptId,
          answer.reconciled ? 'reconciled' : 'published',
          published(state, clock.now()),
          state.postId,
        );
      const at = new Date(clock.nowMs() + Math.max(500, state.checkAfterMs));
      return finish(
        claim,
        attemptId,
        'processing',
        { state: 'processing', ticket: state.ticket, leaseUntil: null, dueAt: at },
        null,
        at,
      );
    },

    /**
     * Sends a job again for every target left behind: due and waiting longer than `graceMs` (its job was lost),
     * or held by an attempt whose lease ran out (its process died). A target that still has a waiting job is
     * not given a second one (the queue is stately, keyed by target).
     */
    async sweep(graceMs = 60_000, limit = 500): Promise<number> {
      const now = clock.now();
      const rows = await repo.stranded(now, new Date(now.getTime() - graceMs), limit);
      let sent = 0;
      for (const t of rows) {
        const jobId = await unitOfWork(() => schedule(t, null));
        if (jobId) sent++;
      }
      return sent;
    },
  };
}
export type TPublishEngine = ReturnType<typeof createPublishEngine>;
