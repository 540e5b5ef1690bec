import { SANDBOX_YOUTUBE_CLIENT, YOUTUBE_DEMO_CHANNELS, youtubeEmulatorRoutes } from '@virality/sandbox/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import {
  clickConsent,
  emulatorApp,
  emulatorSettings,
  TEST_PUBLIC_URL,
  testClip,
} from '../../sandbox-integration/networks/test-kit';
import { networkFailure } from './test-kit';
import { PREPARED_GONE, type TAccountRef, type TGrant, type TPublishRequest } from './types';
import { createYouTubeAdapter, nextPacificMidnight, YOUTUBE_CHUNK_BYTES, YOUTUBE_PREPARED_VALID_MS } from './youtube';

/**
 * A YouTube video prepared ahead (uploaded private), then made public at its due time, through the emulator: never
 * seen as published before, one video after, found again by postsSince after a lost answer, discarded when not used.
 */

const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64, 7)]);
/** A video of two and a half chunks: its second chunk is the one cut off in the resume test. */
const BIG_BYTES = Math.floor(YOUTUBE_CHUNK_BYTES * 2.5);
const BIG = Buffer.concat([MP4, Buffer.alloc(BIG_BYTES - MP4.length, 3)]);
const settings = emulatorSettings(SANDBOX_YOUTUBE_CLIENT, '/sandbox/youtube');
const clock = new Clock();
const emulators = emulatorApp(async (app, viaAppFetch) => {
  app.get('/media/clip.mp4', async (_req, reply) => reply.type('video/mp4').send(MP4));
  app.get('/media/big.mp4', async (_req, reply) => reply.type('video/mp4').send(BIG));
  await app.register(youtubeEmulatorRoutes({ clock, publicUrl: TEST_PUBLIC_URL, fetch: viaAppFetch }));
});
const { app, viaApp } = emulators;

/** The PUTs of video bytes the adapter makes (their Content-Range), and a hook run before each. */
let puts: string[] = [];
let beforePut: ((n: number) => Promise<void>) | null = null;
const watching: typeof fetch = async (input, init) => {
  if (init?.method === 'PUT' && String(input).includes('/upload/youtube/v3/videos')) {
    puts.push(new Headers(init.headers).get('content-range') ?? '');
    await beforePut?.(puts.length);
  }
  return viaApp.fetch(input, init);
};
const adapter = createYouTubeAdapter(settings, watching, () => clock.now());
const control = (payload: Record<string, unknown>) => emulators.control('/sandbox/youtube', payload);

beforeEach(() => {
  // each test starts a fresh quota day (six uploads a day for the project)
  clock.advance(nextPacificMidnight(clock.now()).getTime() - clock.nowMs() + 1000);
  puts = [];
  beforePut = null;
});
afterEach(async () => {
  await control({ clear: true });
});

const channel = (id: string) => YOUTUBE_DEMO_CHANNELS.find((c) => c.id === id)!;
const accountOf = (id: string): TAccountRef => ({ remoteId: channel(id).channelId, kind: 'channel' });

async function link(profile: string): Promise<TGrant> {
  const { url, secret } = await adapter.authorize({ state: 'st' });
  const { res } = await clickConsent(app, url, { profile, decision: 'allow' });
  const code = new URL(String(res.headers.location)).searchParams.get('code');
  return adapter.exchange({ code, oauthToken: null, oauthVerifier: null }, secret, clock.now());
}

const video = (profile: string, text: string, over: Partial<TPublishRequest> = {}): TPublishRequest => ({
  account: accountOf(profile),
  format: 'post',
  text,
  media: [testClip(MP4.length, { width: 1920, height: 1080, durationSec: 15 })],
  title: 'Tomato soup in 10 minutes',
  categoryId: '26',
  ...over,
});

/** The channel's videos as the public counts them (the emulator's list of published videos). */
async function published(profile: string): Promise<{ id: string; text: string }[]> {
  return (await app.inject({ method: 'GET', url: `/sandbox/youtube/_published?user=${channel(profile).channelId}` })).json();
}

