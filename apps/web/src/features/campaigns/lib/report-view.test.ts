import { describe, expect, it } from 'vitest';
import {
  costText,
  countText,
  deliverablesText,
  fileNameFromDisposition,
  influencerLine,
  lastFiguresAt,
  NONE,
  postFigureText,
  postKind,
  reportCards,
  reportChartRows,
  reportChartSummary,
  totalFigureText,
} from './report-view';
import { ANA, BEN, reportOf, reportPostOf } from './test-fixtures';

const card = (report: ReturnType<typeof reportOf>, key: string) => reportCards(report).find((c) => c.key === key);
const unread = (over = {}) =>
  reportPostOf({ figuresAt: null, views: null, reach: null, likes: 0, comments: 0, shares: 0, engagement: 0, ...over });

describe('a downloaded report’s file name', () => {
  it('is the one the server gives, encoded or quoted, never with a folder in it', () => {
    expect(fileNameFromDisposition('attachment; filename="Winter-launch-report.csv"', 'x.csv')).toBe('Winter-launch-report.csv');
    expect(fileNameFromDisposition('attachment; filename*=UTF-8\'\'Caf%C3%A9-report.pdf; filename="x.pdf"', 'x.pdf')).toBe(
      'Café-report.pdf',
    );
    expect(fileNameFromDisposition('attachment; filename=plain-report.pdf', 'x.pdf')).toBe('plain-report.pdf');
    expect(fileNameFromDisposition('attachment; filename="../../etc/report.csv"', 'x.csv')).toBe('report.csv');
  });

  it('falls back to its own name when the server gives none', () => {
    expect(fileNameFromDisposition(null, 'campaign-report.csv')).toBe('campaign-report.csv');
    expect(fileNameFromDisposition('attachment', 'campaign-report.pdf')).toBe('campaign-report.pdf');
    expect(fileNameFromDisposition('attachment; filename=""', 'campaign-report.pdf')).toBe('campaign-report.pdf');
  });
});

describe('a report’s figures in words', () => {
  it('writes counts with thousands, and a dash where none was given', () => {
    expect(countText(12_345)).toBe('12,345');
    expect(countText(0)).toBe('0');
    expect(countText(null)).toBe(NONE);
  });

  it('writes a cost in cents, a cost under a cent to the hundredth of a cent, and a dash with nothing to divide by', () => {
    expect(costText(0.25)).toBe('$0.25');
    expect(costText(16.67)).toBe('$16.67');
    expect(costText(0.0042)).toBe('$0.0042');
    expect(costText(0)).toBe('$0.00');
    expect(costText(null)).toBe(NONE);
  });

  it('names a post’s network and kind as people say them', () => {
    expect(postKind({ network: 'instagram', format: 'reel' })).toBe('Instagram reel');
    expect(postKind({ network: 'twitter', format: 'post' })).toBe('X post');
  });

  it('says how the deliverables stand, or nothing without terms', () => {
    expect(deliverablesText({ done: 1, due: 1, late: 1 })).toEqual({ value: '1 of 3', hint: '1 due · 1 late' });
    expect(deliverablesText({ done: 2, due: 0, late: 0 })).toEqual({ value: '2 of 2', hint: 'All delivered' });
    expect(deliverablesText({ done: 0, due: 0, late: 0 })).toBeNull();
  });
});

