import { z } from 'zod';
import { CAMPAIGN_MSG, formatUsd, isCampaignDay, usdToMinor } from './campaigns';
import { NETWORK_LIMITS } from './network-limits';
import { POST_FORMATS, type TPostFormat } from './post';
import { SOCIAL_NETWORK_KEYS_TUPLE, socialNetwork, type TSocialNetworkKey } from './social';

/**
 * What an influencer agrees to deliver in a campaign, and for what fee: deliverables (a network, a post type, how
 * many, by when) and a fee in USD. The owner sets them when tagging or later; the influencer reads them before
 * answering, and accepting agrees to them. Terms changed after an answer ask the influencer again.
 */

/** At most this many deliverables in one influencer's terms. */
export const DELIVERABLES_MAX = 20;
/** How many posts one deliverable may ask for. */
export const DELIVERABLE_COUNT_MAX = 50;

/** A post type as a deliverable names it (a target's format): a feed post, a story or a reel. */
export const DELIVERABLE_POST_TYPES = POST_FORMATS;
export const POST_TYPE_LABELS: Record<TPostFormat, { one: string; many: string }> = {
  post: { one: 'post', many: 'posts' },
  story: { one: 'story', many: 'stories' },
  reel: { one: 'reel', many: 'reels' },
};

export const TERMS_MSG = {
  deliverablesRequired: 'Add at least one deliverable',
  tooManyDeliverables: `At most ${DELIVERABLES_MAX} deliverables`,
  networkRequired: 'Choose a network for each deliverable',
  postTypeRequired: 'Choose a post type for each deliverable',
  postTypeNotOnNetwork: (network: string, type: TPostFormat) => `${network} has no ${POST_TYPE_LABELS[type].many}`,
  countInvalid: `A deliverable asks for 1 to ${DELIVERABLE_COUNT_MAX} posts`,
  dueDateRequired: 'Choose a due date for each deliverable',
  dueDateOutside: 'A due date must be one of the campaign’s days',
  duplicate: 'This network and post type is already in the deliverables: change its count instead',
  feeRequired: 'Please enter the fee',
  feeInvalid: 'Fee must be an amount in USD with at most 2 decimals',
  feeOverBudget: 'The fee cannot be more than the campaign’s budget',
  notTagged: 'This influencer is not tagged in the campaign',
  saved: 'Terms saved',
  savedAskAgain: (name: string) => `Terms saved: ${name} is asked to agree to them again`,
  changedSinceRead: 'The terms changed since you opened the campaign: read them again before you answer',
  changedTitle: (owner: string, campaign: string) => `${owner} changed the terms of ${campaign}`,
  changedBody: 'Open the campaign to read the new terms and accept or decline them',
} as const;

const zDay = z.string({ error: TERMS_MSG.dueDateRequired }).trim().max(10, CAMPAIGN_MSG.badDate);

export const zDeliverable = z.strictObject({
  network: z.enum(SOCIAL_NETWORK_KEYS_TUPLE, { error: TERMS_MSG.networkRequired }),
  postType: z.enum(DELIVERABLE_POST_TYPES, { error: TERMS_MSG.postTypeRequired }),
  count: z
    .number({ error: TERMS_MSG.countInvalid })
    .int(TERMS_MSG.countInvalid)
    .min(1, TERMS_MSG.countInvalid)
    .max(DELIVERABLE_COUNT_MAX, TERMS_MSG.countInvalid),
  dueDate: zDay,
});
export type TDeliverable = z.infer<typeof zDeliverable>;

/** PUT campaigns/:id/influencers/:influencerId/terms, and the terms given with a tag. */
export const zCampaignTerms = z.strictObject({
  deliverables: z
    .array(zDeliverable, { error: TERMS_MSG.deliverablesRequired })
    .min(1, TERMS_MSG.deliverablesRequired)
    .max(DELIVERABLES_MAX, TERMS_MSG.tooManyDeliverables),
  /** USD, as a number or text with at most 2 decimals; 0 for a deal without money. */
  fee: z.union([z.number(), z.string().max(16, TERMS_MSG.feeInvalid)], { error: TERMS_MSG.feeRequired }),
});
export type TCampaignTermsInput = z.infer<typeof zCampaignTerms>;

