import { SANDBOX_YOUTUBE_CLIENT, YOUTUBE_DEMO_CHANNELS, youtubeEmulatorRoutes } from '@virality/sandbox/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import { networkFailure } from '../../integrations/networks/test-kit';
import type { TAccountRef, TGrant, TPublishMedia, TPublishRequest } from '../../integrations/networks/types';
import { createYouTubeAdapter, nextPacificMidnight, YOUTUBE_UPLOADS_REACH_MS } from '../../integrations/networks/youtube';
import { emulatorApp, emulatorSettings, linkThroughConsent, onceTaken, TEST_PUBLIC_URL as publicUrl, testClip } from './test-kit';

const emulator = `${publicUrl}/sandbox/youtube`;
const settings = emulatorSettings(SANDBOX_YOUTUBE_CLIENT, '/sandbox/youtube');
const clock = new Clock();
const emulators = emulatorApp(async (app, viaAppFetch) => {
  app.get('/media/clip.mp4', async (_req, reply) => reply.type('video/mp4').send(MP4));
  app.get('/media/longer-clip.mp4', async (_req, reply) => reply.type('video/mp4').send(LONGER_MP4));
  app.get('/media/not-a-video.mp4', async (_req, reply) => reply.type('video/mp4').send(JPEG));
  app.get('/media/photo.jpg', async (_req, reply) => reply.type('image/jpeg').send(JPEG));
  await app.register(youtubeEmulatorRoutes({ clock, publicUrl, fetch: viaAppFetch }));
});
const { app, viaApp } = emulators;

/** Every request the adapter makes, counted (media reads included). */
let requests: string[] = [];
const counting: typeof fetch = (input, init) => {
  requests.push(`${init?.method ?? 'GET'} ${String(input)}`);
  return viaApp.fetch(input, init);
};
const adapter = createYouTubeAdapter(settings, counting, () => clock.now());

