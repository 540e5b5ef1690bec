import {
  CAMPAIGN_MSG,
  canOwnCampaigns,
  REPORT_MSG,
  reportCsv,
  zCampaignActiveQuery,
  zCampaignApproval,
  zCampaignByDay,
  zCampaignCreate,
  zCampaignIdParam,
  zCampaignInfluencerParams,
  zCampaignOwnerParam,
  zCampaignPageQuery,
  zCampaignPostParams,
  zCampaignRespond,
  zCampaignReview,
  zCampaignsByDate,
  zCampaignTag,
  zCampaignTerms,
  zInfluencerSearchQuery,
} from '@virality/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../errors';
import { authOf, guard, requireAuth, requireRole } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import { reportPdf } from './report-pdf';
import type { TCampaignsService } from './service';

/** A file name from a campaign's name: letters, digits and dashes only. */
const reportFileName = (name: string) =>
  `${
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'campaign'
  }-report`;

const security = [{ accessToken: [] }];

/** Route onRequest hook: a live session of a role that runs campaigns (IMC, BRANDS), checked before the body is read. */
async function requireCampaignOwner(req: FastifyRequest): Promise<void> {
  await requireAuth(req);
  if (!canOwnCampaigns(req.auth!.role)) throw forbidden(CAMPAIGN_MSG.ownersOnly);
}
guard({ scheme: 'accessToken', refuses: [401, 403] }, requireCampaignOwner);

