import { INSIGHTS_MSG, POST_METRICS, type TAnalyticsItem, type TPostMetric } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import { allLocked, analyticsChart, analyticsView, figuresOf, lastRead } from './post-analytics';

const noFigures = Object.fromEntries(POST_METRICS.map((m) => [m, null])) as TAnalyticsItem['Metrics'];

/** What a test sets of an item (the contract's type also allows any further field, which no literal satisfies). */
type TOver = {
  SocialMediaID?: string;
  SocialMediaName?: string;
  UserSocialMediaID?: string;
  UserName?: string;
  Format?: TAnalyticsItem['Format'];
  ResponseCode?: number;
  error?: string | null;
  code?: string | null;
  UpdatedAt?: string | null;
  figures?: Partial<Record<TPostMetric, number | null>>;
};

function item(over: TOver = {}): TAnalyticsItem {
  const { figures, ...rest } = over;
  const built = {
    SocialMediaID: '6',
    SocialMediaName: 'X',
    UserSocialMediaID: 'acc-x',
    UserName: 'quinn',
    Format: 'post',
    PostUrl: 'https://x.example/quinn/status/1',
    PostedAt: '2026-11-25T10:00:00.000Z',
    ResponseCode: 200,
    error: null,
    code: null,
    Metrics: { ...noFigures, ...figures },
    UpdatedAt: '2026-11-25T10:15:00.000Z',
    ...rest,
  };
  return built as unknown as TAnalyticsItem;
}

describe('figuresOf: only the figures the network gives', () => {
  it('keeps the numbers (zero included) in the figures’ order and leaves the null ones out', () => {
    expect(figuresOf(item({ figures: { likes: 4, views: 120, saves: null, comments: 0 } }))).toEqual([
      { metric: 'views', label: 'Views', value: 120 },
      { metric: 'likes', label: 'Likes', value: 4 },
      { metric: 'comments', label: 'Comments', value: 0 },
    ]);
  });
});

describe('analyticsView: what an account’s card says', () => {
  it('shows the figures of a read account', () => {
    const view = analyticsView(item({ figures: { views: 10 } }));
    expect(view).toEqual({ kind: 'figures', figures: [{ metric: 'views', label: 'Views', value: 10 }], warning: null });
  });

  it('shows a story’s messages as the server words them', () => {
    expect(analyticsView(item({ ResponseCode: 204, code: 'story_waiting', error: INSIGHTS_MSG.storyWaiting }))).toEqual({
      kind: 'message',
      tone: 'story',
      text: 'Insight awaits: Secure 10+ story views.',
    });
    expect(analyticsView(item({ ResponseCode: 204, code: 'story_expired', error: null }))).toMatchObject({
      text: 'Story Expired: Insights Now Beyond Grasp.',
    });
  });

  it('says "No access to view Analytics" to a manager without the module, even beside figures', () => {
    expect(analyticsView(item({ ResponseCode: 403, code: 'no_access', error: 'x', figures: { views: 3 } }))).toEqual({
      kind: 'message',
      tone: 'locked',
      text: 'No access to view Analytics',
    });
  });

  it('says "Reading figures…" before the first read', () => {
    expect(analyticsView(item({ ResponseCode: 202, code: 'not_yet_read', UpdatedAt: null }))).toMatchObject({
      tone: 'reading',
      text: 'Reading figures…',
    });
  });

  it('shows the network’s error text when the post failed or the figures could not be read', () => {
    for (const code of ['not_published', 'reconnect', 'network_error'])
      expect(analyticsView(item({ ResponseCode: 400, code, error: `why ${code}` }))).toEqual({
        kind: 'message',
        tone: 'error',
        text: `why ${code}`,
      });
  });

  it('keeps the last good figures and adds the failed read’s error beside them', () => {
    expect(analyticsView(item({ code: 'reconnect', error: 'Reconnect your X account', figures: { likes: 2 } }))).toEqual({
      kind: 'figures',
      figures: [{ metric: 'likes', label: 'Likes', value: 2 }],
      warning: 'Reconnect your X account',
    });
  });

  it('says "No Analytics Available" for a read that gave no figure at all', () => {
    expect(analyticsView(item())).toMatchObject({ kind: 'message', text: 'No Analytics Available' });
  });
});

describe('allLocked', () => {
  it('is true only when every account is closed to the caller', () => {
    expect(allLocked([item({ code: 'no_access' }), item({ code: 'no_access' })])).toBe(true);
    expect(allLocked([item({ code: 'no_access' }), item({ figures: { views: 1 } })])).toBe(false);
    expect(allLocked([])).toBe(false);
  });
});

describe('analyticsChart: the accounts compared figure by figure', () => {
  const x = item({ figures: { views: 1200, likes: 40, reposts: 5 } });
  const ig = item({
    SocialMediaID: '1',
    SocialMediaName: 'Instagram',
    UserSocialMediaID: 'acc-ig',
    UserName: 'quinn.ig',
    figures: { views: 900, reach: 700, likes: 60 },
  });
  const story = item({ SocialMediaID: '1', UserName: 'story', ResponseCode: 204, code: 'story_waiting' });

  it('makes a series per account with figures, in its network’s colour, leaving the others out', () => {
    const chart = analyticsChart([x, ig, story]);
    expect(chart?.series).toEqual([
      { name: 'account0', label: 'X @quinn', network: 'X', account: '@quinn', color: '#1A1E2B' },
      { name: 'account1', label: 'Instagram @quinn.ig', network: 'Instagram', account: '@quinn.ig', color: '#C13584' },
    ]);
  });

  it('makes a row per figure any account has, without a value where the network gives none', () => {
    expect(analyticsChart([x, ig])?.rows).toEqual([
      { metric: 'Views', account0: 1200, account1: 900 },
      { metric: 'Reach', account1: 700 },
      { metric: 'Likes', account0: 40, account1: 60 },
      { metric: 'Reposts', account0: 5 },
    ]);
  });

  it('sums the chart up in words for a screen reader', () => {
    expect(analyticsChart([x, ig])?.summary).toBe(
      'Figures by account. Views: X @quinn 1,200, Instagram @quinn.ig 900. Reach: Instagram @quinn.ig 700. ' +
        'Likes: X @quinn 40, Instagram @quinn.ig 60. Reposts: X @quinn 5.',
    );
  });

  it('is null while no account has figures', () => {
    expect(analyticsChart([story, item({ code: 'not_yet_read', ResponseCode: 202 })])).toBeNull();
    expect(analyticsChart([])).toBeNull();
  });
});

describe('lastRead', () => {
  it('is the newest read, or null before any', () => {
    expect(
      lastRead([{ UpdatedAt: '2026-11-25T10:00:00.000Z' }, { UpdatedAt: '2026-11-25T10:20:00.000Z' }, { UpdatedAt: null }]),
    ).toBe('2026-11-25T10:20:00.000Z');
    expect(lastRead([{ UpdatedAt: null }])).toBeNull();
  });
});
