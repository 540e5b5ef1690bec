import {
  CALENDAR_MAX_DAYS,
  CALENDAR_MAX_PER_DAY,
  CALENDAR_RANGE_MAX_POSTS,
  POST_MSG,
  QUEUE_POST_MSG,
  zDeleteDraftBody,
  zDraftsBody,
  zEditScheduledBody,
  zPost,
  zPostBody,
  zPostRefBody,
  zPostResult,
  zPostsByDateBody,
  zPostsDateRangeBody,
  zPostTotals,
  zQueueMove,
  zRecentPostsQuery,
  zReviewDraftBody,
  zScheduledPostsQuery,
  zSphOk,
  zSphPostsDateRange,
  zSphPostsPage,
} from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAuth } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok, sendSphAnswer, sphOk } from '../../http/envelope';
import type { TPostsService } from './service';

const security = [{ accessToken: [] }];
const guarded = { onRequest: requireAuth };
const tags = ['Posts'];
const zId = z.string().trim().min(1).max(64);

/** The social-posting API's post calls (under /sph). */
export const postsSphRoutes =
  (posts: TPostsService): FastifyPluginAsyncZod =>
  async (app) => {
    const create = (path: string, multi: boolean, summary: string) =>
      app.post(
        path,
        { ...guarded, schema: { tags, security, summary, body: zPostBody, response: { 200: zSphOk(zPostResult) } } },
        async (req) => {
          const { message, result } = await posts.create(authOf(req), req.body, multi);
          return sphOk(result, message);
        },
      );
    create(
      '/social-media-manager/single-post/',
      false,
      'A post of one media file: sent now, scheduled (IsScheduled with ScheduledDate and ScheduledTime, UTC) or saved as a draft',
    );
    create('/social-media-manager/multi-post/', true, 'A post of 2 to 10 media files (a carousel where the network has one)');

    for (const path of [
      '/social-media-manager/post-handler/',
      '/social-media-manager/post-carousel/',
      '/social-media-manager/post-now/',
    ])
      app.post(
        path,
        {
          ...guarded,
          schema: {
            tags,
            security,
            summary: 'Send a saved post now (a draft, or a scheduled post); a post already sent answers where it stands',
            body: zPostRefBody,
            response: { 200: zSphOk(zPostResult) },
          },
        },
        async (req) => {
          const { message, result } = await posts.sendNow(authOf(req), req.body);
          return sphOk(result, message);
        },
      );

    app.post(
      '/social-media-manager/retry-failed/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary:
            'Send a sent post again to the accounts that did not take it (failed, needing a reconnect, or to be checked); each account is read back first, so nothing goes out twice',
          body: zPostRefBody,
          response: { 200: zSphOk(zPostResult) },
        },
      },
      async (req) => {
        const { message, result } = await posts.retryFailed(authOf(req), req.body);
        return sphOk(result, message);
      },
    );

    app.put(
      '/edit_scheduled_post/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary:
            'Reschedule (ScheduledDate, ScheduledTime), pause or resume (IsPaused), or delete (IsActive false) a scheduled post',
          body: zEditScheduledBody,
          response: { 200: zSphOk(z.null()) },
        },
      },
      async (req) => sphOk(null, await posts.editScheduled(authOf(req), req.body)),
    );

    /** A list of posts read a page at a time, `GET /{name}/{id}` (id: the caller's user id). */
    const pageOfPostsRoute = (
      name: string,
      summary: string,
      querystring: typeof zScheduledPostsQuery | typeof zRecentPostsQuery,
      read: typeof posts.scheduled,
    ) => {
      // scheduled_post_details is documented without a trailing slash, its siblings with one: both are served
      for (const path of [`/${name}/:id`, `/${name}/:id/`])
        app.get(
          path,
          {
            ...guarded,
            schema: { tags, security, summary, params: z.object({ id: zId }), querystring, response: { 200: zSphPostsPage } },
          },
          async (req, reply) => sendSphAnswer(req, reply, await read(authOf(req), req.params.id, req.query)),
        );
    };
    pageOfPostsRoute(
      'scheduled_post_details',
      'The organization’s scheduled posts not yet out (running or paused), soonest due first, 10 a page by default; id is the caller’s user id',
      zScheduledPostsQuery,
      posts.scheduled,
    );
    pageOfPostsRoute(
      'recent_post_details',
      'The organization’s posts that went out, newest first by when they went out, 10 a page by default (at most 50); id is the caller’s user id',
      zRecentPostsQuery,
      posts.recent,
    );

    for (const path of ['/totaluserposts/:id', '/totaluserposts/:id/'])
      app.get(
        path,
        {
          ...guarded,
          schema: {
            tags,
            security,
            summary:
              'The organization’s post counts: all (not drafts), out, scheduled, drafts, failed everywhere, and targets published per network; id is the caller’s user id',
            params: z.object({ id: zId }),
            response: { 200: zSphOk(zPostTotals) },
          },
        },
        async (req) => sphOk(await posts.totals(authOf(req), req.params.id)),
      );

    app.post(
      '/posts_info_by_date/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary:
            'The organization’s posts of one day (scheduled ones at their time, others when they went out), earliest first; the day is read in TimeZone (UTC without it)',
          body: zPostsByDateBody,
          response: { 200: zSphOk(z.array(zPost)) },
        },
      },
      async (req, reply) => sendSphAnswer(req, reply, await posts.postsByDate(authOf(req), req.body)),
    );

    app.post(
      '/posts_date_range/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: `The organization’s posts from StartDate to EndDate (both included, at most ${CALENDAR_MAX_DAYS} days), earliest first, at most ${CALENDAR_RANGE_MAX_POSTS} (truncated says there were more); days are read in TimeZone (UTC without it). With PerDay (1–${CALENDAR_MAX_PER_DAY}), at most that many posts of each day and day_counts, every day’s full count`,
          body: zPostsDateRangeBody,
          response: { 200: zSphPostsDateRange },
        },
      },
      async (req, reply) => sendSphAnswer(req, reply, await posts.postsDateRange(authOf(req), req.body)),
    );

    app.get(
      '/drafts/get-draft-details/:id/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: 'One post of the caller’s organization',
          params: z.object({ id: zId }),
          response: { 200: zSphOk(zPost) },
        },
      },
      async (req) => sphOk(await posts.getPost(authOf(req), req.params.id)),
    );

    app.post(
      '/drafts/get-all-drafts/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: 'Drafts, newest first, 9 a page by default, optionally of one network (social_media_id 1-7)',
          body: zDraftsBody,
          response: {
            200: z.object({
              response_code: z.literal(200),
              response_message: z.string(),
              response_data: z.array(zPost),
              pages: z.number(),
              total: z.number(),
            }),
          },
        },
      },
      async (req) => {
        const page = await posts.drafts(authOf(req), req.body);
        return { ...sphOk(page.response_data), pages: page.pages, total: page.total };
      },
    );

    app.put(
      '/drafts/delete-draft/',
      {
        ...guarded,
        schema: { tags, security, summary: 'Delete a draft', body: zDeleteDraftBody, response: { 200: zSphOk(z.null()) } },
      },
      async (req) => sphOk(null, await posts.deleteDraft(authOf(req), req.body.CommonPostID)),
    );

    app.put(
      '/drafts/update-draft/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: 'Change a draft (CommonPostID and the fields of a post); a manager’s goes back to waiting for approval',
          body: zPostBody,
          response: { 200: zSphOk(zPostResult) },
        },
      },
      async (req) => {
        const { message, result } = await posts.updateDraft(authOf(req), req.body);
        return sphOk(result, message);
      },
    );

    app.post(
      '/drafts/review-draft/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: 'The owner approves a manager’s draft (posted now or scheduled) or sends it back with a Remark',
          body: zReviewDraftBody,
          response: { 200: zSphOk(zPostResult) },
        },
      },
      async (req) => {
        const { message, result } = await posts.reviewDraft(authOf(req), req.body);
        return sphOk(result, message);
      },
    );
  };