/** The campaigns' calls (packages/domain contracts/campaigns.ts lists them with who may call each). */
export const campaignsRoutes =
  (campaigns: TCampaignsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Campaigns'];
    const owners = { onRequest: requireCampaignOwner };
    const influencers = { onRequest: requireRole('INFLUENCER') };
    const signedIn = { onRequest: requireAuth };

    app.post(
      '/campaigns/create',
      {
        ...owners,
        schema: {
          response: replies('POST /campaigns/create'),
          tags,
          security,
          summary: 'A new campaign (IMC, BRANDS): name, brief, budget in USD, first and last day, influencers to tag',
          body: zCampaignCreate,
        },
      },
      async (req) => ok(await campaigns.create(authOf(req), req.body), CAMPAIGN_MSG.created),
    );
    app.get(
      '/campaigns/list',
      {
        ...owners,
        schema: {
          response: replies('GET /campaigns/list'),
          tags,
          security,
          summary: "A page of the caller's campaigns, newest first",
          querystring: zCampaignPageQuery,
        },
      },
      async (req) => ok(await campaigns.list(authOf(req), req.query.page)),
    );
    app.get(
      '/campaigns/tagged',
      {
        // /tagged is every role's page; only an influencer is ever tagged, so the others get an empty list
        ...signedIn,
        schema: {
          response: replies('GET /campaigns/tagged'),
          tags,
          security,
          summary:
            'A page of the campaigns the caller is tagged in (any answer), newest first; any role (only influencers are ever tagged)',
          querystring: zCampaignPageQuery,
        },
      },
      async (req) => ok(await campaigns.tagged(authOf(req), req.query.page)),
    );
    app.get(
      '/campaigns/active',
      {
        ...influencers,
        schema: {
          response: replies('GET /campaigns/active'),
          tags,
          security,
          summary: 'A page of the campaigns the caller accepted that run today (in timeZone, UTC without it)',
          querystring: zCampaignActiveQuery,
        },
      },
      async (req) => ok(await campaigns.active(authOf(req), req.query)),
    );
    app.get(
      '/campaigns/influencers/search',
      {
        ...owners,
        schema: {
          response: replies('GET /campaigns/influencers/search'),
          tags,
          security,
          summary: 'Up to 10 influencers to tag, by username prefix or exact e-mail',
          querystring: zInfluencerSearchQuery,
        },
      },
      async (req) => ok(await campaigns.searchInfluencers(authOf(req), req.query.q)),
    );
    app.post(
      '/campaigns/campaignsByDate',
      {
        ...signedIn,
        schema: {
          response: replies('POST /campaigns/campaignsByDate'),
          tags,
          security,
          summary: 'The campaigns the caller runs or accepted that run on any day of the range (62 days at most)',
          body: zCampaignsByDate,
        },
      },
      async (req) => ok(await campaigns.byDate(authOf(req), req.body)),
    );
    app.post(
      '/campaigns/campaignByDay',
      {
        ...signedIn,
        schema: {
          response: replies('POST /campaigns/campaignByDay'),
          tags,
          security,
          summary: 'The campaigns the caller runs or accepted that start that day',
          body: zCampaignByDay,
        },
      },
      async (req) => {
        const found = await campaigns.byDay(authOf(req), req.body);
        return ok(found, found.total === 0 ? CAMPAIGN_MSG.noneToday : 'Success');
      },
    );
    app.get(
      '/campaigns/:id',
      {
        ...signedIn,
        schema: {
          response: replies('GET /campaigns/:id'),
          tags,
          security,
          summary: 'A campaign, for its owner (everything) or a tagged influencer (their own part); anyone else: 404',
          params: zCampaignIdParam,
        },
      },
      async (req) => ok(await campaigns.detail(authOf(req), req.params.id)),
    );
    app.post(
      '/campaigns/:id/tag',
      {
        ...owners,
        schema: {
          response: replies('POST /campaigns/:id/tag'),
          tags,
          security,
          summary: 'The owner tags more influencers (each is told once; one tagged before keeps their answer)',
          params: zCampaignIdParam,
          body: zCampaignTag,
        },
      },
      async (req) => ok(await campaigns.tag(authOf(req), req.params.id, req.body), CAMPAIGN_MSG.tagged),
    );
    app.put(
      '/campaigns/:id/influencers/:influencerId/terms',
      {
        ...owners,
        schema: {
          response: replies('PUT /campaigns/:id/influencers/:influencerId/terms'),
          tags,
          security,
          summary:
            "The owner sets a tagged influencer's deliverables (network, post type, count, due date) and fee in USD; one who had answered is asked again",
          params: zCampaignInfluencerParams,
          body: zCampaignTerms,
        },
      },
      async (req) => {
        const { detail, message } = await campaigns.setTerms(authOf(req), req.params.id, req.params.influencerId, req.body);
        return ok(detail, message);
      },
    );
    app.put(
      '/campaigns/:id/approval',
      {
        ...owners,
        schema: {
          response: replies('PUT /campaigns/:id/approval'),
          tags,
          security,
          summary:
            'The owner turns the approval of content on or off: posts made for the campaign from then on wait for approval, or go out as made (those waiting still wait)',
          params: zCampaignIdParam,
          body: zCampaignApproval,
        },
      },
      async (req) => {
        const { detail, message } = await campaigns.setApproval(authOf(req), req.params.id, req.body.required);
        return ok(detail, message);
      },
    );
    app.get(
      '/campaigns/:id/posts/:postId',
      {
        ...signedIn,
        schema: {
          response: replies('GET /campaigns/:id/posts/:postId'),
          tags,
          security,
          summary:
            'A post made for the campaign, whole (its text, media and each account with its format) and its review’s steps: for the owner, or its author',
          params: zCampaignPostParams,
        },
      },
      async (req) => ok(await campaigns.postPreview(authOf(req), req.params.id, req.params.postId)),
    );
    app.post(
      '/campaigns/:id/posts/:postId/review',
      {
        ...owners,
        schema: {
          response: replies('POST /campaigns/:id/posts/:postId/review'),
          tags,
          security,
          summary:
            'The owner approves a post awaiting approval (it goes out now, at its time or to the queue, as its author meant) or asks for changes with a remark; a repeated approval sends nothing again',
          params: zCampaignPostParams,
          body: zCampaignReview,
        },
      },
      async (req) => {
        const { detail, message } = await campaigns.reviewPost(authOf(req), req.params.id, req.params.postId, req.body);
        return ok(detail, message);
      },
    );
    app.get(
      '/campaigns/:id/report',
      {
        ...owners,
        schema: {
          response: replies('GET /campaigns/:id/report'),
          tags,
          security,
          summary:
            'The owner’s report: each published post and account with its figures as last read, per influencer deliverables, figures and payments, the sums, spend, cost per engagement and per 1,000 views, and engagement by day',
          params: zCampaignIdParam,
        },
      },
      async (req) => ok(await campaigns.report(authOf(req), req.params.id), REPORT_MSG.read),
    );
    app.get(
      '/campaigns/:id/report.csv',
      {
        ...owners,
        schema: {
          tags,
          security,
          summary: 'The report’s posts as CSV (one row per post and account, then the total)',
          params: zCampaignIdParam,
          produces: ['text/csv'],
          response: { 200: z.string().describe('The report, as text/csv') },
        },
      },
      async (req, reply) => {
        const report = await campaigns.report(authOf(req), req.params.id);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${reportFileName(report.campaign.name)}.csv"`)
          .send(reportCsv(report));
      },
    );
    app.get(
      '/campaigns/:id/report.pdf',
      {
        ...owners,
        schema: {
          tags,
          security,
          summary: 'The report as a PDF to send on (A4: the sums, engagement by day, each influencer and each post)',
          params: zCampaignIdParam,
          produces: ['application/pdf'],
          response: {
            200: z
              .custom<Buffer>((v) => Buffer.isBuffer(v))
              .meta({ type: 'string', format: 'binary' })
              .describe('The report, as application/pdf'),
          },
        },
      },
      async (req, reply) => {
        const report = await campaigns.report(authOf(req), req.params.id);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${reportFileName(report.campaign.name)}.pdf"`)
          .send(await reportPdf(report));
      },
    );
    app.post(
      '/campaigns/:id/respond',
      {
        ...influencers,
        schema: {
          response: replies('POST /campaigns/:id/respond'),
          tags,
          security,
          summary:
            'A tagged influencer accepts or declines, once (the owner is told); accepting agrees to the terms read (termsAt: 409 when they changed since)',
          params: zCampaignIdParam,
          body: zCampaignRespond,
        },
      },
      async (req) =>
        ok(
          await campaigns.respond(authOf(req), req.params.id, req.body.accept, req.body.termsAt),
          req.body.accept ? CAMPAIGN_MSG.accepted : CAMPAIGN_MSG.declined,
        ),
    );
    app.get(
      '/campaigns/mutes',
      {
        ...influencers,
        schema: {
          response: replies('GET /campaigns/mutes'),
          tags,
          security,
          summary: 'The campaign owners the influencer muted, newest first',
        },
      },
      async (req) => ok(await campaigns.mutes(authOf(req))),
    );
    app.put(
      '/campaigns/mutes/:ownerId',
      {
        ...influencers,
        schema: {
          response: replies('PUT /campaigns/mutes/:ownerId'),
          tags,
          security,
          summary: 'Mutes a campaign owner',
          description:
            "The owner's tags still reach the influencer's Tagged list, but none is notified or pushed. Muting twice changes nothing; 404 when the id is not a brand's or an IMC's.",
          params: zCampaignOwnerParam,
        },
      },
      async (req) => {
        const done = await campaigns.mute(authOf(req), req.params.ownerId);
        return ok(done.mute, done.message);
      },
    );
    app.delete(
      '/campaigns/mutes/:ownerId',
      {
        ...influencers,
        schema: {
          response: replies('DELETE /campaigns/mutes/:ownerId'),
          tags,
          security,
          summary: 'Unmutes a campaign owner: their next tags are notified again',
          params: zCampaignOwnerParam,
        },
      },
      async (req) => ok(null, await campaigns.unmute(authOf(req), req.params.ownerId)),
    );
  };
