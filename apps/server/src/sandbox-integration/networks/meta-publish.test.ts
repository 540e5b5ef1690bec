import {
  facebookEmulatorRoutes,
  instagramEmulatorRoutes,
  SANDBOX_FACEBOOK_CLIENT,
  SANDBOX_INSTAGRAM_CLIENT,
} from '@virality/sandbox/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import { createFacebookAdapter, createInstagramAdapter } from '../../integrations/networks/meta';
import { networkFailure } from '../../integrations/networks/test-kit';
import type { TAccountRef, TGrant, TPublishMedia, TPublishRequest, TPublishState } from '../../integrations/networks/types';
import {
  clickConsent,
  emulatorApp,
  emulatorSettings,
  onceTaken,
  TEST_PUBLIC_URL as publicUrl,
  testClip,
  testPhoto,
} from './test-kit';

const settings = (network: 'facebook' | 'instagram', client: { clientId: string; clientSecret: string }) =>
  emulatorSettings(client, `/sandbox/${network}`);
const clock = new Clock();
const emulators = emulatorApp(async (app, viaAppFetch) => {
  app.get('/media/photo.jpg', async (_req, reply) => reply.type('image/jpeg').send(JPEG));
  app.get('/media/clip.mp4', async (_req, reply) => reply.type('video/mp4').send(MP4));
  app.get('/media/page.html', async (_req, reply) => reply.type('text/html').send('<p>not a photo</p>'));
  await app.register(facebookEmulatorRoutes({ clock, publicUrl, fetch: viaAppFetch }));
  await app.register(instagramEmulatorRoutes({ clock, publicUrl, fetch: viaAppFetch }));
});
const { app, viaApp } = emulators;
/** Every call the adapters make, counted (the media the emulators pull is not). */
let adapterCalls = 0;
const counting: typeof fetch = (input, init) => {
  adapterCalls++;
  return viaApp.fetch(input, init);
};
const facebook = createFacebookAdapter(settings('facebook', SANDBOX_FACEBOOK_CLIENT), counting, () => clock.now());
const instagram = createInstagramAdapter(settings('instagram', SANDBOX_INSTAGRAM_CLIENT), counting, () => clock.now());

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const MP4 = Buffer.from([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0x00, 0x00, 0x00, 0x00]);

afterEach(async () => {
  await control('facebook', { clear: true });
  await control('instagram', { clear: true });
});

const control = (network: 'facebook' | 'instagram', payload: Record<string, unknown>) =>
  emulators.control(`/sandbox/${network}`, payload);

const photo = (more: Partial<TPublishMedia> = {}) => testPhoto(200_000, more);
const clip = (more: Partial<TPublishMedia> = {}) => testClip(2_000_000, { durationSec: 20, ...more });

/** Consent as a demo person and take the linked account (a page, or its Instagram account) with its page token. */
async function linked(adapter: typeof facebook | typeof instagram, profile = 'fb-ava') {
  const [first] = await linkedAll(adapter, profile);
  return first;
}
/** Every account the demo person links (their pages, or their pages' Instagram accounts), each with its page token. */
async function linkedAll(adapter: typeof facebook | typeof instagram, profile = 'fb-ava') {
  const { url } = await adapter.authorize({ state: 'st' });
  const { res: back } = await clickConsent(app, url, { profile, decision: 'allow' });
  const code = new URL(String(back.headers.location)).searchParams.get('code');
  const user = await adapter.exchange({ code, oauthToken: null, oauthVerifier: null }, null, clock.now());
  return (await adapter.discover(user)).map((a) => ({
    grant: a.grant as TGrant,
    account: { remoteId: a.remoteId, kind: a.kind } satisfies TAccountRef,
  }));
}

