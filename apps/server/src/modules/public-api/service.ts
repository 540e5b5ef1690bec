import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEEP_HOURS,
  postBadge,
  scheduledMoment,
  socialNetwork,
  type TBestTime,
  type TPost,
  type TPostBody,
  type TQueueSettings,
  type TSocialNetworkKey,
  type TV1Account,
  type TV1Media,
  type TV1Post,
  type TV1PostAnalytics,
  type TV1PostCreate,
  type TV1PostPatch,
  type TV1PostStatus,
  type TV1Queue,
  type TWebhook,
  type TWebhookCreate,
  type TWebhookCreated,
  targetStateLook,
  V1_MSG,
} from '@virality/domain';
import type { Clock } from '../../clock';
import { AppError, badRequest } from '../../errors';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAnalyticsService } from '../analytics/service';
import type { TAuthContext } from '../auth/service';
import type { TCampaignsService } from '../campaigns/service';
import type { TMediaService } from '../media/service';
import { type TSpooled, unspool } from '../media/spool';
import type { TPostsService } from '../posts/service';
import type { TQueueService } from '../queue/service';
import type { TSocialAccountsService } from '../social-accounts/service';
import type { TWebhooksService } from '../webhooks/service';
import type { TPublicApiRepository } from './repository';

/** What a POST of the public API answers: its status code and body (the first answer, or the kept one again). */
export type TV1Answer<T> = { status: 201 | 200; body: T };

/** Fetches the file at a URL into the spool folder, within the upload limit; throws a 400 in the API's words. */
export type TFetchMedia = (url: string, spoolDir: string, maxBytes: number) => Promise<{ name: string; spooled: TSpooled }>;

const hashOf = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

/** The analytics call's per-account code, as the public API says it. */
const ANALYTICS_STATE: Record<number, TV1PostAnalytics['state']> = { 200: 'ready', 202: 'pending' };

const networkKey = (id: string) => socialNetwork(id)?.key as TSocialNetworkKey;

/** A post as the app keeps it, in the public API's shape. */
export function v1Post(p: TPost): TV1Post {
  return {
    id: p.CommonPostID,
    text: p.CaptionDescription,
    status: p.IsDraft ? 'Draft' : postBadge(p),
    draft: p.IsDraft,
    scheduledAt: p.IsScheduled && !p.IsPostDone ? (scheduledMoment(p)?.toISOString() ?? null) : null,
    queued: p.InQueue,
    createdAt: p.CreatedDate,
    mediaUrls: p.MediaDetails.map((m) => m.ImageVideoUrl),
    accounts: p.MediaPostedOn.map((t) => ({
      accountId: t.UserSocialMediaID,
      network: networkKey(t.SocialMediaID),
      name: t.UserName,
      state: t.Status,
      stateLabel: targetStateLook(t.Status).label,
      url: t.PostUrl,
      error: t.Error,
      publishedAt: t.PostedAt,
      scheduledAt: t.DueAt,
    })),
  };
}

/**
 * The public API (/api/v1): the app's own services behind a key, with the same rules and words. A POST is done
 * once per Idempotency-Key: the key is taken in the same transaction as the change the request makes, and the
 * answer kept beside it, so a repeat (a retry after a lost answer, ten at once) answers the same post and makes no
 * other; a process that dies mid-request leaves neither the change nor the key.
 */
