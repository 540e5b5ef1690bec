import { SANDBOX_THREADS_CLIENT, THREADS_DEMO_PROFILES, threadsEmulatorRoutes } from '@virality/sandbox/testing';
import { describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import { clickConsent, emulatorApp, emulatorSettings, testClip, testPhoto } from '../../sandbox-integration/networks/test-kit';
import { networkFailure } from './test-kit';
import { createThreadsAdapter, THREADS_PREPARED_VALID_MS } from './threads';
import {
  PREPARED_GONE,
  type TAccountRef,
  type TGrant,
  type TPublishMedia,
  type TPublishRequest,
  type TPublishState,
} from './types';

/**
 * Preparing ahead on Threads, through its emulator: the container made ahead is not public and not found by
 * reconciliation until the due time's call publishes it once; one past its 24 hours is PREPARED_GONE.
 */

const clock = new Clock();
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const MP4 = Buffer.from([0x00, 0x00, 0x00, 0x18, ...Buffer.from('ftypmp42'), 0x00, 0x00, 0x00, 0x00]);
const emulators = emulatorApp(async (app, viaAppFetch) => {
  app.get('/media/photo.jpg', async (_req, reply) => reply.type('image/jpeg').send(JPEG));
  app.get('/media/clip.mp4', async (_req, reply) => reply.type('video/mp4').send(MP4));
  await app.register(threadsEmulatorRoutes({ clock, publicUrl: 'http://localhost:3000', fetch: viaAppFetch }));
});
const { app, viaApp } = emulators;
/** Every call the adapter makes, counted (a refused post must make none). */
let calls = 0;
const counting: typeof fetch = (input, init) => {
  calls++;
  return viaApp.fetch(input, init);
};
const adapter = createThreadsAdapter(emulatorSettings(SANDBOX_THREADS_CLIENT, '/sandbox/threads'), counting, () => clock.now());

const photo: TPublishMedia = testPhoto(JPEG.length);
const clip: TPublishMedia = testClip(MP4.length);
let serial = 0;
/** Words no other post of this file carries: a post is counted by them. */
const unique = (what: string) => `${what} #${++serial}`;
const post = (account: TAccountRef, text: string, media: TPublishMedia[] = []): TPublishRequest => ({
  account,
  format: 'post',
  text,
  media,
});

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
  const userId = THREADS_DEMO_PROFILES.find((p) => p.id === chosen)!.userId;
  return { grant, account: { remoteId: userId, kind: 'profile' } };
}

/** The posts on the emulator's profile carrying `text`, as the emulator holds them (not a network call). */
async function held(account: TAccountRef, text: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: `/sandbox/threads/_published?user=${account.remoteId}` });
  return (res.json() as { text: string }[]).filter((p) => p.text === text).length;
}

/** What reconciliation finds of `text` on the profile since `since`. */
async function found(grant: TGrant, account: TAccountRef, since: Date, text: string) {
  const { posts, complete } = await adapter.postsSince(grant, account, since);
  expect(complete).toBe(true);
  return posts.filter((p) => p.text === text);
}

const published = (s: TPublishState) => {
  if (s.state !== 'published') throw new Error(`expected published, got ${s.state}`);
  return s;
};
const processingTicket = (s: TPublishState) => {
  if (s.state !== 'processing') throw new Error(`expected processing, got ${s.state}`);
  return s.ticket;
};

