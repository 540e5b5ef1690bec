import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPeerApp, buildTestApp, call, setUserFields, type TTestApp } from '../../test/helpers';
import { failNext, postNow, publishDue, userIdOf, xAuthor } from './posts-test-kit';

/**
 * The post lists and the calendar answer from memory while nothing they show changes; every change of what they
 * show (a post, its targets, the account it went to, its writer's name) is seen by the very next read.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

type TCard = {
  CommonPostID: string;
  IsPaused: boolean;
  ScheduledTime: string | null;
  UserName: string;
  MediaPostedOn: { Status: string; UserSocialMediaID: string | null }[];
};
const cards = (res: { json: { response_data: TCard[] } }) => res.json.response_data;
const edit = (token: string, body: Record<string, unknown>) => call(t, 'PUT', '/sph/edit_scheduled_post/', { token, body });

/** An author with an X account, its id, and its scheduled list read twice (the second read answered from memory). */
async function author() {
  const a = await xAuthor(t);
  const id = await userIdOf(t, a.token);
  const scheduled = async () => {
    const first = await call(t, 'GET', `/sph/scheduled_post_details/${id}/`, { token: a.token });
    const again = await call(t, 'GET', `/sph/scheduled_post_details/${id}/`, { token: a.token });
    expect(again.json).toEqual(first.json);
    return cards(first);
  };
  const recent = async () => {
    const first = await call(t, 'GET', `/sph/recent_post_details/${id}/`, { token: a.token });
    const again = await call(t, 'GET', `/sph/recent_post_details/${id}/`, { token: a.token });
    expect(again.json).toEqual(first.json);
    return cards(first);
  };
  const schedule = async (caption: string, minutes: number) => {
    const res = await a.schedule(caption, minutes);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.response_data.CommonPostID as string;
  };
  return { ...a, id, scheduled, recent, schedule };
}

