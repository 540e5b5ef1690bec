import { createHash } from 'node:crypto';
import { POST_MSG, pointsFor, SOCIAL_MSG, socialNetwork, type TPostType } from '@virality/domain';
import type { Clock } from '../../clock';
import type { TPostMedia } from '../../db/schema';
import { NetworkError, type TPublishRequest, type TPublishState, type TRecentPost } from '../../integrations/networks/types';
import { newId } from '../../lib/ids';
import type { TCancelJob, TEnqueue, TUnitOfWork } from '../../lib/unit-of-work';
import type { TNotificationsService } from '../notifications/service';
import type { TPointsService } from '../points/service';
import type { TSocialAccountsService } from '../social-accounts/service';
import { FINAL_STATES, type TPostRow, type TPostsRepository, type TTargetRow } from './repository';
import { resultOf } from './results';

/** The queue of publishing: one job per (post, account) target, keyed by the target (stately: never two waiting). */
export const PUBLISH_QUEUE = 'publish-target';
/** The sweep that sends a job again for any target left behind (a lost job, an attempt whose process died). */
export const PUBLISH_SWEEP_QUEUE = 'publish-sweep';

/** How often every process looks for targets whose holder died (their lease ran out) and posts left unsettled. */
export const RECLAIM_EVERY_MS = 3_000;
/** How often every process sends a job again for waiting targets long overdue. */
export const SWEEP_EVERY_MS = 20_000;

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
  | 'needs_check'
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
 * How far before the window's start a post found on the account may be dated and still be ours: the network's
 * clock and ours may disagree a little, and a post is dated when the network accepted it.
 */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** Whether a post found on the account carries our text (networks may shorten or rewrite links: the first 100 characters). */
export function sameText(found: TRecentPost, text: string): boolean {
  const a = normalized(found.text).slice(0, 100);
  const b = normalized(text).slice(0, 100);
  return a.length > 0 && a === b;
}

/**
 * Which post found on the account is the one an interrupted attempt of ours sent, if any: one with our text, not
 * already the post of another target (`taken`), dated no earlier than the window's start less the clock skew.
 * Where two remain (the same caption sent twice within minutes), the one closest after the window's start wins.
 */