const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64, 7)]);
const LONGER_MP4 = Buffer.concat([MP4, Buffer.alloc(32, 9)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

beforeEach(() => {
  // each test starts a fresh quota day (the project's 10,000 units are shared by every test's uploads)
  clock.advance(nextPacificMidnight(clock.now()).getTime() - clock.nowMs() + 1000);
  requests = [];
});
afterEach(async () => {
  await control({ clear: true });
});

const control = (payload: Record<string, unknown>) => emulators.control('/sandbox/youtube', payload);
const channel = (id: string) => YOUTUBE_DEMO_CHANNELS.find((c) => c.id === id)!;
const accountOf = (id: string): TAccountRef => ({ remoteId: channel(id).channelId, kind: 'channel' });

/** Authorize, Allow (as a person on the consent page) and exchange: a freshly linked channel's grant. */
async function link(profile = 'yt-ava'): Promise<TGrant> {
  return linkThroughConsent(adapter, app, profile, clock.now());
}

const clip = (over: Partial<TPublishMedia> = {}) => testClip(MP4.length, { width: 1920, height: 1080, durationSec: 15, ...over });
const video = (profile: string, over: Partial<TPublishRequest> = {}): TPublishRequest => ({
  account: accountOf(profile),
  format: 'post',
  text: 'Ten-minute tomato soup, start to finish.',
  media: [clip()],
  title: 'Tomato soup in 10 minutes',
  categoryId: '26',
  ...over,
});

describe('publishing a video to YouTube through the emulator', () => {
  it('a video is uploaded, processing on the first poll, published on the next, and found by recentPosts', async () => {
    const grant = await link('yt-ava');
    const sent = await adapter.publish(grant, video('yt-ava'));
    expect(sent.state).toBe('processing');
    if (sent.state !== 'processing') return;
    expect(sent.checkAfterMs).toBeGreaterThan(0);
    const first = await adapter.publishStatus(grant, accountOf('yt-ava'), sent.ticket);
    expect(first.state).toBe('processing');
    if (first.state !== 'processing') return;
    const second = await adapter.publishStatus(grant, accountOf('yt-ava'), first.ticket);
    expect(second.state).toBe('published');
    if (second.state !== 'published') return;
    expect(second.url).toBe(`https://www.youtube.com/watch?v=${second.postId}`);

    const recent = await adapter.recentPosts(grant, accountOf('yt-ava'), 5);
    expect(recent[0]).toMatchObject({
      postId: second.postId,
      text: 'Ten-minute tomato soup, start to finish.',
      url: second.url,
    });
    expect(recent[0].createdAt.getTime()).toBeLessThanOrEqual(clock.nowMs());
  });

  it('the upload sends the title, description, category, public and not made for kids, then the bytes', async () => {
    const grant = await link('yt-milo');
    requests = [];
    await adapter.publish(grant, video('yt-milo', { categoryId: null }));
    expect(requests).toEqual([
      `GET ${publicUrl}/media/clip.mp4`,
      `POST ${emulator}/upload/youtube/v3/videos?uploadType=resumable&part=snippet%2Cstatus`,
      expect.stringMatching(new RegExp(`^PUT ${emulator}/upload/youtube/v3/videos\\?uploadType=resumable&upload_id=`)),
    ]);
    const [found] = await adapter.recentPosts(grant, accountOf('yt-milo'), 1);
    const res = await app.inject({
      method: 'GET',
      url: `/sandbox/youtube/youtube/v3/videos?part=snippet,status&id=${found.postId}`,
      headers: { authorization: `Bearer ${grant.accessToken}` },
    });
    const [item] = res.json().items;
    expect(item.snippet).toMatchObject({ title: 'Tomato soup in 10 minutes', categoryId: '22' });
    expect(item.status).toMatchObject({ privacyStatus: 'public', selfDeclaredMadeForKids: false });
  });

  it('a video without a description is found by its title; recentPosts are newest first and at most the limit', async () => {
    const grant = await link('yt-nora');
    await adapter.publish(grant, video('yt-nora', { text: 'first', title: 'One' }));
    clock.advance(60_000);
    await adapter.publish(grant, video('yt-nora', { text: '', title: 'Two, no description' }));
    const recent = await adapter.recentPosts(grant, accountOf('yt-nora'), 1);
    expect(recent).toHaveLength(1);
    expect(recent[0].text).toBe('Two, no description');
    expect((await adapter.recentPosts(grant, accountOf('yt-nora'), 10)).map((p) => p.text)).toEqual([
      'Two, no description',
      'first',
    ]);
  });

  it('a processing failure is permanent with the reason in plain words', async () => {
    const grant = await link();
    await control({ fail: 'processing_error' });
    const sent = await adapter.publish(grant, video('yt-ava'));
    if (sent.state !== 'processing') throw new Error('expected processing');
    const first = await adapter.publishStatus(grant, accountOf('yt-ava'), sent.ticket);
    expect(first.state).toBe('processing');
    const err = await networkFailure(adapter.publishStatus(grant, accountOf('yt-ava'), sent.ticket));
    expect(err.kind).toBe('permanent');
    expect(err.details.code).toBe('conversion');
    expect(err.reason).toBe('YouTube could not convert the video');
  });

  it('bytes that are not a video fail processing: permanent, the file could not be read as a video', async () => {
    const grant = await link();
    const sent = await adapter.publish(grant, video('yt-ava', { media: [clip({ url: `${publicUrl}/media/not-a-video.mp4` })] }));
    if (sent.state !== 'processing') throw new Error('expected processing');
    await adapter.publishStatus(grant, accountOf('yt-ava'), sent.ticket);
    const err = await networkFailure(adapter.publishStatus(grant, accountOf('yt-ava'), sent.ticket));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/could not read the file as a video/);
  });

  it('a media file that cannot be read is permanent, and nothing is sent to YouTube', async () => {
    const grant = await link();
    requests = [];
    const err = await networkFailure(
      adapter.publish(grant, video('yt-ava', { media: [clip({ url: `${publicUrl}/media/missing.mp4` })] })),
    );
    expect(err.kind).toBe('permanent');
    expect(err.reason).toBe('the media file could not be read');
    expect(requests.filter((r) => r.includes('/sandbox/youtube/'))).toEqual([]);
  });

  it('a post over the limits is refused before any request: no title, a long title, a photo, a story, two videos', async () => {
    const grant = await link();
    requests = [];
    const refused = async (req: TPublishRequest) => {
      const err = await networkFailure(adapter.publish(grant, req));
      expect(err.kind).toBe('permanent');
      return err.reason;
    };
    expect(await refused(video('yt-ava', { title: null }))).toMatch(/needs a title/);
    expect(await refused(video('yt-ava', { title: 'x'.repeat(101) }))).toMatch(/100 characters in a title; this one has 101/);
    expect(await refused(video('yt-ava', { title: 'a <b> title' }))).toMatch(/< or >/);
    expect(await refused(video('yt-ava', { text: 'é'.repeat(2501) }))).toMatch(/5000 bytes in a description; this one has 5002/);
    expect(
      await refused(
        video('yt-ava', {
          media: [
            {
              url: `${publicUrl}/media/photo.jpg`,
              type: 'image',
              mimeType: 'image/jpeg',
              bytes: 68,
              width: 10,
              height: 10,
              durationSec: null,
            },
          ],
        }),
      ),
    ).toMatch(/videos only/);
    expect(await refused(video('yt-ava', { format: 'story' }))).toMatch(/send it as a post/);
    expect(await refused(video('yt-ava', { format: 'reel' }))).toMatch(/Short by itself/);
    expect(await refused(video('yt-ava', { media: [clip(), clip()] }))).toMatch(/1 video per post; this post has 2/);
    expect(await refused(video('yt-ava', { media: [] }))).toMatch(/cannot be text only/);
    expect(await refused(video('yt-ava', { media: [clip({ mimeType: 'video/x-msvideo' })] }))).toMatch(/MP4, MOV or WebM/);
    expect(requests).toEqual([]);
  });

  it('analytics of a published video: views, likes and comments, growing as the clock moves', async () => {
    const grant = await link('yt-milo');
    const sent = await adapter.publish(grant, video('yt-milo'));
    if (sent.state !== 'processing') throw new Error('expected processing');
    await adapter.publishStatus(grant, accountOf('yt-milo'), sent.ticket);
    const done = await adapter.publishStatus(grant, accountOf('yt-milo'), sent.ticket);
    if (done.state !== 'published') throw new Error('expected published');
    clock.advance(10 * 60_000);
    const early = await adapter.analytics(grant, accountOf('yt-milo'), done.postId, 'post');
    expect(early).toEqual({ views: 400, likes: 40, comments: 8 });
    clock.advance(40 * 60_000);
    const later = await adapter.analytics(grant, accountOf('yt-milo'), done.postId, 'post');
    expect(later).toEqual({ views: 2000, likes: 200, comments: 40 });
    expect((await networkFailure(adapter.analytics(grant, accountOf('yt-milo'), 'noSuchVideo', 'post'))).kind).toBe('permanent');
  });

  it("profile figures: the channel's subscribers (as followers too), views and videos, which grow with each published video", async () => {
    const grant = await link('yt-nora');
    const c = channel('yt-nora');
    const before = await adapter.profile(grant, accountOf('yt-nora'));
    expect(before).toEqual({
      userName: 'noratravels',
      pictureUrl: `${emulator}/avatar/yt-nora.svg`,
      followers: c.subscribers,
      following: null,
      media: c.videos,
      subscribers: c.subscribers,
      views: c.views,
      likes: null,
    });
    const sent = await adapter.publish(grant, video('yt-nora'));
    if (sent.state !== 'processing') throw new Error('expected processing');
    await adapter.publishStatus(grant, accountOf('yt-nora'), sent.ticket);
    await adapter.publishStatus(grant, accountOf('yt-nora'), sent.ticket);
    expect((await adapter.profile(grant, accountOf('yt-nora'))).media).toBe(c.videos + 1);
  });
});

describe('publishing failures are classified', () => {
  it('an expired token during publish: reconnect', async () => {
    const grant = await link();
    await control({ fail: 'expired_token' });
    const err = await networkFailure(adapter.publish(grant, video('yt-ava')));
    expect(err.kind).toBe('reconnect');
    expect(err.details.status).toBe(401);
  });

  it('a rate limit during publish: rate_limited with retryAt', async () => {
    const grant = await link();
    await control({ fail: 'rate_limit' });
    const err = await networkFailure(adapter.publish(grant, video('yt-ava')));
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAt!.getTime()).toBeGreaterThan(clock.nowMs());
  });

  it('a server error opening the upload: retry', async () => {
    const grant = await link();
    await control({ fail: 'server_error' });
    const err = await networkFailure(adapter.publish(grant, video('yt-ava')));
    expect(err.kind).toBe('retry');
    expect(err.details.status).toBe(500);
  });

  it('a server error while the bytes go up, and again when YouTube is asked what it holds: retry, the bytes not sent again', async () => {
    const grant = await link();
    const puts: string[] = [];
    const failingPut: typeof fetch = async (input, init) => {
      if (init?.method === 'PUT') {
        puts.push(String(input));
        return new Response(JSON.stringify({ error: { code: 503, message: 'Backend Error', errors: [] } }), { status: 503 });
      }
      return viaApp.fetch(input, init);
    };
    const err = await networkFailure(
      createYouTubeAdapter(settings, failingPut, () => clock.now()).publish(grant, video('yt-ava')),
    );
    expect(err.kind).toBe('retry');
    // the chunk, then the question of what YouTube holds (which failed too)
    expect(puts).toHaveLength(2);
  });

  it('a server error during publishStatus: retry; the next poll goes on', async () => {
    const grant = await link();
    const sent = await adapter.publish(grant, video('yt-ava'));
    if (sent.state !== 'processing') throw new Error('expected processing');
    await control({ fail: 'server_error' });
    expect((await networkFailure(adapter.publishStatus(grant, accountOf('yt-ava'), sent.ticket))).kind).toBe('retry');
    expect((await adapter.publishStatus(grant, accountOf('yt-ava'), sent.ticket)).state).toBe('processing');
    expect((await adapter.publishStatus(grant, accountOf('yt-ava'), sent.ticket)).state).toBe('published');
  });

  it("the day's quota: six uploads of 1600 units go, the seventh is rate_limited until Pacific midnight", async () => {
    const grant = await link();
    for (let i = 0; i < 6; i++) expect((await adapter.publish(grant, video('yt-ava'))).state).toBe('processing');
    const err = await networkFailure(adapter.publish(grant, video('yt-ava')));
    expect(err.kind).toBe('rate_limited');
    expect(err.details.code).toBe('quotaExceeded');
    expect(err.retryAt).toEqual(nextPacificMidnight(clock.now()));
    clock.advance(err.retryAt!.getTime() - clock.nowMs() + 1000);
    const renewed = await adapter.refresh(grant, clock.now());
    expect((await adapter.publish(renewed, video('yt-ava'))).state).toBe('processing');
  });
});

