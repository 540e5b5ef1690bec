import {
  addDays,
  analyticsMaxAgeMs,
  BEST_TIMES_DAYS,
  BEST_TIMES_MIN_POSTS,
  bestTimes,
  can,
  dayInZone,
  daysBetween,
  engagementOf,
  followerTier,
  INSIGHTS_MSG,
  isTimeZone,
  METRIC_FIELDS,
  MSG,
  POST_METRICS,
  PROFILE_FIGURES_MAX_AGE_MS,
  refusalOf,
  SOCIAL_MSG,
  SOCIAL_NETWORKS,
  STORY_WINDOW_MS,
  socialNetwork,
  storyInsightMessage,
  type TAnalyticsItem,
  type TBestTimes,
  type TPerformance,
  type TPerformancePeriod,
  type TPermissionAction,
  type TPostMetrics,
  type TProfileOverviewItem,
  type TSocialNetworkKey,
  zoneDayStart,
} from '@virality/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { badRequest, forbidden, notFound } from '../../errors';
import { NetworkError, type TProfileFigures } from '../../integrations/networks/types';
import { errorForLog } from '../../lib/scrub';
import type { TAuthContext } from '../auth/service';
import type { TPostsService } from '../posts/service';
import type { TQueueService } from '../queue/service';
import type { TSocialAccountsService } from '../social-accounts/service';
import type { TTeamService } from '../team/service';
import type { TAnalyticsRepository, TCursor, TFiguresRow, TMetricsRow } from './repository';

/**
 * How many reads each network is sent a minute (accounts and posts together), well inside what each allows an
 * app: Meta's Graph API about 200 calls an hour per user, YouTube a project quota of 10,000 units a day that
 * uploads share (1,600 units each), X 15 post look-ups per 15 minutes per user, TikTok 600 a minute.
 */
export const READS_PER_MINUTE: Record<TSocialNetworkKey, number> = {
  instagram: 30,
  facebook: 30,
  youtube: 3,
  linkedin: 20,
  tiktok: 30,
  twitter: 10,
  threads: 30,
};
/** The pause between two calls to the same network: reads are spaced, never sent in a burst. */
const CALL_GAP_MS = 250;
/** Due post reads looked at per run; those over their network's share wait a minute. */
const DUE_SCAN = 400;
/** The sweeps that start reading new accounts and new posts: pages of this many, at most this many pages a run. */
const SWEEP_PAGE = 500;
const SWEEP_PAGES = 10;
/** A sweep looks this far back behind its cursor: a row written by a transaction that committed late is not missed. */
const SWEEP_OVERLAP_MS = 10 * 60_000;
/** A passing failure (timeout, 5xx) is tried again this soon (or at the next read, if sooner). */
const RETRY_SOON_MS = 15 * 60_000;
/** A rate limit without a reset time is waited out this long. */
const RATE_LIMIT_WAIT_MS = 15 * 60_000;
/** A read over its network's share of this minute waits this long. */
const OVER_BUDGET_WAIT_MS = 60_000;
const DAY_MS = 24 * 3600_000;
/** Posts older than this are never read (analyticsMaxAgeMs): the sweep does not start on them. */
const READ_FOR_MS = 90 * DAY_MS;
/** The plain words for a read that failed for a reason of our own (the log has the details). */
const READ_FAILED = 'The figures could not be read';
/** The networks whose comments are replies (the spec's reply_count). */
const REPLIES: ReadonlySet<string> = new Set(['twitter', 'threads']);
/** A profile overview shows the networks a manager's role opens with any of these. */
const OVERVIEW_ACTIONS: readonly TPermissionAction[] = ['Post', 'Analytics', 'Scheduler'];
/** Our figure columns are 32-bit: a larger figure is kept as unknown rather than wrong. */
const INT_MAX = 2_147_483_647;

type TDeps = {
  repo: TAnalyticsRepository;
  posts: TPostsService;
  social: TSocialAccountsService;
  team: TTeamService;
  /** The zone of an account's posting schedule, which its best times are read on. */
  queue: Pick<TQueueService, 'settingsOf'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The pause between two calls to one network (tests may shorten it). */
  callGapMs?: number;
};