/** videos.list of one id with `part`, as the channel: its items (none once deleted). */
async function videosList(grant: TGrant, id: string, part: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/sandbox/youtube/youtube/v3/videos?part=${part}&id=${id}`,
    headers: { authorization: `Bearer ${grant.accessToken}` },
  });
  return res.json().items as Record<string, Record<string, string>>[];
}

const videoIdOf = (ticket: string) =>
  (JSON.parse(Buffer.from(ticket, 'base64url').toString('utf8')) as { videoId: string }).videoId;

/** Moves the clock on, renewing the access (an hour long) as the product would. */
async function later(grant: TGrant, ms: number): Promise<TGrant> {
  clock.advance(ms);
  return adapter.refresh(grant, clock.now());
}

describe('a YouTube video prepared ahead: uploaded private, made public at its due time', () => {
  it('is not published, listed or counted while private; made public once, it is one video dated at its due time', async () => {
    let grant = await link('yt-ava');
    const before = await published('yt-ava');
    const windowStart = clock.now();
    const prepared = await adapter.prepare(grant, video('yt-ava', 'Soup, prepared ahead'), windowStart);
    expect(prepared.validUntil.getTime()).toBe(windowStart.getTime() + YOUTUBE_PREPARED_VALID_MS);
    const id = videoIdOf(prepared.ticket);
    expect((await videosList(grant, id, 'status'))[0].status.privacyStatus).toBe('private');
    // the rule: a private video is not a published post, for the public nor for the reconciliation
    expect(await published('yt-ava')).toEqual(before);
    const look = await adapter.postsSince(grant, accountOf('yt-ava'), windowStart);
    expect(look).toEqual({ posts: [], complete: true });
    expect((await adapter.recentPosts(grant, accountOf('yt-ava'), 10)).map((p) => p.postId)).not.toContain(id);

    grant = await later(grant, 25 * 60_000);
    const due = clock.now();
    const first = await adapter.publishPrepared(grant, accountOf('yt-ava'), prepared.ticket);
    // made public while YouTube may still process it: then followed like any upload
    const done = first.state === 'processing' ? await adapter.publishStatus(grant, accountOf('yt-ava'), first.ticket) : first;
    expect(done).toEqual({ state: 'published', postId: id, url: `https://www.youtube.com/watch?v=${id}` });
    expect((await published('yt-ava')).filter((v) => !before.some((b) => b.id === v.id))).toEqual([
      expect.objectContaining({ id }),
    ]);
    // found since its due time, though uploaded 25 minutes before it
    const found = await adapter.postsSince(grant, accountOf('yt-ava'), due);
    expect(found.posts).toEqual([expect.objectContaining({ postId: id, text: 'Soup, prepared ahead' })]);
    // dated when made public, not at its upload
    expect(found.posts[0].createdAt.getTime()).toBeGreaterThanOrEqual(due.getTime());
    // a replayed call is the same one video, whatever the time
    grant = await later(grant, YOUTUBE_PREPARED_VALID_MS);
    expect(await adapter.publishPrepared(grant, accountOf('yt-ava'), prepared.ticket)).toEqual(done);
    expect((await published('yt-ava')).length).toBe(before.length + 1);
  });

  it("an answer lost while it is made public: postsSince from the attempt's start finds it, and nothing is sent twice", async () => {
    let grant = await link('yt-milo');
    const prepared = await adapter.prepare(grant, video('yt-milo', 'Made public, answer lost'), clock.now());
    grant = await later(grant, 30 * 60_000);
    const attemptStart = clock.now();
    await control({ lose_answers: 1, account: channel('yt-milo').channelId });
    const impatient = createYouTubeAdapter(settings, emulators.impatientFetch, () => clock.now());
    expect((await networkFailure(impatient.publishPrepared(grant, accountOf('yt-milo'), prepared.ticket))).kind).toBe('retry');
    const look = await adapter.postsSince(grant, accountOf('yt-milo'), new Date(attemptStart.getTime() - 5 * 60_000));
    expect(look.complete).toBe(true);
    expect(look.posts).toEqual([
      expect.objectContaining({ postId: videoIdOf(prepared.ticket), text: 'Made public, answer lost' }),
    ]);
    // were the call replayed instead, it would answer the same one video
    const before = await published('yt-milo');
    expect(await adapter.publishPrepared(grant, accountOf('yt-milo'), prepared.ticket)).toMatchObject({
      state: 'published',
      postId: videoIdOf(prepared.ticket),
    });
    expect(await published('yt-milo')).toEqual(before);
  });

  it('past its validity, a video still private is PREPARED_GONE (the product uploads again), and discarding it deletes it', async () => {
    let grant = await link('yt-nora');
    const prepared = await adapter.prepare(grant, video('yt-nora', 'Kept too long'), clock.now());
    grant = await later(grant, YOUTUBE_PREPARED_VALID_MS + 60_000);
    const err = await networkFailure(adapter.publishPrepared(grant, accountOf('yt-nora'), prepared.ticket));
    expect(err).toMatchObject({ kind: 'permanent', details: { code: PREPARED_GONE } });
    const id = videoIdOf(prepared.ticket);
    expect((await videosList(grant, id, 'status'))[0].status.privacyStatus).toBe('private');
    await adapter.discardPrepared(grant, accountOf('yt-nora'), prepared.ticket);
    expect(await videosList(grant, id, 'status')).toEqual([]);
    // discarding what is gone is no failure; making it public now is PREPARED_GONE
    await adapter.discardPrepared(grant, accountOf('yt-nora'), prepared.ticket);
    expect((await networkFailure(adapter.publishPrepared(grant, accountOf('yt-nora'), prepared.ticket))).details.code).toBe(
      PREPARED_GONE,
    );
  });

  it('a prepared video deleted on the channel is PREPARED_GONE; a discard never deletes one already made public', async () => {
    const grant = await link('yt-ava');
    const removed = await adapter.prepare(grant, video('yt-ava', 'Deleted in the studio'), clock.now());
    const del = await app.inject({
      method: 'DELETE',
      url: `/sandbox/youtube/youtube/v3/videos?id=${videoIdOf(removed.ticket)}`,
      headers: { authorization: `Bearer ${grant.accessToken}` },
    });
    expect(del.statusCode).toBe(204);
    expect((await networkFailure(adapter.publishPrepared(grant, accountOf('yt-ava'), removed.ticket))).details.code).toBe(
      PREPARED_GONE,
    );

    const out = await adapter.prepare(grant, video('yt-ava', 'Out before the discard'), clock.now());
    await adapter.publishPrepared(grant, accountOf('yt-ava'), out.ticket);
    await adapter.discardPrepared(grant, accountOf('yt-ava'), out.ticket);
    expect((await videosList(grant, videoIdOf(out.ticket), 'status'))[0].status.privacyStatus).toBe('public');
  });

  it('a processing failure of the prepared video is permanent (not PREPARED_GONE): the same file would fail again', async () => {
    const grant = await link('yt-milo');
    await control({ fail: 'processing_error', account: channel('yt-milo').channelId });
    const prepared = await adapter.prepare(grant, video('yt-milo', 'Will not convert'), clock.now());
    // the first look finds it processing; the second, failed
    await videosList(grant, videoIdOf(prepared.ticket), 'status');
    const err = await networkFailure(adapter.publishPrepared(grant, accountOf('yt-milo'), prepared.ticket));
    expect(err.kind).toBe('permanent');
    expect(err.details.code).not.toBe(PREPARED_GONE);
    expect((await videosList(grant, videoIdOf(prepared.ticket), 'status'))[0].status.privacyStatus).toBe('private');
  });
});