describe('finding a video whose answer was lost (postsSince), through the emulator', () => {
  /** The calls that list a playlist, counted. */
  let listings = 0;
  const listing: typeof fetch = (input, init) => {
    if (String(input).includes('/youtube/v3/playlistItems?')) listings++;
    return viaApp.fetch(input, init);
  };
  /** The adapter as a test may make it: pages of `pageSize` videos (every upload costs 1600 of the day's 10,000 units). */
  const paged = (pageSize: number) => createYouTubeAdapter(settings, listing, () => clock.now(), { pageSize });
  /** A moment after every upload so far: what a check made now looks back to. */
  const freshSince = () => {
    clock.advance(1000);
    return clock.now();
  };
  /** Uploads a video a second after the last; a spent quota waits for the next Pacific day (with a renewed token). */
  async function upload(grant: TGrant, profile: string, text: string): Promise<TGrant> {
    clock.advance(1000);
    try {
      expect((await adapter.publish(grant, video(profile, { text }))).state).toBe('processing');
      return grant;
    } catch (err) {
      const spent = err as { kind?: string; retryAt?: Date };
      if (spent.kind !== 'rate_limited' || !spent.retryAt) throw err;
      clock.advance(spent.retryAt.getTime() - clock.nowMs() + 1000);
      const renewed = await adapter.refresh(grant, clock.now());
      expect((await adapter.publish(renewed, video(profile, { text }))).state).toBe('processing');
      return renewed;
    }
  }

  it('postsSince finds a video uploaded before more than one page of newer ones', async () => {
    let grant = await link('yt-nora');
    grant = await upload(grant, 'yt-nora', 'Last week');
    // a week: further back than a video uploaded ahead of its post could have been
    clock.advance(7 * 24 * 3600_000);
    grant = await adapter.refresh(grant, clock.now());
    const since = freshSince();
    grant = await upload(grant, 'yt-nora', 'The one whose answer was lost');
    for (let i = 1; i <= 3; i++) grant = await upload(grant, 'yt-nora', `Newer ${i}`);
    listings = 0;
    const found = await paged(1).postsSince(grant, accountOf('yt-nora'), since);
    expect(found.complete).toBe(true);
    expect(found.posts.map((p) => p.text)).toEqual(['Newer 3', 'Newer 2', 'Newer 1', 'The one whose answer was lost']);
    // four pages of one hold the videos since; the fifth reaches last week's
    expect(listings).toBe(5);
  });

  it('postsSince stops past `since`: older videos are not returned, and no page past the one reaching uploads older than a prepared video could be is asked for', async () => {
    let grant = await link('yt-milo');
    for (let i = 1; i <= 3; i++) grant = await upload(grant, 'yt-milo', `Before ${i}`);
    clock.advance(YOUTUBE_UPLOADS_REACH_MS);
    grant = await adapter.refresh(grant, clock.now());
    const since = freshSince();
    grant = await upload(grant, 'yt-milo', 'After 1');
    grant = await upload(grant, 'yt-milo', 'After 2');
    listings = 0;
    const found = await paged(2).postsSince(grant, accountOf('yt-milo'), since);
    expect(found).toMatchObject({ complete: true });
    expect(found.posts.map((p) => p.text)).toEqual(['After 2', 'After 1']);
    expect(listings).toBe(2);
  });

  it('postsSince is not complete when more than POSTS_SINCE_MAX_PAGES pages would be needed', async () => {
    let grant = await link('yt-nora');
    const since = freshSince();
    for (let i = 1; i <= 21; i++) grant = await upload(grant, 'yt-nora', `Busy week ${i}`);
    listings = 0;
    const found = await paged(1).postsSince(grant, accountOf('yt-nora'), since);
    expect(found.complete).toBe(false);
    expect(found.posts).toHaveLength(20);
    expect(found.posts[0].text).toBe('Busy week 21');
    expect(listings).toBe(20);
    // YouTube's own page of 50 holds them all: one page, complete
    const all = await adapter.postsSince(grant, accountOf('yt-nora'), since);
    expect(all).toMatchObject({ complete: true });
    expect(all.posts).toHaveLength(21);
  });

  it("a failure kept for one account is not taken by another account's call", async () => {
    const ava = await link('yt-ava');
    const milo = await link('yt-milo');
    const since = freshSince();
    await control({ fail: 'server_error', account: channel('yt-ava').channelId });
    expect((await adapter.postsSince(milo, accountOf('yt-milo'), since)).complete).toBe(true);
    expect((await adapter.publish(milo, video('yt-milo'))).state).toBe('processing');
    const err = await networkFailure(adapter.postsSince(ava, accountOf('yt-ava'), since));
    expect(err.kind).toBe('retry');
    expect((await adapter.postsSince(ava, accountOf('yt-ava'), since)).complete).toBe(true);
  });

  it('a failure kept for reads fails postsSince but not a publish', async () => {
    const grant = await link('yt-ava');
    const since = freshSince();
    await control({ fail: 'server_error', only: 'read' });
    expect((await adapter.publish(grant, video('yt-ava', { text: 'Uploaded while reads fail' }))).state).toBe('processing');
    expect((await networkFailure(adapter.postsSince(grant, accountOf('yt-ava'), since))).kind).toBe('retry');
    const found = await adapter.postsSince(grant, accountOf('yt-ava'), since);
    expect(found.posts.map((p) => p.text)).toEqual(['Uploaded while reads fail']);
  });

  it('a lost answer (lose_answers): the upload fails as a passing failure, yet the video is on the channel', async () => {
    const ava = await link('yt-ava');
    const milo = await link('yt-milo');
    const since = freshSince();
    await control({ lose_answers: 1, account: channel('yt-ava').channelId });
    // another channel's upload is not the one asked to lose its answer
    expect((await adapter.publish(milo, video('yt-milo'))).state).toBe('processing');
    const impatient = createYouTubeAdapter(settings, emulators.impatientFetch, () => clock.now());
    const err = await networkFailure(impatient.publish(ava, video('yt-ava', { text: 'Uploaded once, answer lost' })));
    expect(err.kind).toBe('retry');
    const found = await onceTaken(
      () => adapter.postsSince(ava, accountOf('yt-ava'), since),
      (f) => f.posts.length > 0,
    );
    expect(found).toMatchObject({ complete: true, posts: [{ text: 'Uploaded once, answer lost' }] });
    expect((await adapter.publish(ava, video('yt-ava'))).state).toBe('processing');
  });

  it('a preparation whose answer was lost leaves a private video: discardLeftovers removes it, and only it', async () => {
    const ava = await link('yt-ava');
    const ref = accountOf('yt-ava');
    const there = (ticket: string) =>
      adapter.publishStatus(ava, ref, ticket).then(
        () => true,
        () => false,
      );
    // from before the moment looked back to: the same words, private, stays
    const older = await adapter.prepare(ava, video('yt-ava'), clock.now());
    clock.advance(10 * 60_000);
    const since = clock.now();
    await control({ lose_answers: 1, account: channel('yt-ava').channelId });
    const impatient = createYouTubeAdapter(settings, emulators.impatientFetch, () => clock.now());
    expect((await networkFailure(impatient.prepare(ava, video('yt-ava'), clock.now()))).kind).toBe('retry');
    // another post's preparation with the same words (kept by its ticket), one with other words, and a public video
    const kept = await adapter.prepare(ava, video('yt-ava'), clock.now());
    const other = await adapter.prepare(ava, video('yt-ava', { text: 'Another soup entirely.' }), clock.now());
    const published = await adapter.publish(ava, video('yt-ava'));
    if (published.state !== 'processing') throw new Error('the video was not uploaded');
    // a private video of the same words but another file (the owner's own upload, say): YouTube tells its size
    const longer = clip({ url: `${publicUrl}/media/longer-clip.mp4`, bytes: LONGER_MP4.length });
    const handMade = await adapter.prepare(ava, video('yt-ava', { media: [longer] }), clock.now());

    const removed = await adapter.discardLeftovers(ava, ref, { since, request: video('yt-ava'), keep: [kept.ticket] });
    expect(removed).toBe(1);
    for (const ticket of [older.ticket, kept.ticket, other.ticket, published.ticket, handMade.ticket])
      expect(await there(ticket)).toBe(true);
    // asked again, nothing more is removed
    expect(await adapter.discardLeftovers(ava, ref, { since, request: video('yt-ava'), keep: [kept.ticket] })).toBe(0);
  });

  it("the emulator's uploads playlist pages as YouTube's: maxResults up to 50, page tokens, 404 for no such playlist", async () => {
    let grant = await link('yt-milo');
    grant = await upload(grant, 'yt-milo', 'First');
    grant = await upload(grant, 'yt-milo', 'Second');
    const list = (query: string) =>
      app.inject({
        method: 'GET',
        url: `/sandbox/youtube/youtube/v3/playlistItems?part=snippet,contentDetails&${query}`,
        headers: { authorization: `Bearer ${grant.accessToken}` },
      });
    const uploads = `UU${channel('yt-milo').channelId.slice(2)}`;
    const first = (await list(`playlistId=${uploads}&maxResults=1`)).json();
    expect(first.kind).toBe('youtube#playlistItemListResponse');
    expect(first.items).toHaveLength(1);
    expect(first.items[0].snippet).toMatchObject({ playlistId: uploads, position: 0, channelId: channel('yt-milo').channelId });
    expect(first.items[0].contentDetails.videoId).toBe(first.items[0].snippet.resourceId.videoId);
    const second = (await list(`playlistId=${uploads}&maxResults=1&pageToken=${first.nextPageToken}`)).json();
    expect(second.items[0].snippet.position).toBe(1);
    expect(second.prevPageToken).toBeTruthy();
    expect((await list(`playlistId=${uploads}&maxResults=51`)).statusCode).toBe(400);
    expect((await list(`playlistId=${uploads}&pageToken=nonsense`)).json().error.errors[0].reason).toBe('invalidPageToken');
    expect((await list('playlistId=PLnothing')).json().error.errors[0].reason).toBe('playlistNotFound');
  });
});
