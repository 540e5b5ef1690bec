import { DELIVERY_MSG, type TActivity } from '@virality/domain';
import { describe, expect, it } from 'vitest';
import { activityDateText, activityLink, activityNetwork, activityTone, canClearAll, resultRows } from './activity-view';

/** A moment in the browser's own zone, as the list shows it. */
const local = (y: number, m: number, d: number, h: number, min: number) => new Date(y, m - 1, d, h, min).toISOString();

const result = {
  success: [
    {
      ResponseMediaID: 'r1',
      SocialMediaID: '1',
      SocialMediaName: 'Instagram',
      UserSocialMediaName: 'maya.shop',
      UserSocialMediaID: 'a1',
      CreatedBySourceID: 'u1',
      IsScheduled: false,
      PostUrl: null,
    },
  ],
  failure: [
    {
      SocialMediaID: '6',
      SocialMediaName: 'X',
      UserSocialMediaName: 'maya_shop',
      UserSocialMediaID: 'a2',
      CustomUserError: 'X refused the picture',
      InternalError: null,
    },
  ],
};

describe('a notification’s date', () => {
  it('reads "MMM dd,hh:mm aa" in the browser’s zone: month, two-digit day, 12-hour time with AM or PM', () => {
    expect(activityDateText(local(2025, 11, 26, 9, 5))).toBe('Nov 26,09:05 AM');
    expect(activityDateText(local(2026, 3, 4, 21, 30))).toBe('Mar 04,09:30 PM');
    expect(activityDateText(local(2026, 1, 1, 0, 7))).toBe('Jan 01,12:07 AM');
    expect(activityDateText(local(2026, 7, 15, 12, 0))).toBe('Jul 15,12:00 PM');
  });

  it('is empty for a date it cannot read', () => {
    expect(activityDateText('not a date')).toBe('');
  });
});

describe('Clear All', () => {
  it('can be pressed only with five or more notifications shown', () => {
    expect([0, 1, 4].map(canClearAll)).toEqual([false, false, false]);
    expect([5, 6, 10].map(canClearAll)).toEqual([true, true, true]);
  });
});

describe('where a notification leads', () => {
  it('a post or a draft to its overview, a reconnect to the accounts, a plan to the plans, anything else nowhere', () => {
    expect(activityLink({ type: 'POST_NOTIFICATION', payload: { payloadId: 'p 1' } })).toBe('/postoverview/p%201');
    expect(activityLink({ type: 'DRAFT_REVIEW', payload: { payloadId: 'd1' } })).toBe('/postoverview/d1');
    expect(activityLink({ type: 'ACCOUNT_RECONNECT', payload: { network: 'twitter' } })).toBe('/addsocialmedia');
    for (const type of ['PLAN_PAID', 'PLAN_RENEWED', 'PLAN_ENDING', 'PLAN_ENDED'])
      expect(activityLink({ type, payload: null })).toBe('/profile/pricing');
    expect(activityLink({ type: 'SOMETHING_NEW', payload: null })).toBeNull();
    // points and levels open the point wallet for those who have one, else the post that earned them
    expect(activityLink({ type: 'POINTS_EARNED', payload: { payloadId: 'p1' } }, { pointWallet: true })).toBe(
      '/profile/pointwallet',
    );
    expect(activityLink({ type: 'LEVEL_REACHED', payload: null }, { pointWallet: true })).toBe('/profile/pointwallet');
    expect(activityLink({ type: 'POINTS_EARNED', payload: { payloadId: 'p1' } })).toBe('/postoverview/p1');
    expect(activityLink({ type: 'POST_NOTIFICATION', payload: null })).toBeNull();
  });

  it('a campaign’s tag, answer or payment opens the campaign', () => {
    for (const type of ['CAMPAIGN_TAGGED', 'CAMPAIGN_ANSWERED', 'PAYMENT_SENT'])
      expect(activityLink({ type, payload: { payloadId: 'c 1' } })).toBe('/campaign/c%201');
    expect(activityLink({ type: 'CAMPAIGN_TAGGED', payload: null })).toBeNull();
  });

  it('an influencer who delivered everything opens the campaign, where its owner is asked to pay the fee', () => {
    const delivered = {
      type: 'CAMPAIGN_ANSWERED',
      title: DELIVERY_MSG.deliveredTitle('Ana Silva', 'Winter launch'),
      payload: { payloadId: 'c1' },
    };
    expect(activityLink(delivered)).toBe('/campaign/c1');
  });
});

describe('how a notification reads', () => {
  it('a post out everywhere is ok, partly out a warning, out nowhere a failure', () => {
    expect(activityTone({ type: 'POST_NOTIFICATION', postResData: { success: result.success, failure: [] } })).toBe('ok');
    expect(activityTone({ type: 'POST_NOTIFICATION', postResData: result })).toBe('warning');
    expect(activityTone({ type: 'POST_NOTIFICATION', postResData: { success: [], failure: result.failure } })).toBe('failed');
    expect(activityTone({ type: 'ACCOUNT_RECONNECT' })).toBe('failed');
    expect(activityTone({ type: 'PLAN_ENDING' })).toBe('warning');
    expect(activityTone({ type: 'SOMETHING_NEW' })).toBe('info');
  });

  it('lists a post’s failed accounts first with the reason, then those it went out on', () => {
    expect(resultRows({ postResData: result } as Pick<TActivity, 'postResData'>)).toEqual([
      { key: 'f0', network: 'twitter', networkLabel: 'X', account: 'maya_shop', sent: false, reason: 'X refused the picture' },
      { key: 's0', network: 'instagram', networkLabel: 'Instagram', account: 'maya.shop', sent: true, reason: null },
    ]);
    expect(resultRows({})).toEqual([]);
  });

  it('names the network of a reconnect by its key, and none for anything else', () => {
    expect(activityNetwork({ payload: { network: 'twitter' } })).toBe('twitter');
    expect(activityNetwork({ payload: { payloadId: 'p1' } })).toBeNull();
    expect(activityNetwork({ payload: null })).toBeNull();
  });
});