export function createPublicApiService(deps: {
  repo: TPublicApiRepository;
  unitOfWork: TUnitOfWork;
  clock: Clock;
  posts: TPostsService;
  social: TSocialAccountsService;
  media: TMediaService;
  analytics: TAnalyticsService;
  webhooks: TWebhooksService;
  queue: TQueueService;
  campaigns: Pick<TCampaignsService, 'report'>;
  /** Fetches a media URL for POST /api/v1/media {url} (tests give their own). */
  fetchMedia: TFetchMedia;
}) {
  const { repo, unitOfWork, clock } = deps;
  const keepMs = IDEMPOTENCY_KEEP_HOURS * 3_600_000;

  /** Runs `work` once per (owner, Idempotency-Key); a repeat with the same request answers what the first did. */
  async function once<T>(a: TAuthContext, key: string, request: unknown, work: () => Promise<T>): Promise<TV1Answer<T>> {
    const requestHash = hashOf(request);
    return unitOfWork(async () => {
      const now = clock.now();
      const claim = () => repo.claim({ ownerId: a.userId, key, requestHash, createdAt: now });
      let first = await claim();
      if (!first) {
        const kept = await repo.find(a.userId, key);
        if (kept && kept.createdAt.getTime() < now.getTime() - keepMs) {
          // its 24 hours are over: the key is new again
          await repo.forget(a.userId, key);
          first = await claim();
        } else if (kept) {
          if (kept.requestHash !== requestHash) throw new AppError(422, V1_MSG.idempotencyKeyReused, null, 'CONFLICT');
          return { status: 200, body: kept.response as T };
        }
        if (!first) throw new AppError(409, V1_MSG.idempotencyInFlight, null, 'CONFLICT');
      }
      const body = await work();
      await repo.answer(a.userId, key, 201, body);
      return { status: 201, body };
    });
  }

  /** The answer kept for a repeat of a request, without taking its key (null: the key is new, or its time is over). */
  async function keptAnswer<T>(a: TAuthContext, key: string, request: unknown): Promise<TV1Answer<T> | null> {
    const kept = await repo.find(a.userId, key);
    if (!kept || kept.createdAt.getTime() < clock.nowMs() - keepMs) return null;
    if (kept.requestHash !== hashOf(request)) throw new AppError(422, V1_MSG.idempotencyKeyReused, null, 'CONFLICT');
    return { status: 200, body: kept.response as T };
  }

  /** A spooled file uploaded as the app's upload call does, once per Idempotency-Key. */
  function uploadSpooled(a: TAuthContext, key: string, request: unknown, file: { name: string; spooled: TSpooled }) {
    return once(a, key, request, async (): Promise<TV1Media> => {
      const incoming = (async function* () {
        yield { name: file.name, save: async () => file.spooled };
      })();
      const [uploaded] = await deps.media.uploadOne(a, undefined, incoming);
      const [m] = await deps.media.resolve(a.user.orgId, [uploaded.result]);
      return {
        id: m.mediaId,
        url: m.url,
        name: m.name,
        kind: m.kind,
        mimeType: m.mimeType,
        bytes: m.bytes,
        width: m.width,
        height: m.height,
        durationSec: m.durationSec,
      };
    });
  }

  return {
    async accounts(a: TAuthContext): Promise<TV1Account[]> {
      return (await deps.social.list(a, null)).map((s) => ({
        id: s.id,
        network: networkKey(s.SocialMediaID),
        kind: s.Kind,
        name: s.UserName,
        status: s.Status,
        statusReason: s.StatusReason,
      }));
    },

    async post(a: TAuthContext, id: string): Promise<TV1Post> {
      return v1Post(await deps.posts.getPost(a, id));
    },

    /**
     * POST /api/v1/webhooks: a webhook made once per Idempotency-Key. The kept answer holds no secret: the secret
     * is read from the webhook (sealed at rest) for each answer, the first and a repeat alike.
     */
    async createWebhook(a: TAuthContext, idempotencyKey: string, input: TWebhookCreate): Promise<TV1Answer<TWebhookCreated>> {
      const answer = await once(a, idempotencyKey, { call: 'POST /v1/webhooks', input }, async (): Promise<TWebhook> => {
        const { secret: _shownOnce, ...made } = await deps.webhooks.create(a, input);
        return made;
      });
      return { status: answer.status, body: { ...answer.body, secret: await deps.webhooks.secretOf(a, answer.body.id) } };
    },

    /** GET /api/v1/posts: the organization's posts, newest made first, a page at a time. */
    async listPosts(
      a: TAuthContext,
      q: { status?: TV1PostStatus; cursor?: string; limit: number },
    ): Promise<{ data: TV1Post[]; nextCursor: string | null }> {
      const after = decodeCursor(q.cursor, V1_MSG.cursorInvalid);
      // one more than asked says whether a next page exists
      const page = await deps.posts.apiPage(a, { status: q.status ?? null, after, limit: q.limit + 1 });
      const shown = page.slice(0, q.limit);
      const last = shown.at(-1);
      return {
        data: shown.map((p) => v1Post(p.post)),
        nextCursor: page.length > q.limit && last ? encodeCursor(last.createdAt, last.post.CommonPostID) : null,
      };
    },

    /**
     * PATCH /api/v1/posts/{id}: a scheduled post's time and/or text, in one transaction (both or neither), with the
     * app's rules: only while it waits, a time in the future within the plan.
     */
    async patchPost(a: TAuthContext, id: string, input: TV1PostPatch): Promise<TV1Post> {
      await unitOfWork(async () => {
        if (input.scheduledAt !== undefined) {
          const at = new Date(input.scheduledAt).toISOString();
          await deps.posts.editScheduled(a, {
            CommonPostID: id,
            ScheduledDate: at.slice(0, 10),
            ScheduledTime: at.slice(11, 16),
          });
        }
        if (input.text !== undefined) await deps.posts.editScheduledText(a, id, input.text);
      });
      return v1Post(await deps.posts.getPost(a, id));
    },

    /**
     * DELETE /api/v1/posts/{id}: a draft is deleted, a scheduled post not yet out is canceled (as the app's Delete
     * does); a post that went out, or is going out, stays (409).
     */
    async deletePost(a: TAuthContext, id: string): Promise<void> {
      const post = await deps.posts.getPost(a, id);
      if (post.IsDraft) await deps.posts.deleteDraft(a, id);
      else if (post.IsScheduled && !post.IsPostDone) await deps.posts.editScheduled(a, { CommonPostID: id, IsActive: false });
      else throw new AppError(409, V1_MSG.publishedNotDeleted, null, 'CONFLICT');
    },

    /** GET /api/v1/posts/{id}/analytics: each account's figures, as the analytics job last read them. */
    async analytics(a: TAuthContext, id: string): Promise<TV1PostAnalytics[]> {
      const items = await deps.analytics.postAnalytics(a, { CommonPostID: id });
      return items.map((it) => ({
        accountId: it.UserSocialMediaID,
        network: networkKey(it.SocialMediaID),
        name: it.UserName,
        url: it.PostUrl,
        publishedAt: it.PostedAt,
        state: ANALYTICS_STATE[it.ResponseCode] ?? 'unavailable',
        message: it.error,
        metrics: { ...it.Metrics },
        updatedAt: it.UpdatedAt,
      }));
    },

    /**
     * POST /api/v1/media {url}: the file at an https address fetched (public addresses only, within the upload
     * limit) and uploaded with the app's checks, once per Idempotency-Key (a repeat answers the same upload and
     * fetches nothing).
     */
    async mediaFromUrl(a: TAuthContext, idempotencyKey: string, url: string): Promise<TV1Answer<TV1Media>> {
      const request = { call: 'POST /v1/media', url };
      const kept = await keptAnswer<TV1Media>(a, idempotencyKey, request);
      if (kept) return kept;
      await deps.media.assertMayUpload(a);
      const file = await deps.fetchMedia(url, deps.media.spoolDir, deps.media.limits.uploadBytes);
      try {
        return await uploadSpooled(a, idempotencyKey, request, file);
      } finally {
        await unspool(file.spooled);
      }
    },

    /**
     * POST /api/v1/media: one file (already spooled, its bytes hashed by the caller), uploaded with the app's checks,
     * once per Idempotency-Key: a repeat with the same bytes answers the same upload.
     */
    async uploadMedia(
      a: TAuthContext,
      idempotencyKey: string,
      file: { name: string; sha256: string; spooled: TSpooled },
    ): Promise<TV1Answer<TV1Media>> {
      return uploadSpooled(a, idempotencyKey, { call: 'POST /v1/media', name: file.name, sha256: file.sha256 }, file);
    },

    /** GET /api/v1/campaigns/{id}/report: the campaign owner's report, as the app's. */
    campaignReport: (a: TAuthContext, id: string) => deps.campaigns.report(a, id),

    /** GET /api/v1/accounts/{id}/queue: the account's schedule (its own or the default) and its coming slots. */
    async queueOf(a: TAuthContext, accountId: string): Promise<TV1Queue> {
      const view = await deps.posts.queueView(a, accountId);
      const settings = (await deps.queue.settingsOf(a.user.orgId, [accountId])).get(accountId) ?? null;
      return {
        accountId,
        timeZone: view.timeZone,
        paused: view.paused,
        slots: settings?.slots ?? [],
        usesDefault: !settings?.own,
        upcoming: view.items.map((it) => ({ at: it.at, kind: it.kind, postId: it.post?.id ?? null })),
      };
    },

    /** PUT /api/v1/accounts/{id}/queue: the account's own schedule, its queued posts re-timed (as the Queue page saves it). */
    async putQueue(a: TAuthContext, accountId: string, settings: TQueueSettings): Promise<TV1Queue> {
      await deps.queue.put(a, accountId, settings);
      return this.queueOf(a, accountId);
    },

    /** GET /api/v1/accounts/{id}/best-times: its own best times, or its network's general ones (basis says which). */
    async bestTimes(a: TAuthContext, accountId: string, zone?: string): Promise<TBestTime[]> {
      return (await deps.analytics.bestTimes(a, accountId, zone)).times;
    },

    /** POST /api/v1/posts: sent now, scheduled (scheduledAt), queued (queue: each account's next free slot) or a draft, once per Idempotency-Key. */
    async createPost(a: TAuthContext, idempotencyKey: string, input: TV1PostCreate): Promise<TV1Answer<TV1Post>> {
      if (input.queue && input.scheduledAt) throw badRequest(V1_MSG.queueWithTime);
      if (input.queue && input.draft) throw badRequest(V1_MSG.queueDraft);
      return once(a, idempotencyKey, { call: 'POST /v1/posts', input }, async () => {
        const urls = await deps.media.urlsOf(a.user.orgId, input.mediaIds);
        if (!urls) throw badRequest(V1_MSG.mediaNotFound);
        const at = input.scheduledAt ? new Date(input.scheduledAt) : null;
        const body: TPostBody = {
          AddToQueue: input.queue === true,
          CaptionDescription: input.text,
          UserSocialMediaID: input.accountIds,
          MediaDetails: urls.map((url) => ({ ImageVideoUrl: url })),
          IsDraft: input.draft ?? false,
          IsScheduled: at !== null && !input.draft,
          ScheduledDate: at ? at.toISOString().slice(0, 10) : null,
          ScheduledTime: at ? at.toISOString().slice(11, 16) : null,
          CampaignSourceID: input.campaignId ?? null,
        } as TPostBody;
        const id = await deps.posts.createWithoutWait(a, body, urls.length > 1);
        return v1Post(await deps.posts.getPost(a, id));
      });
    },
  };
}
export type TPublicApiService = ReturnType<typeof createPublicApiService>;
