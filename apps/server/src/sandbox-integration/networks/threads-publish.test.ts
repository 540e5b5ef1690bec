import { SANDBOX_THREADS_CLIENT, THREADS_DEMO_PROFILES, threadsEmulatorRoutes } from '@virality/sandbox/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import { networkFailure } from '../../integrations/networks/test-kit';
import { createThreadsAdapter } from '../../integrations/networks/threads';
import {
  POSTS_SINCE_MAX_PAGES,
  type TAccountRef,
  type TGrant,
  type TPublishMedia,
  type TPublishRequest,
} from '../../integrations/networks/types';
import {
  clickConsent,
  emulatorApp,
  emulatorSettings,
  onceTaken,
  TEST_PUBLIC_URL as publicUrl,
  testClip,
  testPhoto,
} from './test-kit';

const emulator = `${publicUrl}/sandbox/threads`;
const settings = emulatorSettings(SANDBOX_THREADS_CLIENT, '/sandbox/threads');
const clock = new Clock();
const emulators = emulatorApp(async (app, viaAppFetch) => {
  app.get('/media/photo.jpg', async (_req, reply) => reply.type('image/jpeg').send(JPEG));
  app.get('/media/clip.mp4', async (_req, reply) => reply.type('video/mp4').send(MP4));
  app.get('/media/page.html', async (_req, reply) => reply.type('text/html').send('<p>not a picture</p>'));
  await app.register(threadsEmulatorRoutes({ clock, publicUrl, fetch: viaAppFetch }));
});
const { app, viaApp } = emulators;
/** Every call the adapter makes, counted (a refused post must make none). */
let calls = 0;
const counting: typeof fetch = (input, init) => {
  calls++;
  return viaApp.fetch(input, init);
};
const adapter = createThreadsAdapter(settings, counting, () => clock.now());
/** The pages a listing asked for (GET /{uid}/threads), by their queries. */
const listings: URLSearchParams[] = [];
const listing: typeof fetch = (input, init) => {
  const u = new URL(String(input));
  if ((init?.method ?? 'GET') === 'GET' && /\/v1\.0\/\d+\/threads$/.test(u.pathname)) listings.push(u.searchParams);
  return viaApp.fetch(input, init);
};
/** Adapters reading the profile's posts a few at a time (Threads takes 1 to 100 a page), the listings counted. */
const pagedBy = (pageSize: number) => createThreadsAdapter(settings, listing, () => clock.now(), { pageSize });
/** A whole day on: the posts of earlier tests leave the 250-a-day window. */
const freshDay = () => clock.advance(86_400_000);

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const MP4 = Buffer.from([0x00, 0x00, 0x00, 0x18, ...Buffer.from('ftypmp42'), 0x00, 0x00, 0x00, 0x00]);

afterEach(async () => {
  await control({ clear: true });
});

const control = (payload: Record<string, unknown>) => emulators.control('/sandbox/threads', payload);
const profile = (id: string) => THREADS_DEMO_PROFILES.find((p) => p.id === id)!;

/** Authorize, Allow and exchange through the emulator: the grant of a freshly linked profile, and its account. */
async function link(chosen = 'th-ava'): Promise<{ grant: TGrant; account: TAccountRef }> {
  const { url } = await adapter.authorize({ state: 'st' });
  const { res } = await clickConsent(app, url, { profile: chosen, decision: 'allow' });
  const back = new URL(String(res.headers.location));
  const grant = await adapter.exchange(
    { code: back.searchParams.get('code'), oauthToken: null, oauthVerifier: null },
    null,
    clock.now(),
  );
  return { grant, account: { remoteId: profile(chosen).userId, kind: 'profile' } };
}

const photo = testPhoto(JPEG.length);
const clip = testClip(MP4.length);
const post = (account: TAccountRef, text: string, media: TPublishMedia[] = []): TPublishRequest => ({
  account,
  format: 'post',
  text,
  media,
});

