import { describe, expect, it } from 'vitest';
import { FIGURES_READING, figuresUpdatedText, noPostYet, profileFigures, profileOverviewNetworks } from './insights';
import { emptyPermissions, type TPermissionEntry } from './permissions';

/** A manager's permissions with the given networks (by key) opened with the given modules. */
function perms(open: Record<string, Partial<TPermissionEntry['moduleAccess']>>): TPermissionEntry[] {
  return emptyPermissions().map((e) => {
    const m = open[e.accountType];
    if (!m) return e;
    const moduleAccess = { ...e.moduleAccess, ...m };
    return { ...e, access: Object.values(moduleAccess).some(Boolean), moduleAccess };
  });
}

describe('a first post', () => {
  it('is still to come while the organization has no post and no draft', () => {
    expect(noPostYet({ TotalPosts: 0, DraftPosts: 0 })).toBe(true);
    expect(noPostYet({ TotalPosts: 0, DraftPosts: 2 })).toBe(false);
    expect(noPostYet({ TotalPosts: 1, DraftPosts: 0 })).toBe(false);
  });
});

describe('profile overview tiles', () => {
  it('are the networks with a linked account, each once, in the networks’ order', () => {
    expect(profileOverviewNetworks('INFLUENCER', null, ['6', '1', '6'])).toEqual(['1', '6']);
    expect(profileOverviewNetworks('BUSINESS', null, [])).toEqual([]);
  });

  it('for a business manager need Post, Analytics or Scheduler on that network', () => {
    const linked = ['1', '2', '5', '6'];
    const role = perms({ instagram: { Post: true }, facebook: { Analytics: true }, tiktok: { Scheduler: true } });
    expect(profileOverviewNetworks('BUSINESS_MANAGER', role, linked)).toEqual(['1', '2', '5']);
    expect(profileOverviewNetworks('BUSINESS_MANAGER', perms({}), linked)).toEqual([]);
    expect(profileOverviewNetworks('BUSINESS_MANAGER', null, linked)).toEqual([]);
  });

  it('for a business manager never open a network whose access is off, whatever its modules say', () => {
    const role = emptyPermissions().map((e) =>
      e.accountType === 'twitter' ? { ...e, access: false, moduleAccess: { Post: true, Analytics: true, Scheduler: true } } : e,
    );
    expect(profileOverviewNetworks('BUSINESS_MANAGER', role, ['6'])).toEqual([]);
  });
});

describe('profile figures', () => {
  const none = {
    followers_count: null,
    follows_count: null,
    media_count: null,
    subscriber_count: null,
    view_count: null,
    likes_count: null,
  };

  it('are those the network gives, null ones left out, zero kept', () => {
    expect(profileFigures({ ...none, followers_count: 12_500, follows_count: 0, media_count: 48 })).toEqual([
      { field: 'followers_count', label: 'Followers', value: 12_500 },
      { field: 'follows_count', label: 'Following', value: 0 },
      { field: 'media_count', label: 'Posts', value: 48 },
    ]);
    // YouTube gives subscribers, views and videos
    expect(profileFigures({ ...none, subscriber_count: 900, view_count: 40_000, media_count: 12 }).map((f) => f.label)).toEqual([
      'Posts',
      'Subscribers',
      'Views',
    ]);
    expect(profileFigures(none)).toEqual([]);
  });
});

describe('when figures were read', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it("says 'Reading figures…' before the first read", () => {
    expect(figuresUpdatedText(null, now)).toBe('Reading figures…');
    expect(figuresUpdatedText('not a date', now)).toBe(FIGURES_READING);
  });

  it("says 'Updated N min ago' within the hour, then hours, then days", () => {
    expect(figuresUpdatedText(ago(20_000), now)).toBe('Updated just now');
    expect(figuresUpdatedText(ago(60_000), now)).toBe('Updated 1 min ago');
    expect(figuresUpdatedText(ago(59 * 60_000), now)).toBe('Updated 59 min ago');
    expect(figuresUpdatedText(ago(3 * 3600_000 + 5 * 60_000), now)).toBe('Updated 3 h ago');
    expect(figuresUpdatedText(ago(2 * 86_400_000), now)).toBe('Updated 2 d ago');
  });
});