/** The main API's calls of publishing: the post-count check, the points, the post notifications. */
export const postsMainRoutes =
  (posts: TPostsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/subscription/postCountTrack',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: `How many posts the plan allows and has used; 429 '${POST_MSG.limitExceeded}' once none is left, except for a post (CommonPostID) the plan already counted`,
          querystring: z.object({ CommonPostID: zId.optional() }),
          response: replies('GET /subscription/postCountTrack'),
        },
      },
      async (req) => ok(await posts.postCount(authOf(req), req.query.CommonPostID)),
    );

    app.post(
      '/wallet/updateWallet',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: 'The caller’s points: a post’s points are recorded by the server when it goes out, never from this body',
          body: z.object({ points: z.union([z.number(), z.string().max(16)]).optional(), userId: zId.optional() }).nullish(),
          response: replies('POST /wallet/updateWallet'),
        },
      },
      async (req) => ok(await posts.walletPoints(authOf(req), req.body?.userId)),
    );

    app.post(
      '/activity/postInfom',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: 'A post’s outcome (its notification is written by the server when the post settles)',
          body: z.object({ CommonPostID: zId }),
          response: replies('POST /activity/postInfom'),
        },
      },
      async (req) => ok(await posts.postInform(authOf(req), req.body.CommonPostID)),
    );

    app.post(
      '/activity/PostDraft',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: 'A draft and its state (the owner is asked to review a manager’s draft when it is saved)',
          body: z.object({ CommonPostID: zId }),
          response: replies('POST /activity/PostDraft'),
        },
      },
      async (req) => ok(await posts.draftInform(authOf(req), req.body.CommonPostID)),
    );
    const queueParams = z.object({ accountId: zId });
    const queuePostParams = z.object({ accountId: zId, postId: zId });
    app.get(
      '/queue/:accountId',
      {
        ...guarded,
        schema: {
          tags: ['Queue'],
          security,
          summary: "An account's coming slots with their posts, its free slots and its queued posts, earliest first",
          params: queueParams,
          response: replies('GET /queue/:accountId'),
        },
      },
      async (req) => ok(await posts.queueView(authOf(req), req.params.accountId), QUEUE_POST_MSG.read),
    );
    app.post(
      '/queue/:accountId/move',
      {
        ...guarded,
        schema: {
          tags: ['Queue'],
          security,
          summary: "Move a queued post one place up (sooner) or down (later) in an account's queue",
          params: queueParams,
          body: zQueueMove,
          response: replies('POST /queue/:accountId/move'),
        },
      },
      async (req) =>
        ok(await posts.moveInQueue(authOf(req), req.params.accountId, req.body.postId, req.body.direction), QUEUE_POST_MSG.moved),
    );
    app.delete(
      '/queue/:accountId/posts/:postId',
      {
        ...guarded,
        schema: {
          tags: ['Queue'],
          security,
          summary: "Take a post out of an account's queue (a post for that account alone is deleted)",
          params: queuePostParams,
          response: replies('DELETE /queue/:accountId/posts/:postId'),
        },
      },
      async (req) =>
        ok(await posts.takeOutOfQueue(authOf(req), req.params.accountId, req.params.postId), QUEUE_POST_MSG.takenOut),
    );
    app.post(
      '/queue/:accountId/posts/:postId/share-now',
      {
        ...guarded,
        schema: {
          tags: ['Queue'],
          security,
          summary: 'Send a queued post now; the other queued posts keep their slots',
          params: queuePostParams,
          response: replies('POST /queue/:accountId/posts/:postId/share-now'),
        },
      },
      async (req) =>
        ok(await posts.shareNowFromQueue(authOf(req), req.params.accountId, req.params.postId), QUEUE_POST_MSG.sharedNow),
    );
  };