describe('a resumable upload in chunks, resumed after a chunk that failed', () => {
  it('the second chunk is cut off (YouTube keeps part of it): asked what it holds, the rest goes on, and one video is made', async () => {
    const grant = await link('yt-nora');
    const before = await published('yt-nora');
    // the emulator fails the next publish call once the first chunk is in: the second chunk is cut off half way
    beforePut = async (n) => {
      if (n === 2) await control({ fail: 'server_error', only: 'publish', account: channel('yt-nora').channelId });
    };
    const big = testClip(BIG_BYTES, { url: `${TEST_PUBLIC_URL}/media/big.mp4`, width: 1920, height: 1080, durationSec: 15 });
    const sent = await adapter.publish(grant, video('yt-nora', 'Uploaded in chunks', { media: [big] }));
    expect(sent.state).toBe('processing');
    const C = YOUTUBE_CHUNK_BYTES;
    // YouTube kept half the cut chunk (whole 256 KiB blocks): the adapter sends from there, never a byte twice past it
    expect(puts).toEqual([
      `bytes 0-${C - 1}/${BIG_BYTES}`,
      `bytes ${C}-${2 * C - 1}/${BIG_BYTES}`,
      `bytes */${BIG_BYTES}`,
      `bytes ${C + C / 2}-${2 * C - 1}/${BIG_BYTES}`,
      `bytes ${2 * C}-${BIG_BYTES - 1}/${BIG_BYTES}`,
    ]);
    const after = (await published('yt-nora')).filter((v) => !before.some((b) => b.id === v.id));
    expect(after).toHaveLength(1);
    const [file] = await videosList(grant, after[0].id, 'fileDetails');
    expect(file.fileDetails.fileSize).toBe(String(BIG_BYTES));
  });
});