describe('a kept list answer is forgotten by every change of what it shows', () => {
  it('the scheduled list shows at once a post scheduled, paused, resumed, moved and deleted', async () => {
    const a = await author();
    expect(await a.scheduled()).toEqual([]);
    const post = await a.schedule('Kept answers', 60);
    expect((await a.scheduled()).map((c) => c.CommonPostID)).toEqual([post]);

    expect((await edit(a.token, { CommonPostID: post, IsPaused: true })).status).toBe(200);
    expect((await a.scheduled())[0]).toMatchObject({ IsPaused: true, MediaPostedOn: [{ Status: 'paused' }] });
    expect((await edit(a.token, { CommonPostID: post, IsPaused: false })).status).toBe(200);
    expect((await a.scheduled())[0]).toMatchObject({ IsPaused: false, MediaPostedOn: [{ Status: 'scheduled' }] });

    const later = new Date(t.clock.nowMs() + 3 * 3_600_000);
    const time = later.toISOString().slice(11, 16);
    const moved = await edit(a.token, {
      CommonPostID: post,
      ScheduledDate: later.toISOString().slice(0, 10),
      ScheduledTime: time,
    });
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect((await a.scheduled())[0].ScheduledTime).toBe(time);

    expect((await edit(a.token, { CommonPostID: post, IsActive: false })).status).toBe(200);
    expect(await a.scheduled()).toEqual([]);
  });

  it("the recent list shows a post once the network took it, and a target's failure as soon as it is written", async () => {
    const a = await author();
    expect(await a.recent()).toEqual([]);
    const out = await postNow(t, a.token, a.photo, [a.ids.twitter], 'Out now');
    await publishDue(t);
    expect((await a.recent()).map((c) => [c.CommonPostID, c.MediaPostedOn[0].Status])).toEqual([[out, 'published']]);

    // a post going out later: kept as scheduled, then its publish is refused by the network
    const post = await a.schedule('Refused later', 30);
    expect((await a.scheduled())[0].MediaPostedOn[0].Status).toBe('scheduled');
    await failNext(t, 'twitter', 'missing_permission', 1);
    t.clock.advance(31 * 60_000);
    await publishDue(t);
    const refused = (await a.scheduled()).find((c) => c.CommonPostID === post);
    expect(refused?.MediaPostedOn[0].Status).toBe('needs_reconnect');
  });

  it("a writer's new name shows in the lists at once", async () => {
    const a = await author();
    await a.schedule('Named', 60);
    expect((await a.scheduled())[0].UserName).not.toBe('Kept Answers Writer');
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token: a.token });
    await setUserFields(t, status.json.response.result._id, { name: 'Kept Answers Writer' });
    expect((await a.scheduled())[0].UserName).toBe('Kept Answers Writer');
  });

  it('an unlinked account is gone from the cards that went to it at once', async () => {
    const a = await author();
    await a.schedule('To be unlinked', 60);
    expect((await a.scheduled())[0].MediaPostedOn[0].UserSocialMediaID).toBe(a.ids.twitter);
    const unlink = await call(t, 'PUT', `/sph/deleteSocialMediaDetails/${a.ids.twitter}/`, { token: a.token });
    expect(unlink.status, JSON.stringify(unlink.json)).toBe(200);
    expect((await a.scheduled())[0]?.MediaPostedOn[0]?.UserSocialMediaID ?? null).toBeNull();
  });

  it("the calendar's month shows a post scheduled into it at once, and its day's count", async () => {
    const a = await author();
    const day = new Date(t.clock.nowMs() + 2 * 86_400_000).toISOString().slice(0, 10);
    const body = { StartDate: day, EndDate: day, TimeZone: 'UTC', PerDay: 3 };
    const month = async () => {
      const first = await call(t, 'POST', '/sph/posts_date_range/', { token: a.token, body });
      const again = await call(t, 'POST', '/sph/posts_date_range/', { token: a.token, body });
      expect(first.status).toBe(200);
      expect(again.json).toEqual(first.json);
      return first.json as { response_data: TCard[]; day_counts: Record<string, number> };
    };
    expect((await month()).response_data).toEqual([]);
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: a.token,
      body: {
        CaptionDescription: 'Into the month',
        MediaDetails: [{ ImageVideoUrl: a.photo, ImageVideoName: 'media' }],
        PostDetails: [{ UserSocialMediaID: a.ids.twitter }],
        IsScheduled: true,
        ScheduledDate: day,
        ScheduledTime: '12:00',
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = await month();
    expect(after.response_data.map((c) => c.CommonPostID)).toEqual([res.json.response_data.CommonPostID]);
    expect(after.day_counts).toEqual({ [day]: 1 });
  });
});

describe('a kept answer goes compressed to a caller that accepts it', () => {
  it('with accept-encoding gzip the list comes gzipped, the same answer as uncompressed, and says it varies by encoding', async () => {
    const a = await author();
    for (let i = 0; i < 4; i++) await a.schedule(`Compressed ${i}`, 60 + i);
    const url = `/sph/scheduled_post_details/${a.id}/`;
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'x-access-token': a.token } });
    const zipped = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'x-access-token': a.token, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers['cache-control']).toBe('no-store');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it("another user's read is refused before any kept answer is looked at, compressed or not", async () => {
    const a = await author();
    await a.schedule('Mine only', 60);
    await a.scheduled();
    const b = await xAuthor(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/sph/scheduled_post_details/${a.id}/`,
      headers: { 'x-access-token': b.token, 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

const onPg = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPg)('a change made in one process is seen by the next list read of another', () => {
  let peer: Awaited<ReturnType<typeof buildPeerApp>>;
  beforeAll(async () => {
    peer = await buildPeerApp(t);
  });
  afterAll(async () => peer?.close());

  it('a post paused through one process shows paused in the next read of the list from another', async () => {
    const a = await author();
    const post = await a.schedule('Across processes', 60);
    const onPeer = () =>
      call(peer as unknown as TTestApp, 'GET', `/sph/scheduled_post_details/${a.id}/`, { token: a.token }).then(cards);
    expect((await onPeer())[0].IsPaused).toBe(false);
    expect((await onPeer())[0].IsPaused).toBe(false);
    expect((await edit(a.token, { CommonPostID: post, IsPaused: true })).status).toBe(200);
    expect((await onPeer())[0].IsPaused).toBe(true);
  });
});
