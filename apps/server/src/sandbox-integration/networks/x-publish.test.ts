import { SANDBOX_X_CLIENT, X_DEMO_PROFILES, xEmulatorRoutes } from '@virality/sandbox/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import { networkFailure } from '../../integrations/networks/test-kit';
import {
  POSTS_SINCE_MAX_PAGES,
  type TGrant,
  type TPublishMedia,
  type TPublishRequest,
  type TPublishState,
} from '../../integrations/networks/types';
import { createXAdapter } from '../../integrations/networks/x';
import {
  emulatorApp,
  emulatorSettings,
  linkThroughConsent,
  onceTaken,
  TEST_PUBLIC_URL as publicUrl,
  testClip,
  testPhoto,
} from './test-kit';

const emulator = `${publicUrl}/sandbox/twitter`;
const settings = emulatorSettings(SANDBOX_X_CLIENT, '/sandbox/twitter');
const clock = new Clock();
const emulators = emulatorApp(async (app, viaAppFetch) => {
  await app.register(xEmulatorRoutes({ clock, publicUrl, fetch: viaAppFetch }));
  app.get('/media/photo.jpg', async (_req, reply) => reply.type('image/jpeg').send(JPEG));
  app.get('/media/clip.mp4', async (_req, reply) => reply.type('video/mp4').send(mp4()));
  app.get('/media/big.mp4', async (_req, reply) => reply.type('video/mp4').send(mp4(BIG_VIDEO_BYTES)));
  app.get('/media/not-a-video.mp4', async (_req, reply) => reply.type('video/mp4').send(Buffer.from('plain text, not a video')));
  app.get('/media/anim.gif', async (_req, reply) => reply.type('image/gif').send(GIF));
  app.get('/media/gone.jpg', async (_req, reply) => reply.status(404).send(''));
});
const { app, viaApp } = emulators;

/** Every request the adapter sends, to the emulator or for a media file. */
const sent: { method: string; url: string }[] = [];
const counted: typeof fetch = (input, init) => {
  sent.push({ method: init?.method ?? 'GET', url: String(input) });
  return viaApp.fetch(input, init);
};
const adapter = createXAdapter(settings, counted, () => clock.now());
/** The same adapter asking for pages of 5 posts (X's least), so that a few dozen posts take several pages. */
const paged = createXAdapter(settings, counted, () => clock.now(), { pageSize: 5 });
/** The timeline calls among those sent. */
const timelineCalls = () =>
  sent.filter((c) => c.method === 'GET' && /\/2\/users\/\d+\/tweets\?/.test(c.url)).map((c) => new URL(c.url));
/** X allows 100 posts in 15 minutes: a test publishing many starts a fresh window. */
const freshWindow = () => clock.advance(16 * 60_000);

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]);
const mp4 = (size = 64) => {
  const b = Buffer.alloc(size, 7);
  b.writeUInt32BE(24, 0);
  b.write('ftypisom', 4, 'latin1');
  return b;
};
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(20, 1)]);
const BIG_VIDEO_BYTES = 9 * 1024 * 1024;

afterEach(async () => {
  await control({ clear: true });
});

const control = (payload: Record<string, unknown>) => emulators.control('/sandbox/twitter', payload);

/** Authorize, Allow (as a person on the consent page) and exchange: a freshly linked profile. */
async function link(who = 'x-ava'): Promise<{ grant: TGrant; account: { remoteId: string; kind: 'profile' } }> {
  const grant = await linkThroughConsent(adapter, app, who, clock.now());
  const userId = X_DEMO_PROFILES.find((p) => p.id === who)!.userId;
  return { grant, account: { remoteId: userId, kind: 'profile' } };
}

let n = 0;
/** A text no earlier post has (X refuses duplicate content). */
const fresh = (text = 'Sandbox post') => `${text} #${++n}`;