type TAnalyticsPost = Awaited<ReturnType<TPostsService['postsForAnalytics']>>[number];
type TAnalyticsTarget = TAnalyticsPost['targets'][number];

/** What one read did: a rate limit holds its network until the given moment. */
type TOutcome = { ok: boolean; heldUntil?: Date };
/** A read waiting for its turn on its network. */
/** One read of a run; `first`: never read yet (a new post's or account's first figures go before re-reads). */
type TRead = { kind: 'account' | 'target'; id: string; first: boolean; due: number; run: () => Promise<TOutcome> };

export type TReadDueResult = {
  /** Accounts linked and targets published since the last run that the sweeps saw (and started reading). */
  swept: { accounts: number; targets: number };
  read: number;
  failed: number;
  rateLimited: number;
  /** Reads left for a later run: over their network's share, or their network is rate limited. */
  deferred: number;
};

const count = (v: number | null | undefined): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= INT_MAX ? Math.round(v) : null;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const later = (now: Date, ms: number | null) => (ms === null ? null : new Date(now.getTime() + ms));

/** The figures a network gave for a post, only the known ones, as numbers. */
function cleanMetrics(m: TPostMetrics): TPostMetrics {
  const out: TPostMetrics = {};
  for (const k of POST_METRICS) {
    const v = m[k];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) out[k] = v;
  }
  return out;
}

/** How soon a post is read again: as analyticsMaxAgeMs says; a story only while the network keeps its insights. */
function nextReadIn(target: TAnalyticsTarget, publishedAt: Date, now: Date): number | null {
  if (target.format === 'story' && now.getTime() - publishedAt.getTime() >= STORY_WINDOW_MS) return null;
  return analyticsMaxAgeMs(publishedAt, now);
}

/**
 * What a failed read writes: a rate limit moves the next read to when it lifts (nothing is recorded against
 * the row); any other failure keeps the last good figures and says why in plain words, and is tried again at
 * the next read (a passing failure sooner).
 */
function failureOf(err: unknown, now: Date, readIn: number | null) {
  if (err instanceof NetworkError && err.kind === 'rate_limited') {
    const at = err.retryAt && err.retryAt.getTime() > now.getTime() ? err.retryAt : new Date(now.getTime() + RATE_LIMIT_WAIT_MS);
    return { rateLimited: at, patch: { nextFetchAt: at } } as const;
  }
  const net = err instanceof NetworkError ? err : null;
  const passing = !net || net.kind === 'retry';
  const wait = readIn === null ? null : passing ? Math.min(readIn, RETRY_SOON_MS) : readIn;
  return {
    rateLimited: null,
    code: net?.kind === 'reconnect' ? ('reconnect' as const) : ('network_error' as const),
    patch: { error: net?.reason ?? READ_FAILED, errorAt: now, nextFetchAt: later(now, wait) },
  } as const;
}

/**
 * The figures read from the networks: a job reads linked accounts' figures and published posts' analytics on
 * a schedule (spaced, within each network's limits) and keeps them; the two calls answer only what is kept, so
 * opening a page never waits on a network.
 */