/** A fee in cents: a USD amount of at most 2 decimals, 0 included; null when it is not one. */
export function feeToMinor(value: unknown): number | null {
  if (value === 0 || value === '0' || value === '0.0' || value === '0.00') return 0;
  return usdToMinor(value);
}

/**
 * The words for what is wrong with terms for a campaign (its days and budget), by field path ('deliverables.0.dueDate',
 * 'fee'); empty when they can be saved.
 */
export function termsIssues(
  terms: TCampaignTermsInput,
  campaign: { startDate: string; endDate: string; budgetMinor: number },
): Record<string, string> {
  const issues: Record<string, string> = {};
  const seen = new Set<string>();
  terms.deliverables.forEach((d, i) => {
    const network = socialNetwork(d.network as TSocialNetworkKey);
    if (!NETWORK_LIMITS[d.network].formats.includes(d.postType))
      issues[`deliverables.${i}.postType`] = TERMS_MSG.postTypeNotOnNetwork(network?.label ?? d.network, d.postType);
    if (!isCampaignDay(d.dueDate)) issues[`deliverables.${i}.dueDate`] = CAMPAIGN_MSG.badDate;
    else if (d.dueDate < campaign.startDate || d.dueDate > campaign.endDate)
      issues[`deliverables.${i}.dueDate`] = TERMS_MSG.dueDateOutside;
    const key = `${d.network} ${d.postType}`;
    if (seen.has(key)) issues[`deliverables.${i}.network`] = TERMS_MSG.duplicate;
    seen.add(key);
  });
  const fee = feeToMinor(terms.fee);
  if (fee === null) issues.fee = TERMS_MSG.feeInvalid;
  else if (fee > campaign.budgetMinor) issues.fee = TERMS_MSG.feeOverBudget;
  return issues;
}

/** A deliverable in words: '2 Instagram reels by 2027-06-01'. */
export function deliverableText(d: TDeliverable): string {
  const label = socialNetwork(d.network as TSocialNetworkKey)?.label ?? d.network;
  const type = POST_TYPE_LABELS[d.postType];
  return `${d.count} ${label} ${d.count === 1 ? type.one : type.many} by ${d.dueDate}`;
}

/** Terms in words, for a notification or a confirmation: 'Deliverables: …; fee $500.00'. */
export const termsText = (deliverables: readonly TDeliverable[], feeMinor: number): string =>
  `${deliverables.map(deliverableText).join(', ')}; fee ${formatUsd(feeMinor)}`;

/** An influencer's terms as the campaign shows them. */
export const zCampaignTermsView = z.object({
  deliverables: z.array(zDeliverable),
  /** USD */
  fee: z.number(),
  /** When the owner last set them: an answer sent with another `setAt` is refused (the terms changed meanwhile). */
  setAt: z.string(),
  /** When the influencer agreed to these terms (accepted after they were set); null until then. */
  agreedAt: z.string().nullable(),
});
export type TCampaignTermsView = z.infer<typeof zCampaignTermsView>;

/**
 * The brand's approval of content: a post made for a campaign that asks for it first goes to the campaign's owner
 * (awaiting), who approves it (it then goes out as its author meant: now, at its time, or to the queue) or asks for
 * changes with a remark (the influencer edits it, which sends it again). Every step is kept.
 */
export const CAMPAIGN_REVIEW_STATES = ['awaiting', 'changes_requested', 'approved'] as const;
export type TCampaignReviewState = (typeof CAMPAIGN_REVIEW_STATES)[number];
/** What a step of a post's review history records. */
export const CAMPAIGN_REVIEW_ACTIONS = ['submitted', 'approved', 'changes_requested'] as const;
export type TCampaignReviewAction = (typeof CAMPAIGN_REVIEW_ACTIONS)[number];
export const CAMPAIGN_REMARK_MAX = 1000;

