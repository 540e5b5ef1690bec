import { z } from 'zod';
import { zCampaignReport } from '../rules/campaign-report';
import {
  CAMPAIGN_REVIEW_STATES,
  zCampaignReviewStep,
  zCampaignTerms,
  zCampaignTermsView,
  zDelivery,
} from '../rules/campaign-terms';
import { CAMPAIGN_INFLUENCER_STATES, CAMPAIGN_MSG } from '../rules/campaigns';
import { ID_MAX, tooLong } from '../rules/limits';

/**
 * The campaigns' calls. Money is in USD with 2 decimals on the wire (cents inside); days are yyyy-MM-dd.
 *
 *   POST campaigns/create                 IMC, BRANDS           zCampaignCreate → zCampaign
 *   GET  campaigns/list?page              IMC, BRANDS           the caller's campaigns, newest first → zCampaignList
 *   GET  campaigns/tagged?page            any logged in         campaigns the caller is tagged in → zCampaignList
 *   GET  campaigns/active?timeZone        INFLUENCER            accepted campaigns running today (the composer) → zCampaignList
 *   GET  campaigns/:id                    owner or tagged       zCampaignDetail
 *   POST campaigns/:id/tag {influencerIds, terms?, timeZone?}  owner   tags more influencers → zCampaignDetail
 *   PUT  campaigns/:id/influencers/:influencerId/terms {deliverables, fee}  owner   sets one's terms → zCampaignDetail
 *   POST campaigns/:id/respond {accept, termsAt?}   tagged influencer     → zCampaignDetail
 *   PUT  campaigns/:id/approval {required}  owner   posts made for it wait for approval, or not → zCampaignDetail
 *   GET  campaigns/:id/posts/:postId      owner or its author   a post made for it, whole → zCampaignPostPreview
 *   POST campaigns/:id/posts/:postId/review {approve, remark?}  owner   approve, or ask for changes → zCampaignDetail
 *   GET  campaigns/:id/report(.csv|.pdf)  owner                 what the campaign bought → zCampaignReport, CSV, PDF
 *   GET  campaigns/influencers/search?q   IMC, BRANDS           influencers by username or e-mail → zInfluencerHit[]
 *   POST campaigns/campaignsByDate {startDate, endDate}   any   campaigns running in the range (owned or accepted) → zCampaignList
 *   POST campaigns/campaignByDay {date}   any                   campaigns starting that day → zCampaignList
 *   GET  campaigns/mutes                  INFLUENCER            the owners the caller muted → zCampaignMute[]
 *   PUT  campaigns/mutes/:ownerId         INFLUENCER            mutes an owner (tags still listed, never notified) → zCampaignMute
 *   DELETE campaigns/mutes/:ownerId       INFLUENCER            unmutes → null
 */

const zPerson = z.object({
  _id: z.string(),
  name: z.string().nullable(),
  userName: z.string().nullable(),
  profileImage: z.string().nullable(),
});
export type TCampaignPerson = z.infer<typeof zPerson>;

export const zCampaignInfluencer = z.object({
  user: zPerson,
  status: z.enum(CAMPAIGN_INFLUENCER_STATES),
  invitedAt: z.string(),
  answeredAt: z.string().nullable(),
  /** What the brand has paid this influencer for the campaign (completed payments), USD. */
  paid: z.number(),
  /** What they are to deliver and for what fee; null until the owner sets terms. */
  terms: zCampaignTermsView.nullable(),
  /** How their deliverables stand (with terms only): each done, due or late, and the fee still to pay. */
  delivery: zDelivery.nullable(),
});
export type TCampaignInfluencer = z.infer<typeof zCampaignInfluencer>;

/** A campaign as lists show it. */
export const zCampaign = z.object({
  _id: z.string(),
  name: z.string(),
  brief: z.string(),
  /** USD */
  budget: z.number(),
  /** Completed payments, USD; left = budget - spent. */
  spent: z.number(),
  left: z.number(),
  currency: z.literal('USD'),
  startDate: z.string(),
  endDate: z.string(),
  owner: zPerson,
  /** The caller's own place: 'owner', or their answer as a tagged influencer. */
  myRole: z.enum(['owner', ...CAMPAIGN_INFLUENCER_STATES]),
  influencerCount: z.number(),
  acceptedCount: z.number(),
  createdAt: z.string(),
  /** When the campaign ended before its last day (its owner closed their account); null while it keeps its days. */
  endedAt: z.string().nullable(),
  /** For a tagged influencer: whether they muted the campaign's owner (false for the owner). */
  ownerMuted: z.boolean(),
  /** Whether posts made for it wait for the owner's approval before they go out. */
  approvalRequired: z.boolean(),
});
export type TCampaign = z.infer<typeof zCampaign>;

/** An owner an influencer muted. */
export const zCampaignMute = z.object({ owner: zPerson, mutedAt: z.string() });
export type TCampaignMute = z.infer<typeof zCampaignMute>;

