import { MSG, POST_MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { makeTeam, perms } from '../team/team-test-kit';
import { postBody, publishDue, scheduleIn, xAuthor } from './posts-test-kit';

/**
 * scheduled_post_details/{id}: the organization's scheduled posts not yet out, soonest due first, a page at a
 * time; the caller's own id only; a manager reads its business's list but cannot move a post; IMC is refused.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const MIN = 60_000;
const at = (msAhead: number) => scheduleIn(t, msAhead);

/** A user with an X account and a photo, and a way to schedule a post `minutes` ahead: its id. */
async function author(token?: string) {
  const a = await xAuthor(t, token);
  const schedule = async (caption: string, minutes: number) => {
    const res = await a.schedule(caption, minutes);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.response_data.CommonPostID as string;
  };
  return { ...a, schedule };
}

const list = (token: string, id: string, query = '') => call(t, 'GET', `/sph/scheduled_post_details/${id}${query}`, { token });
const me = async (token: string) =>
  (await call(t, 'GET', '/api/user/getUserStatus', { token })).json.response.result._id as string;

describe('scheduled_post_details/{id}', () => {
  it('lists the scheduled posts soonest first, a page at a time, with what a card shows; a post out or deleted leaves it', async () => {
    const a = await author();
    const id = await me(a.token);
    const late = await a.schedule('Late one', 60);
    // the moment is taken once, so a minute turning during the test does not move what is expected
    const soonAt = at(15 * MIN);
    const soonRes = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: a.token,
      body: postBody('Soon one', [a.photo], [{ UserSocialMediaID: a.ids.twitter }], { IsScheduled: true, ...soonAt }),
    });
    expect(soonRes.status, JSON.stringify(soonRes.json)).toBe(200);
    const soon = soonRes.json.response_data.CommonPostID as string;
    const middle = await a.schedule('Middle one', 30);
    // a draft and a post sent now are not scheduled posts
    await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: a.token,
      body: postBody('A draft', [a.photo], [{ UserSocialMediaID: a.ids.twitter }], { IsDraft: true }),
    });

    const first = await list(a.token, id, '?page=1&limit=2');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ response_code: 200, pages: 2, total: 3 });
    expect(first.json.response_data.map((p: { CommonPostID: string }) => p.CommonPostID)).toEqual([soon, middle]);
    const card = first.json.response_data[0];
    expect(card).toMatchObject({
      CaptionDescription: 'Soon one',
      IsScheduled: true,
      IsPaused: false,
      IsPostDone: false,
      ...soonAt,
    });
    expect(card.MediaDetails[0].ImageVideoUrl).toBe(a.photo);
    expect(card.MediaPostedOn[0]).toMatchObject({ SocialMediaID: '6', SocialMediaName: 'X' });
    const second = await list(a.token, id, '?page=2&limit=2');
    expect(second.json.response_data.map((p: { CommonPostID: string }) => p.CommonPostID)).toEqual([late]);
    // 10 a page when no limit is given; the documented path and the one with a slash answer alike
    expect((await list(a.token, id)).json).toMatchObject({ pages: 1, total: 3 });
    expect((await call(t, 'GET', `/sph/scheduled_post_details/${id}/?page=1`, { token: a.token })).json.total).toBe(3);

    // paused, it stays with its flag; deleted, it leaves; once out, it leaves
    await call(t, 'PUT', '/sph/edit_scheduled_post/', { token: a.token, body: { CommonPostID: middle, IsPaused: true } });
    await call(t, 'PUT', '/sph/edit_scheduled_post/', { token: a.token, body: { CommonPostID: late, IsActive: false } });
    const after = (await list(a.token, id)).json.response_data;
    expect(after.map((p: { CommonPostID: string; IsPaused: boolean }) => [p.CommonPostID, p.IsPaused])).toEqual([
      [soon, false],
      [middle, true],
    ]);
    t.clock.advance(16 * MIN);
    await publishDue(t);
    expect((await list(a.token, id)).json.response_data.map((p: { CommonPostID: string }) => p.CommonPostID)).toEqual([middle]);
  });

  it('a post sent now from the list leaves it and goes out', async () => {
    const a = await author();
    const id = await me(a.token);
    const post = await a.schedule('Send me now', 40);
    const now = await call(t, 'POST', '/sph/social-media-manager/post-now/', { token: a.token, body: { CommonPostID: post } });
    expect(now.status).toBe(200);
    await publishDue(t);
    expect((await list(a.token, id)).json.total).toBe(0);
  });

  it('post now and resume run the post-count check: a post the plan never counted is refused at the limit', async () => {
    const a = await author();
    // scheduled before the plan existed: not counted against it
    const uncounted = await a.schedule('Before the plan', 50);
    const me = (await call(t, 'GET', '/api/user/getUserStatus', { token: a.token })).json.response.result._id;
    expect((await call(t, 'POST', '/api/subscription/AddInfSubs', { token: a.token, body: { userId: me } })).status).toBe(200);
    const counted = await a.schedule('Counted by the plan', 50);
    for (let i = 0; i < 4; i++) {
      const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
        token: a.token,
        body: postBody(`Now ${i}`, [a.photo], [{ UserSocialMediaID: a.ids.twitter }]),
      });
      expect(res.status).toBe(200);
    }
    expect((await call(t, 'GET', '/api/subscription/postCountTrack', { token: a.token })).status).toBe(429);

    const refused = await call(t, 'POST', '/sph/social-media-manager/post-now/', {
      token: a.token,
      body: { CommonPostID: uncounted },
    });
    expect(refused.status).toBe(429);
    expect(refused.json.response_message).toBe(POST_MSG.limitExceeded);
    await call(t, 'PUT', '/sph/edit_scheduled_post/', { token: a.token, body: { CommonPostID: uncounted, IsPaused: true } });
    const resume = await call(t, 'PUT', '/sph/edit_scheduled_post/', {
      token: a.token,
      body: { CommonPostID: uncounted, IsPaused: false },
    });
    expect(resume.status).toBe(429);
    // nothing moved: still scheduled and paused
    const still = (await list(a.token, me)).json.response_data.find(
      (p: { CommonPostID: string }) => p.CommonPostID === uncounted,
    );
    expect(still).toMatchObject({ IsScheduled: true, IsPaused: true });

    // the count check asked for a post: the counted one passes at the limit, the uncounted one does not
    const track = (q: string, token = a.token) => call(t, 'GET', `/api/subscription/postCountTrack${q}`, { token });
    const forCounted = await track(`?CommonPostID=${counted}`);
    expect(forCounted.status).toBe(200);
    expect(forCounted.json.response).toMatchObject({ postCount: 5, postLimit: 5, remaining: 0 });
    expect((await track(`?CommonPostID=${uncounted}`)).status).toBe(429);
    expect((await track('')).status).toBe(429);
    // a counted post is resumed at the limit (the web app asks the check with its id first)
    await call(t, 'PUT', '/sph/edit_scheduled_post/', { token: a.token, body: { CommonPostID: counted, IsPaused: true } });
    const resumed = await call(t, 'PUT', '/sph/edit_scheduled_post/', {
      token: a.token,
      body: { CommonPostID: counted, IsPaused: false },
    });
    expect(resumed.status).toBe(200);

    // the one the plan counted when it was scheduled still goes
    const sent = await call(t, 'POST', '/sph/social-media-manager/post-now/', {
      token: a.token,
      body: { CommonPostID: counted },
    });
    expect(sent.status).toBe(200);
  });

  it("the post-count check for a post refuses another organization's post, a bad id and no session", async () => {
    const a = await author();
    const post = await a.schedule('Only mine', 30);
    const b = await author();
    const theirs = await call(t, 'GET', `/api/subscription/postCountTrack?CommonPostID=${post}`, { token: b.token });
    expect(theirs.status).toBe(404);
    expect(theirs.json.message).toBe(POST_MSG.postNotFound);
    const tooLong = await call(t, 'GET', `/api/subscription/postCountTrack?CommonPostID=${'x'.repeat(65)}`, {
      token: a.token,
    });
    expect(tooLong.status).toBe(400);
    expect((await call(t, 'GET', `/api/subscription/postCountTrack?CommonPostID=${post}`)).status).toBe(401);
    expect((await call(t, 'GET', `/api/subscription/postCountTrack?CommonPostID=${post}`, { token: a.token })).status).toBe(200);
  });

  it('refuses bad paging with a 400', async () => {
    const { token } = await buildUser(t);
    const id = await me(token);
    for (const q of ['?page=0', '?page=abc', '?page=-1', '?limit=0', '?limit=500', '?page=1.5']) {
      const res = await list(token, id, q);
      expect(res.status, q).toBe(400);
      expect(res.json.response_code).toBe(400);
    }
  });

  it("refuses another user's id, never shows another organization's posts, and needs a session", async () => {
    const a = await author();
    await a.schedule('Mine only', 20);
    const b = await buildUser(t);
    const aId = await me(a.token);
    const bId = await me(b.token);
    const other = await list(b.token, aId);
    expect(other.status).toBe(403);
    expect(other.json.response_message).toBe(MSG.forbidden);
    const own = await list(b.token, bId);
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ response_data: [], total: 0, pages: 1 });
    expect((await call(t, 'GET', `/sph/scheduled_post_details/${aId}`)).status).toBe(401);
  });

  it("a business manager reads its business's list but cannot move a post; IMC is refused", async () => {
    const team = await makeTeam(t, 'Acme Foods', perms({ '6': { Post: true, Scheduler: true } }));
    const owner = await author(team.owner.token);
    const post = await owner.schedule('The business post', 20);
    const outsider = await author();
    await outsider.schedule('Not the business', 20);

    const managerId = await me(team.manager.token);
    const seen = await list(team.manager.token, managerId);
    expect(seen.status).toBe(200);
    expect(seen.json.response_data.map((p: { CommonPostID: string }) => p.CommonPostID)).toEqual([post]);
    const pause = await call(t, 'PUT', '/sph/edit_scheduled_post/', {
      token: team.manager.token,
      body: { CommonPostID: post, IsPaused: true },
    });
    expect(pause.status).toBe(403);
    const sendNow = await call(t, 'POST', '/sph/social-media-manager/post-now/', {
      token: team.manager.token,
      body: { CommonPostID: post },
    });
    expect(sendNow.status).toBe(403);

    const imc = await buildUser(t, { profileType: 'IMC' });
    const refused = await list(imc.token, await me(imc.token));
    expect(refused.status).toBe(403);
  });
});