export const REVIEW_MSG = {
  awaitingLabel: 'Awaiting approval',
  changesLabel: 'Changes requested',
  approvedLabel: 'Approved',
  sentForApproval: (owner: string) => `Sent to ${owner} for approval`,
  resent: (owner: string) => `Changes sent to ${owner} for approval`,
  approved: 'Post approved',
  approvedNow: 'Post approved: it is being sent now',
  approvedScheduled: 'Post approved: it goes out at its time',
  approvedQueued: 'Post approved: it takes its accounts’ next free slots',
  changesRequested: 'Changes requested: the influencer is told',
  remarkRequired: 'Say what to change',
  remarkTooLong: `A remark can be at most ${CAMPAIGN_REMARK_MAX} characters`,
  notAwaiting: 'This post is not waiting for approval',
  waitingForOwner: 'This post is waiting for the campaign owner’s approval',
  postNotInCampaign: 'Post not found in this campaign',
  approvalOn: 'Posts for this campaign now wait for your approval',
  approvalOff: 'Posts for this campaign now go out without your approval',
  // what the people of a campaign are told
  submittedTitle: (influencer: string, campaign: string) => `${influencer} sent a post for ${campaign}`,
  submittedBody: 'Open the campaign to approve it or ask for changes',
  approvedTitle: (campaign: string) => `Your post for ${campaign} was approved`,
  changesTitle: (campaign: string) => `Changes requested to your post for ${campaign}`,
} as const;

/** POST campaigns/:id/posts/:postId/review */
export const zCampaignReview = z.strictObject({
  approve: z.boolean({ error: 'approve must be true or false' }),
  remark: z.string().trim().max(CAMPAIGN_REMARK_MAX, REVIEW_MSG.remarkTooLong).optional(),
});
export type TCampaignReviewInput = z.infer<typeof zCampaignReview>;

/** PUT campaigns/:id/approval */
export const zCampaignApproval = z.strictObject({ required: z.boolean({ error: 'required must be true or false' }) });

/** One step of a post's review, oldest first. */
export const zCampaignReviewStep = z.object({
  action: z.enum(CAMPAIGN_REVIEW_ACTIONS),
  remark: z.string().nullable(),
  at: z.string(),
});
export type TCampaignReviewStep = z.infer<typeof zCampaignReviewStep>;

/**
 * What an influencer has delivered: each deliverable's published posts made for the campaign (a target published on
 * its network in its format counts once), and whether it is done, still due or late (its due date passed, on the last
 * clock on earth, with fewer published than agreed). Complete when every deliverable is done.
 */
export const DELIVERY_STATES = ['done', 'due', 'late'] as const;
export type TDeliveryState = (typeof DELIVERY_STATES)[number];

export const zDeliverableProgress = zDeliverable.extend({
  /** Published so far (at most `count`). */
  done: z.number().int(),
  state: z.enum(DELIVERY_STATES),
});
export type TDeliverableProgress = z.infer<typeof zDeliverableProgress>;

export const zDelivery = z.object({
  items: z.array(zDeliverableProgress),
  complete: z.boolean(),
  /** When the last deliverable was published (the owner was told then); null until complete. */
  completedAt: z.string().nullable(),
  /** The agreed fee less what was paid, USD (never below 0). */
  feeDue: z.number(),
});
export type TDelivery = z.infer<typeof zDelivery>;

/** The moment a due date ends everywhere: midnight after it at UTC-12, the last clock on earth. */
export const dueDateEnd = (day: string): Date => new Date(Date.parse(`${day}T00:00:00.000Z`) + 36 * 3_600_000);

export function deliveryProgress(
  deliverables: readonly TDeliverable[],
  published: readonly { network: string; format: string; publishedAt: Date }[],
  now: Date,
): { items: TDeliverableProgress[]; complete: boolean } {
  const items = deliverables.map((d) => {
    const done = Math.min(d.count, published.filter((p) => p.network === d.network && p.format === d.postType).length);
    const state: TDeliveryState = done >= d.count ? 'done' : now > dueDateEnd(d.dueDate) ? 'late' : 'due';
    return { ...d, done, state };
  });
  return { items, complete: items.length > 0 && items.every((i) => i.state === 'done') };
}

export const DELIVERY_MSG = {
  deliveredTitle: (influencer: string, campaign: string) => `${influencer} delivered everything for ${campaign}`,
  deliveredBody: (fee: string) => `Pay the agreed fee of ${fee} from the campaign`,
  stateLabel: { done: 'Done', due: 'Due', late: 'Late' } as Record<TDeliveryState, string>,
} as const;
