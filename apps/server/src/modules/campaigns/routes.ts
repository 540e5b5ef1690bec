import {
  CAMPAIGN_MSG,
  canOwnCampaigns,
  zCampaignActiveQuery,
  zCampaignByDay,
  zCampaignCreate,
  zCampaignIdParam,
  zCampaignOwnerParam,
  zCampaignPageQuery,
  zCampaignRespond,
  zCampaignsByDate,
  zCampaignTag,
  zInfluencerSearchQuery,
} from '@virality/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../errors';
import { authOf, guard, requireAuth, requireRole } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TCampaignsService } from './service';

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
    app.post(
      '/campaigns/:id/respond',
      {
        ...influencers,
        schema: {
          response: replies('POST /campaigns/:id/respond'),
          tags,
          security,
          summary: 'A tagged influencer accepts or declines, once (the owner is told)',
          params: zCampaignIdParam,
          body: zCampaignRespond,
        },
      },
      async (req) =>
        ok(
          await campaigns.respond(authOf(req), req.params.id, req.body.accept),
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