export function pickSent(found: TRecentPost[], text: string, windowFrom: Date, taken: ReadonlySet<string>): TRecentPost | null {
  const from = windowFrom.getTime();
  const candidates = found.filter(
    (p) => sameText(p, text) && !taken.has(p.postId) && p.createdAt.getTime() >= from - CLOCK_SKEW_MS,
  );
  const rank = (p: TRecentPost) => {
    const d = p.createdAt.getTime() - from;
    // those dated after the start first, nearest first; then those within the skew before it, nearest first
    return d >= 0 ? d : CLOCK_SKEW_MS * 2 - d;
  };
  return candidates.sort((a, b) => rank(a) - rank(b))[0] ?? null;
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
 * Names one settle of a post: the post and the last attempt of each of its targets. A settle replayed names the
 * same attempts (its notification is not written twice); a retry of failed accounts makes new attempts, so the
 * post's next settle is told again.
 */
export function settleKey(postId: string, targets: readonly Pick<TTargetRow, 'id' | 'attemptId'>[]): string {
  const attempts = targets.map((t) => `${t.id}:${t.attemptId ?? ''}`).sort();
  return `post:${postId}:${createHash('sha256').update(attempts.join(',')).digest('base64url').slice(0, 22)}`;
}

/**
 * The publishing engine: runs one target's job. A target is claimed with an attempt id and a lease (one attempt
 * at a time, recorded; the lease renewed while the attempt lives, so a dead holder is found within seconds); a
 * target that an earlier attempt may have sent is first looked for on the network, in everything the account
 * published since the first such attempt, so a post is never sent twice (and never sent blind: an account that
 * cannot be read back far enough is left for its user to check); passing failures are tried again later with a
 * backoff (a rate limit when it lifts), an access the network refuses is renewed once and otherwise marks the
 * account for reconnect; a post is settled (flags, notification, live update) in the same transaction as its last
 * target's final state.
 */
export function createPublishEngine(deps: {
  repo: TPostsRepository;
  social: TSocialAccountsService;
  notifications: TNotificationsService;
  /** Keeps levels and tells what was earned, inside the unit that records the points. */
  points: TPointsService;
  clock: Clock;
  unitOfWork: TUnitOfWork;
  enqueue: TEnqueue;
  cancelJob: TCancelJob;
  /** How long one attempt holds a target without renewing its lease before another process may take it over. */
  leaseSeconds: number;
}) {
  const { repo, social, notifications, points, clock, unitOfWork, enqueue, cancelJob } = deps;
  const leaseMs = deps.leaseSeconds * 1000;

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

  /**
   * Inside the caller's unit of work: once every target of a post is final, the post's flags, its notification
   * and its live update, once. The post is locked first, so two targets ending at once settle it exactly once
   * (the second waits, then reads the first's final state).
   */
  async function settleIn(postId: string): Promise<void> {
    const post = await repo.lockPostById(postId);
    if (!post || post.settledAt) return;
    const targets = await repo.targetsOf(postId);
    if (targets.length === 0 || !targets.every((t) => isFinal(t.state))) return;
    const published = targets.filter((t) => t.state === 'published');
    const now = clock.now();
    const firstOut = published
      .map((t) => t.publishedAt?.getTime() ?? now.getTime())
      .reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
    const won = await repo.settle(postId, {
      settledAt: now,
      isPostDone: published.length > 0,
      postedAt: published.length > 0 ? new Date(firstOut) : null,
      updatedAt: now,
    });
    if (!won) return;
    if (targets.every((t) => t.state === 'canceled')) return;
    const result = resultOf(post, targets);
    const labelOf = (t: TTargetRow) => socialNetwork(t.network)?.label ?? t.network;
    const failedNetworks = [
      ...new Set(targets.filter((t) => t.state === 'failed' || t.state === 'needs_reconnect').map(labelOf)),
    ];
    const checkNetworks = [...new Set(targets.filter((t) => t.state === 'needs_check').map(labelOf))];
    const titles = [...failedNetworks.map(POST_MSG.failedOn), ...checkNetworks.map(POST_MSG.checkOn)];
    const told = {
      type: 'POST_NOTIFICATION',
      title: titles.length === 0 ? POST_MSG.sent : titles.join(', '),
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
      dedupeKey: settleKey(post.id, targets),
    } as const;
    // its writer, and the owner who approved it when a manager wrote it (the owner sends posts and retries them)
    for (const userId of new Set([post.userId, post.reviewedBy ?? post.userId])) await notifications.notify(userId, told);
    // what the post earned since it was sent (or sent again): one notification and one toast for the post
    await points.settled(post.userId, post.id, post.updatedAt);
  }

  /** Settles a post whose targets are all final, if it is not settled yet (the sweep's way, in its own unit). */
  const settle = (postId: string) => unitOfWork(() => settleIn(postId));

  /**
   * Writes an attempt's end and what follows from it (a retry's job, the points of a publish, the post's settle
   * when this was its last open target), in one unit: a process killed at any point leaves all of it or none.
   */
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
      const final = isFinal(row.state);
      // locks in one order everywhere (the target, then its post, then its user): as the claim takes them, and the
      // reclaim's settle (post, then user); the points below lock the user's row, the settle the post's
      if (final) await repo.lockPostById(post.id);
      if (retryAt) await schedule(row, retryAt, true);
      if (outcome === 'published' || outcome === 'reconciled') {
        const earning = {
          id: newId(),
          userId: post.userId,
          postId: post.id,
          network: target.network,
          points: pointsFor(post.postType as TPostType),
          earnedAt: now,
        };
        // a level reached with these points is kept (and told) with them
        if (await repo.earnPoints(earning)) await points.earned(post.userId, earning.id);
      }
      if (final) await settleIn(post.id);
      return row;
    });
    return written ? outcome : 'skipped';
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

  const labelOf = (target: TTargetRow) => socialNetwork(target.network)?.label ?? target.network;

  /** The target waits for its user: an earlier attempt may have sent it, and the network would not say. */
  const needsCheck = (claim: { target: TTargetRow; post: TPostRow }, attemptId: string, why: string) =>
    finish(
      claim,
      attemptId,
      'needs_check',
      { state: 'needs_check', leaseUntil: null, error: POST_MSG.needsCheck(labelOf(claim.target)), internalError: why },
      why,
    );

  /**
   * A network's refusal or failure, turned into the target's next state. `looking`: it came while reading the
   * account to learn whether an earlier attempt sent the post, so once the tries run out the post may still be
   * out there: the user is asked to check rather than told it failed.
   */
  async function failed(
    claim: { target: TTargetRow; post: TPostRow },
    attemptId: string,
    err: NetworkError,
    looking: boolean,
  ): Promise<TRunOutcome> {
    const { target } = claim;
    const label = labelOf(target);
    const attempts = target.attempts;
    if (err.kind === 'reconnect')
      return finish(
        claim,
        attemptId,
        'needs_reconnect',
        { state: 'needs_reconnect', leaseUntil: null, error: POST_MSG.accountNeedsReconnect(label), internalError: err.reason },
        err.reason,
      );
    // another try at `at`; a target whose media is still processing keeps its ticket: the retry asks about it again
    const retry = (at: Date, more: Partial<TTargetRow> = {}) =>
      finish(
        claim,
        attemptId,
        'retry',
        {
          state: target.state === 'processing' ? 'processing' : 'queued',
          dueAt: at,
          leaseUntil: null,
          internalError: err.message,
          ...more,
        },
        err.reason,
        at,
      );
    if (err.kind !== 'permanent' && attempts < MAX_ATTEMPTS) {
      const now = clock.nowMs();
      const lifts = err.kind === 'rate_limited' && err.retryAt ? err.retryAt.getTime() : 0;
      if (lifts - now <= RATE_LIMIT_MAX_WAIT_MS)
        return retry(new Date(Math.max(now + retryDelaySeconds(attempts) * 1000, lifts)));
    }
    if (looking) return needsCheck(claim, attemptId, `could not read the account: ${err.message}`);
    // the tries ran out on a failure that does not say whether the post went out (a timeout, a 5xx): one more
    // attempt only looks for it on the account before the target is called failed
    if (err.kind === 'retry' && !target.lastLook)
      return retry(new Date(clock.nowMs() + retryDelaySeconds(attempts) * 1000), {
        lastLook: true,
        error: `${label} did not answer after ${attempts} tries: ${err.reason}`,
      });
    if (err.kind === 'permanent')
      return finish(
        claim,
        attemptId,
        'failed',
        { state: 'failed', leaseUntil: null, error: err.reason, internalError: err.message },
        err.reason,
      );
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

  /**
   * Keeps the attempt's lease while it runs: renewed every third of its length, so a process that dies lets go of
   * its targets within one lease, and one that lives keeps them however long the network takes.
   */
  function holdLease(targetId: string, attemptId: string): () => void {
    const timer = setInterval(
      () => {
        repo.renewLease(targetId, attemptId, new Date(clock.nowMs() + leaseMs)).catch(() => undefined);
      },
      Math.max(250, Math.floor(leaseMs / 3)),
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  type TAnswer =
    | { kind: 'sent'; state: TPublishState; reconciled: boolean }
    | { kind: 'unsure'; why: string }
    | { kind: 'absent' };

  return {
    schedule,
    settle,

    /** Runs one target's job (the publish queue's handler). */
    async run(targetId: string, jobId: string): Promise<TRunOutcome> {
      const attemptId = newId();
      const now = clock.now();
      const claim = await unitOfWork(() =>
        repo.claimTarget({ id: targetId, jobId, attemptId, now, leaseUntil: new Date(now.getTime() + leaseMs) }),
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
      const accountId = target.accountId;
      const text = postText(post);
      // the window since which an earlier attempt may have sent: null before the first attempt (a target held by
      // an attempt that left no window, from before windows were kept, counts from that attempt's start)
      const held = prior.leaseUntil !== null && (prior.state === 'publishing' || prior.state === 'processing');
      const windowFrom = prior.sentWindowFrom ?? (held ? prior.attemptStartedAt : null);
      // an earlier attempt that ended with the network saying "still processing" sent nothing new: the poll goes on
      const cleanPoll = prior.state === 'processing' && prior.ticket !== null && claim.priorOutcome === 'processing';
      const mustLook = windowFrom !== null && (!cleanPoll || prior.lastLook);
      if (target.attempts > MAX_ATTEMPTS * 2)
        return mustLook
          ? needsCheck(claim, attemptId, 'too many interrupted attempts')
          : finish(
              claim,
              attemptId,
              'failed',
              {
                state: 'failed',
                leaseUntil: null,
                error: POST_MSG.limitCheckFailed,
                internalError: 'too many interrupted attempts',
              },
              'too many interrupted attempts',
            );
      let looking = false;
      let answer: TAnswer;
      const letGo = holdLease(target.id, attemptId);
      try {
        answer = await social.withPublishing(accountId, async (adapter, grant, ref): Promise<TAnswer> => {
          // was it sent by an earlier attempt? Everything the account published since the first attempt is read
          if (mustLook) {
            looking = true;
            const since = new Date(windowFrom.getTime() - CLOCK_SKEW_MS);
            const seen = await adapter.postsSince(grant, ref, since);
            const mine = seen.posts.filter((p) => sameText(p, text));
            const taken = await repo.remoteIdsTaken(
              accountId,
              mine.map((p) => p.postId),
              target.id,
            );
            const found = pickSent(mine, text, windowFrom, taken);
            if (found)
              return { kind: 'sent', state: { state: 'published', postId: found.postId, url: found.url }, reconciled: true };
            if (!seen.complete) return { kind: 'unsure', why: `the account could not be read back to ${since.toISOString()}` };
            if (adapter.listed?.(target.privacy) === false)
              return { kind: 'unsure', why: `the network does not list posts made ${target.privacy ?? 'so'}` };
            // the last look found nothing: it is not out, and it is not sent again
            if (prior.lastLook) return { kind: 'absent' };
            looking = false;
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
          return { kind: 'sent', state, reconciled: false };
        });
      } catch (err) {
        letGo();
        // the network refused or failed: nothing went out
        if (err instanceof NetworkError) return failed(claim, attemptId, err, looking);
        // anything else (a fault of ours): whether it went out is unknown, so the target stays held by this
        // attempt; the job fails, and its retry (or another process, once the lease ends) looks on the network first
        throw err;
      }
      letGo();
      if (answer.kind === 'unsure') return needsCheck(claim, attemptId, answer.why);
      if (answer.kind === 'absent') {
        const reason = prior.error ?? `${labelOf(target)} did not answer`;
        return finish(
          claim,
          attemptId,
          'failed',
          { state: 'failed', leaseUntil: null, error: reason, internalError: prior.internalError },
          reason,
        );
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
     * Takes back what dead processes held, from any live process (servers too), every few seconds: a target held by
     * an attempt whose lease ran out gets its dead job cancelled (pg-boss would otherwise keep its key busy until
     * its own supervision notices, a minute or more) and a new job at once; and a post whose targets are all final
     * but which was never settled is settled.
     */
    async reclaim(limit = 200): Promise<{ reclaimed: number; settled: number }> {
      const now = clock.now();
      let reclaimed = 0;
      for (const t of await repo.leaseExpired(now, limit)) {
        const sent = await unitOfWork(async () => {
          if (t.jobId) await cancelJob(PUBLISH_QUEUE, t.jobId);
          return schedule(t, null, true);
        });
        if (sent) reclaimed++;
      }
      let settledCount = 0;
      for (const id of await repo.unsettledDone(limit)) {
        await settle(id);
        settledCount++;
      }
      return { reclaimed, settled: settledCount };
    },

    /**
     * Sends a job again for every waiting target due longer than `graceMs` ago (its job was lost, or ran before it
     * was due and found nothing to do). A target that still has a waiting job is not given a second one (the queue
     * is stately, keyed by target), so a backlog costs one refused insert per target.
     */
    async sweep(graceMs = 60_000, limit = 200): Promise<number> {
      const now = clock.now();
      const rows = await repo.stranded(new Date(now.getTime() - graceMs), limit);
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
