import {
  DELIVERY_STATES,
  reportFigures,
  reportTotals,
  type TCampaign,
  type TCampaignDetail,
  type TCampaignList,
  type TCampaignReport,
  type TCampaignTermsView,
  type TInfluencerHit,
  type TReportPost,
  type TReportTotals,
} from '@virality/domain';

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

/** A published post of the report: Ana's Instagram reel, its figures read on Dec 10, 2026. */
export const reportPostOf = (over: Partial<TReportPost> = {}): TReportPost => ({
  postId: 'p1',
  influencerId: ANA._id,
  influencer: 'Ana Silva',
  network: 'instagram',
  accountName: 'ana.silva',
  format: 'reel',
  url: 'https://www.instagram.com/reel/p1',
  caption: 'Out in the snow with the new coat',
  publishedAt: '2026-12-05T10:00:00.000Z',
  figuresAt: '2026-12-10T11:00:00.000Z',
  ...reportFigures({ views: 12_000, reach: 9_000, likes: 800, comments: 40, shares: 25, saves: 35 }),
  ...over,
});

/**
 * The report of 'Winter launch' (Dec 2026, 1,000 USD): Ana's Instagram reel and X post, 250 USD paid to her, one of
 * her two deliverables done; Ben accepted, without terms or posts. Its sums and days are the domain's own.
 */
export function reportOf(posts: TReportPost[] = defaultReportPosts(), spent = 250): TCampaignReport {
  const progress = (d: TReportTotals['deliverables']) =>
    DELIVERY_STATES.flatMap((state) => Array.from({ length: d[state] }, () => ({ state })));
  const anaDeliverables = { done: 1, due: 1, late: 0 };
  const days = Array.from({ length: 31 }, (_, i) => {
    const date = `2026-12-${String(i + 1).padStart(2, '0')}`;
    const those = posts.filter((p) => p.publishedAt.startsWith(date));
    return {
      date,
      views: those.reduce((n, p) => n + (p.views ?? 0), 0),
      engagement: those.reduce((n, p) => n + p.engagement, 0),
      spent: date === '2026-12-06' ? spent : 0,
    };
  });
  return {
    campaign: {
      id: 'c1',
      name: 'Winter launch',
      owner: 'Acme Brand',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      budget: 1000,
      currency: 'USD',
    },
    generatedAt: '2026-12-10T12:00:00.000Z',
    totals: reportTotals(posts, spent, progress(anaDeliverables)),
    influencers: [
      {
        influencerId: ANA._id,
        name: 'Ana Silva',
        fee: 400,
        ...reportTotals(
          posts.filter((p) => p.influencerId === ANA._id),
          spent,
          progress(anaDeliverables),
        ),
      },
      { influencerId: BEN._id, name: 'Ben Okafor', fee: null, ...reportTotals([], 0, []) },
    ],
    posts,
    days,
  };
}

export const defaultReportPosts = (): TReportPost[] => [
  reportPostOf(),
  reportPostOf({
    postId: 'p2',
    network: 'twitter',
    accountName: 'anasilva',
    format: 'post',
    url: null,
    caption: 'The coat, by the lake',
    publishedAt: '2026-12-07T10:00:00.000Z',
    ...reportFigures({ views: 3_000, likes: 90, comments: 5, shares: 5 }),
  }),
];