const photo = (over: Partial<TPublishMedia> = {}) => testPhoto(JPEG.length, { width: 1200, height: 900, ...over });
const video = (over: Partial<TPublishMedia> = {}) => testClip(64, { width: 1280, height: 720, ...over });
const gif: TPublishMedia = { ...photo(), url: `${publicUrl}/media/anim.gif`, mimeType: 'image/gif', bytes: GIF.length };

const request = (account: TPublishRequest['account'], over: Partial<TPublishRequest> = {}): TPublishRequest => ({
  account,
  format: 'post',
  text: fresh(),
  media: [],
  ...over,
});

const published = (s: TPublishState) => {
  if (s.state !== 'published') throw new Error(`expected published, got ${s.state}`);
  return s;
};
const processing = (s: TPublishState) => {
  if (s.state !== 'processing') throw new Error(`expected processing, got ${s.state}`);
  return s;
};

describe('each kind of X post goes out through the emulator and is found by recentPosts', () => {
  it('a text-only post is published at once, with its address, and is the newest of recentPosts', async () => {
    const { grant, account } = await link();
    const text = fresh('Hello from the sandbox https://example.com/a/very/long/address/that/counts/as/twenty-three');
    const out = published(await adapter.publish(grant, request(account, { text })));
    expect(out.postId).toMatch(/^\d+$/);
    expect(out.url).toBe(`https://x.com/i/web/status/${out.postId}`);
    const recent = await adapter.recentPosts(grant, account, 3);
    expect(recent[0]).toMatchObject({ postId: out.postId, text, url: out.url });
    expect(Math.abs(recent[0].createdAt.getTime() - clock.nowMs())).toBeLessThan(5_000);
  });

  it('a post with images: each image is uploaded (multipart, its bytes), ready at once, and the post goes out', async () => {
    const { grant, account } = await link();
    sent.length = 0;
    const text = fresh('Two photos');
    const out = published(await adapter.publish(grant, request(account, { text, media: [photo(), photo()] })));
    const uploads = sent.filter((c) => c.method === 'POST' && c.url === `${emulator}/2/media/upload`);
    expect(uploads).toHaveLength(2);
    expect(sent.filter((c) => c.url === `${publicUrl}/media/photo.jpg`)).toHaveLength(2);
    expect((await adapter.recentPosts(grant, account, 5)).map((p) => p.postId)).toContain(out.postId);
  });

  it('a video is processing after finalize; publishStatus polled twice publishes it', async () => {
    const { grant, account } = await link('x-milo');
    const text = fresh('A clip');
    const first = processing(await adapter.publish(grant, request(account, { text, media: [video()] })));
    expect(first.checkAfterMs).toBe(1_000);
    const second = processing(await adapter.publishStatus(grant, account, first.ticket));
    const out = published(await adapter.publishStatus(grant, account, second.ticket));
    const recent = await adapter.recentPosts(grant, account, 5);
    expect(recent[0]).toMatchObject({ postId: out.postId, text });
  });

  it('a GIF goes up in pieces as tweet_gif, and is published once processed', async () => {
    const { grant, account } = await link('x-nora');
    const first = processing(await adapter.publish(grant, request(account, { media: [gif] })));
    const second = processing(await adapter.publishStatus(grant, account, first.ticket));
    const out = published(await adapter.publishStatus(grant, account, second.ticket));
    expect((await adapter.recentPosts(grant, account, 5))[0].postId).toBe(out.postId);
  });

  it('a 9 MB video is appended in three pieces of at most 4 MB', async () => {
    const { grant, account } = await link();
    sent.length = 0;
    const big = video({ url: `${publicUrl}/media/big.mp4`, bytes: BIG_VIDEO_BYTES });
    const first = processing(await adapter.publish(grant, request(account, { media: [big] })));
    expect(sent.filter((c) => c.url.endsWith('/append'))).toHaveLength(3);
    processing(await adapter.publishStatus(grant, account, first.ticket));
    published(await adapter.publishStatus(grant, account, first.ticket));
  });

  it('recentPosts answers the newest first, at most the limit asked', async () => {
    const { grant, account } = await link('x-milo');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(published(await adapter.publish(grant, request(account))).postId);
    const two = await adapter.recentPosts(grant, account, 2);
    expect(two.map((p) => p.postId)).toEqual([ids[2], ids[1]]);
    expect(await adapter.recentPosts(grant, account, 0)).toEqual([]);
  });
});

