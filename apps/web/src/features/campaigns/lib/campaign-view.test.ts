import type { TCampaignInfluencer } from '@virality/domain';
import { MONEY_MSG } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import {
  campaignDates,
  campaignPhase,
  deliverableDoneWords,
  deliveryStanding,
  feesDue,
  payAmountIssue,
  paymentLook,
  spentPercent,
  usd,
} from './campaign-view';
import { ANA, BEN, detailOf, termsOf } from './test-fixtures';

describe('how a campaign reads', () => {
  it('writes its days with one year when both days share it, both years otherwise', () => {
    expect(campaignDates('2026-12-01', '2026-12-31')).toBe('Dec 1 – Dec 31, 2026');
    expect(campaignDates('2026-12-20', '2027-01-05')).toBe('Dec 20, 2026 – Jan 5, 2027');
  });

  it('is Upcoming before its first day, Running through its last, Ended after it', () => {
    const c = { startDate: '2026-12-01', endDate: '2026-12-31' };
    expect(campaignPhase(c, '2026-11-30')).toBe('Upcoming');
    expect(campaignPhase(c, '2026-12-01')).toBe('Running');
    expect(campaignPhase(c, '2026-12-31')).toBe('Running');
    expect(campaignPhase(c, '2027-01-01')).toBe('Ended');
  });

  it('writes dollars with cents and thousands', () => {
    expect(usd(1500.5)).toBe('$1,500.50');
    expect(usd(0)).toBe('$0.00');
  });

  it('fills its bar with the spent share, never beyond the budget', () => {
    expect(spentPercent({ budget: 200, spent: 50 })).toBe(25);
    expect(spentPercent({ budget: 200, spent: 300 })).toBe(100);
  });

  it('reads a failed payment as Failed, never as completed', () => {
    expect(paymentLook('COMPLETED')).toEqual({ label: 'Completed', tone: 'ok' });
    expect(paymentLook('PENDING')).toEqual({ label: 'Pending', tone: 'pending' });
    expect(paymentLook('VOIDED')).toEqual({ label: 'Failed', tone: 'failed' });
  });
});

describe('a payment’s amount', () => {
  it('is USD with at most 2 decimals, at least 1 and at most what is left', () => {
    expect(payAmountIssue('', 100)).toBe(MONEY_MSG.amountRequired);
    expect(payAmountIssue('abc', 100)).toBe(MONEY_MSG.amountInvalid);
    expect(payAmountIssue('1.234', 100)).toBe(MONEY_MSG.amountInvalid);
    expect(payAmountIssue('0.99', 100)).toBe(MONEY_MSG.paymentMin);
    expect(payAmountIssue('100.01', 100)).toBe(MONEY_MSG.overBudget);
    expect(payAmountIssue('100', 100)).toBeNull();
    expect(payAmountIssue('10000.01', 50_000)).toBe(MONEY_MSG.paymentMax);
  });
});

describe('the fees due', () => {
  const delivered = (over: Partial<TCampaignInfluencer> = {}, feeDue = 400, complete = true): TCampaignInfluencer => ({
    user: ANA,
    status: 'accepted',
    invitedAt: '2026-11-20T10:00:00.000Z',
    answeredAt: '2026-11-21T10:00:00.000Z',
    paid: 0,
    terms: termsOf({ agreedAt: '2026-11-21T10:00:00.000Z' }),
    delivery: { items: [], complete, completedAt: complete ? '2026-12-08T10:00:00.000Z' : null, feeDue },
    ...over,
  });

  it('are those of accepted influencers who delivered everything and are still owed some of the fee', () => {
    const ana = delivered();
    const due = feesDue(detailOf({ influencers: [ana, delivered({ user: BEN }, 0), delivered({ user: BEN }, 400, false)] }));
    expect(due).toEqual([{ influencer: ana, due: 400, payable: 400 }]);
    expect(feesDue(detailOf({ influencers: [delivered({ status: 'declined' })] }))).toEqual([]);
    expect(feesDue(detailOf({ influencers: [delivered({ delivery: null })] }))).toEqual([]);
  });

  it('are paid within what is left of the budget, and not at all when less than a payment is left', () => {
    expect(feesDue(detailOf({ left: 300, influencers: [delivered()] }))[0]).toMatchObject({ due: 400, payable: 300 });
    expect(feesDue(detailOf({ left: 0.5, influencers: [delivered()] }))).toEqual([]);
  });
});

describe('how deliverables stand', () => {
  const item = (done: number, count: number, state: 'done' | 'due' | 'late') =>
    ({ network: 'twitter', postType: 'post', dueDate: '2026-12-20', count, done, state }) as const;

  it('counts the deliverables done of those agreed, and the late ones apart', () => {
    expect(deliveryStanding({ items: [item(1, 1, 'done'), item(0, 2, 'late')], complete: false })).toEqual({
      complete: false,
      words: '1 of 2 done',
      late: 1,
    });
    expect(deliveryStanding({ items: [item(0, 1, 'due'), item(1, 2, 'due')], complete: false })).toEqual({
      complete: false,
      words: '0 of 2 done',
      late: 0,
    });
  });

  it('is All delivered once complete', () => {
    expect(deliveryStanding({ items: [item(1, 1, 'done'), item(2, 2, 'done')], complete: true })).toEqual({
      complete: true,
      words: 'All delivered',
      late: 0,
    });
  });

  it('says one deliverable’s posts done of those agreed, never more', () => {
    expect(deliverableDoneWords({ done: 1, count: 2 })).toBe('1 of 2 done');
    expect(deliverableDoneWords({ done: 3, count: 2 })).toBe('2 of 2 done');
  });
});
