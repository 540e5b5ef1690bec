import { SANDBOX_TIKTOK_CLIENT, TIKTOK_DEMO_FIGURES, tiktokEmulatorRoutes } from '@virality/sandbox/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import { networkFailure } from '../../integrations/networks/test-kit';
import { createTikTokAdapter, TIKTOK_SCOPES } from '../../integrations/networks/tiktok';
import type { TAccountRef, TGrant, TPublishMedia, TPublishRequest } from '../../integrations/networks/types';
import {
  clickConsent,
  emulatorApp,
  emulatorSettings,
  onceTaken,
  TEST_PUBLIC_URL as publicUrl,
  testClip,
  testPhoto,
} from './test-kit';

const emulator = `${publicUrl}/sandbox/tiktok`;
const settings = emulatorSettings(SANDBOX_TIKTOK_CLIENT, '/sandbox/tiktok');
const clock = new Clock();

/** The adapter's and the emulator's calls reach the test app in-process; the adapter's are counted. */
const emulators = emulatorApp(async (app, viaAppFetch) => {
  app.get('/media/photo.jpg', async (_req, reply) => reply.type('image/jpeg').send(JPEG));
  app.get('/media/clip.mp4', async (_req, reply) => reply.type('video/mp4').send(MP4));
  app.get('/media/page.html', async (_req, reply) => reply.type('text/html').send('<p>not a video</p>'));
  await app.register(tiktokEmulatorRoutes({ clock, publicUrl, fetch: viaAppFetch }));
});
const { app, viaApp } = emulators;
let apiCalls = 0;
const counting: typeof fetch = (input, init) => {
  apiCalls++;
  return viaApp.fetch(input, init);
};
const adapter = createTikTokAdapter(settings, counting, () => clock.now());

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(16)]);

afterEach(async () => {
  await control({ clear: true });
  // a day later: the per-minute and per-day publishing limits start afresh for the next test
  clock.advance(25 * 3600_000);
});

const control = (payload: Record<string, unknown>) => emulators.control('/sandbox/tiktok', payload);

/** Picks a demo profile on the consent page, Allows, and exchanges the code: a freshly linked account. */
async function link(profile = 'tt-ava'): Promise<{ grant: TGrant; account: TAccountRef }> {
  const { url, secret } = await adapter.authorize({ state: 'st' });
  const { res } = await clickConsent(app, url, { profile, decision: 'allow' });
  const code = new URL(String(res.headers.location)).searchParams.get('code');
  const grant = await adapter.exchange({ code, oauthToken: null, oauthVerifier: null }, secret, clock.now());
  const [found] = await adapter.discover(grant);
  return { grant, account: { remoteId: found.remoteId, kind: found.kind } };
}

const photo = (path = '/media/photo.jpg') => testPhoto(JPEG.length, { url: `${publicUrl}${path}`, height: 1350 });
const clip = (path = '/media/clip.mp4', durationSec = 20) => testClip(MP4.length, { url: `${publicUrl}${path}`, durationSec });
const request = (account: TAccountRef, media: TPublishMedia[], text = 'Dinner in 10 minutes'): TPublishRequest => ({
  account,
  format: 'post',
  text,
  media,
  privacy: 'PUBLIC_TO_EVERYONE',
});

/** Publishes and polls until TikTok says it is out (at most `polls` status calls). */
async function publishAndWait(grant: TGrant, req: TPublishRequest, polls = 3) {
  let state = await adapter.publish(grant, req);
  for (let i = 0; i < polls && state.state === 'processing'; i++)
    state = await adapter.publishStatus(grant, req.account, state.ticket);
  return state;
}

