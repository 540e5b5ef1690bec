import { dateAt, POST_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTargets } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { linkAll, postBody, postsOn, publishDue, readPost, scheduleIn, uploadPhoto, xAuthor } from './posts-test-kit';

/**
 * Scheduling: the schedule rule on the server (the browser's own rule, in UTC), a scheduled post going out when
 * the clock reaches it, and pause, resume, reschedule and delete moving its job in the same transaction.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const MIN = 60_000;
const at = (msAhead: number) => scheduleIn(t, msAhead);
const targetsOf = (postId: string) => t.database.db.select().from(postTargets).where(eq(postTargets.postId, postId));

async function scheduled(minutesAhead: number) {
  const a = await xAuthor(t);
  const caption = `Scheduled ${Date.now()} ${Math.random()}`;
  const res = await a.schedule(caption, minutesAhead);
  return { ...a, caption, res, postId: res.json?.response_data?.CommonPostID as string };
}
const outOn = async (accountId: string, caption: string) =>
  (await postsOn(t, accountId)).filter((p) => p.text.includes(caption)).length;

describe('a scheduled post', () => {
  it("answers 'Your post has been Scheduled!' and goes out when the clock reaches its time, not before", async () => {
    const s = await scheduled(11);
    expect(s.res.status).toBe(200);
    expect(s.res.json.response_message).toBe(POST_MSG.scheduled);
    expect(s.res.json.response_data.success[0].IsScheduled).toBe(true);
    await publishDue(t);
    expect(await outOn(s.ids.twitter, s.caption)).toBe(0);
    const before = await readPost(t, s.token, s.postId);
    expect(before).toMatchObject({ IsScheduled: true, IsPostDone: false, IsPaused: false });
    t.clock.advance(11 * MIN + 1000);
    await publishDue(t);
    expect(await outOn(s.ids.twitter, s.caption)).toBe(1);
    const after = await readPost(t, s.token, s.postId);
    expect(after.IsPostDone).toBe(true);
    expect(after.SocialMediaPostDate).toBeTruthy();
    // a scheduled post earns its points when it goes out
    expect((await call(t, 'POST', '/api/wallet/updateWallet', { token: s.token, body: {} })).json.response.viralityPoints).toBe(
      1,
    );
  });

  it('the schedule rule is the server’s too: a past date, a time before now, less than 10 minutes ahead', async () => {
    const { token } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const send = (when: { ScheduledDate: string; ScheduledTime: string }) =>
      call(t, 'POST', '/sph/social-media-manager/single-post/', {
        token,
        body: postBody('Too soon', [photo], [{ UserSocialMediaID: ids.twitter }], { IsScheduled: true, ...when }),
      });
    const yesterday = await send(at(-24 * 60 * MIN));
    expect(yesterday.status).toBe(400);
    expect(yesterday.json.response_message).toBe(POST_MSG.dateTodayOrLater);
    const soon = await send(at(5 * MIN));
    expect(soon.status).toBe(400);
    expect([POST_MSG.tenMinutesAhead, POST_MSG.dateTodayOrLater]).toContain(soon.json.response_message);
    const bad = await send({ ScheduledDate: dateAt(new Date(t.clock.nowMs() + 86_400_000), 0), ScheduledTime: '25:00' });
    expect(bad.json.response_message).toBe(POST_MSG.timeInvalid);
    // nothing was written: no post, no job
    expect((await call(t, 'POST', '/sph/drafts/get-all-drafts/', { token, body: {} })).json.response_data).toEqual([]);
  });
});

describe('moving a scheduled post', () => {
  it('paused, it does not go out at its time; once its time has passed it cannot be resumed', async () => {
    const s = await scheduled(20);
    const paused = await call(t, 'PUT', '/sph/edit_scheduled_post/', {
      token: s.token,
      body: { CommonPostID: s.postId, IsPaused: true },
    });
    expect(paused.status).toBe(200);
    expect(paused.json.response_message).toBe(POST_MSG.paused);
    expect((await targetsOf(s.postId))[0].state).toBe('paused');
    t.clock.advance(21 * MIN);
    await publishDue(t);
    expect(await outOn(s.ids.twitter, s.caption)).toBe(0);
    const resume = await call(t, 'PUT', '/sph/edit_scheduled_post/', {
      token: s.token,
      body: { CommonPostID: s.postId, IsPaused: false },
    });
    expect(resume.status).toBe(400);
    expect(resume.json.response_message).toBe(POST_MSG.timePassed);
  });

  it('paused then resumed before its time, it goes out at its time', async () => {
    const s = await scheduled(30);
    await call(t, 'PUT', '/sph/edit_scheduled_post/', { token: s.token, body: { CommonPostID: s.postId, IsPaused: true } });
    const resumed = await call(t, 'PUT', '/sph/edit_scheduled_post/', {
      token: s.token,
      body: { CommonPostID: s.postId, IsPaused: false },
    });
    expect(resumed.json.response_message).toBe(POST_MSG.resumed);
    t.clock.advance(31 * MIN);
    await publishDue(t);
    expect(await outOn(s.ids.twitter, s.caption)).toBe(1);
  });

  it('rescheduled later, it goes out at the new time only', async () => {
    const s = await scheduled(15);
    const moved = await call(t, 'PUT', '/sph/edit_scheduled_post/', {
      token: s.token,
      body: { CommonPostID: s.postId, ...at(45 * MIN) },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.response_message).toBe(POST_MSG.rescheduled);
    t.clock.advance(16 * MIN);
    await publishDue(t);
    expect(await outOn(s.ids.twitter, s.caption)).toBe(0);
    t.clock.advance(30 * MIN);
    await publishDue(t);
    expect(await outOn(s.ids.twitter, s.caption)).toBe(1);
  });

  it('a reschedule obeys the schedule rule', async () => {
    const s = await scheduled(15);
    const soon = await call(t, 'PUT', '/sph/edit_scheduled_post/', {
      token: s.token,
      body: { CommonPostID: s.postId, ...at(3 * MIN) },
    });
    expect(soon.status).toBe(400);
    expect(soon.json.response_message).toBe(POST_MSG.tenMinutesAhead);
  });

  it('deleted, it never goes out', async () => {
    const s = await scheduled(12);
    const del = await call(t, 'PUT', '/sph/edit_scheduled_post/', {
      token: s.token,
      body: { CommonPostID: s.postId, IsActive: false },
    });
    expect(del.json.response_message).toBe(POST_MSG.deleted);
    t.clock.advance(13 * MIN);
    await publishDue(t);
    expect(await outOn(s.ids.twitter, s.caption)).toBe(0);
    expect((await call(t, 'GET', `/sph/drafts/get-draft-details/${s.postId}/`, { token: s.token })).status).toBe(404);
  });

  it('posted now from the menu, it goes out at once and not again at its time', async () => {
    const s = await scheduled(25);
    const now = await call(t, 'POST', '/sph/social-media-manager/post-now/', {
      token: s.token,
      body: { CommonPostID: s.postId },
    });
    expect(now.status).toBe(200);
    await publishDue(t);
    expect(await outOn(s.ids.twitter, s.caption)).toBe(1);
    t.clock.advance(26 * MIN);
    await publishDue(t);
    expect(await outOn(s.ids.twitter, s.caption)).toBe(1);
  });

  it("another user's post cannot be moved, and a bad body is a 400", async () => {
    const s = await scheduled(20);
    const other = await buildUser(t);
    const res = await call(t, 'PUT', '/sph/edit_scheduled_post/', {
      token: other.token,
      body: { CommonPostID: s.postId, IsPaused: true },
    });
    expect(res.status).toBe(404);
    const bad = await call(t, 'PUT', '/sph/edit_scheduled_post/', {
      token: s.token,
      body: { CommonPostID: s.postId, IsActive: true },
    });
    expect(bad.status).toBe(400);
    expect((await call(t, 'PUT', '/sph/edit_scheduled_post/', { body: { CommonPostID: s.postId, IsPaused: true } })).status).toBe(
      401,
    );
  });
});
