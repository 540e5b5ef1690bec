import { engagementOf, MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, moveClockToUtcHour, type TTestApp } from '../../test/helpers';
import { linkAll, uploadPhoto } from '../posts/posts-test-kit';
import { makeTeam, perms } from '../team/team-test-kit';
import { metricsRow, postNow, readDue, targetsOf } from './analytics-test-kit';
import { createAnalyticsRepository } from './repository';

/**
 * performance_overview/: the dashboard's chart. The posts that went out over the last 7, 30 or 90 days, per day in
 * the caller's time zone, with the period before for comparison; figures as the analytics job last read them.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const performanceOf = (token: string, body: Record<string, unknown>) =>
  call(t, 'POST', '/sph/performance_overview/', { token, body });
type TDay = { Date: string; Published: number; Engagement: number; Views: number };

/** What the job read for a post's targets, added up as the chart adds them. */
async function readFigures(postId: string) {
  let engagement = 0;
  let views = 0;
  for (const target of await targetsOf(t, postId)) {
    const row = await metricsRow(t, target.id);
    engagement += engagementOf(row?.metrics ?? {});
    views += row?.metrics.views ?? 0;
  }
  return { engagement, views };
}

describe('performance_overview/', () => {
  it('counts each day’s accounts published to, engagement and views, in the caller’s time zone, and the period before', async () => {
    // the middle of a UTC day: ten minutes on is still today, ten days back is a whole day
    moveClockToUtcHour(t, 12);
    const u = await buildUser(t);
    const ids = await linkAll(t, u.token, ['instagram', 'twitter']);
    const photo = await uploadPhoto(t, u.token);
    const both = [{ UserSocialMediaID: ids.instagram }, { UserSocialMediaID: ids.twitter }];

    // nothing yet: every day of the period is there, at zero
    const empty = await performanceOf(u.token, { Days: 7 });
    expect(empty.status).toBe(200);
    expect(empty.json.response_data.Days).toHaveLength(7);
    expect(empty.json.response_data).toMatchObject({ Published: 0, Engagement: 0, Views: 0, UpdatedAt: null });

    const old = await postNow(t, u.token, 'Ten days ago', [photo], both);
    t.clock.advance(10 * DAY);
    // a session of ten days ago has ended: signed in again
    u.token = (await t.services.auth.issueSession(u.user)).accessToken;
    const recent = await postNow(t, u.token, 'Today', [photo], [{ UserSocialMediaID: ids.instagram }]);
    t.clock.advance(10 * MIN);
    await readDue(t);

    const week = (await performanceOf(u.token, { Days: 7 })).json.response_data;
    const recentFigures = await readFigures(recent);
    const oldFigures = await readFigures(old);
    expect(recentFigures.views).toBeGreaterThan(0);
    // today is the last day; the post ten days back is in the week before
    const today = week.Days.at(-1) as TDay;
    expect(today.Date).toBe(t.clock.now().toISOString().slice(0, 10));
    expect(today).toMatchObject({ Published: 1, Engagement: recentFigures.engagement, Views: recentFigures.views });
    expect(week).toMatchObject({ Published: 1, Engagement: recentFigures.engagement, Views: recentFigures.views });
    expect(week.Previous).toEqual({ Published: 2, Engagement: oldFigures.engagement, Views: oldFigures.views });
    expect(Date.parse(week.UpdatedAt)).toBeLessThanOrEqual(t.clock.nowMs());

    // 30 days: both posts, day by day; 90 days (sent as a string, as a form would): 90 days
    const month = (await performanceOf(u.token, { Days: 30 })).json.response_data;
    expect(month.Days).toHaveLength(30);
    expect(month.Published).toBe(3);
    expect(month.Engagement).toBe(recentFigures.engagement + oldFigures.engagement);
    const oldDay = month.Days.find(
      (d: TDay) => d.Date === new Date(t.clock.nowMs() - 10 * DAY - 10 * MIN).toISOString().slice(0, 10),
    );
    expect(oldDay).toMatchObject({ Published: 2 });
    expect(month.Previous).toEqual({ Published: 0, Engagement: 0, Views: 0 });
    expect((await performanceOf(u.token, { Days: '90' })).json.response_data.Days).toHaveLength(90);
  });

  it('reads the days in the caller’s time zone: a post just before UTC midnight is the next day in Kolkata', async () => {
    const u = await buildUser(t);
    const ids = await linkAll(t, u.token, ['twitter']);
    const photo = await uploadPhoto(t, u.token);
    moveClockToUtcHour(t, 23);
    await postNow(t, u.token, 'Late', [photo], [{ UserSocialMediaID: ids.twitter }]);
    const utcDay = t.clock.now().toISOString().slice(0, 10);
    const utc = (await performanceOf(u.token, { Days: 7 })).json.response_data;
    expect(utc.Days.at(-1)).toMatchObject({ Date: utcDay, Published: 1 });
    const kolkata = (await performanceOf(u.token, { Days: 7, TimeZone: 'Asia/Kolkata' })).json.response_data;
    const next = new Date(Date.parse(`${utcDay}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
    expect(kolkata.Days.at(-1)).toMatchObject({ Date: next, Published: 1 });
  });

  it('a business manager counts only the networks its role opens with Analytics; an IMC account has nothing', async () => {
    const team = await makeTeam(t, 'Acme Foods', perms({ '1': { Post: true, Analytics: true }, '6': { Post: true } }));
    const ids = await linkAll(t, team.owner.token, ['instagram', 'twitter']);
    const photo = await uploadPhoto(t, team.owner.token);
    await postNow(
      t,
      team.owner.token,
      'Team post',
      [photo],
      [{ UserSocialMediaID: ids.instagram }, { UserSocialMediaID: ids.twitter }],
    );
    expect((await performanceOf(team.owner.token, { Days: 7 })).json.response_data.Published).toBe(2);
    expect((await performanceOf(team.manager.token, { Days: 7 })).json.response_data.Published).toBe(1);

    const imc = await buildUser(t, { profileType: 'IMC' });
    const res = await performanceOf(imc.token, { Days: 7 });
    expect(res.status).toBe(200);
    expect(res.json.response_data).toMatchObject({ Published: 0, Engagement: 0 });
  });

  it('never counts another organization’s posts; another user’s UserID is refused; a period other than 7, 30 or 90 and an unknown zone are 400s', async () => {
    const a = await buildUser(t);
    const ids = await linkAll(t, a.token, ['twitter']);
    const photo = await uploadPhoto(t, a.token);
    await postNow(t, a.token, 'Mine', [photo], [{ UserSocialMediaID: ids.twitter }]);
    const other = await buildUser(t);
    expect((await performanceOf(other.token, { Days: 7 })).json.response_data.Published).toBe(0);

    const refused = await performanceOf(other.token, { Days: 7, UserID: a.user.id });
    expect(refused.status).toBe(403);
    expect(refused.json.response_message).toBe(MSG.forbidden);
    for (const body of [{ Days: 14 }, {}, { Days: 'week' }, { Days: 7, TimeZone: 'Mars/Olympus' }]) {
      const bad = await performanceOf(a.token, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await performanceOf(a.token, { Days: 14 })).json.response_message).toBe('Days must be 7, 30 or 90');
    expect((await call(t, 'POST', '/sph/performance_overview/', { body: { Days: 7 } })).status).toBe(401);
  });
});

describe("the figures behind the performance card are read in one statement however many targets an organization's period holds", () => {
  it('reads the figures of more targets than a statement may carry parameters (65,535)', async () => {
    const u = await buildUser(t);
    const ids = await linkAll(t, u.token, ['twitter']);
    const post = await postNow(t, u.token, 'One of many', [await uploadPhoto(t, u.token)], [{ UserSocialMediaID: ids.twitter }]);
    t.clock.advance(10 * MIN);
    await readDue(t);
    const [real] = await targetsOf(t, post);
    const others = Array.from({ length: 70_000 }, (_, i) => `no-such-target-${i}`);
    const rows = await createAnalyticsRepository(t.container.db).metricsOf([...others, real.id]);
    expect(rows.map((r) => r.targetId)).toEqual([real.id]);
  });
});
