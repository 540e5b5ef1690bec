import { createHash } from 'node:crypto';
import {
  POST_MSG,
  pointsFor,
  SOCIAL_MSG,
  socialNetwork,
  type TPostType,
  type TSocialNetworkKey,
  type TWebhookEvent,
  targetStateLook,
} from '@virality/domain';
import type { Clock } from '../../clock';
import type { TPostMedia } from '../../db/schema';
import {
  NetworkError,
  PREPARED_GONE,
  type TAccountRef,
  type TNetworkAdapter,
  type TPrepared,
  type TPublishMedia,
  type TPublishRequest,
  type TPublishState,
  type TRecentPost,
} from '../../integrations/networks/types';
import { batched } from '../../lib/batched';
import { newId } from '../../lib/ids';
import type { TMetrics, TTargetOutcome } from '../../lib/metrics';
import type { TCancelJob, TEnqueue, TUnitOfWork } from '../../lib/unit-of-work';
import type { TCampaignsService } from '../campaigns/service';
import type { TNotificationsService } from '../notifications/service';
import type { TPointsService } from '../points/service';
import type { TSocialAccountsService } from '../social-accounts/service';
import type { TWebhooksService } from '../webhooks/service';
import { FINAL_STATES, type TClaim, type TPostRow, type TPostsRepository, type TTargetRow } from './repository';
import { resultOf } from './results';

/** The queue of publishing: one job per (post, account) target, keyed by the target (stately: never two waiting). */
export const PUBLISH_QUEUE = 'publish-target';
/** The sweep that sends a job again for any target left behind (a lost job, an attempt whose process died). */
export const PUBLISH_SWEEP_QUEUE = 'publish-sweep';

/**
 * The queue of preparing ahead: one job per (target, due time), from PREPARE_AHEAD_MINUTES before it is due (at
 * once when it is due sooner), which uploads the media and makes the containers so that at the due time only the
 * final publish call remains. A job of a due time the target no longer has does nothing; one with no due time only
 * lets go of what was prepared for a target that was paused or canceled.
 */
export const PREPARE_QUEUE = 'prepare-target';
export type TPrepareJob = { targetId: string; dueAt: string | null };
/** A prepared ticket is made only if the network keeps it at least this long past the due time. */
export const PREP_MARGIN_MS = 2 * 60_000;
/** At the due time, a prepared ticket is used only if the network keeps it at least this long from now. */
const PREP_USE_MARGIN_MS = 30_000;

/** What one run of a target's preparation did (for tests, logs and the benchmark). */
export type TPrepareOutcome =
  | 'prepared'
  | 'kept'
  | 'dropped'
  | 'idle'
  | 'moved'
  | 'early'
  | 'late'
  | 'not_offered'
  | 'too_short'
  | 'failed';

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

/** The most targets one claim, or one write of publishes, carries (one transaction, a few statements). */
const BATCH_MAX = 64;

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

/** The ends of a target the metrics count (a canceled one is not an outcome of publishing). */
/** The webhook event of a target's end, by its final state. */
const TARGET_EVENT: Partial<Record<string, TWebhookEvent>> = {
  published: 'post.published',
  failed: 'post.failed',
  needs_reconnect: 'post.failed',
  needs_check: 'post.needs_check',
};

/** What a post's event on one account says. */
export const targetEventData = (post: Pick<TPostRow, 'id'>, t: TTargetRow) => ({
  postId: post.id,
  accountId: t.accountId,
  network: t.network,
  name: t.accountName,
  state: t.state,
  stateLabel: targetStateLook(t.state).label,
  url: t.remoteUrl,
  error: t.error,
  publishedAt: t.publishedAt?.toISOString() ?? null,
});

const COUNTED: ReadonlySet<TRunOutcome> = new Set(['published', 'reconciled', 'failed', 'needs_check', 'needs_reconnect']);

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