/** Publishes and polls until out (at most `polls` status calls), answering the polls it took too. */
async function publishThrough(grant: TGrant, request: TPublishRequest, polls = 3) {
  let state = await adapter.publish(grant, request);
  let taken = 0;
  while (state.state === 'processing' && taken < polls) {
    state = await adapter.publishStatus(grant, request.account, state.ticket);
    taken++;
  }
  return { state, taken };
}

describe('publishing to Threads through the emulator', () => {
  it('a text post goes out after one status poll, with its address, and is found by recentPosts', async () => {
    const { grant, account } = await link();
    const startedMs = clock.nowMs();
    const first = await adapter.publish(grant, post(account, 'Sheet-pan gnocchi tonight 🍅'));
    expect(first.state).toBe('processing');
    const { state, taken } = await publishThrough(grant, post(account, 'Sheet-pan gnocchi tonight 🍅'));
    expect(taken).toBe(1);
    if (state.state !== 'published') throw new Error('not published');
    expect(state.url).toMatch(new RegExp(`^${emulator}/@ava\\.cooks/post/`));
    const page = await app.inject({ method: 'GET', url: new URL(state.url!).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sheet-pan gnocchi tonight');
    const recent = await adapter.recentPosts(grant, account, 5);
    expect(recent[0]).toMatchObject({ postId: state.postId, text: 'Sheet-pan gnocchi tonight 🍅', url: state.url });
    // Threads writes the moment in whole seconds; the test may run across a second's turn on a busy machine
    expect(recent[0].createdAt.getTime()).toBeGreaterThanOrEqual(Math.floor(startedMs / 1000) * 1000);
    expect(recent[0].createdAt.getTime()).toBeLessThanOrEqual(clock.nowMs());
  });

  it('an image post: the emulator pulls the image, which is ready at once', async () => {
    const { grant, account } = await link('th-milo');
    const { state, taken } = await publishThrough(grant, post(account, 'Morning stretch', [photo]));
    expect(taken).toBe(1);
    expect(state.state).toBe('published');
    const recent = await adapter.recentPosts(grant, account, 1);
    expect(recent).toHaveLength(1);
    expect(recent[0].text).toBe('Morning stretch');
  });

  it('a video is processing on the first poll and published on the second', async () => {
    const { grant, account } = await link();
    const request = post(account, 'Knife skills in 60 seconds', [clip]);
    const first = await adapter.publish(grant, request);
    if (first.state !== 'processing') throw new Error('expected processing');
    expect(first.checkAfterMs).toBeGreaterThan(0);
    const second = await adapter.publishStatus(grant, account, first.ticket);
    expect(second).toEqual({ state: 'processing', ticket: first.ticket, checkAfterMs: first.checkAfterMs });
    const third = await adapter.publishStatus(grant, account, first.ticket);
    if (third.state !== 'published') throw new Error('expected published');
    expect((await adapter.recentPosts(grant, account, 3)).map((p) => p.postId)).toContain(third.postId);
  });

  it('a carousel of an image and a video goes out once the video is processed', async () => {
    const { grant, account } = await link('th-nora');
    const { state, taken } = await publishThrough(grant, post(account, 'Lisbon in two frames', [photo, clip]));
    expect(taken).toBe(2);
    if (state.state !== 'published') throw new Error('not published');
    const found = await app.inject({
      method: 'GET',
      url: `/sandbox/threads/v1.0/${state.postId}?fields=media_type,text&access_token=${grant.accessToken}`,
    });
    expect(found.json()).toEqual({ media_type: 'CAROUSEL_ALBUM', text: 'Lisbon in two frames' });
  });

  it('recentPosts lists newest first, at most the limit', async () => {
    const { grant, account } = await link('th-milo');
    for (const text of ['one', 'two', 'three']) {
      await publishThrough(grant, post(account, text));
      clock.advance(1000);
    }
    expect((await adapter.recentPosts(grant, account, 2)).map((p) => p.text)).toEqual(['three', 'two']);
  });

  it('a processing failure is permanent, with the reason in plain words', async () => {
    const { grant, account } = await link();
    await control({ fail: 'processing_error' });
    const first = await adapter.publish(grant, post(account, 'Will not make it', [clip]));
    if (first.state !== 'processing') throw new Error('expected processing');
    expect((await adapter.publishStatus(grant, account, first.ticket)).state).toBe('processing');
    const err = await networkFailure(adapter.publishStatus(grant, account, first.ticket));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('Threads could not process the video');
    expect(err.details.code).toBe('FAILED_PROCESSING_VIDEO');
  });

  it('a media address that is not an image is refused by the network, permanently, in plain words', async () => {
    const { grant, account } = await link();
    const err = await networkFailure(
      adapter.publish(grant, post(account, 'Broken link', [{ ...photo, url: `${publicUrl}/media/page.html` }])),
    );
    expect(err.kind).toBe('permanent');
    expect(err.details.code).toBe('100/2207052');
    expect(err.reason).toMatch(/could not be downloaded from its address/);
  });

  it('a post over the limits is refused before any call, saying why', async () => {
    const { grant, account } = await link();
    const cases: [TPublishRequest, RegExp][] = [
      [post(account, 'x'.repeat(501)), /^Threads allows 500 characters; this post has 501$/],
      [
        post(
          account,
          'many',
          Array.from({ length: 21 }, () => photo),
        ),
        /allows 20 media files/,
      ],
      [{ ...post(account, 'story', [photo]), format: 'story' }, /feed posts only/],
      [post(account, 'gif', [{ ...photo, mimeType: 'image/gif' }]), /JPEG or PNG/],
      [post(account, 'long', [{ ...clip, durationSec: 301 }]), /5 minutes/],
      [post(account, '  '), /needs text or media/],
    ];
    for (const [request, why] of cases) {
      calls = 0;
      const err = await networkFailure(adapter.publish(grant, request));
      expect(err.kind).toBe('permanent');
      expect(err.reason).toMatch(why);
      expect(calls).toBe(0);
    }
  });

  it('the emulator itself refuses text over 500 characters and a carousel of one, in Graph’s shape', async () => {
    const { grant } = await link();
    const uid = profile('th-ava').userId;
    const create = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `/sandbox/threads/v1.0/${uid}/threads`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${grant.accessToken}` },
        payload: new URLSearchParams(fields).toString(),
      });
    const long = await create({ media_type: 'TEXT', text: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: 100, type: 'OAuthException' });
    const item = await create({ media_type: 'IMAGE', image_url: photo.url, is_carousel_item: 'true' });
    const single = await create({ media_type: 'CAROUSEL', children: item.json().id });
    expect(single.json().error).toMatchObject({ code: 100 });
    expect(single.json().error.message).toMatch(/between 2 and 20/);
  });

  it('past 250 posts in 24 hours the network refuses with a rate limit, until the oldest is a day old', async () => {
    const { grant, account } = await link('th-nora');
    const uid = profile('th-nora').userId;
    const limitNow = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/sandbox/threads/v1.0/${uid}/threads_publishing_limit?fields=quota_usage,config&access_token=${grant.accessToken}`,
        })
      ).json().data[0];
    clock.advance(2 * 86_400_000);
    const start = clock.nowMs();
    for (let i = 0; i < 250; i++) {
      const { state } = await publishThrough(grant, post(account, `post ${i}`));
      expect(state.state).toBe('published');
    }
    expect(await limitNow()).toEqual({ quota_usage: 250, config: { quota_total: 250, quota_duration: 86400 } });
    clock.advance(3600_000);
    const err = await networkFailure(publishThrough(grant, post(account, 'one too many')));
    expect(err.kind).toBe('rate_limited');
    // Graph counts the wait in whole minutes
    expect(err.retryAt!.getTime()).toBeGreaterThanOrEqual(start + 86_400_000);
    expect(err.retryAt!.getTime()).toBeLessThanOrEqual(clock.nowMs() + 23 * 3600_000 + 60_000);
    clock.advance(23 * 3600_000 + 60_000);
    expect((await publishThrough(grant, post(account, 'a new day'))).state.state).toBe('published');
    // the next tests start on a fresh day
    clock.advance(86_400_000);
  });
});