describe("X's refusals while publishing are classified", () => {
  it("a processing failure is permanent, with X's reason", async () => {
    const { grant, account } = await link();
    await control({ fail: 'processing_error' });
    const first = processing(await adapter.publish(grant, request(account, { media: [video()] })));
    const err = await networkFailure(adapter.publishStatus(grant, account, first.ticket));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('X could not process the media: Invalid or Unsupported media, Reason: UnsupportedMedia.');
  });

  it('a file that is not a video fails processing the same way', async () => {
    const { grant, account } = await link();
    const bad = video({ url: `${publicUrl}/media/not-a-video.mp4` });
    const first = processing(await adapter.publish(grant, request(account, { media: [bad] })));
    expect((await networkFailure(adapter.publishStatus(grant, account, first.ticket))).reason).toMatch(/Unsupported/);
  });

  it('a post over the limits is refused before any call: X saw no request', async () => {
    const { grant, account } = await link();
    sent.length = 0;
    const refusals: [Partial<TPublishRequest>, RegExp][] = [
      [{ text: 'a'.repeat(281) }, /X allows 280 characters; this post has 281/],
      [{ text: '字'.repeat(141) }, /this post has 282/],
      [{ media: [photo(), photo(), photo(), photo(), photo()] }, /X allows 4 images in one post; this post has 5/],
      [{ media: [photo(), video()] }, /does not mix/],
      [{ media: [gif, photo()] }, /GIF alone/],
      [{ media: [video({ durationSec: 141 })] }, /up to 140 seconds/],
      [{ media: [video({ mimeType: 'video/webm' })] }, /MP4/],
      [{ media: [photo({ bytes: 6 * 1024 * 1024 })] }, /up to 5 MB/],
      [{ format: 'story' }, /story/],
      [{ text: '  ', media: [] }, /text or media/],
    ];
    for (const [over, reason] of refusals) {
      const err = await networkFailure(adapter.publish(grant, request(account, over)));
      expect(err.kind).toBe('permanent');
      expect(err.reason).toMatch(reason);
    }
    expect(sent).toEqual([]);
  });

  it('a media file that cannot be read is permanent, and nothing is posted', async () => {
    const { grant, account } = await link();
    const err = await networkFailure(
      adapter.publish(grant, request(account, { media: [photo({ url: `${publicUrl}/media/gone.jpg` })] })),
    );
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('the media file could not be read');
  });

  it("the same text twice is X's duplicate content: permanent, in X's words", async () => {
    const { grant, account } = await link();
    const text = fresh('Said once');
    published(await adapter.publish(grant, request(account, { text })));
    const err = await networkFailure(adapter.publish(grant, request(account, { text })));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('You are not allowed to create a Tweet with duplicate content.');
    expect(err.details.status).toBe(403);
  });

  it('an expired token during publish means reconnect', async () => {
    const { grant, account } = await link();
    await control({ fail: 'expired_token' });
    const err = await networkFailure(adapter.publish(grant, request(account)));
    expect(err.kind).toBe('reconnect');
    expect(err.details.status).toBe(401);
  });

  it('a rate limit asked for is rate_limited until x-rate-limit-reset', async () => {
    const { grant, account } = await link();
    await control({ fail: 'rate_limit' });
    const err = await networkFailure(adapter.publish(grant, request(account)));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt!.getTime()).toBeGreaterThan(clock.nowMs() + 800_000);
  });

  it('past 100 posts in 15 minutes X answers 429: rate_limited until the window ends, then posts again', async () => {
    const { grant, account } = await link('x-nora');
    clock.advance(16 * 60_000); // earlier tests' posts leave the window
    const start = clock.nowMs();
    for (let i = 0; i < 100; i++) published(await adapter.publish(grant, request(account)));
    const err = await networkFailure(adapter.publish(grant, request(account)));
    expect(err.kind).toBe('rate_limited');
    expect(err.details.status).toBe(429);
    expect(err.retryAt!.getTime()).toBeGreaterThanOrEqual(start + 15 * 60_000);
    expect(err.retryAt!.getTime()).toBeLessThanOrEqual(clock.nowMs() + 15 * 60_000 + 1_000);
    clock.advance(16 * 60_000);
    published(await adapter.publish(grant, request(account)));
  });

  it('a server error on the post is a passing failure (retry); the next publish works', async () => {
    const { grant, account } = await link();
    await control({ fail: 'server_error' });
    const err = await networkFailure(adapter.publish(grant, request(account)));
    expect(err.kind).toBe('retry');
    expect(err.details.status).toBe(503);
    published(await adapter.publish(grant, request(account)));
  });

  it('a server error while asking about processing is retry too, and the ticket still works after', async () => {
    const { grant, account } = await link();
    const first = processing(await adapter.publish(grant, request(account, { media: [video()] })));
    await control({ fail: 'server_error' });
    expect((await networkFailure(adapter.publishStatus(grant, account, first.ticket))).kind).toBe('retry');
    const second = processing(await adapter.publishStatus(grant, account, first.ticket));
    published(await adapter.publishStatus(grant, account, second.ticket));
  });
});