describe('publishing to TikTok through the emulator', () => {
  it('a video goes out through processing: in progress on the first poll, published on the second, then listed', async () => {
    const { grant, account } = await link('tt-ava');
    const started = await adapter.publish(grant, request(account, [clip()], 'Pasta in one pan #dinner'));
    expect(started.state).toBe('processing');
    if (started.state !== 'processing') return;
    expect(started.checkAfterMs).toBeGreaterThan(0);
    const first = await adapter.publishStatus(grant, account, started.ticket);
    expect(first.state).toBe('processing');
    if (first.state !== 'processing') return;
    const second = await adapter.publishStatus(grant, account, first.ticket);
    expect(second.state).toBe('published');
    if (second.state !== 'published') return;
    // the id is TikTok's int64, read exactly (not rounded by JSON reading)
    expect(second.postId).toMatch(/^7\d{18}$/);
    expect(second.url).toBe(`https://www.tiktok.com/@ava.cooks/video/${second.postId}`);

    const recent = await adapter.recentPosts(grant, account, 5);
    expect(recent[0]).toMatchObject({ postId: second.postId, text: 'Pasta in one pan #dinner', url: second.url });
    expect(Math.abs(recent[0].createdAt.getTime() - clock.nowMs())).toBeLessThan(2000);
  });

  it('photos go out at once on the first poll, with the caption, and are listed newest first', async () => {
    const { grant, account } = await link('tt-milo');
    const video = await publishAndWait(grant, request(account, [clip()], 'first'));
    const photos = await publishAndWait(grant, request(account, [photo(), photo()], 'Morning stretch, 3 poses'), 1);
    expect(video.state).toBe('published');
    expect(photos.state).toBe('published');
    if (photos.state !== 'published' || video.state !== 'published') return;
    const recent = await adapter.recentPosts(grant, account, 10);
    expect(recent.map((p) => p.postId)).toEqual([photos.postId, video.postId]);
    expect(recent[0].text).toBe('Morning stretch, 3 poses');
    expect(await adapter.recentPosts(grant, account, 1)).toHaveLength(1);
  });

  it('a processing failure is permanent, with TikTok’s reason in plain words', async () => {
    const { grant, account } = await link();
    const before = await adapter.recentPosts(grant, account, 5);
    await control({ fail: 'processing_error' });
    const started = await adapter.publish(grant, request(account, [clip()]));
    if (started.state !== 'processing') throw new Error('expected processing');
    expect((await adapter.publishStatus(grant, account, started.ticket)).state).toBe('processing');
    const err = await networkFailure(adapter.publishStatus(grant, account, started.ticket));
    expect(err.kind).toBe('permanent');
    expect(err.details.code).toBe('file_format_check_failed');
    expect(err.reason).toMatch(/could not read the media file/);
    expect(await adapter.recentPosts(grant, account, 5)).toEqual(before);
  });

  it('a media address that is not a video (or cannot be read) fails the publish, permanent', async () => {
    const { grant, account } = await link();
    const notVideo = await networkFailure(publishAndWait(grant, request(account, [clip('/media/page.html')])));
    expect(notVideo.kind).toBe('permanent');
    expect(notVideo.details.code).toBe('file_format_check_failed');
    const missing = await networkFailure(publishAndWait(grant, request(account, [photo('/media/gone.jpg')])));
    expect(missing.details.code).toBe('photo_pull_failed');
    expect(missing.reason).toMatch(/could not download a photo/);
  });

  it('a post over the limits is refused before any call: text only, too long, no privacy, a privacy level missing', async () => {
    const { grant, account } = await link();
    apiCalls = 0;
    const textOnly = await networkFailure(adapter.publish(grant, request(account, [])));
    expect(textOnly.kind).toBe('permanent');
    expect(textOnly.reason).toMatch(/cannot be text only/);
    const long = await networkFailure(adapter.publish(grant, request(account, [clip()], 'x'.repeat(2201))));
    expect(long.reason).toBe('TikTok allows 2200 characters; this post has 2201');
    const noPrivacy = await networkFailure(adapter.publish(grant, { ...request(account, [clip()]), privacy: null }));
    expect(noPrivacy.reason).toMatch(/privacy level/);
    const mixed = await networkFailure(adapter.publish(grant, request(account, [clip(), photo()])));
    expect(mixed.reason).toMatch(/does not mix/);
    const tooLong = await networkFailure(adapter.publish(grant, request(account, [clip('/media/clip.mp4', 601)])));
    expect(tooLong.reason).toMatch(/up to 600 seconds; this one lasts 601/);
    expect(apiCalls).toBe(0);
  });

  it('a privacy level the creator does not offer is refused after asking TikTok, before the post starts', async () => {
    const { grant, account } = await link();
    const before = await adapter.recentPosts(grant, account, 5);
    apiCalls = 0;
    const err = await networkFailure(adapter.publish(grant, { ...request(account, [clip()]), privacy: 'FRIENDS_ONLY' }));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/does not offer the privacy level FRIENDS_ONLY/);
    expect(apiCalls).toBe(1);
    expect(await adapter.recentPosts(grant, account, 5)).toEqual(before);
  });

  it('an expired token during publish means reconnect', async () => {
    const { grant, account } = await link();
    await control({ fail: 'expired_token' });
    const err = await networkFailure(adapter.publish(grant, request(account, [clip()])));
    expect(err.kind).toBe('reconnect');
    expect(err.details.code).toBe('access_token_invalid');
  });

  it('a rate limit (429 rate_limit_exceeded) is rate_limited with its retryAt', async () => {
    const { grant, account } = await link();
    await control({ fail: 'rate_limit' });
    const err = await networkFailure(adapter.publish(grant, request(account, [clip()])));
    expect(err.kind).toBe('rate_limited');
    expect(err.details).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
    expect(err.retryAt!.getTime()).toBeGreaterThan(clock.nowMs());
  });

  it('more than 6 publishes a minute: the 7th init is refused (429) until the minute has passed', async () => {
    const { grant, account } = await link('tt-nora');
    for (let i = 0; i < 6; i++) expect((await adapter.publish(grant, request(account, [photo()]))).state).toBe('processing');
    const err = await networkFailure(adapter.publish(grant, request(account, [photo()])));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt!.getTime()).toBeGreaterThan(clock.nowMs());
    expect(err.retryAt!.getTime()).toBeLessThanOrEqual(clock.nowMs() + 61_000);
    clock.advance(61_000);
    expect((await adapter.publish(grant, request(account, [photo()]))).state).toBe('processing');
  });

  it('a server error is a passing failure (retry)', async () => {
    const { grant, account } = await link();
    await control({ fail: 'server_error' });
    const err = await networkFailure(adapter.publish(grant, request(account, [clip()])));
    expect(err.kind).toBe('retry');
    expect(err.details.status).toBe(500);
    const started = await adapter.publish(grant, request(account, [clip()]));
    if (started.state !== 'processing') throw new Error('expected processing');
    await control({ fail: 'server_error' });
    expect((await networkFailure(adapter.publishStatus(grant, account, started.ticket))).kind).toBe('retry');
    expect((await adapter.publishStatus(grant, account, started.ticket)).state).toBe('processing');
  });
});

