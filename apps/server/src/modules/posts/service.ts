import {
  CALENDAR_MAX_DAYS,
  CALENDAR_RANGE_MAX_POSTS,
  can,
  freeTierLimitReached,
  INSIGHTS_MSG,
  isTimeZone,
  MSG,
  mediaCountIssue,
  mediaIssue,
  NETWORK_LIMITS,
  NOTIFICATION_MSG,
  nextFreeSlots,
  POST_MSG,
  postBadge,
  postLimitIssues,
  postTypeOf,
  QUEUE_HORIZON_DAYS,
  QUEUE_LEAD_MS,
  QUEUE_MSG,
  QUEUE_POST_MSG,
  QUEUE_UPCOMING_MAX,
  RETRYABLE_TARGET_STATES,
  REVIEW_MSG,
  SOCIAL_NETWORKS,
  scheduleIssue,
  seesNetwork,
  slotMoments,
  socialNetwork,
  storyIssue,
  type TCampaignPost,
  type TCampaignPostPreview,
  type TCampaignReviewState,
  TEAM_MSG,
  type TPost,
  type TPostBody,
  type TPostFormat,
  type TPostResult,
  type TPostsDateRangeBody,
  type TPostTotals,
  type TQueueItem,
  type TQueueView,
  type TSocialNetworkKey,
  zoneDayStart,
} from '@virality/domain';
import type { Clock } from '../../clock';
import type { TPostMedia } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound, tooMany } from '../../errors';
import { createCache, type TCache } from '../../lib/cache';
import type { TChanges } from '../../lib/changes';
import { deepFreeze } from '../../lib/freeze';
import { newId } from '../../lib/ids';
import type { TCancelJob, TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuthContext } from '../auth/service';
import type { TCampaignsService } from '../campaigns/service';
import type { TNotificationsService } from '../notifications/service';
import type { TQueueService } from '../queue/service';
import type { TSocialAccountsService } from '../social-accounts/service';
import type { TSubscriptionsService } from '../subscriptions/service';
import type { TTeamService } from '../team/service';
import type { TUsersService } from '../users/service';
import type { TWebhooksService } from '../webhooks/service';
import { PUBLISH_QUEUE, type TPublishEngine } from './engine';
import {
  FINAL_STATES,
  type TCampaignPostRow,
  type TNewTarget,
  type TPostRow,
  type TPostsRepository,
  type TTargetRow,
} from './repository';
import { NO_FIGURES, postDto, resultOf, type TPostFigures } from './results';

/** What resolves a post's media: the media module's uploads of the caller's organization. */
export type TMediaResolver = { resolve(orgId: string, urls: string[]): Promise<TPostMedia[]> };

type TDeps = {
  /** The accounts' posting schedules: where a post added to the queue goes, and the queues' locks. */
  queue: Pick<TQueueService, 'settingsOf' | 'lockQueues'>;
  /** Writes a post's webhook events (post.deleted), inside the unit that makes the change. */
  webhooks?: Pick<TWebhooksService, 'emit'>;
  repo: TPostsRepository;
  engine: TPublishEngine;
  social: TSocialAccountsService;
  media: TMediaResolver;
  subscriptions: TSubscriptionsService;
  notifications: TNotificationsService;
  users: TUsersService;
  /** Who a business manager is: the networks its role opens decide which posts it may read by id. */
  team: Pick<TTeamService, 'actorOf'>;
  /** A post made for a campaign names one its author accepted and that runs today. */
  campaigns: Pick<TCampaignsService, 'checkPostCampaign' | 'approvalRequired' | 'postSubmitted'>;
  clock: Clock;
  unitOfWork: TUnitOfWork;
  cancelJob: TCancelJob;
  changes: TChanges;
  /** How long a post-now call waits for the networks' answers. */
  resultWaitMs: number;
};

/**
 * How long a list's or the calendar's answer is served without a change heard: a safety net only, every write of
 * a post or a target is announced and forgets its organization's answers in every process (lib/changes).
 */
const ANSWERS_TTL_MS = 5_000;
/** An answer kept for an organization: the writers whose names it shows (a name change forgets it too), its posts. */
type TKeptAnswer = { orgId: string; writers: string[]; posts: number; answer: object };
/** The figures read so far of published targets, by target id (a target never read is absent). */
export type TFigureSource = (targetIds: string[]) => Promise<Map<string, { likes?: number; comments?: number }>>;
/** Which networks' figures a reader sees (null: all), and a key that names that view. */
type TFiguresView = { key: string; networks: ReadonlySet<string> | null };
/**
 * How many posts the kept answers may hold in all, per cache: a post kept weighs some 5 kB (its answer's objects,
 * their bytes, compressed), so each cache holds some 50 MB at most.
 */
const KEPT_POSTS = 10_000;