describe('figures of posts and profiles', () => {
  it("a published post's figures, growing as the product clock moves", async () => {
    const { grant, account } = await link();
    const out = published(await adapter.publish(grant, request(account)));
    const at0 = await adapter.analytics(grant, account, out.postId, 'post');
    expect(at0).toEqual({ views: 0, likes: 0, comments: 0, reposts: 0, quotes: 0, bookmarks: 0 });
    clock.advance(60 * 60_000);
    const later = await adapter.analytics(grant, account, out.postId, 'post');
    expect(later).toEqual({ views: 2400, likes: 240, comments: 48, reposts: 60, quotes: 12, bookmarks: 24 });
    clock.advance(60 * 60_000);
    expect((await adapter.analytics(grant, account, out.postId, 'post')).views).toBe(4800);
  });

  it('a post X does not have is permanent, in its words', async () => {
    const { grant, account } = await link();
    const err = await networkFailure(adapter.analytics(grant, account, '123', 'post'));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('Could not find tweet with id: [123].');
  });

  it("the profile's figures; its post count grows with posts published through the emulator", async () => {
    const { grant, account } = await link('x-milo');
    const before = await adapter.profile(grant, account);
    expect(before).toMatchObject({
      userName: 'milomoves',
      pictureUrl: `${emulator}/avatar/x-milo.svg`,
      followers: 930,
      following: 402,
      subscribers: null,
      views: null,
      likes: null,
    });
    published(await adapter.publish(grant, request(account)));
    expect((await adapter.profile(grant, account)).media).toBe(before.media! + 1);
  });
});