describe('the summary cards', () => {
  it('show the sums, spend against the budget and what each engagement and 1,000 views cost', () => {
    const cards = reportCards(reportOf());
    expect(cards.map((c) => [c.label, c.value])).toEqual([
      ['Posts', '2'],
      ['Views', '15,000'],
      ['Reach', '9,000'],
      ['Engagement', '1,000'],
      ['Spent', '$250.00'],
      ['Cost per engagement', '$0.25'],
      ['Cost per 1,000 views', '$16.67'],
      ['Deliverables done', '1 of 2'],
    ]);
    expect(card(reportOf(), 'spent')?.hint).toBe('of $1,000.00 budget');
    expect(card(reportOf(), 'deliverables')?.hint).toBe('1 due');
  });

  it('show 0 posts and the spend of an empty campaign, and a dash for every figure no post gave', () => {
    const empty = reportOf([], 0);
    expect(card(empty, 'posts')?.value).toBe('0');
    expect(card(empty, 'spent')?.value).toBe('$0.00');
    for (const key of ['views', 'reach', 'engagement', 'cpe', 'cpm']) expect(card(empty, key)?.value, key).toBe(NONE);
    expect(card(empty, 'views')?.hint).toBe('No posts yet');
    expect(card(empty, 'cpe')?.hint).toBe('No engagement yet');
    const nobody = { ...empty, influencers: [], totals: { ...empty.totals, deliverables: { done: 0, due: 0, late: 0 } } };
    expect(card(nobody, 'deliverables')).toMatchObject({
      value: NONE,
      hint: 'No influencer has accepted yet',
    });
  });

  it('never make a 0 of figures not read yet, nor of views a network does not give', () => {
    const notRead = reportOf([unread()]);
    expect(card(notRead, 'posts')?.value).toBe('1');
    expect(card(notRead, 'views')).toMatchObject({ value: NONE, hint: 'Not read yet' });
    expect(card(notRead, 'engagement')).toMatchObject({ value: NONE, hint: 'Not read yet' });
    const noViews = reportOf([reportPostOf({ views: null, reach: null })]);
    expect(card(noViews, 'views')).toMatchObject({ value: NONE, hint: 'Not given by these networks' });
    expect(card(noViews, 'reach')).toMatchObject({ value: NONE, hint: 'Not given by these networks' });
    expect(card(noViews, 'engagement')?.value).toBe('900');
  });
});

describe('the posts’ figures', () => {
  it('are dashes until read, and where the network gives none', () => {
    const [reel, tweet] = reportOf().posts;
    expect(postFigureText(reel!, 'views')).toBe('12,000');
    expect(postFigureText(tweet!, 'reach')).toBe(NONE);
    expect(postFigureText(tweet!, 'engagement')).toBe('100');
    expect(postFigureText(unread(), 'likes')).toBe(NONE);
  });

  it('add up in the total row, reach from the posts that gave it', () => {
    const report = reportOf();
    expect(totalFigureText(report, 'views')).toBe('15,000');
    expect(totalFigureText(report, 'reach')).toBe('9,000');
    expect(totalFigureText(report, 'engagement')).toBe('1,000');
    expect(totalFigureText(reportOf([unread()]), 'likes')).toBe(NONE);
  });

  it('say per influencer what their posts did', () => {
    expect(influencerLine(reportOf(), ANA._id)).toBe('2 posts · 15,000 views · 1,000 engagement');
    expect(influencerLine(reportOf(), BEN._id)).toBe('No posts yet');
    expect(influencerLine(reportOf([unread()]), ANA._id)).toBe('1 post · figures not read yet');
  });

  it('were last read at the newest post’s reading', () => {
    expect(lastFiguresAt(reportOf([reportPostOf(), reportPostOf({ figuresAt: '2026-12-11T09:00:00.000Z' })]))).toBe(
      '2026-12-11T09:00:00.000Z',
    );
    expect(lastFiguresAt(reportOf([unread()]))).toBeNull();
  });
});

describe('engagement over time', () => {
  it('has a row for every day of the campaign, named as the axis shows it', () => {
    const rows = reportChartRows(reportOf());
    expect(rows).toHaveLength(31);
    expect(rows[4]).toEqual({ day: '2026-12-05', label: 'Dec 5', Engagement: 900, Views: 12_000, Spent: 0 });
    expect(rows[5]?.Spent).toBe(250);
  });

  it('is told to a screen reader in a sentence', () => {
    expect(reportChartSummary(reportOf())).toBe(
      'Engagement by the day posts went out, December 1 to December 31: 1,000 in all, most on December 5 (900).',
    );
    expect(reportChartSummary(reportOf([unread()]))).toBe(
      'Engagement by the day posts went out, December 1 to December 31: none read yet.',
    );
  });
});