/**
 * What a preparation was made from: the account, the format and privacy, the text and the media. A post changed
 * after it was prepared no longer matches, and its preparation is not used.
 */
export function prepKey(
  post: Pick<TPostRow, 'caption' | 'hashtags' | 'media' | 'title' | 'categoryId'>,
  target: Pick<TTargetRow, 'accountId' | 'format' | 'privacy'>,
): string {
  const what = [
    target.accountId,
    target.format,
    target.privacy ?? null,
    postText(post),
    post.title ?? null,
    post.categoryId ?? null,
    post.media.map((m) => [m.url, m.mimeType, m.bytes]),
  ];
  return createHash('sha256').update(JSON.stringify(what)).digest('base64url');
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
  /** How long before its due time a scheduled target is prepared (0: never; everything happens at the due time). */
  prepareAheadMs?: number;
  /** The post's media as one network takes them (a photo it will not take converted); absent: as uploaded. */
  convert?: (network: TSocialNetworkKey, media: TPublishMedia[]) => Promise<TPublishMedia[]>;
  /** Counts the targets that end and how late the scheduled ones went out (lib/metrics). */
  metrics?: Pick<TMetrics, 'targetEnded'>;
  /** Writes the webhook event of a target's end, inside the unit that writes the end. */
  webhooks?: Pick<TWebhooksService, 'emit' | 'emitMany'>;
  /** Counts a campaign post's publish toward its author's deliverables, inside the unit that writes the end. */
  campaigns?: Pick<TCampaignsService, 'targetPublished'>;
}) {
  const { repo, social, notifications, points, clock, unitOfWork, enqueue, cancelJob } = deps;
  const leaseMs = deps.leaseSeconds * 1000;
  const prepareAheadMs = deps.prepareAheadMs ?? 0;

  /**
   * Claims a target for one attempt (see repo.claimTargets). Targets whose jobs start together (a fetch of many)
   * are claimed together, in one transaction of a few statements.
   */
  const claimTarget = batched<{ id: string; jobId: string; attemptId: string }, TClaim | null>({
    runBatch: (inputs) =>
      unitOfWork(() => {
        const now = clock.now();
        return repo.claimTargets(inputs, { now, leaseUntil: new Date(now.getTime() + leaseMs) });
      }),
    max: BATCH_MAX,
  });

  /** What to send to one account: the post's text and its media as that network takes them. */
  async function requestOf(post: TPostRow, target: TTargetRow, ref: TAccountRef): Promise<TPublishRequest> {
    const media = post.media.map(mediaOf);
    return {
      account: ref,
      format: target.format as TPublishRequest['format'],
      text: postText(post),
      media: deps.convert ? await deps.convert(target.network as TSocialNetworkKey, media) : media,
      title: post.title,
      categoryId: post.categoryId,
      privacy: target.privacy,
    };
  }

  /** Sends the job that prepares a target ahead of `dueAt`, inside the caller's unit of work. */
  async function schedulePrepare(targetId: string, dueAt: Date | null): Promise<void> {
    const at = dueAt ? Math.max(clock.nowMs(), dueAt.getTime() - prepareAheadMs) : clock.nowMs();
    await enqueue(PREPARE_QUEUE, { targetId, dueAt: dueAt?.toISOString() ?? null } satisfies TPrepareJob, {
      singletonKey: `${targetId}:${dueAt?.getTime() ?? 'drop'}`,
      startAfter: new Date(at),
    });
  }

  /** Removes from the network what a preparation made and no publish will use (best effort: it expires anyway). */
  async function discard(target: TTargetRow, ticket: string): Promise<string | null> {
    if (!target.accountId) return null;
    try {
      await social.withPublishing(target.accountId, async (adapter, grant, ref) => {
        await adapter.discardPrepared?.(grant, ref, ticket);
      });
      return null;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }

  /**
   * Removes what an earlier preparation of this target may have left on the network for good (a private YouTube
   * video whose upload answer was lost, or whose process was killed before the ticket was stored): only when one
   * began and stored nothing, and never what another target of the account holds as its ticket.
   */
  async function clearLeftovers(
    adapter: TNetworkAdapter,
    grant: Parameters<TNetworkAdapter['publish']>[0],
    ref: TAccountRef,
    target: TTargetRow,
    request: TPublishRequest,
  ): Promise<void> {
    if (!target.prepStartedAt || !target.accountId || !adapter.discardLeftovers) return;
    const keep = await repo.prepTicketsOfAccount(target.accountId, target.id);
    await adapter.discardLeftovers(grant, ref, {
      since: new Date(target.prepStartedAt.getTime() - CLOCK_SKEW_MS),
      request,
      keep,
    });
  }

  /**
   * The due time's network call: the final call on what was prepared when a preparation made from this very post
   * is still kept by the network; otherwise (none, stale, or the network no longer has it) the whole publish.
   */
  async function publishCall(
    adapter: TNetworkAdapter,
    grant: Parameters<TNetworkAdapter['publish']>[0],
    ref: TAccountRef,
    post: TPostRow,
    target: TTargetRow,
    used: { prep: boolean },
  ): Promise<TPublishState> {
    const ticket = target.prepTicket;
    const usable =
      ticket !== null &&
      target.prepUntil !== null &&
      target.prepUntil.getTime() > clock.nowMs() + PREP_USE_MARGIN_MS &&
      target.prepKey === prepKey(post, target);
    if (usable && adapter.publishPrepared) {
      try {
        used.prep = true;
        return await adapter.publishPrepared(grant, ref, ticket);
      } catch (err) {
        // the network no longer holds what was prepared (it lapsed, it was removed): nothing went out, so the
        // whole publish is done at once
        if (!(err instanceof NetworkError && err.details.code === PREPARED_GONE)) throw err;
        used.prep = false;
      }
    }
    const request = await requestOf(post, target, ref);
    // a preparation that died or lost its answer may have left a private copy: removed before the whole publish
    // (a failure to remove it does not hold the post back)
    await clearLeftovers(adapter, grant, ref, target, request).catch(() => undefined);
    return adapter.publish(grant, request);
  }

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
    // a scheduled target (not a retry or a poll) is prepared ahead of its due time
    if (at && !followUp && prepareAheadMs > 0) await schedulePrepare(target.id, at);
    return jobId;
  }

  /**
   * Inside the caller's unit of work: once every target of a post is final, the post's flags, its notification
   * and its live update, once. The post is locked first, so two targets ending at once settle it exactly once
   * (the second waits, then reads the first's final state).
   */
  async function settleIn(postId: string, locked: TPostRow | null = null, read: TTargetRow[] | null = null): Promise<void> {
    // the post's row, locked (by the caller already, or now)
    const post = locked ?? (await repo.lockPostById(postId));
    if (!post || post.settledAt) return;
    // its targets (read by the caller under the post's lock, or now)
    const targets = read ?? (await repo.targetsOf(postId));
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

  type TPublishedEnd = {
    claim: { target: TTargetRow; post: TPostRow };
    attemptId: string;
    outcome: 'published' | 'reconciled';
    remotePostId: string;
    remoteUrl: string | null;
    prepUsed: boolean;
  };

  /**
   * Writes many attempts' publishes as one unit, with everything that follows from them (their points, campaign
   * deliveries, the settle of each post whose last open target this was, webhook events): the same as `finish`
   * does for one, in a few statements for the whole batch. Answers per end when it was written (null: a later
   * attempt holds the target, nothing was written). All of it or none: a batch that fails is written again one end
   * at a time (group commit), so a killed process or a failed statement never leaves a half.
   */
  async function writePublished(ends: TPublishedEnd[]): Promise<(Date | null)[]> {
    const now = clock.now();
    return unitOfWork(async () => {
      const written = await repo.finishPublished(
        ends.map((e) => ({
          targetId: e.claim.target.id,
          attemptId: e.attemptId,
          remotePostId: e.remotePostId,
          remoteUrl: e.remoteUrl,
          prepUsed: e.prepUsed,
          outcome: e.outcome,
        })),
        now,
      );
      const done = ends.filter((e) => written.has(e.claim.target.id));
      if (done.length === 0) return ends.map(() => null);
      // locks in one order everywhere (the targets, then their posts by id, then users): as the claims take them
      const postIds = [...new Set(done.map((e) => e.claim.post.id))].sort();
      const locked = new Map((await repo.lockPostsByIds(postIds)).map((p) => [p.id, p]));
      // recorded now; added to the user's total (and the level they reach kept) when the post settles, once per post
      await repo.earnPointsMany(
        done.map((e) => ({
          id: newId(),
          userId: e.claim.post.userId,
          postId: e.claim.post.id,
          network: e.claim.target.network,
          points: pointsFor(e.claim.post.postType as TPostType),
          earnedAt: now,
        })),
      );
      for (const e of done)
        if (e.claim.post.campaignSourceId)
          await deps.campaigns?.targetPublished(e.claim.post.campaignSourceId, e.claim.post.userId);
      const targetsByPost = new Map<string, TTargetRow[]>();
      for (const t of await repo.targetsOfPosts(postIds))
        targetsByPost.set(t.postId, [...(targetsByPost.get(t.postId) ?? []), t]);
      for (const id of postIds) {
        const post = locked.get(id);
        if (post) await settleIn(id, post, targetsByPost.get(id) ?? []);
      }
      // the events of each organization (whose webhooks are read once)
      const events = new Map<string, Record<string, unknown>[]>();
      for (const e of done) {
        const row = targetsByPost.get(e.claim.post.id)?.find((t) => t.id === e.claim.target.id);
        if (row) events.set(e.claim.post.orgId, [...(events.get(e.claim.post.orgId) ?? []), targetEventData(e.claim.post, row)]);
      }
      for (const [orgId, list] of events) await deps.webhooks?.emitMany({ orgId }, 'post.published', list);
      return ends.map((e) => (written.has(e.claim.target.id) ? now : null));
    });
  }
  const endPublished = batched<TPublishedEnd, Date | null>({ runBatch: writePublished, max: BATCH_MAX });

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
    // the due time's usual end, a publish, is written with others ending at the same moment
    if ((outcome === 'published' || outcome === 'reconciled') && !retryAt && patch.remotePostId) {
      const at = await endPublished({
        claim,
        attemptId,
        outcome,
        remotePostId: patch.remotePostId,
        remoteUrl: patch.remoteUrl ?? null,
        prepUsed: patch.prepUsed === true,
      });
      if (at) deps.metrics?.targetEnded(target.network, outcome, target.dueAt, at);
      return at ? outcome : 'skipped';
    }
    const now = clock.now();
    const written = await unitOfWork(async () => {
      const row = await repo.finishAttempt(
        target.id,
        attemptId,
        { ...patch, updatedAt: now },
        { outcome, detail, at: now, nextAt: retryAt },
      );
      if (!row) return null;
      const final = isFinal(row.state);
      // locks in one order everywhere (the target, then its post, then its user): as the claim takes them, and the
      // reclaim's settle (post, then user); the points below lock the user's row, the settle the post's
      const locked = final ? await repo.lockPostById(post.id) : null;
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
        // recorded now; added to the user's total (and the level they reach kept) when the post settles, once per post
        await repo.earnPoints(earning);
        if (post.campaignSourceId) await deps.campaigns?.targetPublished(post.campaignSourceId, post.userId);
      }
      if (final) await settleIn(post.id, locked);
      const event = final ? TARGET_EVENT[row.state] : undefined;
      if (event && deps.webhooks) await deps.webhooks.emit({ orgId: post.orgId }, event, targetEventData(post, row));
      return row;
    });
    // counted once the end is written (a replayed or lost attempt writes nothing and counts nothing)
    if (written && isFinal(written.state) && COUNTED.has(outcome))
      deps.metrics?.targetEnded(target.network, outcome as TTargetOutcome, target.dueAt, now);
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
   * A job that ran before its target was due (its moment moved, or a job of the target was already waiting when
   * the job of that moment was sent, so the queue refused it) leaves the target with no job of its own: the job of
   * its due moment is sent now, unless one waits already (the queue keeps one waiting job per target).
   */
  async function keepDueJob(targetId: string): Promise<void> {
    const t = await repo.findTarget(targetId);
    if (!t?.dueAt || (t.state !== 'queued' && t.state !== 'scheduled') || t.dueAt.getTime() <= clock.nowMs()) return;
    await unitOfWork(() => schedule(t, t.dueAt, t.attempts > 0));
  }

  /**
   * Keeps the leases of the attempts running here: all renewed together, in one statement, every fifth of a lease's
   * length (four renewals in a row must miss before a live process loses a hold), so a process that dies lets go of its targets within one lease, and one that lives keeps them however
   * long the network takes.
   */
  const held = new Map<string, string>();
  let keeper: ReturnType<typeof setInterval> | null = null;
  let renewing = false;
  async function renewHeld(): Promise<void> {
    if (renewing || held.size === 0) return;
    renewing = true;
    try {
      await repo.renewLeases([...held], new Date(clock.nowMs() + leaseMs));
    } catch {
      // a renewal missed is made up at the next one; two missed in a row let the lease run out
    } finally {
      renewing = false;
    }
  }
  function holdLease(targetId: string, attemptId: string): () => void {
    held.set(targetId, attemptId);
    if (!keeper) {
      keeper = setInterval(renewHeld, Math.max(250, Math.floor(leaseMs / 5)));
      keeper.unref();
    }
    return () => {
      if (held.get(targetId) === attemptId) held.delete(targetId);
      if (held.size === 0 && keeper) {
        clearInterval(keeper);
        keeper = null;
      }
    };
  }

  type TAnswer =
    | { kind: 'sent'; state: TPublishState; reconciled: boolean }
    | { kind: 'unsure'; why: string }
    | { kind: 'absent' };

  return {
    schedule,
    settle,

    /**
     * Lets go of what was prepared for a target that was paused or canceled (inside the caller's unit of work): a
     * job that removes it from the network, unless a publish attempt began meanwhile.
     */
    async dropPrepared(target: Pick<TTargetRow, 'id' | 'prepTicket'>): Promise<void> {
      if (prepareAheadMs > 0 && target.prepTicket) await schedulePrepare(target.id, null);
    },

    /**
     * Runs one preparation (the prepare queue's handler). What was prepared before is let go when it no longer
     * fits (the post changed, it was paused or canceled, the network would not keep it until the new due time),
     * and only while no publish attempt has begun: an attempt reads the ticket when it claims the target, under the
     * same row lock, so a ticket is never removed under a publish that uses it. A new preparation is kept only on
     * the same condition; otherwise it is let go at once. Preparing never publishes: a killed preparation leaves at
     * most something unpublished on the network, which lapses; the due time then does the whole publish.
     */
    async prepare(job: TPrepareJob): Promise<{ outcome: TPrepareOutcome; discardError?: string }> {
      const now = clock.now();
      const target = await repo.findTarget(job.targetId);
      if (!target) return { outcome: 'idle' };
      const post = await repo.findPostById(target.postId);
      const dueAt = target.dueAt;
      const waiting =
        post?.isActive &&
        !post.isDraft &&
        !post.isPaused &&
        (target.state === 'scheduled' || target.state === 'queued') &&
        target.attempts === 0 &&
        target.accountId !== null &&
        dueAt !== null;
      const key = waiting ? prepKey(post, target) : null;
      let discardError: string | null = null;
      if (target.prepTicket) {
        const fits =
          waiting &&
          target.prepKey === key &&
          target.prepUntil !== null &&
          dueAt !== null &&
          target.prepUntil.getTime() >= dueAt.getTime() + PREP_MARGIN_MS;
        if (fits) return { outcome: 'kept' };
        if (await repo.dropPrep(target.id, target.prepTicket)) discardError = await discard(target, target.prepTicket);
        if (!waiting || job.dueAt === null) return { outcome: 'dropped', ...(discardError ? { discardError } : {}) };
      }
      if (!waiting || !post || !key || !dueAt || !target.accountId) return { outcome: 'idle' };
      // a job of a due time the target no longer has: the job of its new due time prepares it
      if (job.dueAt === null || new Date(job.dueAt).getTime() !== dueAt.getTime()) return { outcome: 'moved' };
      const due = dueAt.getTime();
      if (due - now.getTime() > prepareAheadMs + 1_000) {
        await schedulePrepare(target.id, dueAt);
        return { outcome: 'early' };
      }
      if (due <= now.getTime()) return { outcome: 'late' };
      const started = performance.now();
      let prepared: TPrepared | null;
      try {
        prepared = await social.withPublishing(target.accountId, async (adapter, grant, ref) => {
          if (!adapter.prepare || !adapter.publishPrepared) return null;
          const request = await requestOf(post, target, ref);
          if (adapter.discardLeftovers) {
            // what an earlier try left is removed first; then this try's start is noted before anything is sent
            await clearLeftovers(adapter, grant, ref, target, request);
            await repo.notePrepStart(target.id, now);
          }
          return adapter.prepare(grant, request, now);
        });
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
        await repo.notePrepError(target.id, err.message);
        // a passing failure is tried again (the queue's retries) while a minute is left before the due time;
        // anything else is left to the due time, which does the whole publish and says what went wrong
        if ((err.kind === 'retry' || err.kind === 'rate_limited') && due - clock.nowMs() > 60_000) throw err;
        return { outcome: 'failed' };
      }
      if (!prepared) return { outcome: 'not_offered' };
      const ms = Math.round(performance.now() - started);
      const letGo = async (outcome: TPrepareOutcome) => {
        const e = await discard(target, prepared.ticket);
        return { outcome, ...(e ? { discardError: e } : {}) };
      };
      if (prepared.validUntil.getTime() < due + PREP_MARGIN_MS) return letGo('too_short');
      const kept = await repo.storePrep(target.id, {
        key,
        ticket: prepared.ticket,
        until: prepared.validUntil,
        at: clock.now(),
        ms,
      });
      return kept ? { outcome: 'prepared' } : letGo('late');
    },

    /** Runs one target's job (the publish queue's handler). */
    async run(targetId: string, jobId: string): Promise<TRunOutcome> {
      const attemptId = newId();
      const claim = await claimTarget({ id: targetId, jobId, attemptId });
      if (!claim) {
        await keepDueJob(targetId);
        return 'skipped';
      }
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
      const held = prior.state === 'publishing' || (prior.state === 'processing' && prior.leaseUntil !== null);
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
      const used = { prep: false };
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
              : await publishCall(adapter, grant, ref, post, target, used);
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
          { ...published(state, clock.now()), ...(used.prep ? { prepUsed: true } : {}) },
          state.postId,
        );
      const at = new Date(clock.nowMs() + Math.max(500, state.checkAfterMs));
      return finish(
        claim,
        attemptId,
        'processing',
        { state: 'processing', ticket: state.ticket, leaseUntil: null, dueAt: at, ...(used.prep ? { prepUsed: true } : {}) },
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
          // handed back once, by one process: the lease cleared only while it is still run out (a claim since, or
          // another process's reclaim, leaves nothing to do); the dead attempt's job is the one its claim recorded
          const row = await repo.handBack(t.id, now);
          if (!row) return null;
          if (row.jobId) await cancelJob(PUBLISH_QUEUE, row.jobId);
          return schedule(row, null, true);
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