describe('Threads figures through the emulator', () => {
  it('a published post’s figures grow with the time since it went out', async () => {
    const { grant, account } = await link();
    const { state } = await publishThrough(grant, post(account, 'Figures, please'));
    if (state.state !== 'published') throw new Error('not published');
    expect(await adapter.analytics(grant, account, state.postId, 'post')).toEqual({
      views: 0,
      likes: 0,
      comments: 0,
      reposts: 0,
      quotes: 0,
      shares: 0,
    });
    clock.advance(60 * 60_000);
    const later = await adapter.analytics(grant, account, state.postId, 'post');
    expect(later).toEqual({ views: 2400, likes: 240, comments: 48, reposts: 24, quotes: 9, shares: 19 });
    clock.advance(60 * 60_000);
    expect((await adapter.analytics(grant, account, state.postId, 'post')).views).toBe(4800);
  });

  it("another profile's post has no figures for this one", async () => {
    const ava = await link();
    const milo = await link('th-milo');
    const { state } = await publishThrough(ava.grant, post(ava.account, 'Mine'));
    if (state.state !== 'published') throw new Error('not published');
    expect((await networkFailure(adapter.analytics(milo.grant, milo.account, state.postId, 'post'))).kind).toBe('permanent');
  });

  it('profile figures: the demo profile’s followers, views and likes, its username and picture', async () => {
    const { grant, account } = await link('th-milo');
    expect(await adapter.profile(grant, account)).toEqual({
      userName: 'milo.moves',
      pictureUrl: `${emulator}/avatar/th-milo.svg`,
      followers: 8310,
      following: null,
      media: null,
      subscribers: null,
      views: 54900,
      likes: 4770,
    });
  });
});

