import { CALENDAR_MAX_DAYS, CALENDAR_RANGE_MAX_POSTS, INSIGHTS_MSG, MSG } from '@virality/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp, testNow } from '../../test/helpers';
import { makeTeam, perms } from '../team/team-test-kit';
import { failNext, linkAll, postBody, postNow, publishDue, scheduleAt, userIdOf, xAuthor } from './posts-test-kit';

/**
 * The calls that read an organization's posts back: the posts that went out (recent_post_details), the counts
 * (totaluserposts), and the calendar's posts of a day or of a range of days, read in the caller's time zone.
 * The caller's own id only; a manager reads its business's; IMC is refused.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const MIN = 60_000;
type TCard = { CommonPostID: string; SocialMediaPostDate: string | null; IsPostDone: boolean };
const ids = (res: { json: { response_data: TCard[] } }) => res.json.response_data.map((p) => p.CommonPostID);

const recent = (token: string, id: string, query = '') => call(t, 'GET', `/sph/recent_post_details/${id}/${query}`, { token });
const totals = (token: string, id: string) => call(t, 'GET', `/sph/totaluserposts/${id}/`, { token });
const byDate = (token: string, body: Record<string, unknown>) => call(t, 'POST', '/sph/posts_info_by_date/', { token, body });
const range = (token: string, body: Record<string, unknown>) => call(t, 'POST', '/sph/posts_date_range/', { token, body });

/** A user with an X account and a photo: its id, and a way to schedule a post `minutes` ahead. */
async function author(token?: string) {
  const a = await xAuthor(t, token);
  const schedule = async (caption: string, minutes: number) => {
    const res = await a.schedule(caption, minutes);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.response_data.CommonPostID as string;
  };
  const draft = async (caption: string) => {
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: a.token,
      body: postBody(caption, [a.photo], [{ UserSocialMediaID: a.ids.twitter }], { IsDraft: true }),
    });
    expect(res.status).toBe(200);
    return res.json.response_data.CommonPostID as string;
  };
  return { ...a, id: await userIdOf(t, a.token), schedule, draft };
}

const edit = (token: string, body: Record<string, unknown>) => call(t, 'PUT', '/sph/edit_scheduled_post/', { token, body });

/** Days of next year (always ahead of the clock): 10 January, and New York's spring-forward Sunday in March. */
// next year on the test clock: every date picked below is in its future, whenever the suite runs
const year = testNow().getUTCFullYear() + 1;
const springForward = (() => {
  const firstSunday = 1 + ((7 - new Date(Date.UTC(year, 2, 1)).getUTCDay()) % 7);
  return firstSunday + 7;
})();
const march = (d: number) => `${year}-03-${String(d).padStart(2, '0')}`;

