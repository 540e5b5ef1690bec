import { z } from 'zod';
import type { TProfileType } from '../enums';
import { ID_MAX, tooLong } from './limits';

/**
 * Campaigns: an IMC or a brand runs one (name, brief, budget in USD, first and last day) and tags influencers, who
 * accept or decline. A post made for it names it (CampaignSourceID) and counts for it.
 */

/** Who may create and run campaigns. */
export const CAMPAIGN_OWNER_ROLES: readonly TProfileType[] = ['IMC', 'BRANDS'];
/** Who may be tagged in one. */
export const CAMPAIGN_INFLUENCER_ROLE: TProfileType = 'INFLUENCER';
export const canOwnCampaigns = (role: string): boolean => (CAMPAIGN_OWNER_ROLES as readonly string[]).includes(role);

/** A tagged influencer's answer: asked, yes, no. */
export const CAMPAIGN_INFLUENCER_STATES = ['invited', 'accepted', 'declined'] as const;
export type TCampaignInfluencerState = (typeof CAMPAIGN_INFLUENCER_STATES)[number];

export const CAMPAIGN_NAME_MAX = 100;
export const CAMPAIGN_BRIEF_MAX = 2000;
/** A budget in whole US dollars and cents: from 1 to 1,000,000. */
export const CAMPAIGN_BUDGET_MIN = 1;
export const CAMPAIGN_BUDGET_MAX = 1_000_000;
export const CAMPAIGN_MAX_INFLUENCERS = 50;
/** What one owner may start in 24 hours: campaigns, and influencers tagged (each tag is a notification and a push). */
export const CAMPAIGNS_PER_DAY = 20;
export const CAMPAIGN_TAGS_PER_DAY = 200;
/** Campaigns are listed this many a page. */
export const CAMPAIGN_PAGE_SIZE = 10;