describe('failures kept for publishes', () => {
  it('a failure asked for publishes only is not taken by a profile read made meanwhile, and the publish meets it', async () => {
    const { grant, account } = await link();
    expect((await control({ fail: 'missing_permission', only: 'publish' })).statusCode).toBe(200);
    // the figures job reading the profile meanwhile goes through
    expect((await adapter.profile(grant, account)).userName).toBe('ava.cooks');
    const err = await networkFailure(adapter.publish(grant, post(account, 'Refused')));
    expect(err.kind).toBe('reconnect');
    // taken once: the next publish goes out
    expect((await adapter.publish(grant, post(account, 'Allowed'))).state).not.toBe('failed');
  });
});

describe('failures while publishing are classified', () => {
  it('an expired token during publish means reconnect', async () => {
    const { grant, account } = await link();
    await control({ fail: 'expired_token' });
    const err = await networkFailure(adapter.publish(grant, post(account, 'Expired')));
    expect(err.kind).toBe('reconnect');
    expect(err.details.code).toBe('190/463');
  });

  it('a rate limit while polling means rate_limited with a time to try again; the ticket still works after', async () => {
    const { grant, account } = await link();
    const first = await adapter.publish(grant, post(account, 'Limited'));
    if (first.state !== 'processing') throw new Error('expected processing');
    await control({ fail: 'rate_limit' });
    const err = await networkFailure(adapter.publishStatus(grant, account, first.ticket));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt!.getTime()).toBeGreaterThan(clock.nowMs());
    expect((await adapter.publishStatus(grant, account, first.ticket)).state).toBe('published');
  });

  it('a server error on the publishing step is retry, sent once, and nothing was published', async () => {
    const { grant, account } = await link('th-nora');
    const first = await adapter.publish(grant, post(account, 'Server trouble'));
    if (first.state !== 'processing') throw new Error('expected processing');
    // the status call answers FINISHED; the publishing call meets a 500 on its way
    let publishCalls = 0;
    const flaky: typeof fetch = async (input, init) => {
      if (String(input).includes('/threads_publish')) {
        publishCalls++;
        return new Response(
          JSON.stringify({ error: { message: 'An unexpected error has occurred.', code: 2, is_transient: true } }),
          {
            status: 500,
            headers: { 'content-type': 'application/json' },
          },
        );
      }
      return viaApp.fetch(input, init);
    };
    const err = await networkFailure(
      createThreadsAdapter(settings, flaky, () => clock.now()).publishStatus(grant, account, first.ticket),
    );
    expect(err.kind).toBe('retry');
    expect(publishCalls).toBe(1);
    expect((await adapter.recentPosts(grant, account, 100)).map((p) => p.text)).not.toContain('Server trouble');
    expect((await adapter.publishStatus(grant, account, first.ticket)).state).toBe('published');
  });

  it('server_error asked for through /_control: retry', async () => {
    const { grant, account } = await link();
    const first = await adapter.publish(grant, post(account, 'Server trouble, again'));
    if (first.state !== 'processing') throw new Error('expected processing');
    await control({ fail: 'server_error' });
    expect((await networkFailure(adapter.publishStatus(grant, account, first.ticket))).kind).toBe('retry');
    await control({ fail: 'server_error' });
    expect((await networkFailure(adapter.publish(grant, post(account, 'x')))).kind).toBe('retry');
  });

  it('a container not published within 24 hours has expired: permanent', async () => {
    const { grant, account } = await link();
    const first = await adapter.publish(grant, post(account, 'Too late'));
    if (first.state !== 'processing') throw new Error('expected processing');
    clock.advance(25 * 3600_000);
    const { grant: fresh } = await link();
    const err = await networkFailure(adapter.publishStatus(fresh, account, first.ticket));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/expire/);
  });

  it('a poll after a publish whose answer was lost finds the post instead of publishing again', async () => {
    const { grant, account } = await link('th-milo');
    const first = await adapter.publish(grant, post(account, 'Lost answer'));
    if (first.state !== 'processing') throw new Error('expected processing');
    const done = await adapter.publishStatus(grant, account, first.ticket);
    if (done.state !== 'published') throw new Error('not published');
    expect(await adapter.publishStatus(grant, account, first.ticket)).toEqual(done);
  });
});