describe('recent_post_details/{id}/', () => {
  it('lists the posts that went out, newest first by when they went out, a page at a time; drafts, failed and not-yet-out posts are left out', async () => {
    const a = await author();
    // scheduled first, out last: the newest by when it went out
    const late = await a.schedule('Out last', 20);
    const first = await postNow(t, a.token, a.photo, [a.ids.twitter], 'Out first');
    await publishDue(t);
    t.clock.advance(MIN);
    const second = await postNow(t, a.token, a.photo, [a.ids.twitter], 'Out second');
    await publishDue(t);
    await a.draft('A draft');
    await a.schedule('Not yet out', 90);
    const deleted = await a.schedule('Deleted', 60);
    await edit(a.token, { CommonPostID: deleted, IsActive: false });
    await failNext(t, 'twitter', 'processing_error', 5);
    await postNow(t, a.token, a.photo, [a.ids.twitter], 'Failed everywhere');
    await publishDue(t);
    await t.app.inject({ method: 'POST', url: '/sandbox/twitter/_control', payload: { clear: true } });
    t.clock.advance(21 * MIN);
    await publishDue(t);

    const page1 = await recent(a.token, a.id, '?page=1&limit=2');
    expect(page1.status).toBe(200);
    expect(page1.json).toMatchObject({ response_code: 200, pages: 2, total: 3 });
    expect(ids(page1)).toEqual([late, second]);
    const card = page1.json.response_data[0];
    expect(card).toMatchObject({ CaptionDescription: 'Out last', IsPostDone: true, IsDraft: false });
    expect(card.MediaPostedOn[0]).toMatchObject({ SocialMediaName: 'X', Status: 'published' });
    expect(card.UserName).toBeTypeOf('string');
    const page2 = await recent(a.token, a.id, '?page=2&limit=2');
    expect(ids(page2)).toEqual([first]);
    const dates = [...page1.json.response_data, ...page2.json.response_data].map((p: TCard) => p.SocialMediaPostDate!);
    expect([...dates].sort().reverse()).toEqual(dates);

    // 10 a page without paging; the path without the slash answers alike
    const all = await call(t, 'GET', `/sph/recent_post_details/${a.id}`, { token: a.token });
    expect(all.json).toMatchObject({ pages: 1, total: 3 });
    expect(ids(all)).toEqual([late, second, first]);
  });

  it('refuses bad paging with a 400 and a message', async () => {
    const a = await author();
    for (const q of ['?page=0', '?page=abc', '?limit=0', '?limit=51', '?page=1.5']) {
      const res = await recent(a.token, a.id, q);
      expect(res.status, q).toBe(400);
      expect(res.json.response_code).toBe(400);
      expect(res.json.response_message, q).toBeTruthy();
    }
  });

  it("refuses another user's id, never shows another organization's posts, and needs a session", async () => {
    const a = await author();
    await postNow(t, a.token, a.photo, [a.ids.twitter], 'Mine only');
    await publishDue(t);
    const b = await author();
    const other = await recent(b.token, a.id);
    expect(other.status).toBe(403);
    expect(other.json.response_message).toBe(MSG.forbidden);
    expect((await recent(b.token, b.id)).json).toMatchObject({ response_data: [], total: 0, pages: 1 });
    expect((await recent(a.token, a.id)).json.total).toBe(1);
    expect((await call(t, 'GET', `/sph/recent_post_details/${a.id}/`)).status).toBe(401);
  });
});

describe('totaluserposts/{id}/', () => {
  it('counts the posts by state and the targets published on each of the 7 networks, in id order', async () => {
    const a = await author();
    const { facebook } = await linkAll(t, a.token, ['facebook']);
    await postNow(t, a.token, a.photo, [a.ids.twitter], 'X only');
    await postNow(t, a.token, a.photo, [a.ids.twitter, facebook], 'X and Facebook');
    await publishDue(t);
    // out on Facebook, failed on X: it went out; X alone failing: it failed everywhere
    await failNext(t, 'twitter', 'processing_error', 5);
    const partly = await postNow(t, a.token, a.photo, [a.ids.twitter, facebook], 'Partly out');
    const failed = await postNow(t, a.token, a.photo, [a.ids.twitter], 'Failed everywhere');
    await publishDue(t);
    await t.app.inject({ method: 'POST', url: '/sandbox/twitter/_control', payload: { clear: true } });
    await a.schedule('Running', 60);
    const paused = await a.schedule('Paused', 60);
    await edit(a.token, { CommonPostID: paused, IsPaused: true });
    const deleted = await a.schedule('Deleted', 60);
    await edit(a.token, { CommonPostID: deleted, IsActive: false });
    await a.draft('A draft');

    const res = await call(t, 'GET', `/sph/totaluserposts/${a.id}`, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.json.response_data).toEqual({
      TotalPosts: 6,
      PostedPosts: 3,
      ScheduledPosts: 2,
      DraftPosts: 1,
      FailedPosts: 1,
      ByNetwork: [
        { SocialMediaID: '1', SocialMediaName: 'Instagram', Posts: 0 },
        { SocialMediaID: '2', SocialMediaName: 'Facebook', Posts: 2 },
        { SocialMediaID: '3', SocialMediaName: 'YouTube', Posts: 0 },
        { SocialMediaID: '4', SocialMediaName: 'LinkedIn', Posts: 0 },
        { SocialMediaID: '5', SocialMediaName: 'TikTok', Posts: 0 },
        { SocialMediaID: '6', SocialMediaName: 'X', Posts: 2 },
        { SocialMediaID: '7', SocialMediaName: 'Threads', Posts: 0 },
      ],
    });
    // the recent list agrees: the partly-out post is there, the failed one is not
    const list = ids(await recent(a.token, a.id));
    expect(list).toContain(partly);
    expect(list).not.toContain(failed);
    expect(list).toHaveLength(3);
  });

  it("a new organization counts zeros; another user's id is refused; another organization's posts are not counted", async () => {
    const a = await author();
    await postNow(t, a.token, a.photo, [a.ids.twitter], 'Not yours');
    await publishDue(t);
    const b = await author();
    const own = await totals(b.token, b.id);
    expect(own.status).toBe(200);
    expect(own.json.response_data).toMatchObject({ TotalPosts: 0, PostedPosts: 0, DraftPosts: 0, FailedPosts: 0 });
    expect(own.json.response_data.ByNetwork).toHaveLength(7);
    expect(own.json.response_data.ByNetwork.every((n: { Posts: number }) => n.Posts === 0)).toBe(true);
    const other = await totals(b.token, a.id);
    expect(other.status).toBe(403);
    expect(other.json.response_message).toBe(MSG.forbidden);
  });
});

