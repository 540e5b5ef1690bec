import { BEST_TIMES_MIN_POSTS, BEST_TIMES_MSG, GENERAL_BEST_TIMES } from '@virality/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { targetMetrics } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { linkAll, uploadPhoto } from '../posts/posts-test-kit';
import { makeTeam } from '../team/team-test-kit';
import { postNow, targetsOf } from './analytics-test-kit';

/**
 * Best times: an account's best weekday-and-hour slots from the engagement of its own posts of the last 90 days, on
 * its posting schedule's wall clock; with too few posts, its network's general times, labelled general.
 */
// Monday 10 May 2027, 10:00 UTC
const NOW = Date.parse('2027-05-10T10:00:00.000Z');
const DAY = 86_400_000;
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  t.clock.setOffset(NOW - Date.now());
});
afterAll(async () => t?.close());

/** Publishes a post at `at` (the clock moved there) whose figures the job then read as `likes` likes. */
async function publishedAt(token: string, photo: string, accountId: string, at: number, likes: number) {
  t.clock.setOffset(at - Date.now());
  const id = await postNow(t, token, `Post at ${new Date(at).toISOString()}`, [photo], [{ UserSocialMediaID: accountId }]);
  const [target] = await targetsOf(t, id);
  const row = {
    targetId: target.id,
    postId: id,
    orgId: target.orgId,
    metrics: { likes, comments: 0 },
    fetchedAt: new Date(at + DAY),
  };
  await t.database.db
    .insert(targetMetrics)
    .values(row)
    .onConflictDoUpdate({ target: targetMetrics.targetId, set: { metrics: row.metrics, fetchedAt: row.fetchedAt } });
  t.clock.setOffset(NOW - Date.now());
}

const bestTimesOf = (token: string, accountId: string, query = '') =>
  call(t, 'GET', `/api/queue/${accountId}/best-times${query}`, { token });

describe('best times from the account’s own results', () => {
  it('ranks its slots on its schedule’s wall clock; posts older than 90 days and posts never read do not count', async () => {
    const u = await buildUser(t, { profileType: 'INFLUENCER', profileCompleted: true });
    const ids = await linkAll(t, u.token, ['twitter']);
    const photo = await uploadPhoto(t, u.token);
    // Berlin is UTC+2 in spring: 07:10 UTC is 09:10 on the account's clock
    const put = await call(t, 'PUT', `/api/queue/schedules/${ids.twitter}`, {
      token: u.token,
      body: { timeZone: 'Europe/Berlin', slots: [{ day: 2, time: '09:00' }] },
    });
    expect(put.status).toBe(200);
    const tuesday = Date.parse('2027-05-04T07:10:00Z'); // Tuesday 09:10 Berlin
    const thursday = Date.parse('2027-05-06T16:10:00Z'); // Thursday 18:10 Berlin
    const monday = Date.parse('2027-05-03T10:10:00Z'); // Monday 12:10 Berlin
    const saturday = Date.parse('2027-05-08T05:10:00Z'); // Saturday 07:10 Berlin
    const plan: [number, number][] = [
      [tuesday, 300],
      [tuesday - 7 * DAY, 280],
      [thursday, 200],
      [thursday - 7 * DAY, 180],
      [monday, 100],
      [monday - 7 * DAY, 90],
      [saturday, 10],
      [saturday - 7 * DAY, 20],
      [tuesday - 14 * DAY + 3 * 3_600_000, 50],
      [thursday - 14 * DAY - 5 * 3_600_000, 60],
    ];
    for (const [at, likes] of plan) await publishedAt(u.token, photo, ids.twitter, at, likes);
    // a viral post 100 days ago is outside the window
    await publishedAt(u.token, photo, ids.twitter, NOW - 100 * DAY, 100_000);
    // and one whose figures the job has not read yet says nothing
    await postNow(t, u.token, 'Not read yet', [photo], [{ UserSocialMediaID: ids.twitter }]);

    const res = await bestTimesOf(u.token, ids.twitter);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.message).toBe(BEST_TIMES_MSG.read);
    const got = res.json.response;
    expect(got).toMatchObject({
      accountId: ids.twitter,
      network: 'twitter',
      basis: 'own',
      postsRead: 10,
      timeZone: 'Europe/Berlin',
    });
    expect(got.postsNeeded).toBe(BEST_TIMES_MIN_POSTS);
    expect(got.times.map((x: { day: number; time: string }) => `${x.day} ${x.time}`)).toEqual([
      '2 09:00',
      '4 18:00',
      '1 12:00',
      '6 07:00',
    ]);
    expect(got.times[0].score).toBeGreaterThan(1);
    expect(got.times.every((x: { basis: string }) => x.basis === 'own')).toBe(true);
  });

  it('with too few posts: the network’s general times, labelled general, on the zone asked for', async () => {
    const u = await buildUser(t, { profileType: 'INFLUENCER', profileCompleted: true });
    const ids = await linkAll(t, u.token, ['instagram']);
    const photo = await uploadPhoto(t, u.token);
    await publishedAt(u.token, photo, ids.instagram, NOW - 2 * DAY, 500);
    const res = await bestTimesOf(u.token, ids.instagram, '?timeZone=America/New_York');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response).toMatchObject({ basis: 'general', postsRead: 1, timeZone: 'America/New_York' });
    expect(res.json.response.times).toEqual(
      GENERAL_BEST_TIMES.instagram.map(([day, time]) => ({ day, time, score: null, basis: 'general' })),
    );
  });
});

describe('who may read them, and bad input', () => {
  it('another organization’s account is not found; a manager without the Scheduler permission is refused', async () => {
    const { owner, manager } = await makeTeam(t, 'Best Foods');
    const ids = await linkAll(t, owner.token, ['twitter', 'instagram', 'threads']);
    const stranger = await buildUser(t, { profileType: 'INFLUENCER', profileCompleted: true });
    const other = await bestTimesOf(stranger.token, ids.twitter);
    expect(other.status).toBe(404);
    // the role schedules on Instagram, not on Threads
    expect((await bestTimesOf(manager.token, ids.instagram)).status).toBe(200);
    const refused = await bestTimesOf(manager.token, ids.threads);
    expect(refused.status).toBe(403);
    const unsigned = await call(t, 'GET', `/api/queue/${ids.twitter}/best-times`, {});
    expect(unsigned.status).toBe(401);
  });

  it('a zone that does not exist is refused', async () => {
    const u = await buildUser(t, { profileType: 'INFLUENCER', profileCompleted: true });
    const ids = await linkAll(t, u.token, ['twitter']);
    const res = await bestTimesOf(u.token, ids.twitter, '?timeZone=Mars/Olympus');
    expect(res.status).toBe(400);
  });
});