describe('postsSince finds every post since a moment, page by page, so that a lost publish is never sent twice', () => {
  it('finds a post made before 30 newer ones: more than one page, each asked with the after cursor', async () => {
    const { grant, account } = await link('th-milo');
    freshDay();
    const since = clock.now();
    const { state: mine } = await publishThrough(grant, post(account, 'The one looked for'));
    if (mine.state !== 'published') throw new Error('not published');
    for (let i = 0; i < 30; i++) await publishThrough(grant, post(account, `Newer ${i}`));
    listings.length = 0;
    const out = await pagedBy(5).postsSince(grant, account, since);
    expect(out.complete).toBe(true);
    expect(out.posts).toHaveLength(31);
    expect(out.posts[30]).toMatchObject({ postId: mine.postId, text: 'The one looked for' });
    expect(out.posts[0].text).toBe('Newer 29');
    // 31 posts at 5 a page: 7 pages, each after the first asked with the cursor Threads gave
    expect(listings).toHaveLength(7);
    expect(listings[0].get('after')).toBeNull();
    expect(listings.slice(1).every((q) => q.get('after'))).toBe(true);
    expect(listings.every((q) => q.get('limit') === '5' && q.get('since') === String(Math.floor(since.getTime() / 1000)))).toBe(
      true,
    );
    // Threads' largest page (100) takes them in one call
    listings.length = 0;
    expect((await pagedBy(100).postsSince(grant, account, since)).posts.map((p) => p.postId)).toEqual(
      out.posts.map((p) => p.postId),
    );
    expect(listings).toHaveLength(1);
  });

  it('stops at since: the posts before it are not read, and the check is complete', async () => {
    const { grant, account } = await link('th-milo');
    for (const text of ['Before 1', 'Before 2']) await publishThrough(grant, post(account, text));
    clock.advance(2_000);
    const since = clock.now();
    for (const text of ['After 1', 'After 2']) await publishThrough(grant, post(account, text));
    listings.length = 0;
    const out = await pagedBy(5).postsSince(grant, account, since);
    expect(out).toMatchObject({ complete: true });
    expect(out.posts.map((p) => p.text)).toEqual(['After 2', 'After 1']);
    // one page: Threads' own time filter ended the list at since
    expect(listings).toHaveLength(1);
  });

  it(`more posts since the moment than ${POSTS_SINCE_MAX_PAGES} pages hold: the check is not complete`, async () => {
    const { grant, account } = await link('th-ava');
    freshDay();
    const since = clock.now();
    for (let i = 0; i < 2 * POSTS_SINCE_MAX_PAGES + 1; i++) await publishThrough(grant, post(account, `Busy ${i}`));
    listings.length = 0;
    const out = await pagedBy(2).postsSince(grant, account, since);
    expect(out.complete).toBe(false);
    expect(out.posts).toHaveLength(2 * POSTS_SINCE_MAX_PAGES);
    expect(listings).toHaveLength(POSTS_SINCE_MAX_PAGES);
    // the oldest, beyond the pages read, is not among them
    expect(out.posts.map((p) => p.text)).not.toContain('Busy 0');
    expect(await adapter.postsSince(grant, account, since)).toMatchObject({ complete: true, posts: { length: 41 } });
  });

  it('a failure kept for reads fails postsSince, not a publish', async () => {
    const { grant, account } = await link('th-milo');
    clock.advance(2_000); // the posts of earlier tests are of earlier seconds
    const since = clock.now();
    await control({ fail: 'server_error', only: 'read', times: 2 });
    // the container, its status and threads_publish go through; the address looked up after (a read) meets one
    const { state } = await publishThrough(grant, post(account, 'Published past a read failure'));
    if (state.state !== 'published') throw new Error('not published');
    expect(state.url).toBeNull();
    const err = await networkFailure(adapter.postsSince(grant, account, since));
    expect(err.kind).toBe('retry');
    expect((await adapter.postsSince(grant, account, since)).posts.map((p) => p.postId)).toEqual([state.postId]);
  });

  it("lose_answers for one account: its publish fails as a passing failure yet is on the account; another's is untouched", async () => {
    const ava = await link('th-ava');
    const nora = await link('th-nora');
    clock.advance(2_000); // the posts of earlier tests are of earlier seconds
    const since = clock.now();
    expect((await control({ lose_answers: 1, account: ava.account.remoteId })).statusCode).toBe(200);
    // Nora's publish answers as ever, the loss kept for Ava
    const { state: hers } = await publishThrough(nora.grant, post(nora.account, 'Nora, answered'));
    if (hers.state !== 'published') throw new Error('not published');
    expect((await adapter.postsSince(nora.grant, nora.account, since)).posts.map((p) => p.postId)).toEqual([hers.postId]);
    // Ava's threads_publish makes the post, then its answer is held past the (shortened) deadline
    const first = await adapter.publish(ava.grant, post(ava.account, 'Ava, answer lost'));
    if (first.state !== 'processing') throw new Error('expected processing');
    const impatient = createThreadsAdapter(settings, emulators.impatientFetch, () => clock.now());
    const err = await networkFailure(impatient.publishStatus(ava.grant, ava.account, first.ticket));
    expect(err.kind).toBe('retry');
    const found = await onceTaken(
      () => adapter.postsSince(ava.grant, ava.account, since),
      (f) => f.posts.length > 0,
    );
    expect(found).toMatchObject({ complete: true });
    expect(found.posts.map((p) => p.text)).toEqual(['Ava, answer lost']);
    // taken once: Ava's next publish answers
    expect((await publishThrough(ava.grant, post(ava.account, 'Ava, answered'))).state.state).toBe('published');
  });
});
