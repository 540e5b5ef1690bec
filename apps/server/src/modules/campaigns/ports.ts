import type { TCampaignPayment, TCampaignPost } from '@virality/domain';

/**
 * What the campaigns module asks of modules that come after it in the composition order: the money module says what
 * was paid in each campaign, the posts module which posts were made for one. Each registers itself once at start
 * (campaigns.usePayments / campaigns.usePosts); until one does, its part reads as nothing.
 */
export type TCampaignPaymentsPort = {
  /** Completed payments per campaign: the sum, and the sum per receiving influencer, in cents. */
  spent(campaignIds: readonly string[]): Promise<Map<string, { spentMinor: number; byInfluencer: Map<string, number> }>>;
  /** The campaign's payments, newest first; only those to `receiverId` when given (an influencer sees their own). */
  payments(campaignId: string, receiverId: string | null): Promise<TCampaignPayment[]>;
};

export type TCampaignPostsPort = {
  /** Posts made for the campaign, newest first; only those by `authorIds` (the tagged influencers, or one of them). */
  forCampaign(campaignId: string, authorIds: readonly string[]): Promise<TCampaignPost[]>;
};

/** What the money module needs before a brand pays an influencer for a campaign. */
export type TPayableCampaign = {
  campaignId: string;
  name: string;
  ownerId: string;
  budgetMinor: number;
  influencer: { id: string; name: string | null };
};
