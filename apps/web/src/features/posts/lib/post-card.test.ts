import { describe, expect, it } from 'vitest';
import { displayedDateText, draftStatus, networkIdsOf } from './post-card';

const base = {
  IsScheduled: true,
  IsPostDone: false,
  IsPaused: false,
  ScheduledDate: '2026-03-10',
  ScheduledTime: '14:30',
  SocialMediaPostDate: null,
};

describe('post cards', () => {
  it('show the scheduled moment (UTC) in the browser zone while scheduled', () => {
    // vitest runs the web tests with TZ set by the config; the text is whatever the local zone makes of 14:30 UTC
    const local = new Date(Date.UTC(2026, 2, 10, 14, 30));
    const hh = String(local.getHours()).padStart(2, '0');
    const mm = String(local.getMinutes()).padStart(2, '0');
    expect(displayedDateText(base)).toContain(`${hh}:${mm}`);
    expect(displayedDateText(base)).toMatch(/Mar 2026/);
  });
  it('show when it went out once done, and nothing without a date', () => {
    const out = { ...base, IsPostDone: true, SocialMediaPostDate: '2026-04-01T09:00:00.000Z' };
    expect(displayedDateText(out)).toMatch(/Apr 2026/);
    expect(displayedDateText({ ...base, IsScheduled: false })).toBe('');
  });
  it("name a draft's approval state", () => {
    expect(draftStatus({ ApprovalStatus: 'pending' })).toBe('Pending approval');
    expect(draftStatus({ ApprovalStatus: 'sent_back' })).toBe('Sent back');
    expect(draftStatus({ ApprovalStatus: null })).toBe('Draft');
    expect(draftStatus({ ApprovalStatus: 'approved' })).toBe('Draft');
  });
  it('list each network once', () => {
    const posted = (id: string) => ({ SocialMediaID: id }) as never;
    expect(networkIdsOf({ MediaSelectedOn: ['1', '6'], MediaPostedOn: [posted('1'), posted('2')] })).toEqual(['1', '6', '2']);
  });
});