export function createAnalyticsService(deps: TDeps) {
  const { repo, posts, social, team, clock, log } = deps;
  const gapMs = deps.callGapMs ?? CALL_GAP_MS;
  /** Until when a network said it is rate limited (in this process; each row also waits for its own time). */
  const heldUntil = new Map<string, number>();

  function ownIds(a: TAuthContext, userId: string | undefined) {
    if (userId && userId !== a.userId) throw forbidden(MSG.forbidden);
  }

  /**
   * Pages through rows made since a sweep's cursor (looking SWEEP_OVERLAP_MS behind it) and hands them to `add`;
   * the cursor moves to the last row seen. A first run starts `firstFrom` back.
   */
  async function sweep<T>(
    name: string,
    firstFrom: Date,
    page: (after: TCursor, limit: number) => Promise<T[]>,
    keyOf: (row: T) => TCursor,
    add: (rows: T[]) => Promise<void>,
  ): Promise<number> {
    let cursor = (await repo.cursor(name)) ?? { at: firstFrom, id: '' };
    let after: TCursor = { at: new Date(cursor.at.getTime() - SWEEP_OVERLAP_MS), id: '' };
    let seen = 0;
    for (let i = 0; i < SWEEP_PAGES; i++) {
      const rows = await page(after, SWEEP_PAGE);
      if (rows.length === 0) break;
      await add(rows);
      seen += rows.length;
      const last = keyOf(rows[rows.length - 1]);
      if (last.at.getTime() >= cursor.at.getTime()) cursor = last;
      if (rows.length < SWEEP_PAGE) break;
      after = last;
    }
    await repo.saveCursor(name, cursor);
    return seen;
  }

  /** Starts reading accounts linked and targets published since the last run (due at once). */
  async function startNew(now: Date) {
    const accounts = await sweep(
      'accounts',
      new Date(0),
      (after, limit) => social.linkedAfter(after, limit),
      (r) => ({ at: r.createdAt, id: r.id }),
      (rows) => repo.addFigures(rows.map((r) => ({ accountId: r.id, orgId: r.orgId, network: r.network, nextFetchAt: now }))),
    );
    const targets = await sweep(
      'targets',
      new Date(now.getTime() - READ_FOR_MS),
      (after, limit) => posts.publishedAfter(after, limit),
      (r) => ({ at: r.publishedAt, id: r.targetId }),
      (rows) => repo.addMetrics(rows.map((r) => ({ targetId: r.targetId, postId: r.postId, orgId: r.orgId, nextFetchAt: now }))),
    );
    return { accounts, targets };
  }

  /** Reads one account's figures; a failure keeps the last good ones. */
  async function readAccount(row: TFiguresRow): Promise<TOutcome> {
    const now = clock.now();
    try {
      const f: TProfileFigures = await social.withPublishing(row.accountId, (adapter, grant, ref) => adapter.profile(grant, ref));
      await repo.updateFigures(row.accountId, {
        userName: f.userName || null,
        pictureUrl: f.pictureUrl,
        followers: count(f.followers),
        following: count(f.following),
        media: count(f.media),
        subscribers: count(f.subscribers),
        views: count(f.views),
        likes: count(f.likes),
        fetchedAt: now,
        error: null,
        errorAt: null,
        nextFetchAt: new Date(now.getTime() + PROFILE_FIGURES_MAX_AGE_MS),
      });
      return { ok: true };
    } catch (err) {
      if (!(err instanceof NetworkError)) log.warn({ err: errorForLog(err), accountId: row.accountId }, 'figures read failed');
      const f = failureOf(err, now, PROFILE_FIGURES_MAX_AGE_MS);
      await repo.updateFigures(row.accountId, {
        ...f.patch,
        nextFetchAt: f.patch.nextFetchAt ?? new Date(now.getTime() + PROFILE_FIGURES_MAX_AGE_MS),
      });
      return f.rateLimited ? { ok: false, heldUntil: f.rateLimited } : { ok: false };
    }
  }

  /** Reads one published post's figures on one account; a failure keeps the last good ones. */
  async function readTarget(row: TMetricsRow, target: TAnalyticsTarget & { accountId: string }): Promise<TOutcome> {
    const now = clock.now();
    const publishedAt = target.publishedAt ?? now;
    const readIn = nextReadIn(target, publishedAt, now);
    try {
      const metrics = await social.withPublishing(target.accountId, (adapter, grant, ref) =>
        adapter.analytics(grant, ref, target.remotePostId ?? '', target.format),
      );
      await repo.updateMetrics(row.targetId, {
        metrics: cleanMetrics(metrics),
        fetchedAt: now,
        error: null,
        errorCode: null,
        errorAt: null,
        nextFetchAt: later(now, readIn),
      });
      return { ok: true };
    } catch (err) {
      if (!(err instanceof NetworkError)) log.warn({ err: errorForLog(err), targetId: row.targetId }, 'analytics read failed');
      const f = failureOf(err, now, readIn);
      await repo.updateMetrics(row.targetId, f.rateLimited ? f.patch : { ...f.patch, errorCode: f.code });
      return f.rateLimited ? { ok: false, heldUntil: f.rateLimited } : { ok: false };
    }
  }

  /** A network's reads, one after another with a pause between; a rate limit stops them and moves the rest to when it lifts. */
  async function runNetwork(network: string, reads: TRead[], out: TReadDueResult) {
    for (let i = 0; i < reads.length; i++) {
      if (i > 0 && gapMs > 0) await sleep(gapMs);
      const outcome = await reads[i].run();
      if (outcome.ok) out.read++;
      else if (outcome.heldUntil) out.rateLimited++;
      else out.failed++;
      if (outcome.heldUntil) {
        heldUntil.set(network, outcome.heldUntil.getTime());
        const rest = reads.slice(i + 1);
        const ids = (kind: TRead['kind']) => rest.filter((r) => r.kind === kind).map((r) => r.id);
        await repo.deferMetrics(ids('target'), outcome.heldUntil);
        await repo.deferFigures(ids('account'), outcome.heldUntil);
        out.deferred += rest.length;
        return;
      }
    }
  }

  return {
    /**
     * The periodic job's work: starts reading what was linked or published since the last run, then reads what
     * is due (accounts hourly, posts as analyticsMaxAgeMs says), each network at most READS_PER_MINUTE, its
     * calls spaced, first reads ahead of re-reads and then the longest waiting first. A network that answers "rate limited" is left alone until its limit lifts.
     */
    async readDue(): Promise<TReadDueResult> {
      const now = clock.now();
      const out: TReadDueResult = { swept: await startNew(now), read: 0, failed: 0, rateLimited: 0, deferred: 0 };

      // due posts, with what reading them needs (network, account, id on the network); those that can no
      // longer be read (deleted post, unlinked account, story past its 24 hours) stop being read
      const due = await repo.dueMetrics(now, DUE_SCAN);
      const found = await posts.postsForAnalytics([...new Set(due.map((r) => r.postId))]);
      const targets = new Map(found.flatMap((p) => (p.isActive ? p.targets.map((t) => [t.id, t] as const) : [])));
      const reads = new Map<string, TRead[]>(SOCIAL_NETWORKS.map((n) => [n.key, []]));
      const stop: string[] = [];
      for (const row of due) {
        const t = targets.get(row.targetId);
        const readable = t?.state === 'published' && t.remotePostId && t.publishedAt;
        if (!t || !readable || nextReadIn(t, t.publishedAt ?? now, now) === null) {
          stop.push(row.targetId);
          continue;
        }
        if (!t.accountId) {
          // its account was unlinked: the figures read so far stay, and say the account must be linked again
          await repo.updateMetrics(row.targetId, {
            error: SOCIAL_MSG.accountNotFound,
            errorCode: 'reconnect',
            errorAt: now,
            nextFetchAt: null,
          });
          continue;
        }
        const target = { ...t, accountId: t.accountId as string };
        reads.get(t.network)?.push({
          kind: 'target',
          id: row.targetId,
          first: row.fetchedAt === null,
          due: row.nextFetchAt?.getTime() ?? 0,
          run: () => readTarget(row, target),
        });
      }
      await repo.deferMetrics(stop, null);

      const nowMs = now.getTime();
      const turns: Promise<void>[] = [];
      for (const n of SOCIAL_NETWORKS) {
        const mine = reads.get(n.key) ?? [];
        const held = heldUntil.get(n.key) ?? 0;
        if (held > nowMs) {
          // its limit has not lifted: its posts wait until it does, its accounts stay due
          await repo.deferMetrics(
            mine.map((r) => r.id),
            new Date(held),
          );
          out.deferred += mine.length;
          continue;
        }
        const budget = READS_PER_MINUTE[n.key];
        for (const row of await repo.dueFigures(n.key, now, budget))
          mine.push({
            kind: 'account',
            id: row.accountId,
            first: row.fetchedAt === null,
            due: row.nextFetchAt.getTime(),
            run: () => readAccount(row),
          });
        // first reads before re-reads (many accounts overdue for their hourly read never hold a new post back),
        // then the longest waiting
        mine.sort((x, y) => Number(y.first) - Number(x.first) || x.due - y.due);
        const over = mine.splice(budget);
        const waiting = over.filter((r) => r.kind === 'target').map((r) => r.id);
        await repo.deferMetrics(waiting, new Date(nowMs + OVER_BUDGET_WAIT_MS));
        out.deferred += over.length;
        if (mine.length) turns.push(runNetwork(n.key, mine, out));
      }
      await Promise.all(turns);
      return out;
    },

    /**
     * An account's best times to post: the weekday-and-hour slots its own posts of the last BEST_TIMES_DAYS days did
     * best at (their figures as the job last read them), on its posting schedule's wall clock (else `zone`, else
     * UTC); the network's general times, labelled so, while it has too few posts. The team's Scheduler permission
     * on the account decides who may read them, as for its schedule.
     */
    async bestTimes(a: TAuthContext, accountId: string, zone?: string): Promise<TBestTimes> {
      if (zone !== undefined && !isTimeZone(zone)) throw badRequest(INSIGHTS_MSG.badTimeZone);
      const [account] = await social.schedulingAccounts(a.user, [accountId]);
      const settings = (await deps.queue.settingsOf(a.user.orgId, [accountId])).get(accountId);
      const timeZone = settings?.timeZone ?? zone ?? 'UTC';
      const now = clock.now();
      const from = new Date(now.getTime() - BEST_TIMES_DAYS * 86_400_000);
      const published = await posts.publishedOfAccount(a.user.orgId, accountId, from, now);
      const read = new Map((await repo.metricsOf(published.map((t) => t.targetId))).map((r) => [r.targetId, r]));
      // only posts whose figures were read: one never read says nothing of how it did
      const samples = published.flatMap((t) => {
        const row = read.get(t.targetId);
        return row?.fetchedAt ? [{ publishedAt: t.publishedAt, engagement: engagementOf(row.metrics) }] : [];
      });
      const best = bestTimes(samples, timeZone, account.network);
      return {
        accountId,
        network: account.network,
        basis: best.basis,
        postsRead: samples.length,
        postsNeeded: BEST_TIMES_MIN_POSTS,
        timeZone,
        times: best.times,
      };
    },

    /** Every figure of published targets as the job last read them (a target never read is absent). */
    async figuresOf(
      targetIds: readonly string[],
    ): Promise<Map<string, { metrics: Partial<Record<string, number>>; fetchedAt: Date }>> {
      const out = new Map<string, { metrics: Partial<Record<string, number>>; fetchedAt: Date }>();
      for (const row of await repo.metricsOf([...targetIds]))
        if (row.fetchedAt)
          out.set(row.targetId, { metrics: { ...row.metrics } as Partial<Record<string, number>>, fetchedAt: row.fetchedAt });
      return out;
    },

    /** Likes and comments of published targets as the job last read them (a target never read is absent). */
    async keptFigures(targetIds: string[]): Promise<Map<string, { likes?: number; comments?: number }>> {
      const out = new Map<string, { likes?: number; comments?: number }>();
      for (const row of await repo.metricsOf(targetIds))
        if (row.fetchedAt) out.set(row.targetId, { likes: row.metrics.likes, comments: row.metrics.comments });
      return out;
    },

    /**
     * post_analytics/: one item per account the post went out to or failed on, answered from what the job has
     * read (never from the network). ResponseCode 200 with the figures (and, when the last read failed, its
     * code and reason beside the last good figures); 204 a story's message; 202 not read yet; 403 no Analytics
     * access (a manager); 400 not published; 401 reconnect and 502 a network error when no figures were ever read.
     */
    async postAnalytics(a: TAuthContext, body: { CommonPostID: string; UserID?: string }): Promise<TAnalyticsItem[]> {
      ownIds(a, body.UserID);
      const [post] = await posts.postsForAnalytics([body.CommonPostID]);
      // another organization's post is not found, as one that does not exist
      if (!post || post.orgId !== a.user.orgId || !post.isActive) throw notFound(INSIGHTS_MSG.postNotFound);
      const shown = post.targets.filter((t) => t.state === 'published' || t.state === 'failed' || t.state === 'needs_reconnect');
      const actor = await team.actorOf(a.user);
      const rows = new Map((await repo.metricsOf(shown.map((t) => t.id))).map((r) => [r.targetId, r]));
      const now = clock.now();
      // a target the sweep has not reached yet is read at the job's next run
      await repo.addMetrics(
        shown
          .filter((t) => t.state === 'published' && !rows.has(t.id))
          .map((t) => ({ targetId: t.id, postId: post.id, orgId: post.orgId, nextFetchAt: now })),
      );

      return shown.map((t) => {
        const n = socialNetwork(t.network) ?? { id: '', label: t.network, key: t.network };
        const row = rows.get(t.id);
        const item = (
          ResponseCode: number,
          code: string | null,
          error: string | null,
          metrics: TPostMetrics | null,
        ): TAnalyticsItem => {
          const Metrics = Object.fromEntries(POST_METRICS.map((m) => [m, metrics?.[m] ?? null])) as TAnalyticsItem['Metrics'];
          const fields: Record<string, number | null> = {};
          for (const m of POST_METRICS) fields[METRIC_FIELDS[m]] = Metrics[m];
          fields.video_views = post.video ? Metrics.views : null;
          fields.reply_count = REPLIES.has(t.network) ? Metrics.comments : null;
          // the contract's catch-all (the spec's figure fields) cannot be written beside Metrics in TypeScript
          return {
            SocialMediaID: n.id,
            SocialMediaName: n.label,
            UserSocialMediaID: t.accountId,
            UserName: t.accountName,
            Format: t.format,
            PostUrl: t.remoteUrl,
            PostedAt: t.publishedAt?.toISOString() ?? null,
            ResponseCode,
            error,
            code,
            Metrics,
            ...fields,
            UpdatedAt: metrics ? (row?.fetchedAt?.toISOString() ?? null) : null,
          } as unknown as TAnalyticsItem;
        };
        if (t.state !== 'published') return item(400, 'not_published', t.error ?? 'The post could not be published', null);
        if (refusalOf(actor, 'Analytics', { id: t.accountId ?? '', orgId: post.orgId, network: t.network as TSocialNetworkKey }))
          return item(403, 'no_access', INSIGHTS_MSG.noAccess, null);
        if (t.format === 'story') {
          const message = storyInsightMessage(t.publishedAt, row?.metrics.views, now);
          if (message) return item(204, message === INSIGHTS_MSG.storyExpired ? 'story_expired' : 'story_waiting', message, null);
        }
        const figures = row?.fetchedAt ? row.metrics : null;
        if (row?.errorCode)
          return item(figures ? 200 : row.errorCode === 'reconnect' ? 401 : 502, row.errorCode, row.error, figures);
        if (!figures) return item(202, 'not_yet_read', null, null);
        return item(200, null, null, figures);
      });
    },

    /**
     * performance_overview/: the organization's posts that went out over the last `Days` days (today included, in
     * the caller's time zone), day by day, and the same period before it: accounts published to, engagement and
     * views as the job last read them. A manager counts only the networks its role opens with Analytics; an IMC
     * account, which posts nothing, has nothing to count.
     */
    async performance(
      a: TAuthContext,
      body: { UserID?: string; Days: TPerformancePeriod; TimeZone?: string },
    ): Promise<TPerformance> {
      ownIds(a, body.UserID);
      const zone = body.TimeZone ?? 'UTC';
      if (!isTimeZone(zone)) throw badRequest(INSIGHTS_MSG.badTimeZone);
      const today = dayInZone(clock.now(), zone);
      const first = addDays(today, 1 - body.Days);
      const firstBefore = addDays(first, -body.Days);
      const days = daysBetween(first, today);
      const zero = () => ({ Published: 0, Engagement: 0, Views: 0 });
      const perDay = new Map(days.map((d) => [d, zero()]));
      const previous = zero();
      let updatedAt: Date | null = null;
      if (a.role !== 'IMC') {
        const actor = await team.actorOf(a.user);
        const targets = (
          await posts.publishedOfOrg(a.user.orgId, zoneDayStart(firstBefore, zone), zoneDayStart(addDays(today, 1), zone))
        ).filter(
          (t) =>
            !refusalOf(actor, 'Analytics', {
              id: t.accountId ?? '',
              orgId: a.user.orgId,
              network: t.network as TSocialNetworkKey,
            }),
        );
        const metrics = new Map((await repo.metricsOf(targets.map((t) => t.targetId))).map((r) => [r.targetId, r]));
        for (const t of targets) {
          const day = dayInZone(t.postedAt, zone);
          const into = day >= first ? perDay.get(day) : previous;
          if (!into) continue;
          const row = metrics.get(t.targetId);
          const m = row?.fetchedAt ? row.metrics : {};
          into.Published += 1;
          into.Engagement += engagementOf(m);
          into.Views += m.views ?? 0;
          if (row?.fetchedAt && (!updatedAt || row.fetchedAt > updatedAt)) updatedAt = row.fetchedAt;
        }
      }
      const sum = (k: 'Published' | 'Engagement' | 'Views') => [...perDay.values()].reduce((n, d) => n + d[k], 0);
      return {
        Published: sum('Published'),
        Engagement: sum('Engagement'),
        Views: sum('Views'),
        Days: days.map((day) => ({ Date: day, ...perDay.get(day)! })),
        Previous: previous,
        UpdatedAt: (updatedAt as Date | null)?.toISOString() ?? null,
      };
    },

    /**
     * The profile overview: the organization's linked accounts (of one network when SocialMediaID is given) with
     * the figures the job last read, the follower tier, when they were read and why the last read failed. A
     * manager sees the networks its role opens with Post, Analytics or Scheduler. An account not read yet shows
     * no figures, and is read at the job's next run.
     */
    async profileOverview(
      a: TAuthContext,
      body: { UserID?: string; SocialMediaID?: string | number },
    ): Promise<TProfileOverviewItem[]> {
      ownIds(a, body.UserID);
      const asked = body.SocialMediaID === undefined || body.SocialMediaID === '' ? null : String(body.SocialMediaID);
      const network = asked === null ? null : socialNetwork(asked);
      if (asked !== null && !network) throw badRequest('Unknown SocialMediaID: give 1 to 7');
      // an IMC account links no social accounts
      if (a.role === 'IMC') return [];
      const actor = await team.actorOf(a.user);
      const accounts = (await social.list(a, network)).map((acc) => ({
        ...acc,
        key: SOCIAL_NETWORKS.find((n) => n.id === acc.SocialMediaID)!.key,
      }));
      const open = accounts.filter((acc) =>
        OVERVIEW_ACTIONS.some((action) => can(actor, action, { id: acc.id, orgId: a.user.orgId, network: acc.key })),
      );
      const rows = new Map((await repo.figuresOf(open.map((acc) => acc.id))).map((r) => [r.accountId, r]));
      const now = clock.now();
      await repo.addFigures(
        open
          .filter((acc) => !rows.has(acc.id))
          .map((acc) => ({ accountId: acc.id, orgId: a.user.orgId, network: acc.key, nextFetchAt: now })),
      );
      return open.map((acc) => {
        const row = rows.get(acc.id);
        const read = row?.fetchedAt ? row : null;
        return {
          UserSocialMediaID: acc.id,
          SocialMediaID: acc.SocialMediaID,
          SocialMediaName: acc.SocialMediaName,
          name: acc.UserName,
          username: read?.userName ?? acc.UserName,
          followers_count: read?.followers ?? null,
          follows_count: read?.following ?? null,
          media_count: read?.media ?? null,
          subscriber_count: read?.subscribers ?? null,
          view_count: read?.views ?? null,
          likes_count: read?.likes ?? null,
          profile_picture_url: read?.pictureUrl ?? acc.ProfilePictureURL,
          Tier: read ? followerTier(read.followers ?? read.subscribers) : null,
          UpdatedAt: read?.fetchedAt?.toISOString() ?? null,
          Error:
            row?.error ??
            (acc.Status === 'needs_reconnect' ? (acc.StatusReason ?? SOCIAL_MSG.reconnectTitle(acc.SocialMediaName)) : null),
        };
      });
    },
  };
}
export type TAnalyticsService = ReturnType<typeof createAnalyticsService>;
