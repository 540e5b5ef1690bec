import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_KEEP_HOURS,
  postBadge,
  scheduledMoment,
  socialNetwork,
  type TPost,
  type TPostBody,
  type TSocialNetworkKey,
  type TV1Account,
  type TV1Media,
  type TV1Post,
  type TV1PostCreate,
  targetStateLook,
  V1_MSG,
} from '@virality/domain';
import type { Clock } from '../../clock';
import { AppError, badRequest } from '../../errors';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuthContext } from '../auth/service';
import type { TMediaService } from '../media/service';
import type { TSpooled } from '../media/spool';
import type { TPostsService } from '../posts/service';
import type { TSocialAccountsService } from '../social-accounts/service';
import type { TPublicApiRepository } from './repository';

/** What a POST of the public API answers: its status code and body (the first answer, or the kept one again). */
export type TV1Answer<T> = { status: 201 | 200; body: T };

const networkKey = (id: string) => socialNetwork(id)?.key as TSocialNetworkKey;

/** A post as the app keeps it, in the public API's shape. */
export function v1Post(p: TPost): TV1Post {
  return {
    id: p.CommonPostID,
    text: p.CaptionDescription,
    status: p.IsDraft ? 'Draft' : postBadge(p),
    draft: p.IsDraft,
    scheduledAt: p.IsScheduled && !p.IsPostDone ? (scheduledMoment(p)?.toISOString() ?? null) : null,
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
}) {
  const { repo, unitOfWork, clock } = deps;
  const keepMs = IDEMPOTENCY_KEEP_HOURS * 3_600_000;

  /** Runs `work` once per (owner, Idempotency-Key); a repeat with the same request answers what the first did. */
  async function once<T>(a: TAuthContext, key: string, request: unknown, work: () => Promise<T>): Promise<TV1Answer<T>> {
    const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
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
     * POST /api/v1/media: one file (already spooled, its bytes hashed by the caller), uploaded with the app's checks,
     * once per Idempotency-Key: a repeat with the same bytes answers the same upload.
     */
    async uploadMedia(
      a: TAuthContext,
      idempotencyKey: string,
      file: { name: string; sha256: string; spooled: TSpooled },
    ): Promise<TV1Answer<TV1Media>> {
      return once(a, idempotencyKey, { call: 'POST /v1/media', name: file.name, sha256: file.sha256 }, async () => {
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
    },

    /** POST /api/v1/posts: sent now, scheduled (scheduledAt) or a draft, once per Idempotency-Key. */
    async createPost(a: TAuthContext, idempotencyKey: string, input: TV1PostCreate): Promise<TV1Answer<TV1Post>> {
      return once(a, idempotencyKey, { call: 'POST /v1/posts', input }, async () => {
        const urls = await deps.media.urlsOf(a.user.orgId, input.mediaIds);
        if (!urls) throw badRequest(V1_MSG.mediaNotFound);
        const at = input.scheduledAt ? new Date(input.scheduledAt) : null;
        const body: TPostBody = {
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