export const CAMPAIGN_MSG = {
  nameRequired: 'Please enter the campaign name',
  nameTooLong: `Campaign name can be at most ${CAMPAIGN_NAME_MAX} characters`,
  briefRequired: 'Please enter the campaign brief',
  briefTooLong: `Campaign brief can be at most ${CAMPAIGN_BRIEF_MAX} characters`,
  budgetRequired: 'Please enter the budget',
  budgetInvalid: 'Budget must be an amount in USD with at most 2 decimals',
  budgetMin: `Budget must be at least ${CAMPAIGN_BUDGET_MIN} USD`,
  budgetMax: `Budget can be at most ${CAMPAIGN_BUDGET_MAX.toLocaleString('en-US')} USD`,
  startRequired: 'Please select a start date',
  endRequired: 'Please select an end date',
  badDate: 'Please give a date as yyyy-MM-dd',
  startInPast: 'Start date cannot be in the past',
  endBeforeStart: 'End date cannot be before the start date',
  tooManyInfluencers: `You can tag at most ${CAMPAIGN_MAX_INFLUENCERS} influencers`,
  influencerNotFound: 'Influencer not found',
  notFound: 'Campaign not found',
  notTagged: 'You are not tagged in this campaign',
  alreadyAnswered: 'You have already answered this campaign',
  ended: 'This campaign has ended',
  notForPost: 'This campaign is not open for your posts',
  created: 'Campaign created successfully',
  tagged: 'Influencer tagged successfully',
  accepted: 'Campaign accepted',
  declined: 'Campaign declined',
  noneToday: 'No campaigns starting today',
  ownersOnly: 'Only brands and influencer marketing companies can run campaigns',
  tooManyCampaigns: `You can create at most ${CAMPAIGNS_PER_DAY} campaigns in 24 hours. Please try again later`,
  tooManyTags: `You can tag at most ${CAMPAIGN_TAGS_PER_DAY} influencers in 24 hours. Please try again later`,
  ownerNameRequired: 'Please add your name or company name in Account Details before you run a campaign',
  ownerNotFound: 'Brand or company not found',
  muted: (owner: string) => `You will not be notified of campaigns from ${owner}`,
  unmuted: (owner: string) => `You will be notified of campaigns from ${owner} again`,
  mutesOnlyInfluencers: 'Only influencers can mute campaign owners',
  ownerClosedEnded: 'This campaign ended when its owner closed their account',
  // what the people of a campaign are told
  taggedTitle: (owner: string, campaign: string) => `${owner} tagged you in ${campaign}`,
  taggedBody: 'Open the campaign to accept or decline it',
  answeredTitle: (influencer: string, campaign: string, accepted: boolean) =>
    `${influencer} ${accepted ? 'accepted' : 'declined'} ${campaign}`,
  endedTitle: (campaign: string) => `${campaign} has ended`,
  endedBody: 'Its owner closed their account, so the campaign ended early',
  answeredBody: (accepted: boolean) =>
    accepted ? 'Their posts for it will show in the campaign' : 'You can tag other influencers in the campaign',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written yyyy-MM-dd. */
export function isCampaignDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A USD amount (a number or its text) in cents, or null when it is not a positive amount with at most 2 decimals. */
export function usdToMinor(value: unknown): number | null {
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Cents as the USD amount clients read (2500 → 25, 1999 → 19.99). */
export const minorToUsd = (minor: number): number => Math.round(minor) / 100;
/** Cents as text with 2 decimals, for screens: 2500 → '25.00'. */
export const formatUsd = (minor: number): string =>
  `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The days a campaign runs, checked against today in the creator's zone: the words for each field that is wrong. */
export function campaignDayIssues(
  startDate: string | undefined | null,
  endDate: string | undefined | null,
  today: string,
): Partial<Record<'startDate' | 'endDate', string>> {
  const issues: Partial<Record<'startDate' | 'endDate', string>> = {};
  if (!startDate) issues.startDate = CAMPAIGN_MSG.startRequired;
  else if (!isCampaignDay(startDate)) issues.startDate = CAMPAIGN_MSG.badDate;
  else if (startDate < today) issues.startDate = CAMPAIGN_MSG.startInPast;
  if (!endDate) issues.endDate = CAMPAIGN_MSG.endRequired;
  else if (!isCampaignDay(endDate)) issues.endDate = CAMPAIGN_MSG.badDate;
  else if (startDate && isCampaignDay(startDate) && endDate < startDate) issues.endDate = CAMPAIGN_MSG.endBeforeStart;
  return issues;
}

/** The budget's words when it is wrong, else null. */
export function campaignBudgetIssue(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return CAMPAIGN_MSG.budgetRequired;
  const minor = usdToMinor(value);
  if (minor === null) return CAMPAIGN_MSG.budgetInvalid;
  if (minor < CAMPAIGN_BUDGET_MIN * 100) return CAMPAIGN_MSG.budgetMin;
  if (minor > CAMPAIGN_BUDGET_MAX * 100) return CAMPAIGN_MSG.budgetMax;
  return null;
}

const zId = z.string().trim().min(1).max(ID_MAX, tooLong('id'));

/** POST campaigns/create: the form's fields (days and budget are checked by the rules above, on both sides). */
export const zCampaignCreate = z.object({
  name: z
    .string({ error: CAMPAIGN_MSG.nameRequired })
    .trim()
    .min(1, CAMPAIGN_MSG.nameRequired)
    .max(CAMPAIGN_NAME_MAX, CAMPAIGN_MSG.nameTooLong),
  brief: z
    .string({ error: CAMPAIGN_MSG.briefRequired })
    .trim()
    .min(1, CAMPAIGN_MSG.briefRequired)
    .max(CAMPAIGN_BRIEF_MAX, CAMPAIGN_MSG.briefTooLong),
  /** USD, as a number or text with at most 2 decimals. */
  budget: z.union([z.number(), z.string().max(16, CAMPAIGN_MSG.budgetInvalid)], { error: CAMPAIGN_MSG.budgetRequired }),
  startDate: z.string({ error: CAMPAIGN_MSG.startRequired }).trim().max(10, CAMPAIGN_MSG.badDate),
  endDate: z.string({ error: CAMPAIGN_MSG.endRequired }).trim().max(10, CAMPAIGN_MSG.badDate),
  /** The influencers to tag now (user ids); more can be tagged later. */
  influencerIds: z.array(zId).max(CAMPAIGN_MAX_INFLUENCERS, CAMPAIGN_MSG.tooManyInfluencers).optional(),
  /** The creator's IANA zone: what "today" is for the start date (UTC without it). */
  timeZone: z.string().trim().max(64).optional(),
});
export type TCampaignCreateInput = z.infer<typeof zCampaignCreate>;
