import { SANDBOX_X_CLIENT, X_DEMO_PROFILES, xEmulatorRoutes } from '@virality/sandbox/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import {
  emulatorApp,
  emulatorSettings,
  linkThroughConsent,
  TEST_PUBLIC_URL,
  testClip,
  testPhoto,
} from '../../sandbox-integration/networks/test-kit';
import { networkFailure } from './test-kit';
import { PREPARED_GONE, type TGrant, type TPublishRequest } from './types';
import { createXAdapter, X_CHUNK_BYTES, X_MEDIA_TTL_MS, X_PREPARED_MARGIN_MS } from './x';

/**
 * An X post prepared ahead through the emulator: its media uploaded (and processed) before the due time, the post
 * made at it, and media ids that expired (a day on X) turned into PREPARED_GONE for the product to publish whole.
 */

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]);
const mp4 = (size: number) => {
  const b = Buffer.alloc(size, 7);
  b.writeUInt32BE(24, 0);
  b.write('ftypisom', 4, 'latin1');
  return b;
};
/** A video of two and a half APPEND pieces. */
const VIDEO_BYTES = Math.floor(X_CHUNK_BYTES * 2.5);
const VIDEO = mp4(VIDEO_BYTES);
const settings = emulatorSettings(SANDBOX_X_CLIENT, '/sandbox/twitter');
const clock = new Clock();
const emulators = emulatorApp(async (app, viaAppFetch) => {
  await app.register(xEmulatorRoutes({ clock, publicUrl: TEST_PUBLIC_URL, fetch: viaAppFetch }));
  app.get('/media/photo.jpg', async (_req, reply) => reply.type('image/jpeg').send(JPEG));
  app.get('/media/clip.mp4', async (_req, reply) => reply.type('video/mp4').send(VIDEO));
});
const { app, viaApp } = emulators;

/** The calls the adapter makes to X (method and path), media reads left out. */
let calls: string[] = [];
const watching: typeof fetch = (input, init) => {
  const u = new URL(String(input));
  if (u.pathname.startsWith('/sandbox/twitter/2/'))
    calls.push(`${init?.method ?? 'GET'} ${u.pathname.slice('/sandbox/twitter'.length)}`);
  return viaApp.fetch(input, init);
};
const adapter = createXAdapter(settings, watching, () => clock.now());
const control = (payload: Record<string, unknown>) => emulators.control('/sandbox/twitter', payload);
afterEach(async () => {
  await control({ clear: true });
  calls = [];
});

async function link(who: string): Promise<{ grant: TGrant; account: { remoteId: string; kind: 'profile' } }> {
  const grant = await linkThroughConsent(adapter, app, who, clock.now());
  return { grant, account: { remoteId: X_DEMO_PROFILES.find((p) => p.id === who)!.userId, kind: 'profile' } };
}

let n = 0;
const fresh = (text: string) => `${text} #${++n}`;
const photo = () => testPhoto(JPEG.length, { width: 1200, height: 900 });
const clip = () => testClip(VIDEO_BYTES, { width: 1280, height: 720, durationSec: 20 });
const request = (account: TPublishRequest['account'], over: Partial<TPublishRequest>): TPublishRequest => ({
  account,
  format: 'post',
  text: fresh('Prepared'),
  media: [],
  ...over,
});

async function postsOf(userId: string): Promise<{ id: string; text: string }[]> {
  return (await app.inject({ method: 'GET', url: `/sandbox/twitter/_published?user=${userId}` })).json();
}