describe("a TikTok post's figures and the profile's through the emulator", () => {
  it('analytics for a published post grow as the clock moves', async () => {
    const { grant, account } = await link();
    const out = await publishAndWait(grant, request(account, [clip()]));
    if (out.state !== 'published') throw new Error('expected published');
    expect(await adapter.analytics(grant, account, out.postId, 'post')).toEqual({ views: 0, likes: 0, comments: 0, shares: 0 });
    clock.advance(30 * 60_000);
    expect(await adapter.analytics(grant, account, out.postId, 'post')).toEqual({
      views: 1200,
      likes: 120,
      comments: 24,
      shares: 12,
    });
    clock.advance(60 * 60_000);
    expect((await adapter.analytics(grant, account, out.postId, 'post')).views).toBe(3600);
    const unknown = await networkFailure(adapter.analytics(grant, account, '7000000000000000001', 'post'));
    expect(unknown.kind).toBe('permanent');
  });

  it('profile figures are the demo profile’s, and its video count grows with each post', async () => {
    const { grant, account } = await link('tt-nora');
    const before = await adapter.profile(grant, account);
    const figures = TIKTOK_DEMO_FIGURES['tt-nora'];
    expect(before).toMatchObject({
      userName: 'nora.travels',
      pictureUrl: `${emulator}/avatar/tt-nora.svg`,
      followers: figures.followers,
      following: figures.following,
      likes: figures.likes,
      subscribers: null,
      views: null,
    });
    await publishAndWait(grant, request(account, [photo()]));
    expect((await adapter.profile(grant, account)).media).toBe((before.media ?? 0) + 1);
  });

  it('reading posts back needs the video.list scope: a grant without it must reconnect', async () => {
    const { url, secret } = await adapter.authorize({ state: 'st' });
    const { res } = await clickConsent(app, url, {
      profile: 'tt-ava',
      decision: 'allow',
      change: { scope: TIKTOK_SCOPES.filter((s) => s !== 'video.list').join(',') },
    });
    const code = new URL(String(res.headers.location)).searchParams.get('code');
    const grant = await adapter.exchange({ code, oauthToken: null, oauthVerifier: null }, secret, clock.now());
    const err = await networkFailure(adapter.recentPosts(grant, { remoteId: 'tt-ava', kind: 'profile' }, 5));
    expect(err.kind).toBe('reconnect');
    expect(err.details.code).toBe('scope_not_authorized');
  });
});

