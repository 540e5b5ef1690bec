import { describe, expect, it } from 'vitest';
import {
  hasRetryableTargets,
  postBadge,
  postDisplayedAt,
  scheduledMenu,
  scheduledMoment,
  type TPostState,
  targetStateLook,
} from './post-status';

const post = (over: Partial<TPostState> = {}): TPostState => ({
  IsScheduled: true,
  IsPostDone: false,
  IsPaused: false,
  ScheduledDate: '2026-03-10',
  ScheduledTime: '14:30',
  SocialMediaPostDate: null,
  ...over,
});
const before = new Date('2026-03-10T14:00:00Z');
const after = new Date('2026-03-10T14:31:00Z');

describe('postBadge', () => {
  it('reads Scheduled, Paused or Posted', () => {
    expect(postBadge(post())).toBe('Scheduled');
    expect(postBadge(post({ IsPaused: true }))).toBe('Paused');
    expect(postBadge(post({ IsPostDone: true }))).toBe('Posted');
    expect(postBadge(post({ IsPaused: true, IsPostDone: true }))).toBe('Posted');
    expect(postBadge(post({ IsScheduled: false }))).toBe('Posted');
  });

  const sent = (...states: string[]) =>
    post({ IsScheduled: false, IsPostDone: true, MediaPostedOn: states.map((Status) => ({ Status })) });

  it('a post that some accounts did not take reads Partly posted, never Posted', () => {
    expect(postBadge(sent('published', 'failed'))).toBe('Partly posted');
    expect(postBadge(sent('published', 'needs_reconnect', 'published'))).toBe('Partly posted');
    expect(postBadge(sent('published', 'needs_check'))).toBe('Partly posted');
  });

  it('a post no account took reads Failed; one still on its way reads Publishing', () => {
    expect(postBadge(post({ IsScheduled: false, MediaPostedOn: [{ Status: 'failed' }, { Status: 'failed' }] }))).toBe('Failed');
    expect(postBadge(sent('published', 'publishing'))).toBe('Publishing');
    expect(postBadge(sent('published', 'queued', 'failed'))).toBe('Publishing');
    expect(postBadge(sent('published', 'published', 'canceled'))).toBe('Posted');
  });

  it('only a sent post whose accounts all have their result, one of them failed, has accounts to retry', () => {
    expect(hasRetryableTargets(sent('published', 'failed'))).toBe(true);
    expect(hasRetryableTargets(sent('needs_check'))).toBe(true);
    expect(hasRetryableTargets(sent('published', 'published'))).toBe(false);
    expect(hasRetryableTargets(sent('failed', 'publishing'))).toBe(false);
    expect(hasRetryableTargets(post())).toBe(false);
  });
});

describe('postDisplayedAt', () => {
  it('is the scheduled date and time read as UTC while scheduled and not done', () => {
    expect(postDisplayedAt(post())?.toISOString()).toBe('2026-03-10T14:30:00.000Z');
  });
  it('is the date it went out otherwise', () => {
    const at = '2026-03-11T08:00:00.000Z';
    expect(postDisplayedAt(post({ IsPostDone: true, SocialMediaPostDate: at }))?.toISOString()).toBe(at);
    expect(postDisplayedAt(post({ IsScheduled: false, SocialMediaPostDate: null }))).toBeNull();
  });
  it('a malformed schedule gives no moment', () => {
    expect(scheduledMoment({ ScheduledDate: '2026-13-45', ScheduledTime: '99:99' })).toBeNull();
  });
});

describe('scheduledMenu', () => {
  it('offers post now, pause, reschedule and delete before the time', () => {
    expect(scheduledMenu(post(), 'BUSINESS', before)).toEqual({
      open: true,
      postNow: true,
      pauseResume: 'pause',
      reschedule: true,
      delete: true,
    });
    expect(scheduledMenu(post({ IsPaused: true }), 'INFLUENCER', before).pauseResume).toBe('resume');
  });
  it('hides pause and resume once the time has passed', () => {
    expect(scheduledMenu(post(), 'BUSINESS', after).pauseResume).toBeNull();
    expect(scheduledMenu(post({ IsPaused: true }), 'BUSINESS', after).pauseResume).toBeNull();
  });
  it('a paused post past its time cannot be rescheduled; a running one can', () => {
    expect(scheduledMenu(post({ IsPaused: true }), 'BUSINESS', after).reschedule).toBe(false);
    expect(scheduledMenu(post(), 'BUSINESS', after).reschedule).toBe(true);
  });
  it('a business manager gets no menu', () => {
    expect(scheduledMenu(post(), 'BUSINESS_MANAGER', before).open).toBe(false);
  });
});

describe('an account state on a post reads as went out, failed or on its way', () => {
  it('published is ok; failed and needs reconnect are failures; the rest are waiting', () => {
    expect(targetStateLook('published')).toEqual({ label: 'Published', tone: 'ok' });
    expect(targetStateLook('needs_reconnect')).toEqual({ label: 'Needs reconnect', tone: 'failed' });
    expect(targetStateLook('queued')).toEqual({ label: 'Publishing', tone: 'waiting' });
    expect(targetStateLook('something-new')).toEqual({ label: 'something-new', tone: 'waiting' });
  });
});
