import { describe, expect, it } from 'vitest';
import { csvCell, reportFigures, reportTotals } from './campaign-report';
import { deliveryProgress, dueDateEnd, termsIssues } from './campaign-terms';

describe('deliverables: done, due, late', () => {
  const deliverables = [
    { network: 'instagram' as const, postType: 'reel' as const, count: 2, dueDate: '2027-03-20' },
    { network: 'twitter' as const, postType: 'post' as const, count: 1, dueDate: '2027-03-25' },
  ];
  const at = new Date('2027-03-15T10:00:00Z');
  it('counts published targets of the network and format, capped at the count', () => {
    const got = deliveryProgress(
      deliverables,
      [
        { network: 'instagram', format: 'reel', publishedAt: at },
        { network: 'instagram', format: 'post', publishedAt: at },
        { network: 'twitter', format: 'post', publishedAt: at },
        { network: 'twitter', format: 'post', publishedAt: at },
      ],
      at,
    );
    expect(got.items.map((i) => [i.done, i.state])).toEqual([
      [1, 'due'],
      [1, 'done'],
    ]);
    expect(got.complete).toBe(false);
  });
  it('late only once the due date has ended everywhere on earth (noon UTC the day after)', () => {
    expect(dueDateEnd('2027-03-20').toISOString()).toBe('2027-03-21T12:00:00.000Z');
    const before = deliveryProgress(deliverables, [], new Date('2027-03-21T11:59:00Z'));
    const after = deliveryProgress(deliverables, [], new Date('2027-03-21T12:01:00Z'));
    expect(before.items[0].state).toBe('due');
    expect(after.items[0].state).toBe('late');
  });
  it('complete when every deliverable is done; never with no deliverables', () => {
    const all = [
      { network: 'instagram', format: 'reel', publishedAt: at },
      { network: 'instagram', format: 'reel', publishedAt: at },
      { network: 'twitter', format: 'post', publishedAt: at },
    ];
    expect(deliveryProgress(deliverables, all, at).complete).toBe(true);
    expect(deliveryProgress([], all, at).complete).toBe(false);
  });
  it('terms name what is wrong by field', () => {
    expect(
      termsIssues(
        { deliverables: [{ network: 'youtube', postType: 'story', count: 1, dueDate: '2027-02-01' }], fee: 'ten' },
        { startDate: '2027-03-01', endDate: '2027-03-31', budgetMinor: 1000 },
      ),
    ).toEqual({
      'deliverables.0.postType': 'YouTube has no stories',
      'deliverables.0.dueDate': 'A due date must be one of the campaign’s days',
      fee: 'Fee must be an amount in USD with at most 2 decimals',
    });
  });
});

describe('the report’s figures and sums', () => {
  it('a network that gives no views or reach shows none, not 0; engagement is likes, comments, shares and saves', () => {
    expect(reportFigures({ likes: 3, comments: 2, shares: 1, saves: 4 })).toEqual({
      views: null,
      reach: null,
      likes: 3,
      comments: 2,
      shares: 1,
      engagement: 10,
    });
    expect(reportFigures(null)).toMatchObject({ views: null, likes: 0, engagement: 0 });
  });
  it('sums the rows; costs are absent with nothing to divide by', () => {
    const rows = [reportFigures({ views: 1000, likes: 10 }), reportFigures({ likes: 30, reach: 50 })];
    const t = reportTotals(rows, 20, [{ state: 'done' }, { state: 'late' }]);
    expect(t).toMatchObject({ posts: 2, views: 1000, reach: 50, likes: 40, engagement: 40, spent: 20 });
    expect(t.costPerEngagement).toBe(0.5);
    expect(t.costPerThousandViews).toBe(20);
    expect(t.deliverables).toEqual({ done: 1, due: 0, late: 1 });
    expect(reportTotals([], 0, [])).toMatchObject({ costPerEngagement: null, costPerThousandViews: null });
  });
  it('a CSV cell that a spreadsheet would run as a formula is shown as text; quotes and commas are quoted', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('@handle')).toBe("'@handle");
    expect(csvCell('Hi, "you"')).toBe('"Hi, ""you"""');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});