describe('finding a post whose answer was lost (postsSince), through the emulator', () => {
  /** The calls that list the creator's posts, counted. */
  let listings = 0;
  const listing: typeof fetch = (input, init) => {
    if (String(input).includes('/v2/video/list/')) listings++;
    return viaApp.fetch(input, init);
  };
  /** The adapter as a test may make it: pages of `pageSize` posts, so that a few posts make several pages. */
  const paged = (pageSize: number) => createTikTokAdapter(settings, listing, () => clock.now(), { pageSize });
  /** A moment after every post so far: what a check made now looks back to. */
  const freshSince = () => {
    clock.advance(1000);
    return clock.now();
  };
  /**
   * A photo post, published (TikTok has it out at the first poll), 11 s after the last: six a minute at most. A
   * creator's 15 posts a day spent, the next day (with a renewed token: TikTok's last 24 hours) posts it.
   */
  async function post(grant: TGrant, account: TAccountRef, text: string): Promise<TGrant> {
    clock.advance(11_000);
    try {
      expect((await publishAndWait(grant, request(account, [photo()], text), 1)).state).toBe('published');
      return grant;
    } catch (err) {
      if ((err as { kind?: string }).kind !== 'rate_limited') throw err;
      clock.advance(24 * 3600_000 + 60_000);
      const renewed = await adapter.refresh(grant, clock.now());
      expect((await publishAndWait(renewed, request(account, [photo()], text), 1)).state).toBe('published');
      return renewed;
    }
  }

  it('postsSince finds a post made before more than one page of newer ones', async () => {
    let { grant, account } = await link('tt-nora');
    grant = await post(grant, account, 'Yesterday');
    const since = freshSince();
    grant = await post(grant, account, 'The one whose answer was lost');
    for (let i = 1; i <= 3; i++) grant = await post(grant, account, `Newer ${i}`);
    listings = 0;
    const found = await paged(2).postsSince(grant, account, since);
    expect(found.complete).toBe(true);
    expect(found.posts.map((p) => p.text)).toEqual(['Newer 3', 'Newer 2', 'Newer 1', 'The one whose answer was lost']);
    expect(found.posts[3].url).toMatch(/^https:\/\/www\.tiktok\.com\/@nora\.travels\/video\/7\d{18}$/);
    // two pages of two hold the posts since; the third reaches yesterday's
    expect(listings).toBe(3);
  });

  it('postsSince stops at `since`: older posts are not returned, and no page past the one reaching them is asked for', async () => {
    let { grant, account } = await link('tt-milo');
    for (let i = 1; i <= 3; i++) grant = await post(grant, account, `Before ${i}`);
    const since = freshSince();
    grant = await post(grant, account, 'After 1');
    grant = await post(grant, account, 'After 2');
    listings = 0;
    const found = await paged(2).postsSince(grant, account, since);
    expect(found).toMatchObject({ complete: true });
    expect(found.posts.map((p) => p.text)).toEqual(['After 2', 'After 1']);
    expect(listings).toBe(2);
  });

  it('postsSince is not complete when more than POSTS_SINCE_MAX_PAGES pages would be needed', async () => {
    let { grant, account } = await link('tt-nora');
    const since = freshSince();
    for (let i = 1; i <= 21; i++) grant = await post(grant, account, `Busy days ${i}`);
    listings = 0;
    const found = await paged(1).postsSince(grant, account, since);
    expect(found.complete).toBe(false);
    expect(found.posts).toHaveLength(20);
    expect(found.posts[0].text).toBe('Busy days 21');
    expect(listings).toBe(20);
    // TikTok's own page of 20: two pages, and complete
    const all = await adapter.postsSince(grant, account, since);
    expect(all).toMatchObject({ complete: true });
    expect(all.posts).toHaveLength(21);
  });

  it("a failure kept for one account is not taken by another account's call", async () => {
    const ava = await link('tt-ava');
    const milo = await link('tt-milo');
    const since = freshSince();
    await control({ fail: 'server_error', account: ava.account.remoteId });
    expect((await adapter.postsSince(milo.grant, milo.account, since)).complete).toBe(true);
    await post(milo.grant, milo.account, 'Milo, untouched');
    const err = await networkFailure(adapter.postsSince(ava.grant, ava.account, since));
    expect(err.kind).toBe('retry');
    expect(err.details.status).toBe(500);
    expect((await adapter.postsSince(ava.grant, ava.account, since)).complete).toBe(true);
  });

  it('a failure kept for reads fails postsSince but not a publish', async () => {
    const { grant, account } = await link('tt-ava');
    const since = freshSince();
    await control({ fail: 'server_error', only: 'read' });
    const started = await adapter.publish(grant, request(account, [photo()], 'Posted while reads fail'));
    expect(started.state).toBe('processing');
    expect((await networkFailure(adapter.postsSince(grant, account, since))).kind).toBe('retry');
    if (started.state !== 'processing') return;
    expect((await adapter.publishStatus(grant, account, started.ticket)).state).toBe('published');
    const found = await adapter.postsSince(grant, account, since);
    expect(found.posts.map((p) => p.text)).toEqual(['Posted while reads fail']);
  });

  it('a lost answer (lose_answers): the publish fails as a passing failure, yet the post is on the account', async () => {
    const ava = await link('tt-ava');
    const milo = await link('tt-milo');
    const since = freshSince();
    await control({ lose_answers: 1, account: ava.account.remoteId });
    // another creator's post is not the one asked to lose its answer
    await post(milo.grant, milo.account, 'Milo, answered');
    const impatient = createTikTokAdapter(settings, emulators.impatientFetch, () => clock.now());
    const err = await networkFailure(impatient.publish(ava.grant, request(ava.account, [photo()], 'Posted once, answer lost')));
    expect(err.kind).toBe('retry');
    // TikTok went on with the post by itself: no status was ever asked for it
    const found = await onceTaken(
      () => adapter.postsSince(ava.grant, ava.account, since),
      (f) => f.posts.length > 0,
    );
    expect(found).toMatchObject({ complete: true, posts: [{ text: 'Posted once, answer lost' }] });
    clock.advance(11_000);
    expect((await adapter.publish(ava.grant, request(ava.account, [photo()], 'Answered'))).state).toBe('processing');
  });

  it("the emulator's list pages as TikTok's: max_count up to 20, a cursor (a time in ms) and has_more", async () => {
    let { grant, account } = await link('tt-milo');
    for (let i = 1; i <= 3; i++) grant = await post(grant, account, `Milo ${i}`);
    const list = (body: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/sandbox/tiktok/v2/video/list/?fields=id,video_description,create_time',
        headers: { authorization: `Bearer ${grant.accessToken}`, 'content-type': 'application/json' },
        payload: body,
      });
    const first = (await list({ max_count: 2 })).json().data;
    expect(first.videos.map((v: { video_description: string }) => v.video_description)).toEqual(['Milo 3', 'Milo 2']);
    expect(first.has_more).toBe(true);
    expect(typeof first.cursor).toBe('number');
    const second = (await list({ max_count: 2, cursor: first.cursor })).json().data;
    expect(second.videos[0].video_description).toBe('Milo 1');
    expect((await list({ max_count: 21 })).json().error.code).toBe('invalid_params');
  });
});