describe('postsSince finds every post since a moment, page by page, so that a lost publish is never sent twice', () => {
  it('finds a post made before 30 newer ones: more than one page, each asked with the next_token', async () => {
    const { grant, account } = await link('x-milo');
    freshWindow();
    const since = clock.now();
    const mine = published(await adapter.publish(grant, request(account, { text: fresh('The one looked for') })));
    for (let i = 0; i < 30; i++) published(await adapter.publish(grant, request(account)));
    sent.length = 0;
    const out = await paged.postsSince(grant, account, since);
    expect(out.complete).toBe(true);
    expect(out.posts).toHaveLength(31);
    expect(out.posts[30].postId).toBe(mine.postId);
    const times = out.posts.map((p) => p.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // 31 posts at 5 a page: 7 pages, the first without a token, each next with the one X gave
    const calls = timelineCalls();
    expect(calls).toHaveLength(7);
    expect(calls[0].searchParams.get('pagination_token')).toBeNull();
    expect(calls.slice(1).every((u) => u.searchParams.get('pagination_token'))).toBe(true);
    expect(calls.every((u) => u.searchParams.get('max_results') === '5')).toBe(true);
    // X's largest page (100) takes them in one call
    sent.length = 0;
    const whole = await adapter.postsSince(grant, account, since);
    expect(whole.posts.map((p) => p.postId)).toEqual(out.posts.map((p) => p.postId));
    expect(timelineCalls()).toHaveLength(1);
    expect(timelineCalls()[0].searchParams.get('max_results')).toBe('100');
  });

  it('stops at since: the posts before it are not read, and the check is complete', async () => {
    const { grant, account } = await link('x-milo');
    for (let i = 0; i < 3; i++) published(await adapter.publish(grant, request(account, { text: fresh('Before') })));
    clock.advance(2_000);
    const since = clock.now();
    const after = [
      published(await adapter.publish(grant, request(account, { text: fresh('After') }))),
      published(await adapter.publish(grant, request(account, { text: fresh('After') }))),
    ];
    sent.length = 0;
    const out = await paged.postsSince(grant, account, since);
    expect(out).toMatchObject({ complete: true });
    expect(out.posts.map((p) => p.postId)).toEqual(after.map((p) => p.postId).reverse());
    // one page: X's own time filter (start_time, to the second) ended the list at since
    expect(timelineCalls()).toHaveLength(1);
    expect(timelineCalls()[0].searchParams.get('start_time')).toBe(
      new Date(Math.floor(since.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
    );
  });

  it(`more posts since the moment than ${POSTS_SINCE_MAX_PAGES} pages hold: the check is not complete`, async () => {
    const { grant, account } = await link('x-ava');
    freshWindow();
    const since = clock.now();
    for (let i = 0; i < 100; i++) published(await adapter.publish(grant, request(account, { text: fresh('Busy') })));
    freshWindow();
    published(await adapter.publish(grant, request(account, { text: fresh('Busy') })));
    sent.length = 0;
    const out = await paged.postsSince(grant, account, since);
    expect(out.complete).toBe(false);
    expect(out.posts).toHaveLength(POSTS_SINCE_MAX_PAGES * 5);
    expect(timelineCalls()).toHaveLength(POSTS_SINCE_MAX_PAGES);
    // 100 a page reads them all
    expect(await adapter.postsSince(grant, account, since)).toMatchObject({ complete: true, posts: { length: 101 } });
  });

  it("lose_answers for one account: its publish fails as a passing failure yet is on the account; another's is untouched", async () => {
    const ava = await link('x-ava');
    const milo = await link('x-milo');
    freshWindow();
    const since = clock.now();
    expect((await control({ lose_answers: 1, account: ava.account.remoteId })).statusCode).toBe(200);
    // Milo's publish answers as ever, the loss kept for Ava
    const his = published(await adapter.publish(milo.grant, request(milo.account, { text: fresh('Milo, answered') })));
    expect((await adapter.postsSince(milo.grant, milo.account, since)).posts.map((p) => p.postId)).toEqual([his.postId]);
    // Ava's publish is made, then its answer held past the (shortened) deadline
    const text = fresh('Ava, answer lost');
    const impatient = createXAdapter(settings, emulators.impatientFetch, () => clock.now());
    const err = await networkFailure(impatient.publish(ava.grant, request(ava.account, { text })));
    expect(err.kind).toBe('retry');
    const found = await onceTaken(
      () => adapter.postsSince(ava.grant, ava.account, since),
      (f) => f.posts.length > 0,
    );
    expect(found).toMatchObject({ complete: true });
    expect(found.posts.map((p) => p.text)).toEqual([text]);
    // taken once: Ava's next publish answers
    published(await adapter.publish(ava.grant, request(ava.account)));
  });
});