/** A post made for the campaign (by a tagged influencer, naming it as CampaignSourceID). */
export const zCampaignPost = z.object({
  _id: z.string(),
  caption: z.string().nullable(),
  author: zPerson,
  /** The networks' keys it went (or goes) to. */
  networks: z.array(z.string()),
  status: z.string(),
  scheduledAt: z.string().nullable(),
  createdAt: z.string(),
  /** Where it stands in the owner's review (null: the campaign did not ask for one when it was made). */
  review: z.enum(CAMPAIGN_REVIEW_STATES).nullable(),
  /** The owner's remark when changes were asked for. */
  remark: z.string().nullable(),
  /** Its review's steps, oldest first. */
  reviews: z.array(zCampaignReviewStep),
});
export type TCampaignPost = z.infer<typeof zCampaignPost>;

/** GET campaigns/:id/posts/:postId: a post made for the campaign, whole, as its owner reviews it. */
export const zCampaignPostPreview = zCampaignPost.extend({
  text: z.string(),
  media: z.array(z.object({ url: z.string(), kind: z.enum(['image', 'video']) })),
  /** Each account it goes to, with the format there (post, story, reel). */
  targets: z.array(z.object({ network: z.string(), accountName: z.string(), format: z.string() })),
});
export type TCampaignPostPreview = z.infer<typeof zCampaignPostPreview>;

/** A payment made in the campaign (see the money contracts for the whole transaction). */
export const zCampaignPayment = z.object({
  _id: z.string(),
  amount: z.number(),
  paymentStatus: z.string(),
  receiver: zPerson,
  date: z.string(),
});
export type TCampaignPayment = z.infer<typeof zCampaignPayment>;

/** GET campaigns/:id: the campaign with its influencers, posts and payments (an influencer sees only their own). */
export const zCampaignDetail = zCampaign.extend({
  influencers: z.array(zCampaignInfluencer),
  posts: z.array(zCampaignPost),
  payments: z.array(zCampaignPayment),
});
export type TCampaignDetail = z.infer<typeof zCampaignDetail>;

export const zCampaignList = z.object({
  docs: z.array(zCampaign),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export type TCampaignList = z.infer<typeof zCampaignList>;

/** An influencer found to tag. */
export const zInfluencerHit = zPerson.extend({ email: z.string().nullable() });
export type TInfluencerHit = z.infer<typeof zInfluencerHit>;

const zId = z.string().trim().min(1).max(ID_MAX, tooLong('id'));
export const zCampaignIdParam = z.object({ id: zId });
/** The caller's IANA zone: what "today" is (UTC without it). */
const zTimeZone = z.string().trim().max(64).optional();
export const zCampaignTag = z.object({
  influencerIds: z.array(zId).min(1, CAMPAIGN_MSG.influencerNotFound).max(50),
  /** The terms each influencer tagged now is offered (one tagged before keeps theirs). */
  terms: zCampaignTerms.optional(),
  /** Whether the campaign has ended is read in this zone. */
  timeZone: zTimeZone,
});
export const zCampaignRespond = z.object({
  accept: z.boolean(),
  /** The terms' setAt the influencer read: an answer to terms that changed since is refused (409). */
  termsAt: z.string().max(40).optional(),
});
export const zCampaignInfluencerParams = z.object({ id: zId, influencerId: zId });
export const zCampaignPostParams = z.object({ id: zId, postId: zId });
export const zCampaignPageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).optional() });
/** GET campaigns/active: "today" in the caller's zone. */
export const zCampaignActiveQuery = zCampaignPageQuery.extend({ timeZone: zTimeZone });
export const zInfluencerSearchQuery = z.object({ q: z.string().trim().min(2).max(120) });
export const zCampaignsByDate = z.object({ startDate: z.string().max(10), endDate: z.string().max(10) });
export const zCampaignByDay = z.object({ date: z.string().max(10) });
export const zCampaignOwnerParam = z.object({ ownerId: zId });

export const CAMPAIGN_RESPONSES = {
  'POST /campaigns/create': zCampaignDetail,
  'GET /campaigns/list': zCampaignList,
  'GET /campaigns/tagged': zCampaignList,
  'GET /campaigns/active': zCampaignList,
  'GET /campaigns/:id': zCampaignDetail,
  'POST /campaigns/:id/tag': zCampaignDetail,
  'POST /campaigns/:id/respond': zCampaignDetail,
  'PUT /campaigns/:id/influencers/:influencerId/terms': zCampaignDetail,
  'PUT /campaigns/:id/approval': zCampaignDetail,
  'GET /campaigns/:id/posts/:postId': zCampaignPostPreview,
  'POST /campaigns/:id/posts/:postId/review': zCampaignDetail,
  'GET /campaigns/:id/report': zCampaignReport,
  'GET /campaigns/influencers/search': z.array(zInfluencerHit),
  'POST /campaigns/campaignsByDate': zCampaignList,
  'POST /campaigns/campaignByDay': zCampaignList,
  'GET /campaigns/mutes': z.array(zCampaignMute),
  'PUT /campaigns/mutes/:ownerId': zCampaignMute,
  'DELETE /campaigns/mutes/:ownerId': z.null(),
} as const;