/** Publish, then ask again while processing (at most `polls` times): the final state and how many asks it took. */
async function publishAndWait(
  adapter: typeof facebook | typeof instagram,
  grant: TGrant,
  request: TPublishRequest,
  polls = 4,
): Promise<{ state: TPublishState; asked: number }> {
  let state = await adapter.publish(grant, request);
  let asked = 0;
  while (state.state === 'processing' && asked < polls) {
    asked++;
    state = await adapter.publishStatus(grant, request.account, state.ticket);
  }
  return { state, asked };
}
const postIdOf = (s: TPublishState) => {
  if (s.state !== 'published') throw new Error('not published');
  return s.postId;
};

describe('publishing to Instagram through the emulator', () => {
  it('a photo, a feed video, a reel, a story and a carousel each go out and are found by recentPosts', async () => {
    const { grant, account } = await linked(instagram);
    const req = (format: TPublishRequest['format'], media: TPublishMedia[], text = `${format} ${media.length}`) => ({
      account,
      format,
      text,
      media,
    });
    const out: string[] = [];
    for (const r of [
      req('post', [photo()]),
      req('post', [clip()]),
      req('reel', [clip()]),
      req('story', [photo()], ''),
      req('story', [clip()], ''),
      req('post', [photo(), clip(), photo({ width: 1080, height: 1350 })]),
    ]) {
      const { state } = await publishAndWait(instagram, grant, r);
      expect(state).toMatchObject({ state: 'published', url: expect.stringMatching(/^https:\/\/www\.instagram\.com\//) });
      out.push(postIdOf(state));
    }
    const recent = await instagram.recentPosts(grant, account, 20);
    expect(recent.map((p) => p.postId)).toEqual(expect.arrayContaining(out));
    expect(recent.find((p) => p.postId === out[0])).toMatchObject({ text: 'post 1', url: expect.stringContaining('/p/') });
    expect(recent.find((p) => p.postId === out[2])!.url).toContain('/reel/');
    expect((await instagram.recentPosts(grant, account, 2)).length).toBe(2);
  });

  it('a video is processing at the first status check and published at the second', async () => {
    const { grant, account } = await linked(instagram);
    const request = { account, format: 'reel' as const, text: 'slow', media: [clip()] };
    const first = await instagram.publish(grant, request);
    expect(first).toMatchObject({ state: 'processing', checkAfterMs: expect.any(Number) });
    if (first.state !== 'processing') throw new Error('expected processing');
    const second = await instagram.publishStatus(grant, account, first.ticket);
    expect(second.state).toBe('processing');
    const third = await instagram.publishStatus(grant, account, first.ticket);
    expect(third.state).toBe('published');
  });

  it('a processing failure is permanent, with the reason Instagram gives', async () => {
    const { grant, account } = await linked(instagram);
    await control('instagram', { fail: 'processing_error' });
    const started = await instagram.publish(grant, { account, format: 'reel', text: 'broken', media: [clip()] });
    if (started.state !== 'processing') throw new Error('expected processing');
    const err = await networkFailure(instagram.publishStatus(grant, account, started.ticket));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/^Instagram could not process the media: The video could not be processed/);
  });

  it('media Instagram cannot pull (not a photo) is refused permanently', async () => {
    const { grant, account } = await linked(instagram);
    const err = await networkFailure(
      instagram.publish(grant, { account, format: 'post', text: 'x', media: [photo({ url: `${publicUrl}/media/page.html` })] }),
    );
    expect(err.kind).toBe('permanent');
    expect(err.details.code).toBe('9004/2207052');
  });

  it('a post over the limits is refused before any call, in plain words', async () => {
    const { grant, account } = await linked(instagram);
    const before = adapterCalls;
    const cases: [TPublishRequest, RegExp][] = [
      [
        { account, format: 'post', text: 'x'.repeat(2201), media: [photo()] },
        /Instagram allows 2200 characters; this post has 2201/,
      ],
      [{ account, format: 'post', text: 'only words', media: [] }, /cannot be text only/],
      [{ account, format: 'post', text: 'wide', media: [photo({ width: 1440, height: 500 })] }, /width to height/],
      [{ account, format: 'post', text: 'png', media: [photo({ mimeType: 'image/png' })] }, /takes JPEG photos/],
      [{ account, format: 'reel', text: 'r', media: [photo()] }, /reel is one video/],
      [{ account, format: 'post', text: 'many', media: Array.from({ length: 11 }, () => photo()) }, /allows 10/],
      [{ account, format: 'story', text: '', media: [clip({ durationSec: 90 })] }, /stories take videos up to 60 seconds/],
    ];
    for (const [request, words] of cases) {
      const err = await networkFailure(instagram.publish(grant, request));
      expect(err.kind).toBe('permanent');
      expect(err.reason).toMatch(words);
    }
    expect(adapterCalls).toBe(before);
  });

  it('analytics for a published post grow after the clock moves', async () => {
    const { grant, account } = await linked(instagram);
    const { state } = await publishAndWait(instagram, grant, { account, format: 'post', text: 'figures', media: [photo()] });
    const id = postIdOf(state);
    expect(await instagram.analytics(grant, account, id, 'post')).toEqual({
      views: 0,
      reach: 0,
      saves: 0,
      likes: 0,
      comments: 0,
      shares: 0,
    });
    clock.advance(10 * 60_000);
    expect(await instagram.analytics(grant, account, id, 'post')).toEqual({
      views: 400,
      reach: 240,
      saves: 2,
      likes: 40,
      comments: 4,
      shares: 2,
    });
  });

  it("a story's insights: too few viewers is permanent, then figures, then gone after 24 hours", async () => {
    const { grant, account } = await linked(instagram);
    const { state } = await publishAndWait(instagram, grant, { account, format: 'story', text: '', media: [photo()] });
    const id = postIdOf(state);
    const early = await networkFailure(instagram.analytics(grant, account, id, 'story'));
    expect(early.kind).toBe('permanent');
    expect(early.reason).toBe('Not enough viewers for insights yet');
    clock.advance(5 * 60_000);
    expect(await instagram.analytics(grant, account, id, 'story')).toEqual({ views: 200, reach: 120, comments: 2, shares: 1 });
    clock.advance(25 * 3600_000);
    const late = await networkFailure(instagram.analytics(grant, account, id, 'story'));
    expect(late.kind).toBe('permanent');
    expect(late.reason).toMatch(/24 hours/);
  });

  it("profile figures: the demo account's followers, follows, and posts (growing with each one published)", async () => {
    const { grant, account } = await linked(instagram, 'fb-nora');
    const before = await instagram.profile(grant, account);
    expect(before).toEqual({
      userName: 'noratravels',
      pictureUrl: `${publicUrl}/sandbox/instagram/avatar/${account.remoteId}.svg`,
      followers: 318_900,
      following: 1_020,
      media: 2_113,
      subscribers: null,
      views: null,
      likes: null,
    });
    await publishAndWait(instagram, grant, { account, format: 'post', text: 'one more', media: [photo()] });
    expect((await instagram.profile(grant, account)).media).toBe(2_114);
  });

  it('an expired token during publish means reconnect; a rate limit waits; a server error is retried', async () => {
    const { grant, account } = await linked(instagram);
    const request: TPublishRequest = { account, format: 'post', text: 'x', media: [photo()] };
    await control('instagram', { fail: 'expired_token' });
    expect((await networkFailure(instagram.publish(grant, request))).kind).toBe('reconnect');
    await control('instagram', { fail: 'rate_limit' });
    const limited = await networkFailure(instagram.publish(grant, request));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAt!.getTime()).toBeGreaterThan(clock.nowMs());
    const started = await instagram.publish(grant, request);
    if (started.state !== 'processing') throw new Error('expected processing');
    // the status read passes, the publishing step fails with a 500: thrown as retry, not re-sent
    await control('instagram', { fail: 'server_error' });
    const down = await networkFailure(instagram.publishStatus(grant, account, started.ticket));
    expect(down.kind).toBe('retry');
  });
});

describe('publishing to a Facebook page through the emulator', () => {
  it('text, one photo, several photos, a video, a reel and a photo story each go out and are found by recentPosts', async () => {
    const { grant, account } = await linked(facebook);
    const req = (format: TPublishRequest['format'], media: TPublishMedia[], text: string) => ({ account, format, text, media });
    const out: string[] = [];
    for (const r of [
      req('post', [], 'just words'),
      req('post', [photo()], 'one photo'),
      req('post', [photo(), photo({ mimeType: 'image/png' })], 'two photos'),
      req('post', [clip()], 'a video'),
      req('reel', [clip()], 'a reel'),
      req('story', [photo()], ''),
    ]) {
      const { state } = await publishAndWait(facebook, grant, r);
      expect(state.state).toBe('published');
      out.push(postIdOf(state));
    }
    const recent = await facebook.recentPosts(grant, account, 20);
    expect(recent.map((p) => p.postId)).toEqual(expect.arrayContaining(out));
    expect(recent.find((p) => p.postId === out[0])).toMatchObject({
      text: 'just words',
      url: `https://www.facebook.com/${out[0].replace('_', '/posts/')}`,
    });
    expect(recent.find((p) => p.postId === out[2])!.text).toBe('two photos');
  });

  it('a video and a reel are processing at the first status check and published at the second', async () => {
    const { grant, account } = await linked(facebook);
    for (const format of ['post', 'reel'] as const) {
      const { state, asked } = await publishAndWait(facebook, grant, { account, format, text: format, media: [clip()] });
      expect(asked).toBe(2);
      expect(state).toMatchObject({ state: 'published', url: expect.stringMatching(/^https:\/\/www\.facebook\.com\//) });
    }
  });

  it('a processing failure is permanent, with the reason Facebook gives', async () => {
    const { grant, account } = await linked(facebook);
    await control('facebook', { fail: 'processing_error' });
    const started = await facebook.publish(grant, { account, format: 'post', text: 'broken', media: [clip()] });
    if (started.state !== 'processing') throw new Error('expected processing');
    const err = await networkFailure(facebook.publishStatus(grant, account, started.ticket));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/^Facebook could not process the video: The video file could not be processed/);
  });

  it('a post over the limits is refused before any call', async () => {
    const { grant, account } = await linked(facebook);
    const before = adapterCalls;
    const cases: [TPublishRequest, RegExp][] = [
      [{ account, format: 'post', text: 'x'.repeat(63_207), media: [] }, /Facebook allows 63206 characters/],
      [{ account, format: 'post', text: 'mixed', media: [photo(), clip()] }, /does not mix photos and videos/],
      [{ account, format: 'reel', text: 'long', media: [clip({ durationSec: 120 })] }, /reels last 3 to 90 seconds/],
      [{ account, format: 'story', text: '', media: [clip()] }, /story from Virality is one photo/],
      [{ account, format: 'post', text: 'big', media: [photo({ bytes: 5 * 1024 * 1024 })] }, /photos up to 4 MB/],
      [{ account, format: 'post', text: ' ', media: [] }, /neither text nor/],
    ];
    for (const [request, words] of cases) {
      const err = await networkFailure(facebook.publish(grant, request));
      expect(err.kind).toBe('permanent');
      expect(err.reason).toMatch(words);
    }
    expect(adapterCalls).toBe(before);
  });

  it('analytics for a published post grow after the clock moves', async () => {
    const { grant, account } = await linked(facebook);
    const { state } = await publishAndWait(facebook, grant, { account, format: 'post', text: 'count me', media: [photo()] });
    const id = postIdOf(state);
    expect(await facebook.analytics(grant, account, id, 'post')).toEqual({
      likes: 0,
      comments: 0,
      shares: 0,
      views: 0,
      clicks: 0,
    });
    clock.advance(30 * 60_000);
    expect(await facebook.analytics(grant, account, id, 'post')).toEqual({
      likes: 120,
      comments: 12,
      shares: 6,
      views: 1200,
      clicks: 60,
    });
  });

  it("profile figures: the page's name, picture, followers and fans", async () => {
    const { grant, account } = await linked(facebook, 'fb-milo');
    expect(await facebook.profile(grant, account)).toEqual({
      userName: 'Milo Moves Studio',
      pictureUrl: `${publicUrl}/sandbox/facebook/avatar/${account.remoteId}.svg`,
      followers: Math.round(3_100 * 1.08),
      following: null,
      media: null,
      subscribers: null,
      views: null,
      likes: 3_100,
    });
  });

  it('an expired token during publish means reconnect; a rate limit waits; a server error is retried', async () => {
    const { grant, account } = await linked(facebook);
    const request: TPublishRequest = { account, format: 'post', text: 'hello', media: [] };
    const posted = (await facebook.recentPosts(grant, account, 100)).length;
    await control('facebook', { fail: 'expired_token' });
    const expired = await networkFailure(facebook.publish(grant, request));
    expect(expired.kind).toBe('reconnect');
    expect(expired.details.code).toBe('190/463');
    await control('facebook', { fail: 'rate_limit' });
    const limited = await networkFailure(facebook.publish(grant, request));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAt!.getTime()).toBeGreaterThan(clock.nowMs());
    await control('facebook', { fail: 'server_error' });
    expect((await networkFailure(facebook.publish(grant, request))).kind).toBe('retry');
    // none of these made a post
    expect(await facebook.recentPosts(grant, account, 100)).toHaveLength(posted);
  });

  it('a video Facebook cannot pull is refused permanently', async () => {
    const { grant, account } = await linked(facebook);
    const err = await networkFailure(
      facebook.publish(grant, { account, format: 'reel', text: 'x', media: [clip({ url: `${publicUrl}/media/page.html` })] }),
    );
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/could not take the video/);
  });
});

describe('failures kept for one account or one kind of call, and publishes whose answers are lost', () => {
  type TAdapter = typeof facebook | typeof instagram;
  /** A post as each network takes one: Facebook's text alone, Instagram's a photo. */
  const post = (adapter: TAdapter, account: TAccountRef, text: string): TPublishRequest => ({
    account,
    format: 'post',
    text,
    media: adapter === instagram ? [photo()] : [],
  });
  /** The clock a minute on: a moment after every post made so far (Graph's times are to the second). */
  const aMinuteOn = () => {
    clock.advance(60_000);
    return clock.now();
  };
  /** Publishes and asks again while processing: the post's id. */
  async function published(adapter: TAdapter, grant: TGrant, request: TPublishRequest) {
    return postIdOf((await publishAndWait(adapter, grant, request)).state);
  }

  for (const adapter of [facebook, instagram])
    it(`${adapter.network}: a failure kept for one account is not taken by another account's calls`, async () => {
      const [a, b] = await linkedAll(adapter, 'fb-ava');
      await control(adapter.network, { fail: 'server_error', account: b.account.remoteId });
      const since = aMinuteOn();
      const id = await published(adapter, a.grant, post(adapter, a.account, 'on account a'));
      const onA = await adapter.postsSince(a.grant, a.account, since);
      expect(onA.posts.map((p) => p.postId)).toContain(id);
      expect((await control(adapter.network, {})).json().pending).toEqual(['server_error']);
      expect((await networkFailure(adapter.postsSince(b.grant, b.account, since))).kind).toBe('retry');
      expect((await control(adapter.network, {})).json().pending).toEqual([]);
    });

  for (const adapter of [facebook, instagram])
    it(`${adapter.network}: a failure kept for reads fails postsSince but not a publish`, async () => {
      const { grant, account } = await linked(adapter, 'fb-nora');
      const since = aMinuteOn();
      await control(adapter.network, { fail: 'server_error', only: 'read' });
      // the publish's calls (an Instagram container included) do not take it
      const started = await adapter.publish(grant, post(adapter, account, 'read failure kept'));
      const err = await networkFailure(adapter.postsSince(grant, account, since));
      expect(err.kind).toBe('retry');
      let state = started;
      while (state.state === 'processing') state = await adapter.publishStatus(grant, account, state.ticket);
      const found = await adapter.postsSince(grant, account, since);
      expect(found.posts.map((p) => p.postId)).toContain(postIdOf(state));
    });

  for (const adapter of [facebook, instagram])
    it(`${adapter.network}: a failure kept for publishes is not taken by postsSince`, async () => {
      const { grant, account } = await linked(adapter, 'fb-nora');
      await control(adapter.network, { fail: 'server_error', only: 'publish' });
      expect((await adapter.postsSince(grant, account, aMinuteOn())).complete).toBe(true);
      expect((await networkFailure(adapter.publish(grant, post(adapter, account, 'kept for me')))).kind).toBe('retry');
    });

  /** The adapter that gives up after 50 ms: a lost answer fails it as the network's deadline would. */
  const impatient = {
    facebook: createFacebookAdapter(settings('facebook', SANDBOX_FACEBOOK_CLIENT), emulators.impatientFetch, () => clock.now()),
    instagram: createInstagramAdapter(settings('instagram', SANDBOX_INSTAGRAM_CLIENT), emulators.impatientFetch, () =>
      clock.now(),
    ),
  };

  it('lose_answers on Facebook: a feed post, a photo, a story, a video and a reel each fail as a passing failure (retry), yet each is on the page', async () => {
    const { grant, account } = await linked(facebook, 'fb-milo');
    const since = aMinuteOn();
    const requests: TPublishRequest[] = [
      { account, format: 'post', text: 'lost feed post', media: [] },
      { account, format: 'post', text: 'lost photo', media: [photo()] },
      { account, format: 'story', text: '', media: [photo()] },
      { account, format: 'post', text: 'lost video', media: [clip()] },
      { account, format: 'reel', text: 'lost reel', media: [clip()] },
    ];
    for (const request of requests) {
      await control('facebook', { lose_answers: 1, account: account.remoteId });
      const err = await networkFailure(impatient.facebook.publish(grant, request));
      expect(err.kind).toBe('retry');
      expect((await control('facebook', {})).json().pending).toEqual([]);
    }
    const found = await onceTaken(
      () => facebook.postsSince(grant, account, since),
      (f) => f.posts.length >= 5,
    );
    expect(found.complete).toBe(true);
    expect(found.posts.map((p) => p.text).sort()).toEqual(['', 'lost feed post', 'lost photo', 'lost reel', 'lost video']);
  });

  it('lose_answers on Instagram: media_publish fails as a passing failure (retry), yet the post and the story are on the account', async () => {
    const { grant, account } = await linked(instagram, 'fb-nora');
    const since = aMinuteOn();
    const lost: string[] = [];
    for (const request of [
      post(instagram, account, 'lost on instagram'),
      { account, format: 'story' as const, text: '', media: [photo()] },
    ]) {
      const started = await instagram.publish(grant, request);
      if (started.state !== 'processing') throw new Error('expected processing');
      await control('instagram', { lose_answers: 1, account: account.remoteId });
      const err = await networkFailure(impatient.instagram.publishStatus(grant, account, started.ticket));
      expect(err.kind).toBe('retry');
      lost.push(request.text);
    }
    const found = await onceTaken(
      () => instagram.postsSince(grant, account, since),
      (f) => f.posts.length >= 2,
    );
    expect(found.complete).toBe(true);
    expect(found.posts.map((p) => p.text).sort()).toEqual(['', 'lost on instagram']);
  });

  it('lose_answers kept for one account is not taken by a publish to another', async () => {
    const [a, b] = await linkedAll(facebook, 'fb-ava');
    await control('facebook', { lose_answers: 1, account: b.account.remoteId });
    const state = await impatient.facebook.publish(a.grant, { account: a.account, format: 'post', text: 'answered', media: [] });
    expect(state.state).toBe('published');
    expect(
      (await networkFailure(impatient.facebook.publish(b.grant, { account: b.account, format: 'post', text: 'lost', media: [] })))
        .kind,
    ).toBe('retry');
  });
});