describe('an X post prepared ahead', () => {
  it('photos are uploaded ahead, nothing is posted; at the due time one post goes out with them', async () => {
    const { grant, account } = await link('x-ava');
    const before = await postsOf(account.remoteId);
    const at = clock.now();
    const text = fresh('Two photos, uploaded ahead');
    const prepared = await adapter.prepare(grant, request(account, { text, media: [photo(), photo()] }), at);
    expect(calls).toEqual(['POST /2/media/upload', 'POST /2/media/upload']);
    // X keeps a media id a day (it says how many seconds are left): the ticket is good for that less the margin
    const day = at.getTime() + X_MEDIA_TTL_MS - X_PREPARED_MARGIN_MS;
    expect(prepared.validUntil.getTime()).toBeLessThanOrEqual(day);
    expect(prepared.validUntil.getTime()).toBeGreaterThan(day - 60_000);
    expect(await postsOf(account.remoteId)).toEqual(before);

    clock.advance(20 * 60_000);
    calls = [];
    const out = await adapter.publishPrepared(grant, account, prepared.ticket);
    expect(out).toMatchObject({ state: 'published' });
    // the due call is the post alone
    expect(calls).toEqual(['POST /2/tweets']);
    const after = await postsOf(account.remoteId);
    expect(after.filter((p) => !before.some((b) => b.id === p.id))).toEqual([expect.objectContaining({ text })]);
  });

  it('a video goes up ahead in 4 MB pieces read as they are sent; at the due time X is asked how its processing goes, then the post is made', async () => {
    const { grant, account } = await link('x-ava');
    const prepared = await adapter.prepare(grant, request(account, { media: [clip()] }), clock.now());
    expect(calls).toEqual([
      'POST /2/media/upload/initialize',
      ...Array.from({ length: 3 }, () => expect.stringMatching(/^POST \/2\/media\/upload\/\d+\/append$/)),
      expect.stringMatching(/^POST \/2\/media\/upload\/\d+\/finalize$/),
    ]);
    calls = [];
    // X still processes the video at the first look: processing, followed like any publish
    const first = await adapter.publishPrepared(grant, account, prepared.ticket);
    expect(first.state).toBe('processing');
    if (first.state !== 'processing') return;
    const done = await adapter.publishStatus(grant, account, first.ticket);
    expect(done.state).toBe('published');
    expect(calls.filter((c) => c === 'POST /2/tweets')).toHaveLength(1);
  });

  it('text alone: the ticket holds the text, and the due call posts it', async () => {
    const { grant, account } = await link('x-milo');
    const text = fresh('Nothing to upload');
    const prepared = await adapter.prepare(grant, request(account, { text }), clock.now());
    expect(calls).toEqual([]);
    const out = await adapter.publishPrepared(grant, account, prepared.ticket);
    expect(out.state).toBe('published');
    expect((await postsOf(account.remoteId)).map((p) => p.text)).toContain(text);
  });

  it('media ids X no longer has (a day after their upload, on its clock) are PREPARED_GONE, and nothing is posted', async () => {
    const { grant, account } = await link('x-milo');
    const at = clock.now();
    const prepared = await adapter.prepare(grant, request(account, { media: [photo()] }), at);
    const before = await postsOf(account.remoteId);
    // past the ticket's validity: refused before any call
    clock.advance(prepared.validUntil.getTime() - clock.nowMs() + 1000);
    calls = [];
    const early = await networkFailure(adapter.publishPrepared(grant, account, prepared.ticket));
    expect(early).toMatchObject({ kind: 'permanent', details: { code: PREPARED_GONE } });
    expect(calls).toEqual([]);
    // a ticket that still says it is valid (its clock behind X's): X refuses the expired ids, which is PREPARED_GONE too
    const stale = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(prepared.ticket, 'base64url').toString()),
        until: Date.now() + 10 * X_MEDIA_TTL_MS,
      }),
    ).toString('base64url');
    clock.advance(X_PREPARED_MARGIN_MS);
    const refused = await networkFailure(adapter.publishPrepared(grant, account, stale));
    expect(refused).toMatchObject({ kind: 'permanent', details: { code: PREPARED_GONE } });
    expect(calls).toEqual(['POST /2/tweets']);
    expect(await postsOf(account.remoteId)).toEqual(before);
  });

  it('a video whose processing failed is permanent, not PREPARED_GONE (uploading it again would fail the same)', async () => {
    const { grant, account } = await link('x-ava');
    await control({ fail: 'processing_error', only: 'publish' });
    const prepared = await adapter.prepare(grant, request(account, { media: [clip()] }), clock.now());
    const err = await networkFailure(
      (async () => {
        const first = await adapter.publishPrepared(grant, account, prepared.ticket);
        if (first.state === 'processing') await adapter.publishStatus(grant, account, first.ticket);
      })(),
    );
    expect(err.kind).toBe('permanent');
    expect(err.details.code).not.toBe(PREPARED_GONE);
  });

  it('X has nothing to discard: unused media ids expire by themselves', () => {
    expect('discardPrepared' in adapter).toBe(false);
  });
});
