import type { TCampaignPayment, TCampaignPost, TCampaignPostPreview } from '@virality/domain';

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
  /** Every published target of the campaign's posts, oldest first (the report's rows). */
  published(campaignId: string): Promise<
    {
      targetId: string;
      postId: string;
      authorId: string;
      network: string;
      accountName: string;
      format: string;
      url: string | null;
      caption: string;
      publishedAt: Date;
    }[]
  >;
  /** Each author's published targets of posts made for the campaign (what deliverables count). */
  deliveries(
    campaignId: string,
    authorIds: readonly string[],
  ): Promise<{ authorId: string; network: string; format: string; publishedAt: Date }[]>;
  /** Posts made for the campaign, newest first; only those by `authorIds` (the tagged influencers, or one of them). */
  forCampaign(campaignId: string, authorIds: readonly string[]): Promise<Omit<TCampaignPost, 'reviews'>[]>;
  /** One post made for the campaign, whole (null: no such post of the campaign). */
  preview(campaignId: string, postId: string): Promise<Omit<TCampaignPostPreview, 'reviews'> | null>;
  /**
   * The owner's review of a post awaiting it, inside the caller's unit of work: approved, it is sent as its author
   * meant (now when its time has passed); or changes are asked with the remark. A post already approved answers
   * 'replayed' and sends nothing again (a repeated request, two at once).
   */
  review(input: { campaignId: string; postId: string; reviewerId: string; approve: boolean; remark: string | null }): Promise<{
    outcome: 'approved' | 'changes_requested' | 'replayed';
    authorId: string;
    sent: 'now' | 'schedule' | 'queue' | null;
  }>;
};

/** What the money module needs before a brand pays an influencer for a campaign. */
export type TPayableCampaign = {
  campaignId: string;
  name: string;
  ownerId: string;
  budgetMinor: number;
  influencer: { id: string; name: string | null };
};

/** What the analytics module says of published targets: their figures as its job last read them. */
export type TCampaignFiguresPort = (
  targetIds: readonly string[],
) => Promise<Map<string, { metrics: Partial<Record<string, number>>; fetchedAt: Date }>>;
