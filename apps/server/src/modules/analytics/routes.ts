import {
  BEST_TIMES_MSG,
  ID_MAX,
  INSIGHTS_MSG,
  PROFILE_FIGURES_MAX_AGE_MS,
  QUEUE_MSG,
  zAnalyticsItem,
  zPerformance,
  zPerformanceBody,
  zPostAnalyticsBody,
  zProfileOverviewBody,
  zProfileOverviewItem,
  zSphOk,
} from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAuth } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok, sphOk } from '../../http/envelope';
import type { TAnalyticsService } from './service';

const security = [{ accessToken: [] }];
const guarded = { onRequest: requireAuth };
const tags = ['Analytics'];

/** The social-posting API's figures calls (under /sph): they answer what the figures job last read. */
export const analyticsSphRoutes =
  (analytics: TAnalyticsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/post_analytics/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary:
            'A post’s figures per account it went out to or failed on, as last read from the networks (UpdatedAt): ResponseCode 200 with Metrics and the spec’s fields; code story_waiting/story_expired (204), not_yet_read (202), no_access (403), not_published (400), reconnect or network_error (the last good figures kept)',
          body: zPostAnalyticsBody,
          response: { 200: zSphOk(z.array(zAnalyticsItem)) },
        },
      },
      async (req) => sphOk(await analytics.postAnalytics(authOf(req), req.body)),
    );

    app.post(
      '/performance_overview/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary:
            'The dashboard’s performance: accounts published to, engagement (likes, comments, shares, saves) and views of the posts that went out over the last Days (7, 30 or 90) days, per day in TimeZone (IANA; UTC without it) and for the period before, as the figures were last read (UpdatedAt)',
          body: zPerformanceBody,
          response: { 200: zSphOk(zPerformance) },
        },
      },
      async (req) => sphOk(await analytics.performance(authOf(req), req.body)),
    );

    app.post(
      '/profile_overview/',
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary: `Profile overview (the spec names no path for it: served at POST /sph/profile_overview/): the linked accounts (of one network with SocialMediaID 1-7) with their figures as last read (every ${PROFILE_FIGURES_MAX_AGE_MS / 60_000} minutes), Tier, UpdatedAt and the last read's Error`,
          body: zProfileOverviewBody,
          response: { 200: zSphOk(z.array(zProfileOverviewItem)) },
        },
      },
      async (req) => sphOk(await analytics.profileOverview(authOf(req), req.body)),
    );
  };

/** The Queue page's and the composer's best times of an account (under /api). */
export const bestTimesRoutes =
  (analytics: TAnalyticsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/queue/:accountId/best-times',
      {
        ...guarded,
        schema: {
          tags: ['Queue'],
          security,
          summary:
            'An account’s best weekday-and-hour times to post, from its own posts of the last 90 days (basis own), or its network’s general times while it has too few (basis general)',
          params: z.object({ accountId: z.string().max(ID_MAX, QUEUE_MSG.accountNotFound) }),
          querystring: z.object({
            timeZone: z
              .string()
              .max(64, INSIGHTS_MSG.badTimeZone)
              .optional()
              .describe('The wall clock to read the times on when the account has no posting schedule yet'),
          }),
          response: replies('GET /queue/:accountId/best-times'),
        },
      },
      async (req) => ok(await analytics.bestTimes(authOf(req), req.params.accountId, req.query.timeZone), BEST_TIMES_MSG.read),
    );
  };