const TIKTOK_PRIVACY = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
const YOUTUBE_PRIVACY = ['private', 'public', 'unlisted'];
const isManager = (a: TAuthContext) => a.role === 'BUSINESS_MANAGER';
/** Whose plan a post counts against: the business's owner for a manager, else the user's own. */
const ownerOf = (a: TAuthContext) => (isManager(a) ? (a.user.businessId ?? a.userId) : a.userId);
const DAY_MS = 24 * 60 * 60 * 1000;
/** Whether a 'yyyy-MM-dd' day exists (2026-02-30 does not). */
const isRealDay = (day: string) => {
  const at = Date.parse(`${day}T00:00:00.000Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
};
const str = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? null : String(v));
/** Posts a campaign shows at most (the newest). */
const CAMPAIGN_POSTS_MAX = 200;

/** A post made for a campaign as the campaign shows it: its networks, and its badge in the post status rule's words. */
const REVIEW_WORDS: Record<string, string> = {
  awaiting: REVIEW_MSG.awaitingLabel,
  changes_requested: REVIEW_MSG.changesLabel,
};
const campaignPostDto = (r: TCampaignPostRow): Omit<TCampaignPost, 'reviews'> => ({
  _id: r.id,
  caption: r.caption,
  author: { _id: r.authorId, name: r.authorName, userName: r.authorUserName, profileImage: r.authorImage },
  // in the networks' own order (Instagram, Facebook, YouTube, LinkedIn, TikTok, X, Threads)
  networks: [...new Set(r.targets.map((t) => t.network))].sort(
    (x, y) => Number(socialNetwork(x)?.id ?? 99) - Number(socialNetwork(y)?.id ?? 99),
  ),
  // a post in the owner's review says so; once approved it is a post like any other
  status:
    REVIEW_WORDS[r.campaignReview ?? ''] ??
    postBadge({
      IsScheduled: r.isScheduled,
      IsPostDone: r.isPostDone,
      IsPaused: r.isPaused,
      ScheduledDate: r.scheduledAt ? r.scheduledAt.toISOString().slice(0, 10) : null,
      ScheduledTime: r.scheduledAt ? r.scheduledAt.toISOString().slice(11, 16) : null,
      SocialMediaPostDate: r.postedAt?.toISOString() ?? null,
      MediaPostedOn: r.targets.map((t) => ({ Status: t.state })),
    }),
  scheduledAt: r.isScheduled && r.scheduledAt ? r.scheduledAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
  review: (r.campaignReview as TCampaignReviewState | null) ?? null,
  remark: r.campaignReview === 'changes_requested' ? r.remark : null,
});

/** Where a target starts: a draft, a scheduled post, or one to send now. */
type TMode = 'draft' | 'schedule' | 'now' | 'queue';
const STATE_OF: Record<TMode, 'draft' | 'scheduled' | 'queued'> = {
  draft: 'draft',
  schedule: 'scheduled',
  now: 'queued',
  queue: 'scheduled',
};

/** What a post that was sent is told: scheduled, added to the queue, or sent now. */
const sentWords = (mode: TMode): string =>
  mode === 'schedule' ? POST_MSG.scheduled : mode === 'queue' ? QUEUE_MSG.added : POST_MSG.sent;

/** The earliest of some moments. */
const earliest = (moments: Iterable<Date>): Date => new Date(Math.min(...[...moments].map((d) => d.getTime())));

/** What a checked request writes into a post (its content and options), for a new post and a changed draft. */
const contentOf = (body: TPostBody, c: Pick<TChecked, 'postType' | 'postFormat' | 'caption' | 'files' | 'scheduledAt'>) => ({
  postType: c.postType,
  format: c.postFormat,
  caption: c.caption,
  title: body.Title?.trim() || null,
  tags: body.Tags ?? [],
  hashtags: body.HashTags ?? [],
  keywords: body.Keywords ?? [],
  categoryId: str(body.CategoryID),
  privacyStatus: str(body.PrivacyStatus),
  media: c.files,
  isScheduled: Boolean(body.IsScheduled) && c.scheduledAt !== null,
  scheduledAt: c.scheduledAt,
});

/** The target rows of a checked request: one per account, in the state the mode starts it in. */
const targetRowsOf = (
  c: Pick<TChecked, 'targets' | 'scheduledAt'>,
  postId: string,
  orgId: string,
  mode: TMode,
  now: Date,
): TNewTarget[] =>
  c.targets.map((t) => ({
    id: newId(),
    postId,
    orgId,
    accountId: t.account.id,
    network: t.account.network,
    accountName: t.account.userName,
    accountPicture: t.account.pictureUrl,
    format: t.format,
    privacy: t.privacy,
    state: STATE_OF[mode],
    dueAt: c.scheduledAt,
    createdAt: now,
    updatedAt: now,
  }));

/**
 * Posts: composing (checked against every rule before anything is written), posting now, scheduling, drafts
 * and a manager's drafts waiting for the owner's approval, and moving a scheduled post (pause, resume,
 * reschedule, delete) together with its jobs in one transaction. Publishing itself is the engine's.
 */
/** What `checked` answers: the request read and checked, ready to be written. */
type TChecked = {
  caption: string;
  files: TPostMedia[];
  targets: {
    account: { id: string; network: string; userName: string; pictureUrl: string | null };
    format: TPostFormat;
    privacy: string | null;
  }[];
  scheduledAt: Date | null;
  postType: ReturnType<typeof postTypeOf>;
  postFormat: TPostFormat;
};

export function createPostsService(deps: TDeps) {
  const {
    repo,
    engine,
    social,
    media,
    subscriptions,
    notifications,
    users,
    team,
    campaigns,
    clock,
    unitOfWork,
    cancelJob,
    changes,
    queue,
  } = deps;

  // The answers of the post lists and of the calendar, the same for every reader of an organization (each reader's
  // checks run before): kept, frozen, until any post, target or linked account of the organization or a writer's
  // name changes, so that a busy dashboard's calls are served from memory (and their bytes, see http/contracts).
  const answerCache = (max: number) =>
    createCache<TKeptAnswer>(changes, {
      ttlMs: ANSWERS_TTL_MS,
      max,
      weigh: (v) => v.posts + 1,
      maxWeight: KEPT_POSTS,
      tags: (v) => [['post', v.orgId], ['social', v.orgId], ...v.writers.map((w): ['user', string] => ['user', w])],
      grouped: ['post'],
    });
  const listAnswers = answerCache(2_000);
  const calendarAnswers = answerCache(200);
  /** The organization's answer under `key`, from the cache or built (and then frozen): one object per answer kept. */
  async function keptAnswer<A extends object>(
    cache: TCache<TKeptAnswer>,
    orgId: string,
    key: string,
    build: () => Promise<{ answer: A; writers: string[] }>,
  ): Promise<A> {
    const kept = await cache.get(`${orgId}:${key}`, async () => {
      const { answer, writers } = await build();
      return { orgId, writers: [...new Set(writers)], posts: writers.length, answer: deepFreeze(answer) };
    });
    return kept!.answer as A;
  }

  function ownIds(a: TAuthContext, ids: { OrgID?: string; UserID?: string | null; user_id?: string | null }) {
    const userId = ids.UserID ?? ids.user_id;
    if ((userId && userId !== a.userId) || (ids.OrgID && ids.OrgID !== a.user.orgId)) throw forbidden(MSG.forbidden);
  }

  /** The plan's end that limits how far ahead a post may be scheduled: influencers planEndDate, others bufferEndDate. */
  async function planEnd(a: TAuthContext): Promise<Date | null> {
    const d = await subscriptions.detailsFor(ownerOf(a));
    if (!d) return null;
    return new Date(a.role === 'INFLUENCER' ? d.planEndDate : d.bufferEndDate);
  }

  async function findOwn(a: TAuthContext, id: string): Promise<TPostRow> {
    const post = await repo.findPost(a.user.orgId, id);
    if (!post?.isActive) throw notFound(POST_MSG.postNotFound);
    return post;
  }

  /**
   * A post of the caller's organization read by its id. A business manager reads only its own drafts (another
   * manager's, or the owner's, are not found) and the posts that went, or will go, to at least one network its role
   * opens; anything else is 'Post not found', as for a post that does not exist.
   */
  async function findReadable(a: TAuthContext, id: string): Promise<TPostRow> {
    const post = await findOwn(a, id);
    if (!isManager(a)) return post;
    if (post.isDraft) {
      if (post.userId !== a.userId) throw notFound(POST_MSG.postNotFound);
      return post;
    }
    const actor = await team.actorOf(a.user);
    const targets = await repo.targetsOf(post.id);
    if (!targets.some((t) => seesNetwork(actor, t.network as TSocialNetworkKey))) throw notFound(POST_MSG.postNotFound);
    return post;
  }

  async function lockOwn(a: TAuthContext, id: string): Promise<TPostRow> {
    const post = await repo.lockPost(a.user.orgId, id);
    if (!post?.isActive) throw notFound(POST_MSG.postNotFound);
    return post;
  }

  /**
   * Everything a post request must satisfy, checked before anything is written: the accounts (the caller's
   * organization's, through the team's permission check), the media (uploads of this organization, each rule
   * of the spec), the format per network, TikTok's and YouTube's options, each network's own limits, and the
   * schedule. Returns what to write.
   */
  async function checked(a: TAuthContext, body: TPostBody, multi: boolean, mode: TMode): Promise<TChecked> {
    const caption = body.CaptionDescription.replace(/^\s+/, '');
    if (!caption) throw badRequest(POST_MSG.captionRequired);
    const inputs =
      body.PostDetails && body.PostDetails.length > 0
        ? body.PostDetails
        : (Array.isArray(body.UserSocialMediaID)
            ? body.UserSocialMediaID
            : body.UserSocialMediaID
              ? [body.UserSocialMediaID]
              : []
          ).map((id) => ({ UserSocialMediaID: id, PrivacyStatus: undefined, IsStory: undefined, IsReel: undefined }));
    const seen = new Set<string>();
    const unique = inputs.filter((t) => !seen.has(t.UserSocialMediaID) && seen.add(t.UserSocialMediaID));
    if (unique.length === 0) throw badRequest(POST_MSG.accountRequired);
    // a manager posts only where its role opens Post, and schedules only with Scheduler access
    const actions: ('Post' | 'Scheduler')[] =
      mode === 'schedule' || mode === 'queue' || (isManager(a) && (body.IsScheduled || body.AddToQueue))
        ? ['Post', 'Scheduler']
        : ['Post'];
    const accounts = await social.postingAccounts(
      a.user,
      unique.map((t) => t.UserSocialMediaID),
      actions,
    );
    const networks = new Set(accounts.map((x) => x.network));

    if (!multi && body.MediaDetails.length > 1) throw badRequest(POST_MSG.singleDrop);
    const countIssue = mediaCountIssue(body.MediaDetails.length, multi);
    if (countIssue) throw badRequest(countIssue);
    const files = await media.resolve(
      a.user.orgId,
      body.MediaDetails.map((m) => m.ImageVideoUrl),
    );
    const facts = files.map((f) => ({ ...f, kind: f.kind as 'image' | 'video' }));
    for (const f of facts) {
      const issue = mediaIssue(f, { multi, instagram: networks.has('instagram') });
      if (issue) throw badRequest(issue);
    }

    const text = caption;
    const targets = accounts.map((acc, i) => {
      const input = unique[i];
      const format: TPostFormat =
        input.IsReel || (input.IsReel === undefined && body.IsReel)
          ? 'reel'
          : input.IsStory || (input.IsStory === undefined && body.IsStory)
            ? 'story'
            : 'post';
      const storyProblem = storyIssue(acc.network, format, facts);
      if (storyProblem) throw badRequest(storyProblem);
      let privacy: string | null = null;
      if (acc.network === 'tiktok') {
        privacy = str(input.PrivacyStatus) ?? null;
        if (!privacy) throw badRequest(POST_MSG.tiktokPrivacyRequired);
        if (!TIKTOK_PRIVACY.includes(privacy)) throw badRequest(POST_MSG.tiktokPrivacyRequired);
      }
      if (acc.network === 'youtube') {
        privacy = (str(input.PrivacyStatus) ?? str(body.PrivacyStatus) ?? 'public').toLowerCase();
        if (!YOUTUBE_PRIVACY.includes(privacy)) throw badRequest('YouTube privacy must be private, public or unlisted');
      }
      if (mode !== 'draft') {
        const label = socialNetwork(acc.network)!.label;
        const issues = postLimitIssues(label, NETWORK_LIMITS[acc.network], {
          format,
          text,
          media: facts.map((f) => ({ ...f, type: f.kind })),
        });
        if (issues.length) throw badRequest(issues[0], { errors: { [acc.network]: issues } });
      }
      return { account: acc, format, privacy };
    });
    if (networks.has('youtube') && !body.Title?.trim()) throw badRequest(POST_MSG.titleRequired);

    let scheduledAt: Date | null = null;
    if (body.IsScheduled && (mode === 'schedule' || body.ScheduledDate || body.ScheduledTime)) {
      const issue = scheduleIssue({
        date: body.ScheduledDate,
        time: body.ScheduledTime,
        now: clock.now(),
        offsetMinutes: 0,
        planEnd: await planEnd(a),
      });
      if (issue) throw badRequest(issue);
      scheduledAt = new Date(`${body.ScheduledDate}T${body.ScheduledTime}:00.000Z`);
    }
    const formats = new Set(targets.map((t) => t.format));
    const postFormat: TPostFormat = formats.size === 1 ? [...formats][0] : 'post';
    return { caption, files, targets, scheduledAt, postType: postTypeOf(facts, postFormat), postFormat };
  }

  /** Waits (at most resultWaitMs) until every target of a post is final or its media is processing, then answers. */
  async function resultAfterWait(post: TPostRow): Promise<TPostResult> {
    const until = Date.now() + deps.resultWaitMs;
    let targets = await repo.targetsOf(post.id);
    const settled = (ts: TTargetRow[]) =>
      ts.every(
        (t) =>
          (FINAL_STATES as readonly string[]).includes(t.state) ||
          t.state === 'processing' ||
          t.state === 'scheduled' ||
          t.state === 'paused' ||
          t.state === 'draft',
      );
    while (!settled(targets) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 150));
      targets = await repo.targetsOf(post.id);
    }
    return resultOf((await repo.findPostById(post.id)) ?? post, targets);
  }

  /** Moves a post's waiting targets to `state`: their jobs are cancelled, and sent again when they are due. */
  /** One waiting target moved to another time, its job with it; its post shows at its first account's time. */
  async function retarget(t: TTargetRow, at: Date) {
    const now = clock.now();
    if (t.jobId) await cancelJob(PUBLISH_QUEUE, t.jobId);
    await repo.updateTarget(t.id, { dueAt: at, jobId: null, updatedAt: now });
    if (t.state === 'scheduled') await engine.schedule(t, at);
    await showAtFirstTarget(t.postId, now);
  }

  /** A post whose accounts wait at their own times (a queued post) shows, and sorts, at the first of them. */
  async function showAtFirstTarget(postId: string, now: Date) {
    const due = (await repo.waitingTargets(postId)).map((x) => x.dueAt).filter((d): d is Date => d !== null);
    if (due.length) await repo.updatePost(postId, { scheduledAt: earliest(due), updatedAt: now });
  }

  async function moveTargets(post: TPostRow, state: 'scheduled' | 'paused' | 'queued' | 'canceled', dueAt: Date | null) {
    const now = clock.now();
    for (const t of await repo.waitingTargets(post.id)) {
      // a queued post paused or resumed keeps each account's own slot
      const at = post.inQueue && (state === 'scheduled' || state === 'paused') ? t.dueAt : dueAt;
      if (t.jobId) await cancelJob(PUBLISH_QUEUE, t.jobId);
      await repo.updateTarget(t.id, { state, dueAt: at, jobId: null, updatedAt: now });
      if (state === 'scheduled' || state === 'queued') await engine.schedule(t, state === 'queued' ? null : at);
      // what was prepared for a post paused or canceled is let go (a rescheduled one is looked at again when due)
      if (state === 'paused' || state === 'canceled') await engine.dropPrepared(t);
    }
    await changes.barrier();
  }

  /** Sends a saved draft: counted against the plan, checked again, then posted now or scheduled. */
  async function sendDraft(a: TAuthContext, post: TPostRow, author: TAuthContext) {
    const body = bodyOf(post, await repo.targetsOf(post.id));
    // a draft meant for the queue takes its accounts' next free slots now that it goes
    const mode: TMode = post.inQueue ? 'queue' : post.scheduledAt && post.isScheduled ? 'schedule' : 'now';
    const c = await checked(author, body, post.media.length > 1, mode);
    const now = clock.now();
    const limit = mode === 'queue' ? await planEnd(author) : null;
    return unitOfWork(async () => {
      const locked = await lockOwn(a, post.id);
      if (!locked.isDraft) throw badRequest(POST_MSG.notDraft);
      const counted = await subscriptions.takePost(ownerOf(author));
      const slots = mode === 'queue' ? await takeSlots(post.orgId, c.targets, now, limit) : null;
      const updated = await repo.updatePost(post.id, {
        isDraft: false,
        isScheduled: mode === 'schedule' || mode === 'queue',
        scheduledAt: slots ? earliest(slots.values()) : c.scheduledAt,
        counted,
        approval: locked.approval ? 'approved' : null,
        reviewedBy: locked.approval ? a.userId : null,
        updatedAt: now,
      });
      for (const t of await repo.targetsOf(post.id)) {
        const dueAt = slots ? (slots.get(t.accountId ?? '') ?? null) : c.scheduledAt;
        await repo.updateTarget(t.id, { state: mode === 'now' ? 'queued' : 'scheduled', dueAt, updatedAt: now });
        await engine.schedule(t, mode === 'now' ? null : dueAt);
      }
      await changes.barrier();
      return { post: updated, mode };
    });
  }

  /** A saved post read back as the request that would make it (to check a draft again before it is sent). */
  function bodyOf(post: TPostRow, targets: TTargetRow[]): TPostBody {
    return {
      CaptionDescription: post.caption,
      Title: post.title,
      Tags: post.tags,
      HashTags: post.hashtags,
      Keywords: post.keywords,
      CategoryID: post.categoryId,
      PrivacyStatus: post.privacyStatus,
      IsScheduled: post.isScheduled,
      AddToQueue: post.inQueue,
      ScheduledDate: post.scheduledAt ? post.scheduledAt.toISOString().slice(0, 10) : null,
      ScheduledTime: post.scheduledAt ? post.scheduledAt.toISOString().slice(11, 16) : null,
      MediaDetails: post.media.map((m) => ({ ImageVideoUrl: m.url, ImageVideoName: m.name })),
      PostDetails: targets
        .filter((t) => t.accountId)
        .map((t) => ({
          UserSocialMediaID: t.accountId!,
          PrivacyStatus: t.privacy,
          IsStory: t.format === 'story',
          IsReel: t.format === 'reel',
        })),
    };
  }

  /** Where the figures come from (the analytics module, built after this one, registers it): by published target. */
  let figureSource: TFigureSource | null = null;

  /**
   * Whose figures a reader sees: everyone's, or a manager's only on the networks its role opens with Analytics
   * (as post_analytics answers). `key` tells kept answers apart: readers with the same view share one.
   */
  async function figuresViewOf(a: TAuthContext): Promise<TFiguresView> {
    if (!isManager(a)) return { key: 'all', networks: null };
    const actor = await team.actorOf(a.user);
    const networks = SOCIAL_NETWORKS.map((n) => n.key).filter((network) =>
      can(actor, 'Analytics', { id: '', orgId: a.user.orgId, network }),
    );
    return { key: networks.join(',') || 'none', networks: new Set(networks) };
  }

  /** Each post's likes and comments, summed over its published targets the view shows (null: none known). */
  async function figuresOf(targets: TTargetRow[], view: TFiguresView): Promise<Map<string, TPostFigures>> {
    const out = new Map<string, TPostFigures>();
    const shown = targets.filter((t) => t.state === 'published' && (view.networks?.has(t.network) ?? true));
    if (!figureSource || shown.length === 0) return out;
    const read = await figureSource(shown.map((t) => t.id));
    for (const t of shown) {
      const m = read.get(t.id);
      if (!m) continue;
      const sum = out.get(t.postId) ?? { ...NO_FIGURES };
      if (m.likes !== undefined) sum.like_count = (sum.like_count ?? 0) + m.likes;
      if (m.comments !== undefined) sum.comments_count = (sum.comments_count ?? 0) + m.comments;
      out.set(t.postId, sum);
    }
    return out;
  }

  async function writerName(userId: string): Promise<string> {
    const u = await users.findById(userId);
    return u?.name ?? u?.userName ?? '';
  }

  /** Posts as clients read them, with their targets, their writers' names and their figures (as `view` shows them). */
  async function dtosOf(rows: TPostRow[], view: TFiguresView) {
    const [targets, names] = await Promise.all([
      repo.targetsOfPosts(rows.map((r) => r.id)),
      repo.writerNames(rows.map((r) => r.userId)),
    ]);
    const byPost = new Map<string, TTargetRow[]>();
    for (const t of targets) {
      const list = byPost.get(t.postId);
      if (list) list.push(t);
      else byPost.set(t.postId, [t]);
    }
    const figures = await figuresOf(targets, view);
    return rows.map((r) => postDto(r, byPost.get(r.id) ?? [], names.get(r.userId) ?? '', figures.get(r.id)));
  }

  /**
   * Who may read the organization's post lists: `id`, when given, must be the caller's own user id (its id or
   * its social-posting id); an IMC account, which posts nothing, is refused. A business manager reads its
   * business's lists (its organization is the business's).
   */
  function assertListReader(a: TAuthContext, id: string | undefined) {
    if (id !== undefined && id !== a.userId && id !== a.user.sphUserId) throw forbidden(MSG.forbidden);
    if (a.role === 'IMC') throw forbidden(MSG.forbidden);
  }

  /** A page of posts as the list calls answer it: the posts, how many pages, how many posts in all (and their writers). */
  async function pageOf({ rows, total }: { rows: TPostRow[]; total: number }, limit: number, view: TFiguresView) {
    const answer = { response_data: await dtosOf(rows, view), pages: Math.max(1, Math.ceil(total / limit)), total };
    return { answer, writers: rows.map((r) => r.userId) };
  }

  /**
   * The organization's posts shown from day `start` to day `end` (both included) on the wall calendar of `zone`
   * (UTC days without one), earliest first, at most `limit`; with `perDay`, at most that many of each day and
   * every day's full count. Every check passes before the posts are read.
   */
  async function shownOnDays<A extends object>(
    a: TAuthContext,
    q: { userId: string | undefined; start: string; end: string; zone?: string; perDay?: number; limit?: number },
    kind: 'day' | 'range',
    shape: (shown: { posts: TPost[]; truncated: boolean; dayCounts: Record<string, number> | null }) => A,
  ): Promise<A> {
    assertListReader(a, q.userId);
    const { start, end } = q;
    if (!isRealDay(start) || !isRealDay(end)) throw badRequest(INSIGHTS_MSG.badDate);
    if (end < start) throw badRequest(INSIGHTS_MSG.rangeOrder);
    if ((Date.parse(end) - Date.parse(start)) / DAY_MS + 1 > CALENDAR_MAX_DAYS) throw badRequest(INSIGHTS_MSG.rangeTooLong);
    const tz = q.zone ?? 'UTC';
    if (!isTimeZone(tz)) throw badRequest(INSIGHTS_MSG.badTimeZone);
    const after = new Date(Date.parse(end) + DAY_MS).toISOString().slice(0, 10);
    const from = zoneDayStart(start, tz);
    const to = zoneDayStart(after, tz);
    const perDay = q.perDay ?? null;
    // with perDay the answer is bounded by the days; without it, one post more than the cap says there were more
    const cap = perDay === null ? (q.limit ?? null) : null;
    const orgId = a.user.orgId;
    const view = await figuresViewOf(a);
    return keptAnswer(calendarAnswers, orgId, `${kind}:${start}:${end}:${tz}:${perDay}:${cap}:${view.key}`, async () => {
      const [rows, perDayCounts] = await Promise.all([
        repo.shownBetween(orgId, from, to, { zone: tz, perDay, limit: cap === null ? null : cap + 1 }),
        perDay === null ? null : repo.shownPerDay(orgId, from, to, tz),
      ]);
      const truncated = cap !== null && rows.length > cap;
      const shown = truncated ? rows.slice(0, cap!) : rows;
      const answer = shape({
        posts: await dtosOf(shown, view),
        truncated,
        dayCounts: perDayCounts ? Object.fromEntries([...perDayCounts].sort(([x], [y]) => (x < y ? -1 : 1))) : null,
      });
      return { answer, writers: shown.map((r) => r.userId) };
    });
  }

  /**
   * Posting a scheduled post now or resuming it runs the plan's post-count check again. The post was counted
   * when it was scheduled, so a plan that has just reached its limit with it still lets it go; a post that
   * was not counted is refused at the limit, and any other failure of the check stops it.
   */
  async function recheckCount(a: TAuthContext, post: TPostRow) {
    await subscriptions.postCount(ownerOf(a), post.counted);
  }

  /** Checks and makes a post (sent now, scheduled or a draft) in one unit of work: the post as kept, and how it was made. */
  /**
   * Each account's next free slot in its queue, taken inside the caller's unit of work: the accounts' queues are
   * held (in one order) until it ends, so two posts added at once take different slots. A slot holding a waiting
   * post of the account, however it was made, is taken. Refused with the app's words when an account has no slots,
   * its queue is paused, it has no free slot in the coming year, or the slot is past the plan's end.
   */
  async function takeSlots(
    orgId: string,
    targets: TChecked['targets'],
    now: Date,
    limit: Date | null,
  ): Promise<Map<string, Date>> {
    const ids = targets.map((t) => t.account.id);
    await queue.lockQueues(ids);
    const [settings, waiting] = await Promise.all([queue.settingsOf(orgId, ids), repo.waitingOfAccounts(ids)]);
    const out = new Map<string, Date>();
    for (const t of targets) {
      const s = settings.get(t.account.id);
      const named = (msg: string) => `${socialNetwork(t.account.network)?.label ?? ''} ${t.account.userName}: ${msg}`;
      if (!s || s.slots.length === 0) throw badRequest(named(QUEUE_MSG.noSlots));
      if (s.paused) throw badRequest(named(QUEUE_MSG.paused));
      const taken = waiting.filter((w) => w.target.accountId === t.account.id && w.target.dueAt).map((w) => w.target.dueAt!);
      const [slot] = nextFreeSlots(s, taken, now);
      if (!slot) throw badRequest(named(QUEUE_MSG.noFreeSlot));
      if (limit && slot.getTime() > limit.getTime() - 86_400_000) throw badRequest(named(POST_MSG.dateWithinLimit));
      out.set(t.account.id, slot);
    }
    return out;
  }

  async function createPost(
    a: TAuthContext,
    body: TPostBody,
    multi: boolean,
  ): Promise<{ post: TPostRow; mode: TMode; reviewer: string | null }> {
    ownIds(a, body);
    const campaignId = str(body.CampaignSourceID);
    if (campaignId) await campaigns.checkPostCampaign(a.userId, campaignId);
    const draft = isManager(a) || Boolean(body.IsDraft);
    // Add to queue: each account's next free slot (a manager's draft keeps it as the way it goes once approved)
    const intended: TMode = draft ? 'draft' : body.AddToQueue ? 'queue' : body.IsScheduled ? 'schedule' : 'now';
    // a post for a campaign whose owner approves content waits for the owner, checked as meant but kept as a draft:
    // on no network and counted by no plan until approved (then sent as meant)
    const review = campaignId !== null && intended !== 'draft' && (await campaigns.approvalRequired(campaignId));
    const mode: TMode = review ? 'draft' : intended;
    // a FreeTier influencer who has used its posts is offered no draft either (a sent or scheduled post is
    // refused by the plan's count below)
    if (
      mode === 'draft' &&
      !review &&
      a.role === 'INFLUENCER' &&
      freeTierLimitReached(a.role, await subscriptions.detailsFor(a.userId))
    )
      throw tooMany(POST_MSG.freeTierExceeded);
    // a business's managers work under its plan: without one running, their drafts wait for nothing
    if (isManager(a) && !(await subscriptions.planRuns(ownerOf(a)))) throw new AppError(402, TEAM_MSG.businessPlanRequired);
    const c = await checked(a, body, multi, intended);
    const now = clock.now();
    const postId = newId();
    const limit = mode === 'queue' ? await planEnd(a) : null;
    let reviewer: string | null = null;
    const post = await unitOfWork(async () => {
      const counted = mode === 'draft' ? false : await subscriptions.takePost(ownerOf(a));
      const slots = mode === 'queue' ? await takeSlots(a.user.orgId, c.targets, now, limit) : null;
      const targets = targetRowsOf(c, postId, a.user.orgId, mode, now).map((t) =>
        slots ? { ...t, dueAt: slots.get(t.accountId!)! } : t,
      );
      await repo.insertPost(
        {
          id: postId,
          orgId: a.user.orgId,
          userId: a.userId,
          ...contentOf(body, c),
          fePostType: str(body.FEPostType),
          videoFrameRatio: str(body.VideoFrameRatio),
          videoDuration: str(body.VideoDuration),
          videoQuality: str(body.VideoQuality),
          campaignSourceId: campaignId,
          isDraft: mode === 'draft',
          ...(slots ? { isScheduled: true, scheduledAt: earliest(slots.values()) } : {}),
          inQueue: Boolean(body.AddToQueue),
          approval: isManager(a) ? 'pending' : null,
          campaignReview: review ? 'awaiting' : null,
          counted,
          createdAt: now,
          updatedAt: now,
        },
        targets,
      );
      if (review)
        reviewer = await campaigns.postSubmitted({
          campaignId: campaignId!,
          postId,
          author: { id: a.userId, name: a.user.name?.trim() || a.user.userName?.trim() || 'An influencer' },
        });
      if (mode !== 'draft') for (const t of targets) await engine.schedule(t, mode === 'now' ? null : (t.dueAt ?? null));
      if (isManager(a) && a.user.businessId)
        await notifications.notify(a.user.businessId, {
          type: 'DRAFT_REVIEW',
          title: NOTIFICATION_MSG.draftWaiting,
          description: NOTIFICATION_MSG.draftWaitingBody(a.user.name ?? 'A manager'),
          payload: { payloadId: postId },
          senderId: a.userId,
          dedupeKey: `draft-review:${postId}:new`,
        });
      await changes.barrier();
      return (await repo.findPostById(postId))!;
    });
    return { post, mode, reviewer };
  }

  return {
    /** The analytics module's reader of the figures it kept (posts carry their likes and comments). */
    useFigures(source: TFigureSource) {
      figureSource = source;
    },

    /** The posts made for a campaign by some of its influencers, newest first (the campaigns module reads them). */
    async campaignPosts(campaignId: string, authorIds: readonly string[]): Promise<Omit<TCampaignPost, 'reviews'>[]> {
      return (await repo.campaignPosts(campaignId, authorIds, CAMPAIGN_POSTS_MAX)).map(campaignPostDto);
    },

    /** For the campaigns module's report: every published target of the campaign's posts, oldest first. */
    async campaignPublished(campaignId: string) {
      return (await repo.campaignPublished(campaignId)).map((r) => ({ ...r, publishedAt: r.publishedAt ?? new Date(0) }));
    },

    /** For the campaigns module: each author's published targets of posts made for the campaign. */
    async campaignDeliveries(campaignId: string, authorIds: readonly string[]) {
      return (await repo.campaignDeliveries(campaignId, authorIds)).map((r) => ({
        ...r,
        publishedAt: r.publishedAt ?? new Date(0),
      }));
    },

    /** A post made for a campaign, whole, as the campaign's owner reviews it (null: not one of the campaign's). */
    async campaignPostPreview(campaignId: string, postId: string): Promise<Omit<TCampaignPostPreview, 'reviews'> | null> {
      const post = await repo.findPostById(postId);
      if (!post?.isActive || post.campaignSourceId !== campaignId) return null;
      const [listed] = (await repo.campaignPosts(campaignId, [post.userId], 1, postId)).map(campaignPostDto);
      if (!listed) return null;
      const targets = await repo.targetsOf(postId);
      return {
        ...listed,
        text: post.caption,
        media: post.media.map((m) => ({ url: m.url, kind: m.kind === 'video' ? ('video' as const) : ('image' as const) })),
        targets: targets
          .filter((t) => t.state !== 'canceled')
          .map((t) => ({ network: t.network, accountName: t.accountName, format: t.format })),
      };
    },

    /**
     * The campaign owner's review of a post awaiting it (the campaigns module checked the owner), inside the caller's
     * unit of work. Approved: sent as its author meant, with the author's plan and rights (now when its time has
     * passed). Changes asked: back to its author with the remark. The post is locked first, so of two approvals
     * at once (or a repeat) one sends it and the other answers 'replayed'.
     */
    async reviewCampaignPost(input: {
      campaignId: string;
      postId: string;
      reviewerId: string;
      approve: boolean;
      remark: string | null;
    }): Promise<{
      outcome: 'approved' | 'changes_requested' | 'replayed';
      authorId: string;
      sent: 'now' | 'schedule' | 'queue' | null;
    }> {
      return unitOfWork(async () => {
        const post = await repo.lockPostById(input.postId);
        if (!post?.isActive || post.campaignSourceId !== input.campaignId || !post.campaignReview)
          throw notFound(REVIEW_MSG.postNotInCampaign);
        if (post.campaignReview === 'approved' && input.approve)
          return { outcome: 'replayed' as const, authorId: post.userId, sent: null };
        if (post.campaignReview !== 'awaiting') throw badRequest(REVIEW_MSG.notAwaiting);
        const now = clock.now();
        if (!input.approve) {
          await repo.updatePost(post.id, {
            campaignReview: 'changes_requested',
            remark: input.remark,
            reviewedBy: input.reviewerId,
            updatedAt: now,
          });
          await changes.barrier();
          return { outcome: 'changes_requested' as const, authorId: post.userId, sent: null };
        }
        const user = await users.findById(post.userId);
        if (!user || user.deletedAt) throw notFound(REVIEW_MSG.postNotInCampaign);
        const author: TAuthContext = {
          userId: user.id,
          sessionId: `campaign-review:${post.id}`,
          role: user.profileType as TAuthContext['role'],
          user,
        };
        await repo.updatePost(post.id, { campaignReview: 'approved', reviewedBy: input.reviewerId, updatedAt: now });
        // its time passed while it waited: it goes now
        const late =
          post.isScheduled && !post.inQueue && post.scheduledAt && post.scheduledAt.getTime() < now.getTime() + QUEUE_LEAD_MS;
        const { mode } = await sendDraft(author, late ? { ...post, isScheduled: false, scheduledAt: null } : post, author);
        return { outcome: 'approved' as const, authorId: post.userId, sent: mode };
      });
    },

    /**
     * The single-post and multi-post calls: a draft (a manager's always, waiting for the owner's approval), a
     * scheduled post, or a post sent now. Nothing is written unless every check passes; a post sent or scheduled
     * counts against the plan in the same transaction.
     */
    async create(a: TAuthContext, body: TPostBody, multi: boolean): Promise<{ message: string; result: TPostResult }> {
      const { post, mode, reviewer } = await createPost(a, body, multi);
      const message = reviewer
        ? REVIEW_MSG.sentForApproval(reviewer)
        : mode === 'draft'
          ? POST_MSG.draftSaved
          : mode === 'queue'
            ? QUEUE_MSG.added
            : mode === 'schedule'
              ? POST_MSG.scheduled
              : POST_MSG.sent;
      const result = mode === 'now' ? await resultAfterWait(post) : resultOf(post, await repo.targetsOf(post.id));
      return {
        message:
          mode === 'now' && result.failure.length && !result.success.length
            ? result.failure.map((f) => POST_MSG.failedOn(f.SocialMediaName)).join(', ')
            : message,
        result,
      };
    },

    /**
     * Makes a post as create does, without waiting for its result: the public API's way (inside the unit of work
     * that also keeps the request's idempotency record). The post's id.
     */
    async createWithoutWait(a: TAuthContext, body: TPostBody, multi: boolean): Promise<string> {
      return (await createPost(a, body, multi)).post.id;
    },

    /**
     * post-handler/, post-carousel/, post-now/: sends a saved post now. A draft of the caller's own is sent (a
     * manager's drafts go through approval); a scheduled post goes out now; a post already sent answers where
     * it stands (calling again never sends twice).
     */
    async sendNow(
      a: TAuthContext,
      body: { CommonPostID: string; UserID?: string },
    ): Promise<{ message: string; result: TPostResult }> {
      ownIds(a, body);
      const post = await findOwn(a, body.CommonPostID);
      if (post.isDraft && post.campaignReview === 'awaiting') throw badRequest(REVIEW_MSG.waitingForOwner);
      if (
        post.isDraft &&
        post.campaignSourceId &&
        (post.campaignReview === 'changes_requested' || (await campaigns.approvalRequired(post.campaignSourceId)))
      ) {
        // a post for a campaign whose owner approves content goes to the owner again, as it is meant to go
        await campaigns.checkPostCampaign(a.userId, post.campaignSourceId);
        let owner = '';
        await unitOfWork(async () => {
          const locked = await lockOwn(a, post.id);
          if (!locked.isDraft || locked.campaignReview === 'awaiting') throw badRequest(REVIEW_MSG.waitingForOwner);
          await repo.updatePost(locked.id, { campaignReview: 'awaiting', remark: null, updatedAt: clock.now() });
          owner = await campaigns.postSubmitted({
            campaignId: post.campaignSourceId!,
            postId: post.id,
            author: { id: a.userId, name: a.user.name?.trim() || a.user.userName?.trim() || 'An influencer' },
          });
          await changes.barrier();
        });
        const sent = (await repo.findPostById(post.id))!;
        return {
          message: post.campaignReview === 'changes_requested' ? REVIEW_MSG.resent(owner) : REVIEW_MSG.sentForApproval(owner),
          result: resultOf(sent, await repo.targetsOf(post.id)),
        };
      }
      if (post.isDraft) {
        if (isManager(a)) throw forbidden(POST_MSG.managerDraftsOnly);
        await sendDraft(a, { ...post, isScheduled: false, scheduledAt: null, inQueue: false }, a);
      } else if (!post.isPostDone && post.isScheduled) {
        if (isManager(a)) throw forbidden(MSG.forbidden);
        await recheckCount(a, post);
        await unitOfWork(async () => {
          const locked = await lockOwn(a, post.id);
          const now = clock.now();
          await repo.updatePost(locked.id, { isScheduled: false, isPaused: false, scheduledAt: null, updatedAt: now });
          await moveTargets(locked, 'queued', null);
        });
      }
      const result = await resultAfterWait((await repo.findPostById(post.id))!);
      return { message: POST_MSG.sent, result };
    },

    /**
     * retry-failed/: sends a sent post again to the accounts that did not take it (failed, needing a reconnect, or
     * left for the user to check), through the same engine, exactly once: each target is moved back to queued in one
     * transaction with the post locked, so a second call (a double click, a replayed request) finds nothing left to
     * retry. A target keeps the window of its first attempt, so its next attempt reads the account back first and
     * never sends a post that is already there. The post was counted when it was made: it is not counted again (an
     * ended plan still stops it). The post settles again, with a new notification, once every account has its result.
     */
    async retryFailed(
      a: TAuthContext,
      body: { CommonPostID: string; UserID?: string },
    ): Promise<{ message: string; result: TPostResult }> {
      ownIds(a, body);
      if (isManager(a)) throw forbidden(MSG.forbidden);
      const post = await findOwn(a, body.CommonPostID);
      if (post.isDraft || (post.isScheduled && !post.settledAt)) throw badRequest(POST_MSG.notPublished);
      await recheckCount(a, post);
      await unitOfWork(async () => {
        const locked = await lockOwn(a, post.id);
        const targets = await repo.targetsOf(locked.id);
        if (!locked.settledAt) throw conflict(POST_MSG.stillSending);
        const retry = targets.filter((t) => (RETRYABLE_TARGET_STATES as readonly string[]).includes(t.state));
        if (retry.length === 0) throw conflict(POST_MSG.nothingToRetry);
        const now = clock.now();
        for (const t of retry) {
          await repo.updateTarget(t.id, {
            state: 'queued',
            dueAt: null,
            attempts: 0,
            lastLook: false,
            ticket: null,
            leaseUntil: null,
            error: null,
            internalError: null,
            jobId: null,
            updatedAt: now,
          });
          await engine.schedule(t, null);
        }
        await repo.updatePost(locked.id, { settledAt: null, updatedAt: now });
      });
      await changes.barrier();
      const result = await resultAfterWait((await repo.findPostById(post.id))!);
      return { message: POST_MSG.retrying, result };
    },

    /** edit_scheduled_post/: reschedule, pause or resume, or delete a scheduled post, with its jobs, in one transaction. */
    async editScheduled(
      a: TAuthContext,
      body: {
        CommonPostID: string;
        UserID?: string;
        ScheduledDate?: string;
        ScheduledTime?: string;
        IsPaused?: boolean;
        IsActive?: false;
      },
    ): Promise<string> {
      ownIds(a, body);
      if (isManager(a)) throw forbidden(MSG.forbidden);
      const limit = body.ScheduledDate !== undefined || body.ScheduledTime !== undefined ? await planEnd(a) : null;
      return unitOfWork(async () => {
        const post = await lockOwn(a, body.CommonPostID);
        if (post.isDraft || !post.isScheduled) throw badRequest(POST_MSG.notScheduled);
        if (post.isPostDone || (await repo.waitingTargets(post.id)).length === 0) throw badRequest(POST_MSG.alreadyPublished);
        const now = clock.now();
        const passed = post.scheduledAt !== null && post.scheduledAt.getTime() <= now.getTime();
        if (body.IsActive === false) {
          await repo.updatePost(post.id, { isActive: false, counted: false, updatedAt: now });
          await moveTargets(post, 'canceled', post.scheduledAt);
          const targets = await repo.targetsOf(post.id);
          if (post.counted && !targets.some((t) => t.state === 'published')) await subscriptions.givePostBack(ownerOf(a));
          await deps.webhooks?.emit({ orgId: post.orgId }, 'post.deleted', { postId: post.id, draft: false });
          return POST_MSG.deleted;
        }
        if (body.ScheduledDate !== undefined || body.ScheduledTime !== undefined) {
          if (post.isPaused && passed) throw badRequest(POST_MSG.pausedPastTime);
          const issue = scheduleIssue({
            date: body.ScheduledDate,
            time: body.ScheduledTime,
            now,
            offsetMinutes: 0,
            planEnd: limit,
          });
          if (issue) throw badRequest(issue);
          const at = new Date(`${body.ScheduledDate}T${body.ScheduledTime}:00.000Z`);
          // a time picked by hand takes the post out of the queue: every account goes at that time
          const moved = await repo.updatePost(post.id, { scheduledAt: at, inQueue: false, updatedAt: now });
          await moveTargets(moved, post.isPaused ? 'paused' : 'scheduled', at);
          return POST_MSG.rescheduled;
        }
        if (body.IsPaused === true) {
          if (passed) throw badRequest(POST_MSG.timePassed);
          await repo.updatePost(post.id, { isPaused: true, updatedAt: now });
          await moveTargets(post, 'paused', post.scheduledAt);
          return POST_MSG.paused;
        }
        if (body.IsPaused === false) {
          if (passed) throw badRequest(POST_MSG.timePassed);
          await recheckCount(a, post);
          await repo.updatePost(post.id, { isPaused: false, updatedAt: now });
          await moveTargets(post, 'scheduled', post.scheduledAt);
          return POST_MSG.resumed;
        }
        throw badRequest('Say what to change: ScheduledDate and ScheduledTime, IsPaused, or IsActive false');
      });
    },

    /**
     * A scheduled post's text changed while it waits: checked against each network's limits as a new post is,
     * then written with its targets sent again, so that what was prepared for the old text is let go and prepared
     * anew (the due time publishes the new text either way: a preparation of other text is never used).
     */
    async editScheduledText(a: TAuthContext, id: string, text: string): Promise<string> {
      if (isManager(a)) throw forbidden(MSG.forbidden);
      const caption = text.replace(/^\s+/, '');
      if (!caption) throw badRequest(POST_MSG.captionRequired);
      return unitOfWork(async () => {
        const post = await lockOwn(a, id);
        if (post.isDraft || !post.isScheduled) throw badRequest(POST_MSG.notScheduled);
        const waiting = await repo.waitingTargets(post.id);
        if (post.isPostDone || waiting.length === 0) throw badRequest(POST_MSG.alreadyPublished);
        const now = clock.now();
        if (post.scheduledAt !== null && post.scheduledAt.getTime() <= now.getTime()) throw badRequest(POST_MSG.timePassed);
        const facts = post.media.map((m) => ({ ...m, type: m.kind as 'image' | 'video' }));
        for (const t of waiting) {
          const network = t.network as TSocialNetworkKey;
          const issues = postLimitIssues(socialNetwork(network)!.label, NETWORK_LIMITS[network], {
            format: t.format as TPostFormat,
            text: caption,
            media: facts,
          });
          if (issues.length) throw badRequest(issues[0], { errors: { [network]: issues } });
        }
        await repo.updatePost(post.id, { caption, updatedAt: now });
        await moveTargets({ ...post, caption }, post.isPaused ? 'paused' : 'scheduled', post.scheduledAt);
        return POST_MSG.rescheduled;
      });
    },

    /** The public API's list of the organization's posts, newest made first, `limit` after `after`. */
    async apiPage(
      a: TAuthContext,
      q: {
        status: Parameters<TPostsRepository['apiPage']>[1]['status'];
        after: { createdAt: Date; id: string } | null;
        limit: number;
      },
    ) {
      const rows = await repo.apiPage(a.user.orgId, q);
      return (await dtosOf(rows, await figuresViewOf(a))).map((p, i) => ({ post: p, createdAt: rows[i].createdAt }));
    },

    /**
     * The queued posts of these accounts moved to their queues' slots, in the order they were in, inside the caller's
     * unit of work (a schedule's change: its slots, its zone, its pause). Never into the past (only slots ahead are
     * taken), losing none (a post for which no slot is left keeps its time); a slot held by a post scheduled another
     * way stays its. A paused queue holds its posts (paused) in their slots; resumed, they go again at the next slots.
     */
    async retimeQueues(orgId: string, accountIds: string[]): Promise<void> {
      if (accountIds.length === 0) return;
      await queue.lockQueues(accountIds);
      const [settings, waiting] = await Promise.all([queue.settingsOf(orgId, accountIds), repo.waitingOfAccounts(accountIds)]);
      const now = clock.now();
      const touched = new Set<string>();
      for (const id of accountIds) {
        const s = settings.get(id);
        const mine = waiting.filter((w) => w.target.accountId === id);
        const queued = mine.filter((w) => w.inQueue);
        if (queued.length === 0) continue;
        const held = mine.filter((w) => !w.inQueue && w.target.dueAt).map((w) => w.target.dueAt!);
        const slots = s?.slots.length ? nextFreeSlots(s, held, now, queued.length) : [];
        for (const [i, { target: t, postPaused }] of queued.entries()) {
          const dueAt = slots[i] ?? t.dueAt;
          const state = s?.paused || postPaused ? 'paused' : 'scheduled';
          if (t.dueAt?.getTime() === dueAt?.getTime() && t.state === state) continue;
          if (t.jobId) await cancelJob(PUBLISH_QUEUE, t.jobId);
          await repo.updateTarget(t.id, { state, dueAt, jobId: null, updatedAt: now });
          if (state === 'scheduled') await engine.schedule(t, dueAt);
          else await engine.dropPrepared(t);
          touched.add(t.postId);
        }
      }
      for (const postId of touched) await showAtFirstTarget(postId, now);
      await changes.barrier();
    },

    /**
     * GET /api/queue/:accountId: the account's coming slots (at most QUEUE_UPCOMING_MAX) with the post in each, the
     * free ones, and every queued post (also one off the slots, kept when its slots were removed), earliest first.
     * Read by whoever may schedule on the account.
     */
    async queueView(a: TAuthContext, accountId: string): Promise<TQueueView> {
      await social.schedulingAccounts(a.user, [accountId]);
      const [settings, waiting] = await Promise.all([
        queue.settingsOf(a.user.orgId, [accountId]),
        repo.waitingOfAccounts([accountId]),
      ]);
      const s = settings.get(accountId) ?? null;
      const now = clock.now();
      const byMoment = new Map(waiting.filter((w) => w.target.dueAt).map((w) => [w.target.dueAt!.getTime(), w]));
      const slots = s?.slots.length
        ? slotMoments(
            s,
            new Date(now.getTime() + QUEUE_LEAD_MS),
            new Date(now.getTime() + QUEUE_HORIZON_DAYS * 86_400_000),
          ).slice(0, QUEUE_UPCOMING_MAX)
        : [];
      const moments = new Set([
        ...slots.map((d) => d.getTime()),
        ...waiting.filter((w) => w.inQueue && w.target.dueAt).map((w) => w.target.dueAt!.getTime()),
      ]);
      const others = await repo.targetsOfPosts([...new Set(waiting.map((w) => w.target.postId))]);
      const items: TQueueItem[] = [...moments]
        .sort((x, y) => x - y)
        .map((ms) => {
          const w = byMoment.get(ms);
          if (!w) return { at: new Date(ms).toISOString(), kind: 'empty' as const, post: null };
          return {
            at: new Date(ms).toISOString(),
            kind: w.inQueue ? ('queued' as const) : ('scheduled' as const),
            post: {
              id: w.target.postId,
              caption: w.caption.slice(0, 140),
              thumbnail: w.media[0]?.url ?? null,
              state: w.target.state,
              alsoOn: others.filter((o) => o.postId === w.target.postId && o.id !== w.target.id && o.state !== 'canceled').length,
            },
          };
        });
      return { accountId, timeZone: s?.timeZone ?? null, paused: s?.paused ?? false, items };
    },

    /**
     * POST /api/queue/:accountId/move: a queued post swaps its slot with the queued post before it (up) or after it
     * (down) in this account's queue, jobs and all, in one unit of work; its other accounts keep their slots.
     */
    async moveInQueue(a: TAuthContext, accountId: string, postId: string, direction: 'up' | 'down'): Promise<TQueueView> {
      await social.schedulingAccounts(a.user, [accountId]);
      await unitOfWork(async () => {
        await queue.lockQueues([accountId]);
        const queued = (await repo.waitingOfAccounts([accountId])).filter((w) => w.inQueue && w.target.dueAt);
        const i = queued.findIndex((w) => w.target.postId === postId);
        if (i < 0) throw badRequest(QUEUE_POST_MSG.notQueued);
        const j = direction === 'up' ? i - 1 : i + 1;
        if (j < 0) throw badRequest(QUEUE_POST_MSG.first);
        if (j >= queued.length) throw badRequest(QUEUE_POST_MSG.last);
        const [x, y] = [queued[i].target, queued[j].target];
        await retarget(x, y.dueAt!);
        await retarget(y, x.dueAt!);
        await changes.barrier();
      });
      return this.queueView(a, accountId);
    },

    /**
     * DELETE /api/queue/:accountId/posts/:postId: the post taken out of this account's queue. A post for this account
     * alone is deleted (as Delete does: the plan's count given back); one for other accounts too keeps going to them.
     */
    async takeOutOfQueue(a: TAuthContext, accountId: string, postId: string): Promise<TQueueView> {
      await social.schedulingAccounts(a.user, [accountId]);
      const post = await findOwn(a, postId);
      const waiting = await repo.waitingTargets(post.id);
      const mine = waiting.find((t) => t.accountId === accountId);
      if (!post.inQueue || !mine) throw badRequest(QUEUE_POST_MSG.notQueued);
      if (waiting.length === 1) await this.editScheduled(a, { CommonPostID: post.id, IsActive: false });
      else
        await unitOfWork(async () => {
          const locked = await lockOwn(a, post.id);
          const [t] = (await repo.waitingTargets(locked.id)).filter((x) => x.accountId === accountId);
          if (!t) throw badRequest(QUEUE_POST_MSG.notQueued);
          const now = clock.now();
          if (t.jobId) await cancelJob(PUBLISH_QUEUE, t.jobId);
          await repo.updateTarget(t.id, { state: 'canceled', jobId: null, updatedAt: now });
          await engine.dropPrepared(t);
          await showAtFirstTarget(locked.id, now);
          await changes.barrier();
        });
      return this.queueView(a, accountId);
    },

    /** POST /api/queue/:accountId/posts/:postId/share-now: a queued post sent now (as Post now); the others keep their slots. */
    async shareNowFromQueue(a: TAuthContext, accountId: string, postId: string): Promise<TQueueView> {
      await social.schedulingAccounts(a.user, [accountId]);
      const post = await findOwn(a, postId);
      if (!post.inQueue || !(await repo.waitingTargets(post.id)).some((t) => t.accountId === accountId))
        throw badRequest(QUEUE_POST_MSG.notQueued);
      await this.sendNow(a, { CommonPostID: post.id });
      return this.queueView(a, accountId);
    },

    /** drafts/get-draft-details/{id}/: one draft (or any post) of the caller's organization. */
    async getPost(a: TAuthContext, id: string) {
      const post = await findReadable(a, id);
      const targets = await repo.targetsOf(post.id);
      const figures = await figuresOf(targets, await figuresViewOf(a));
      return postDto(post, targets, await writerName(post.userId), figures.get(post.id));
    },

    /** drafts/get-all-drafts/: the organization's drafts (a manager's own), 9 a page, optionally of one network. */
    async drafts(
      a: TAuthContext,
      q: { user_id?: string; page: number; limit: number; social_media_id?: string | number | null },
    ) {
      ownIds(a, { user_id: q.user_id });
      const network = q.social_media_id ? socialNetwork(q.social_media_id) : null;
      if (q.social_media_id && String(q.social_media_id) !== '0' && !network) throw badRequest('Unknown social_media_id');
      const { rows, total } = await repo.drafts(a.user.orgId, {
        network: network?.key ?? null,
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
        userId: isManager(a) ? a.userId : null,
      });
      return { response_data: await dtosOf(rows, await figuresViewOf(a)), pages: Math.max(1, Math.ceil(total / q.limit)), total };
    },

    /**
     * scheduled_post_details/{id}: the organization's scheduled posts not yet out, soonest due first, a page at a
     * time. `id` is the caller's own user id (another user's is refused); a business manager sees its
     * business's list; an IMC account, which posts nothing, is refused.
     */
    async scheduled(a: TAuthContext, id: string, q: { page: number; limit: number }) {
      assertListReader(a, id);
      const orgId = a.user.orgId;
      const view = await figuresViewOf(a);
      return keptAnswer(listAnswers, orgId, `scheduled:${q.page}:${q.limit}:${view.key}`, async () =>
        pageOf(await repo.scheduled(orgId, { offset: (q.page - 1) * q.limit, limit: q.limit }), q.limit, view),
      );
    },

    /**
     * recent_post_details/{id}/: the organization's posts that went out, newest first by when they went out, a
     * page at a time. The same reader rules as the scheduled list.
     */
    async recent(a: TAuthContext, id: string, q: { page: number; limit: number }) {
      assertListReader(a, id);
      const orgId = a.user.orgId;
      const view = await figuresViewOf(a);
      return keptAnswer(listAnswers, orgId, `recent:${q.page}:${q.limit}:${view.key}`, async () =>
        pageOf(await repo.recent(orgId, { offset: (q.page - 1) * q.limit, limit: q.limit }), q.limit, view),
      );
    },

    /** totaluserposts/{id}/: the organization's post counts by state, and the targets published on each network. */
    async totals(a: TAuthContext, id: string): Promise<TPostTotals> {
      assertListReader(a, id);
      const t = await repo.totals(a.user.orgId);
      return {
        TotalPosts: t.total,
        PostedPosts: t.posted,
        ScheduledPosts: t.scheduled,
        DraftPosts: t.drafts,
        FailedPosts: t.failed,
        ByNetwork: SOCIAL_NETWORKS.map((n) => ({
          SocialMediaID: n.id,
          SocialMediaName: n.label,
          Posts: t.byNetwork.get(n.key) ?? 0,
        })),
      };
    },

    /** posts_info_by_date/: the posts shown on one day (in the caller's time zone when given), earliest first. */
    async postsByDate(a: TAuthContext, body: { UserID?: string; Date: string; TimeZone?: string }) {
      return shownOnDays(a, { userId: body.UserID, start: body.Date, end: body.Date, zone: body.TimeZone }, 'day', (s) => ({
        response_data: s.posts,
      }));
    },

    /**
     * posts_date_range/: the posts shown from StartDate to EndDate (both included, at most 62 days), earliest
     * first, at most 500 (`truncated` says there were more); with PerDay, at most that many of each day and
     * `day_counts`, every day's full count.
     */
    async postsDateRange(a: TAuthContext, body: TPostsDateRangeBody) {
      const q = {
        userId: body.UserID,
        start: body.StartDate,
        end: body.EndDate,
        zone: body.TimeZone,
        perDay: body.PerDay,
        limit: CALENDAR_RANGE_MAX_POSTS,
      };
      return shownOnDays(
        a,
        q,
        'range',
        (s): { response_data: TPost[]; day_counts?: Record<string, number>; truncated?: boolean } =>
          s.dayCounts ? { response_data: s.posts, day_counts: s.dayCounts } : { response_data: s.posts, truncated: s.truncated },
      );
    },

    /** drafts/delete-draft/: a draft is deleted (a manager only its own). */
    async deleteDraft(a: TAuthContext, id: string): Promise<string> {
      await unitOfWork(async () => {
        const post = await lockOwn(a, id);
        if (!post.isDraft) throw badRequest(POST_MSG.notDraft);
        if (isManager(a) && post.userId !== a.userId) throw notFound(POST_MSG.postNotFound);
        const now = clock.now();
        await repo.updatePost(post.id, { isActive: false, updatedAt: now });
        for (const t of await repo.targetsOf(post.id)) await repo.updateTarget(t.id, { state: 'canceled', updatedAt: now });
        await deps.webhooks?.emit({ orgId: post.orgId }, 'post.deleted', { postId: post.id, draft: true });
        await changes.barrier();
      });
      return POST_MSG.draftDeleted;
    },

    /** drafts/update-draft/: a draft changed (checked like a new one); a manager's goes back to waiting for approval. */
    async updateDraft(a: TAuthContext, body: TPostBody): Promise<{ message: string; result: TPostResult }> {
      ownIds(a, body);
      const id = body.CommonPostID ?? body.id;
      if (!id) throw badRequest('CommonPostID is required');
      const existing = await findOwn(a, id);
      if (!existing.isDraft) throw badRequest(POST_MSG.notDraft);
      // what the campaign's owner is reviewing does not change under them
      if (existing.campaignReview === 'awaiting') throw badRequest(REVIEW_MSG.waitingForOwner);
      if (isManager(a) && existing.userId !== a.userId) throw notFound(POST_MSG.postNotFound);
      const c = await checked(a, body, body.MediaDetails.length > 1, 'draft');
      const now = clock.now();
      await unitOfWork(async () => {
        const post = await lockOwn(a, id);
        if (!post.isDraft) throw badRequest(POST_MSG.notDraft);
        if (post.campaignReview === 'awaiting') throw badRequest(REVIEW_MSG.waitingForOwner);
        await repo.updatePost(post.id, {
          ...contentOf(body, c),
          inQueue: Boolean(body.AddToQueue),
          approval: post.approval ? (isManager(a) ? 'pending' : post.approval) : null,
          remark: isManager(a) ? null : post.remark,
          updatedAt: now,
        });
        await repo.deleteTargets(post.id);
        const targets = targetRowsOf(c, post.id, post.orgId, 'draft', now);
        await repo.insertTargets(targets);
        // a draft the owner sent back is in the owner's queue again: the owner is asked once more (once per return)
        if (isManager(a) && post.approval === 'sent_back' && a.user.businessId)
          await notifications.notify(a.user.businessId, {
            type: 'DRAFT_REVIEW',
            title: NOTIFICATION_MSG.draftBack,
            description: NOTIFICATION_MSG.draftBackBody(a.user.name ?? 'A manager'),
            payload: { payloadId: post.id },
            senderId: a.userId,
            dedupeKey: `draft-review:${post.id}:${post.updatedAt.getTime()}`,
          });
        await changes.barrier();
      });
      const post = (await repo.findPostById(id))!;
      return { message: POST_MSG.draftUpdated, result: resultOf(post, await repo.targetsOf(id)) };
    },

    /**
     * The owner's review of a manager's draft: approve (it is posted now, or scheduled when it carries a time),
     * or send it back with a remark the manager sees. The manager is told either way.
     */
    async reviewDraft(a: TAuthContext, body: { CommonPostID: string; Decision: 'approve' | 'sendBack'; Remark?: string }) {
      if (isManager(a)) throw forbidden(POST_MSG.approvalOwnerOnly);
      const post = await findOwn(a, body.CommonPostID);
      if (!post.isDraft || post.approval !== 'pending') throw badRequest(POST_MSG.notAwaitingApproval);
      const now = clock.now();
      if (body.Decision === 'sendBack') {
        if (!body.Remark?.trim()) throw badRequest(POST_MSG.remarkRequired);
        await unitOfWork(async () => {
          const locked = await lockOwn(a, post.id);
          if (locked.approval !== 'pending') throw badRequest(POST_MSG.notAwaitingApproval);
          await repo.updatePost(post.id, {
            approval: 'sent_back',
            remark: body.Remark!.trim(),
            reviewedBy: a.userId,
            updatedAt: now,
          });
          await notifications.notify(post.userId, {
            type: 'DRAFT_SENT_BACK',
            title: NOTIFICATION_MSG.draftSentBack,
            description: body.Remark!.trim(),
            payload: { payloadId: post.id, remarks: body.Remark!.trim(), status: 'sent_back' },
            senderId: a.userId,
            dedupeKey: `draft-sent-back:${post.id}:${locked.updatedAt.getTime()}`,
          });
          await changes.barrier();
        });
        return {
          message: 'Draft sent back to the manager',
          result: resultOf((await repo.findPostById(post.id))!, await repo.targetsOf(post.id)),
        };
      }
      // approved: checked and sent as the owner would send it (the owner's plan, the owner's rights)
      const { mode } = await sendDraft(a, post, a);
      await notifications.notify(post.userId, {
        type: 'DRAFT_APPROVED',
        title: NOTIFICATION_MSG.draftApproved,
        description: sentWords(mode),
        payload: { payloadId: post.id, status: 'approved' },
        senderId: a.userId,
        // a draft is approved once: it is sent (or scheduled) and is no longer a draft
        dedupeKey: `draft-approved:${post.id}`,
      });
      const result =
        mode === 'now'
          ? await resultAfterWait((await repo.findPostById(post.id))!)
          : resultOf((await repo.findPostById(post.id))!, await repo.targetsOf(post.id));
      return { message: sentWords(mode), result };
    },

    /**
     * subscription/postCountTrack: the plan's post limit as it stands (429 once it is reached). With `CommonPostID`
     * (asked before resuming or sending now a scheduled post), a post of the caller's organization that the plan
     * already counted answers the count even at the limit: it never counts twice. Another organization's post, or
     * one that is gone, is 'Post not found'.
     */
    async postCount(a: TAuthContext, postId?: string) {
      const counted = postId === undefined ? false : (await findOwn(a, postId)).counted;
      return subscriptions.postCount(ownerOf(a), counted);
    },

    /** wallet/updateWallet: the points the server recorded (a client's own figure is never added). */
    async walletPoints(a: TAuthContext, userId: string | undefined) {
      if (userId && userId !== a.userId) throw forbidden(MSG.forbidden);
      return { status: true, viralityPoints: await repo.totalPoints(a.userId) };
    },

    /** activity/postInfom: the post's result notification is the server's own; this answers the post's outcome. */
    async postInform(a: TAuthContext, id: string) {
      const post = await findReadable(a, id);
      return resultOf(post, await repo.targetsOf(post.id));
    },

    /**
     * activity/PostDraft: where a draft stands. The owner's review request is the server's own, written once when
     * the manager saves the draft (and again when a draft sent back returns): calling this never asks twice.
     */
    async draftInform(a: TAuthContext, id: string) {
      const post = await findReadable(a, id);
      if (!post.isDraft) throw badRequest(POST_MSG.notDraft);
      return resultOf(post, await repo.targetsOf(post.id));
    },

    /** For the analytics module: targets that went out after `after` (when, then id), oldest first. */
    async publishedAfter(after: { at: Date; id: string }, limit: number) {
      return (await repo.publishedAfter(after, limit)).map((t) => ({
        targetId: t.id,
        postId: t.postId,
        orgId: t.orgId,
        publishedAt: t.publishedAt ?? after.at,
      }));
    },

    /** For the analytics module: the organization's accounts published to by posts that went out in [from, to). */
    async publishedOfOrg(orgId: string, from: Date, to: Date) {
      return (await repo.publishedOfOrg(orgId, from, to)).map((t) => ({ ...t, postedAt: t.postedAt ?? from }));
    },

    /** For the analytics module: when each of an account's posts that went out in [from, to) was published. */
    async publishedOfAccount(orgId: string, accountId: string, from: Date, to: Date) {
      return (await repo.publishedOfAccount(orgId, accountId, from, to)).map((t) => ({
        targetId: t.targetId,
        publishedAt: t.publishedAt ?? from,
      }));
    },

    /** For the analytics module: posts with their targets, of any organization (the caller checks whose they are). */
    async postsForAnalytics(ids: string[]) {
      const rows = await repo.postsByIds(ids);
      const byPost = new Map<string, TTargetRow[]>();
      for (const t of await repo.targetsOfPosts(rows.map((r) => r.id)))
        byPost.set(t.postId, [...(byPost.get(t.postId) ?? []), t]);
      return rows.map((p) => ({
        id: p.id,
        orgId: p.orgId,
        isActive: p.isActive,
        isDraft: p.isDraft,
        video: p.media.some((m) => m.kind === 'video'),
        targets: (byPost.get(p.id) ?? []).map((t) => ({
          id: t.id,
          accountId: t.accountId,
          network: t.network,
          accountName: t.accountName,
          format: t.format as TPostFormat,
          state: t.state,
          remotePostId: t.remotePostId,
          remoteUrl: t.remoteUrl,
          publishedAt: t.publishedAt,
          error: t.error,
        })),
      }));
    },
  };
}
export type TPostsService = ReturnType<typeof createPostsService>;