describe('Threads: a container made ahead is published at the due time', () => {
  it('a text post made ready is not on the profile, nor found by postsSince, until publishPrepared publishes it once', async () => {
    const { grant, account } = await link();
    const text = unique('Prepared words');
    // Threads writes times to the second: the moment is taken a second back so that the post falls after it
    const since = new Date(clock.nowMs() - 1000);
    const at = clock.now();
    const prepared = await adapter.prepare(grant, post(account, text), at);
    expect(prepared.validUntil.getTime()).toBe(at.getTime() + THREADS_PREPARED_VALID_MS);
    expect(prepared.validUntil.getTime()).toBeLessThan(at.getTime() + 24 * 3600_000);
    expect(await held(account, text)).toBe(0);
    expect(await found(grant, account, since, text)).toEqual([]);

    const out = published(await adapter.publishPrepared(grant, account, prepared.ticket));
    expect(out.url).toMatch(/\/post\//);
    expect(await held(account, text)).toBe(1);
    expect((await found(grant, account, since, text)).map((p) => p.postId)).toEqual([out.postId]);
  });

  it('a carousel made ready (item containers, then the carousel) is published as one post', async () => {
    const { grant, account } = await link();
    const text = unique('Prepared carousel');
    const since = new Date(clock.nowMs() - 1000);
    const prepared = await adapter.prepare(grant, post(account, text, [photo, photo]), clock.now());
    expect(await held(account, text)).toBe(0);
    const out = published(await adapter.publishPrepared(grant, account, prepared.ticket));
    expect(await held(account, text)).toBe(1);
    expect((await found(grant, account, since, text)).map((p) => p.postId)).toEqual([out.postId]);
  });

  it('a video still processing at the due time answers processing, and publishStatus then publishes it once', async () => {
    const { grant, account } = await link();
    const text = unique('Prepared video');
    const prepared = await adapter.prepare(grant, post(account, text, [clip]), clock.now());
    const ticket = processingTicket(await adapter.publishPrepared(grant, account, prepared.ticket));
    expect(await held(account, text)).toBe(0);
    const out = published(await adapter.publishStatus(grant, account, ticket));
    expect(await held(account, text)).toBe(1);
    // asked again (an answer lost): the container is published, and the post already out is answered, not a second
    expect(published(await adapter.publishStatus(grant, account, ticket)).postId).toBe(out.postId);
    expect(await held(account, text)).toBe(1);
  });

  it('a container past its 24 hours is PREPARED_GONE, nothing goes out, and the whole publish then posts once', async () => {
    const { grant, account } = await link();
    const text = unique('Lapsed words');
    const prepared = await adapter.prepare(grant, post(account, text, [photo]), clock.now());
    clock.advance(24 * 3600_000 + 60_000);
    const err = await networkFailure(adapter.publishPrepared(grant, account, prepared.ticket));
    expect(err.kind).toBe('permanent');
    expect(err.details.code).toBe(PREPARED_GONE);
    expect(await held(account, text)).toBe(0);

    const whole = processingTicket(await adapter.publish(grant, post(account, text, [photo])));
    published(await adapter.publishStatus(grant, account, whole));
    expect(await held(account, text)).toBe(1);
  });

  it('a container Threads does not know is PREPARED_GONE', async () => {
    const { grant, account } = await link();
    const ticket = Buffer.from(JSON.stringify({ container: '17999999999999999', text: 'x', video: false })).toString('base64url');
    const err = await networkFailure(adapter.publishPrepared(grant, account, ticket));
    expect(err.details.code).toBe(PREPARED_GONE);
  });

  it('a post Threads would refuse is refused when it is prepared, before any call', async () => {
    const { grant, account } = await link();
    const before = calls;
    const err = await networkFailure(adapter.prepare(grant, post(account, 'x'.repeat(501)), clock.now()));
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/Threads allows 500 characters/);
    expect(calls).toBe(before);
  });
});

describe("publishPrepared reads Threads' refusals of threads_publish", () => {
  /** A fetch answering each call with the next of `answers` (JSON), as Threads documents them. */
  function answeringInTurn(...answers: { status?: number; body: unknown }[]) {
    let n = 0;
    return (async () => {
      const a = answers[Math.min(n++, answers.length - 1)];
      return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
  }
  const real = { ...emulatorSettings(SANDBOX_THREADS_CLIENT, ''), apiBase: 'https://graph.threads.net', sandbox: false };
  const grant: TGrant = {
    accessToken: 'THtoken',
    refreshToken: null,
    tokenSecret: null,
    accessExpiresAt: null,
    refreshExpiresAt: null,
    scopes: [],
  };
  const account: TAccountRef = { remoteId: '1234', kind: 'profile' };
  const ticket = Buffer.from(JSON.stringify({ container: '1790', text: 'x', video: false })).toString('base64url');
  const refused = {
    status: 400,
    body: { error: { message: 'The media container has expired', code: 100, error_subcode: 2207008 } },
  };

  it('refused while the container expired meanwhile (its status now EXPIRED): PREPARED_GONE', async () => {
    const fetchFn = answeringInTurn({ body: { status: 'FINISHED', id: '1790' } }, refused, { body: { status: 'EXPIRED' } });
    const err = await networkFailure(
      createThreadsAdapter(real, fetchFn, () => clock.now()).publishPrepared(grant, account, ticket),
    );
    expect(err.details.code).toBe(PREPARED_GONE);
  });

  it('refused while the container is still there: the refusal as Threads gave it', async () => {
    const fetchFn = answeringInTurn(
      { body: { status: 'FINISHED', id: '1790' } },
      { status: 400, body: { error: { message: '(#100) Invalid parameter', code: 100 } } },
      { body: { status: 'FINISHED', id: '1790' } },
    );
    const err = await networkFailure(
      createThreadsAdapter(real, fetchFn, () => clock.now()).publishPrepared(grant, account, ticket),
    );
    expect(err.kind).toBe('permanent');
    expect(err.details.code).toBe('100');
  });
});