describe('the counts beside the lists (kept between calls)', () => {
  it('are right after each kind of change: a post now, a schedule, a delete, a pause, a post sent now, a scheduled post going out', async () => {
    const a = await author();
    const scheduledList = (query = '?limit=1') =>
      call(t, 'GET', `/sph/scheduled_post_details/${a.id}${query}`, { token: a.token });
    // a page of one is full: its total is the organization's count, not the page's length
    const counts = async () => {
      const [out, waiting, all] = await Promise.all([recent(a.token, a.id, '?limit=1'), scheduledList(), totals(a.token, a.id)]);
      return {
        recent: out.json.total as number,
        scheduled: waiting.json.total as number,
        posted: all.json.response_data.PostedPosts as number,
        waiting: all.json.response_data.ScheduledPosts as number,
      };
    };
    await postNow(t, a.token, a.photo, [a.ids.twitter], 'First out');
    await postNow(t, a.token, a.photo, [a.ids.twitter], 'Second out');
    await publishDue(t);
    const first = await a.schedule('Waiting 1', 20);
    const second = await a.schedule('Waiting 2', 60);
    expect(await counts()).toEqual({ recent: 2, scheduled: 2, posted: 2, waiting: 2 });
    // each change below comes right after the counts were read (and kept)
    await postNow(t, a.token, a.photo, [a.ids.twitter], 'Third out');
    await publishDue(t);
    expect(await counts()).toEqual({ recent: 3, scheduled: 2, posted: 3, waiting: 2 });
    const third = await a.schedule('Waiting 3', 90);
    expect(await counts()).toEqual({ recent: 3, scheduled: 3, posted: 3, waiting: 3 });
    await edit(a.token, { CommonPostID: third, IsActive: false });
    expect(await counts()).toEqual({ recent: 3, scheduled: 2, posted: 3, waiting: 2 });
    // a paused post stays among those waiting
    await edit(a.token, { CommonPostID: second, IsPaused: true });
    expect(await counts()).toEqual({ recent: 3, scheduled: 2, posted: 3, waiting: 2 });
    const sent = await call(t, 'POST', '/sph/social-media-manager/post-now/', {
      token: a.token,
      body: { CommonPostID: second },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    await publishDue(t);
    expect(await counts()).toEqual({ recent: 4, scheduled: 1, posted: 4, waiting: 1 });
    // the last scheduled post's time comes: the engine sends it and settles it
    t.clock.advance(21 * MIN);
    await publishDue(t);
    expect(ids(await recent(a.token, a.id))).toContain(first);
    expect(await counts()).toEqual({ recent: 5, scheduled: 0, posted: 5, waiting: 0 });
  });
});

describe('the reader rules every list call shares', () => {
  it("a business manager reads its business's posts and counts; IMC is refused", async () => {
    const team = await makeTeam(t, 'Acme Foods', perms({ '6': { Post: true, Scheduler: true } }));
    const owner = await author(team.owner.token);
    const out = await postNow(t, owner.token, owner.photo, [owner.ids.twitter], 'The business post');
    await publishDue(t);
    const outsider = await author();
    await postNow(t, outsider.token, outsider.photo, [outsider.ids.twitter], 'Not the business');
    await publishDue(t);

    const managerId = await userIdOf(t, team.manager.token);
    expect(ids(await recent(team.manager.token, managerId))).toEqual([out]);
    expect((await totals(team.manager.token, managerId)).json.response_data).toMatchObject({ TotalPosts: 1, PostedPosts: 1 });
    const today = new Date(t.clock.nowMs()).toISOString().slice(0, 10);
    expect(ids(await byDate(team.manager.token, { Date: today }))).toEqual([out]);

    const imc = await buildUser(t, { profileType: 'IMC' });
    const imcId = await userIdOf(t, imc.token);
    expect((await recent(imc.token, imcId)).status).toBe(403);
    expect((await totals(imc.token, imcId)).status).toBe(403);
    expect((await byDate(imc.token, { Date: today })).status).toBe(403);
    expect((await range(imc.token, { StartDate: today, EndDate: today })).status).toBe(403);
  });
});

describe('posts_info_by_date/ and posts_date_range/', () => {
  it('place a post on the day of the caller’s time zone: 20:00 UTC is the next day in Asia/Kolkata', async () => {
    const a = await author();
    const jan = (d: number) => `${year}-01-${String(d).padStart(2, '0')}`;
    const evening = await scheduleAt(t, a.token, a.photo, a.ids.twitter, jan(10), '20:00');
    const noon = await scheduleAt(t, a.token, a.photo, a.ids.twitter, jan(10), '12:00');

    expect(ids(await byDate(a.token, { Date: jan(10) }))).toEqual([noon, evening]);
    expect(ids(await byDate(a.token, { Date: jan(10), TimeZone: 'Asia/Kolkata' }))).toEqual([noon]);
    const next = await byDate(a.token, { UserID: a.id, Date: jan(11), TimeZone: 'Asia/Kolkata' });
    expect(next.status).toBe(200);
    expect(ids(next)).toEqual([evening]);
    expect(ids(await range(a.token, { StartDate: jan(9), EndDate: jan(11), TimeZone: 'Asia/Kolkata' }))).toEqual([noon, evening]);
  });

  it('keep the day whole across a daylight-saving change (America/New_York in March: a 23-hour day)', async () => {
    const a = await author();
    const d = springForward;
    // 23:30 the evening before (EST), midnight that day (EST), 23:30 that day (EDT), midnight the day after (EDT)
    const before = await scheduleAt(t, a.token, a.photo, a.ids.twitter, march(d), '04:30');
    const dayStart = await scheduleAt(t, a.token, a.photo, a.ids.twitter, march(d), '05:00');
    const dayEnd = await scheduleAt(t, a.token, a.photo, a.ids.twitter, march(d + 1), '03:30');
    const after = await scheduleAt(t, a.token, a.photo, a.ids.twitter, march(d + 1), '04:00');
    const zone = { TimeZone: 'America/New_York' };

    expect(ids(await byDate(a.token, { Date: march(d), ...zone }))).toEqual([dayStart, dayEnd]);
    expect(ids(await byDate(a.token, { Date: march(d - 1), ...zone }))).toEqual([before]);
    expect(ids(await byDate(a.token, { Date: march(d + 1), ...zone }))).toEqual([after]);
    expect(ids(await range(a.token, { StartDate: march(d - 1), EndDate: march(d + 1), ...zone }))).toEqual([
      before,
      dayStart,
      dayEnd,
      after,
    ]);
    // in UTC the four fall on two days
    expect(ids(await byDate(a.token, { Date: march(d) }))).toEqual([before, dayStart]);
  });

  it('show a post that went out on the day it went out; drafts, deleted and other organizations’ posts never', async () => {
    const a = await author();
    const out = await postNow(t, a.token, a.photo, [a.ids.twitter], 'Out today');
    await publishDue(t);
    await a.draft('A draft');
    const deleted = await a.schedule('Deleted', 30);
    await edit(a.token, { CommonPostID: deleted, IsActive: false });
    const soon = await a.schedule('Later today or tomorrow', 30);
    const other = await author();
    await postNow(t, other.token, other.photo, [other.ids.twitter], 'Another organization');
    await publishDue(t);

    const [card] = (await recent(a.token, a.id)).json.response_data as TCard[];
    const day = card.SocialMediaPostDate!.slice(0, 10);
    const tomorrow = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    const shown = ids(await range(a.token, { StartDate: day, EndDate: tomorrow }));
    expect(shown).toEqual([out, soon]);
  });

  it('with PerDay answer at most that many posts of each day of the time zone, earliest first, and every day’s full count', async () => {
    const a = await author();
    const feb = (d: number) => `${year}-02-${String(d).padStart(2, '0')}`;
    const nine = await scheduleAt(t, a.token, a.photo, a.ids.twitter, feb(12), '09:00');
    const ten = await scheduleAt(t, a.token, a.photo, a.ids.twitter, feb(12), '10:00');
    await scheduleAt(t, a.token, a.photo, a.ids.twitter, feb(12), '11:00');
    // 20:00 UTC on the 13th is the 14th in Asia/Kolkata
    const evening = await scheduleAt(t, a.token, a.photo, a.ids.twitter, feb(13), '20:00');
    const zone = { StartDate: feb(1), EndDate: feb(28), TimeZone: 'Asia/Kolkata' };

    const res = await range(a.token, { ...zone, PerDay: 2 });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([nine, ten, evening]);
    expect(res.json.day_counts).toEqual({ [feb(12)]: 3, [feb(14)]: 1 });
    expect(res.json.truncated).toBeUndefined();
    // without PerDay: every post, and no day counts
    const all = await range(a.token, zone);
    expect(all.json.response_data).toHaveLength(4);
    expect(all.json.day_counts).toBeUndefined();
    expect(all.json.truncated).toBe(false);
    // the day's count follows a change at once (counts are kept between calls)
    await scheduleAt(t, a.token, a.photo, a.ids.twitter, feb(12), '08:00');
    expect((await range(a.token, { ...zone, PerDay: 2 })).json.day_counts).toEqual({ [feb(12)]: 4, [feb(14)]: 1 });
  });

  it(`without PerDay answer at most ${CALENDAR_RANGE_MAX_POSTS} posts, the earliest, and say the answer was cut`, async () => {
    const a = await author();
    const found = await t.database.db.execute(sql`SELECT org_id FROM users WHERE id = ${a.id}`);
    const orgId = (found as { rows: { org_id: string }[] }).rows[0].org_id;
    // more posts than the cap, out one a minute from 1 April (written straight to the table: the API would take minutes)
    const start = `${year - 2}-04-01T00:00:00.000Z`;
    await t.database.db.execute(sql`
      INSERT INTO posts (id, org_id, user_id, post_type, format, caption, media, is_draft, is_scheduled, is_paused,
        is_active, is_post_done, scheduled_at, posted_at, settled_at, counted, created_at, updated_at)
      SELECT ${orgId} || '-many-' || i, ${orgId}, ${a.id}, 'IMAGE', 'post', 'Many ' || i, '[]'::jsonb, false, false, false,
        true, true, NULL, ${start}::timestamptz + i * interval '1 minute', ${start}::timestamptz + i * interval '1 minute',
        true, ${start}::timestamptz, ${start}::timestamptz
      FROM generate_series(1, ${CALENDAR_RANGE_MAX_POSTS + 1}) AS i`);
    const body = { StartDate: `${year - 2}-04-01`, EndDate: `${year - 2}-04-02` };
    const res = await range(a.token, body);
    expect(res.status).toBe(200);
    expect(res.json.truncated).toBe(true);
    expect(res.json.response_data).toHaveLength(CALENDAR_RANGE_MAX_POSTS);
    expect(res.json.response_data[0].CommonPostID).toBe(`${orgId}-many-1`);
    const perDay = await range(a.token, { ...body, PerDay: 3 });
    expect(ids(perDay)).toEqual([1, 2, 3].map((i) => `${orgId}-many-${i}`));
    expect(perDay.json.day_counts).toEqual({ [`${year - 2}-04-01`]: CALENDAR_RANGE_MAX_POSTS + 1 });
  });

  it('refuse bad dates, ranges, time zones and another user’s id with the reason', async () => {
    const a = await author();
    const cases: [Record<string, unknown>, 'day' | 'range', number, string][] = [
      [{ Date: `${year}-1-5` }, 'day', 400, INSIGHTS_MSG.badDate],
      [{ Date: `${year}-02-30` }, 'day', 400, INSIGHTS_MSG.badDate],
      [{}, 'day', 400, ''],
      [{ Date: `${year}-01-05`, TimeZone: 'Mars/Olympus' }, 'day', 400, INSIGHTS_MSG.badTimeZone],
      [{ Date: `${year}-01-05`, UserID: 'someone-else' }, 'day', 403, MSG.forbidden],
      [{ StartDate: `${year}-01-10`, EndDate: `${year}-01-09` }, 'range', 400, INSIGHTS_MSG.rangeOrder],
      [{ StartDate: `${year}-01-01`, EndDate: `${year}-03-04` }, 'range', 400, INSIGHTS_MSG.rangeTooLong],
      [{ StartDate: `${year}-01-01`, EndDate: `${year}/01/02` }, 'range', 400, INSIGHTS_MSG.badDate],
      [{ StartDate: `${year}-01-01`, EndDate: `${year}-01-02`, TimeZone: 'Nowhere' }, 'range', 400, INSIGHTS_MSG.badTimeZone],
      [{ StartDate: `${year}-01-01`, EndDate: `${year}-01-02`, UserID: 'someone-else' }, 'range', 403, MSG.forbidden],
      [{ StartDate: `${year}-01-01`, EndDate: `${year}-01-02`, PerDay: 0 }, 'range', 400, 'PerDay must be a number from 1 to 50'],
      [
        { StartDate: `${year}-01-01`, EndDate: `${year}-01-02`, PerDay: 51 },
        'range',
        400,
        'PerDay must be a number from 1 to 50',
      ],
      [
        { StartDate: `${year}-01-01`, EndDate: `${year}-01-02`, PerDay: 'some' },
        'range',
        400,
        'PerDay must be a number from 1 to 50',
      ],
    ];
    for (const [body, call_, status, message] of cases) {
      const res = call_ === 'day' ? await byDate(a.token, body) : await range(a.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.json.response_code).toBe(status);
      if (message) expect(res.json.response_message, JSON.stringify(body)).toBe(message);
      else expect(res.json.response_message).toBeTruthy();
    }
    // exactly 62 days is allowed
    const start = `${year}-01-01`;
    const end = new Date(Date.parse(start) + (CALENDAR_MAX_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    expect((await range(a.token, { StartDate: start, EndDate: end })).status).toBe(200);
    expect((await call(t, 'POST', '/sph/posts_date_range/', { body: { StartDate: start, EndDate: end } })).status).toBe(401);
  });
});
