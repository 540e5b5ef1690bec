import type { TCampaign, TCampaignDetail, TCampaignList, TCampaignTermsView, TInfluencerHit } from '@virality/domain';

/** A person as the campaign calls answer them. */
export const person = (id: string, name: string, userName: string) => ({ _id: id, name, userName, profileImage: null });

export const BRAND = person('b1', 'Acme Brand', 'acme');
export const ANA = person('i1', 'Ana Silva', 'ana');
export const BEN = person('i2', 'Ben Okafor', 'ben');
export const CARA = person('i3', 'Cara Diaz', 'cara');

export function campaignOf(over: Partial<TCampaign> = {}): TCampaign {
  return {
    _id: 'c1',
    name: 'Winter launch',
    brief: 'Show the new coat outdoors.',
    budget: 1000,
    spent: 250,
    left: 750,
    currency: 'USD',
    startDate: '2026-12-01',
    endDate: '2026-12-31',
    owner: BRAND,
    myRole: 'owner',
    influencerCount: 3,
    acceptedCount: 1,
    createdAt: '2026-11-20T10:00:00.000Z',
    endedAt: null,
    ownerMuted: false,
    approvalRequired: false,
    ...over,
  };
}

export function detailOf(over: Partial<TCampaignDetail> = {}): TCampaignDetail {
  return {
    ...campaignOf(),
    influencers: [
      {
        user: ANA,
        status: 'accepted',
        invitedAt: '2026-11-20T10:00:00.000Z',
        answeredAt: '2026-11-21T10:00:00.000Z',
        paid: 250,
        terms: null,
        delivery: null,
      },
      {
        user: BEN,
        status: 'invited',
        invitedAt: '2026-11-20T10:00:00.000Z',
        answeredAt: null,
        paid: 0,
        terms: null,
        delivery: null,
      },
      {
        user: CARA,
        status: 'declined',
        invitedAt: '2026-11-20T10:00:00.000Z',
        answeredAt: '2026-11-22T10:00:00.000Z',
        paid: 0,
        terms: null,
        delivery: null,
      },
    ],
    posts: [],
    payments: [],
    ...over,
  };
}

export const listOf = (docs: TCampaign[], over: Partial<TCampaignList> = {}): TCampaignList => ({
  docs,
  page: 1,
  pages: 1,
  total: docs.length,
  ...over,
});

export const hit = (p: ReturnType<typeof person>): TInfluencerHit => ({ ...p, email: null });

/** Terms as the campaign answers them: two Instagram reels and a TikTok post in December 2026, for 400 USD. */
export const termsOf = (over: Partial<TCampaignTermsView> = {}): TCampaignTermsView => ({
  deliverables: [
    { network: 'instagram', postType: 'reel', count: 2, dueDate: '2026-12-20' },
    { network: 'tiktok', postType: 'post', count: 1, dueDate: '2026-12-24' },
  ],
  fee: 400,
  setAt: '2026-11-20T10:00:00.000Z',
  agreedAt: null,
  ...over,
});
