import { followerTier, MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { failNext, linkAll } from '../posts/posts-test-kit';
import { makeTeam, perms } from '../team/team-test-kit';
import { clearFailures, figuresRow, networkProfile, pendingFailures, readDue } from './analytics-test-kit';
import { READ_FIGURES_QUEUE } from './jobs';

/**
 * The profile overview: linked accounts' figures, read from the networks by a job once they are linked and
 * every hour after, answered from what the job kept; a manager's networks; IMC; whose accounts they are.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const MIN = 60_000;
const overview = (token: string, body: Record<string, unknown> = {}) =>
  call(t, 'POST', '/sph/profile_overview/', { token, body });
type TItem = Record<string, unknown> & { SocialMediaName: string; UserSocialMediaID: string };
const itemOn = (items: TItem[], label: string) => items.find((i) => i.SocialMediaName === label)!;

describe('the figures job', () => {
  it('reads an account once it is linked (without anyone opening a page), then every hour', async () => {
    const u = await buildUser(t);
    const ids = await linkAll(t, u.token, ['youtube', 'tiktok']);
    expect(await figuresRow(t, ids.youtube)).toBeNull();
    // the periodic job, through its queue
    await t.container.boss.send(READ_FIGURES_QUEUE, {});
    const ran = await t.runDueJobs(READ_FIGURES_QUEUE);
    expect(ran).toHaveLength(1);
    expect(ran[0].error).toBeUndefined();
    for (const id of [ids.youtube, ids.tiktok]) {
      const row = (await figuresRow(t, id))!;
      const now = await networkProfile(t, id);
      expect(row).toMatchObject({
        followers: now.followers,
        following: now.following,
        subscribers: now.subscribers,
        error: null,
      });
      expect(row.nextFetchAt.getTime() - row.fetchedAt!.getTime()).toBe(60 * MIN);
    }
    const first = (await figuresRow(t, ids.youtube))!.fetchedAt!;
    t.clock.advance(30 * MIN);
    await readDue(t);
    expect((await figuresRow(t, ids.youtube))!.fetchedAt).toEqual(first);
    t.clock.advance(31 * MIN);
    await readDue(t);
    expect((await figuresRow(t, ids.youtube))!.fetchedAt!.getTime()).toBeGreaterThan(first.getTime());
  });
});

describe('profile_overview/', () => {
  it('lists the linked accounts with their figures as last read, the follower tier and when; those not read yet without figures', async () => {
    const u = await buildUser(t);
    const ids = await linkAll(t, u.token, ['instagram', 'twitter', 'youtube']);
    const before = await overview(u.token);
    expect(before.status).toBe(200);
    expect(before.json.response_code).toBe(200);
    expect(before.json.response_data).toHaveLength(3);
    for (const item of before.json.response_data)
      expect(item).toMatchObject({
        followers_count: null,
        follows_count: null,
        media_count: null,
        UpdatedAt: null,
        Tier: null,
        Error: null,
      });

    await readDue(t);
    const items = (await overview(u.token)).json.response_data as TItem[];
    expect(items.map((i) => i.SocialMediaID).sort()).toEqual(['1', '3', '6']);
    for (const [label, network] of [
      ['Instagram', 'instagram'],
      ['X', 'twitter'],
      ['YouTube', 'youtube'],
    ] as const) {
      const item = itemOn(items, label);
      const now = await networkProfile(t, ids[network]);
      expect(item).toMatchObject({
        UserSocialMediaID: ids[network],
        username: now.userName,
        followers_count: now.followers,
        follows_count: now.following,
        media_count: now.media,
        subscriber_count: now.subscribers,
        view_count: now.views,
        likes_count: now.likes,
        profile_picture_url: now.pictureUrl,
        Tier: followerTier(now.followers ?? now.subscribers),
        Error: null,
      });
      expect(item.UpdatedAt).toEqual(expect.any(String));
      expect(Date.parse(item.UpdatedAt as string)).toBeLessThanOrEqual(t.clock.nowMs());
    }

    expect(items.some((i) => i.Tier !== null)).toBe(true);

    // one network (its id, as a string or a number)
    const x = (await overview(u.token, { SocialMediaID: '6' })).json.response_data;
    expect(x.map((i: TItem) => i.UserSocialMediaID)).toEqual([ids.twitter]);
    expect((await overview(u.token, { SocialMediaID: 3 })).json.response_data.map((i: TItem) => i.SocialMediaName)).toEqual([
      'YouTube',
    ]);
    expect((await overview(u.token, { SocialMediaID: '5' })).json.response_data).toEqual([]);
  });

  it('answers without calling the network; a failed read keeps the last good figures with the reason; a rate limit waits for its reset', async () => {
    const u = await buildUser(t);
    const ids = await linkAll(t, u.token, ['twitter']);
    await overview(u.token);
    await readDue(t);
    const read = itemOn((await overview(u.token)).json.response_data, 'X');
    expect(read.followers_count).toEqual(expect.any(Number));

    await failNext(t, 'twitter', 'server_error', 50);
    expect(itemOn((await overview(u.token)).json.response_data, 'X')).toEqual(read);
    expect(await pendingFailures(t, 'twitter')).toHaveLength(50);

    t.clock.advance(61 * MIN);
    await readDue(t);
    await clearFailures(t, 'twitter');
    const failed = itemOn((await overview(u.token)).json.response_data, 'X');
    expect(failed).toMatchObject({ followers_count: read.followers_count, UpdatedAt: read.UpdatedAt, Tier: read.Tier });
    expect(failed.Error).toEqual(expect.any(String));

    // a rate limit: the next read moves to X's reset time (15 minutes on)
    const row = (await figuresRow(t, ids.twitter))!;
    t.clock.advance(row.nextFetchAt.getTime() - t.clock.nowMs() + 1000);
    await failNext(t, 'twitter', 'rate_limit');
    const asked = t.clock.nowMs();
    const run = await readDue(t);
    expect(run.rateLimited).toBe(1);
    const limited = (await figuresRow(t, ids.twitter))!;
    expect(limited.nextFetchAt.getTime()).toBeGreaterThanOrEqual(Math.floor(asked / 1000) * 1000 + 15 * MIN);
    expect(limited.nextFetchAt.getTime()).toBeLessThanOrEqual(t.clock.nowMs() + 15 * MIN);

    t.clock.advance(16 * MIN);
    await readDue(t);
    const fresh = itemOn((await overview(u.token)).json.response_data, 'X');
    expect(fresh.Error).toBeNull();
    expect(Date.parse(fresh.UpdatedAt as string)).toBeGreaterThan(Date.parse(read.UpdatedAt as string));
  });

  it('a business manager sees only the networks its role opens with Post, Analytics or Scheduler', async () => {
    const team = await makeTeam(t, 'Acme Foods', perms({ '1': { Analytics: true }, '6': { Post: true } }));
    await linkAll(t, team.owner.token, ['instagram', 'twitter', 'threads']);
    const manager = (await overview(team.manager.token)).json.response_data as TItem[];
    expect(manager.map((i) => i.SocialMediaName).sort()).toEqual(['Instagram', 'X']);
    expect((await overview(team.manager.token, { SocialMediaID: '7' })).json.response_data).toEqual([]);
    const owner = (await overview(team.owner.token)).json.response_data as TItem[];
    expect(owner.map((i) => i.SocialMediaName).sort()).toEqual(['Instagram', 'Threads', 'X']);
  });

  it('an IMC account has no linked accounts: the empty list', async () => {
    const imc = await buildUser(t, { profileType: 'IMC' });
    const res = await overview(imc.token);
    expect(res.status).toBe(200);
    expect(res.json.response_data).toEqual([]);
  });

  it("never shows another organization's accounts; another user's UserID is refused; an unknown network is a 400", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const ids = await linkAll(t, a.token, ['threads']);
    const theirs = (await overview(b.token)).json.response_data as TItem[];
    expect(theirs.map((i) => i.UserSocialMediaID)).not.toContain(ids.threads);
    expect(theirs).toEqual([]);

    const wrongUser = await overview(a.token, { UserID: b.user.id });
    expect(wrongUser.status).toBe(403);
    expect(wrongUser.json.response_message).toBe(MSG.forbidden);
    expect((await overview(a.token, { UserID: a.user.id })).status).toBe(200);

    for (const SocialMediaID of ['0', '8', 'myspace', 12]) {
      const bad = await overview(a.token, { SocialMediaID });
      expect(bad.status, String(SocialMediaID)).toBe(400);
      expect(bad.json.response_message).toEqual(expect.any(String));
    }
    expect((await overview(a.token, { SocialMediaID: { id: 1 } })).status).toBe(400);
    expect((await call(t, 'POST', '/sph/profile_overview/', { body: {} })).status).toBe(401);
  });
});
