import {
  facebookEmulatorRoutes,
  instagramEmulatorRoutes,
  SANDBOX_FACEBOOK_CLIENT,
  SANDBOX_INSTAGRAM_CLIENT,
} from '@virality/sandbox/testing';
import { describe, expect, it } from 'vitest';
import { Clock } from '../../clock';
import { clickConsent, emulatorApp, emulatorSettings, testClip, testPhoto } from '../../sandbox-integration/networks/test-kit';
import { createFacebookAdapter, createInstagramAdapter, META_PREPARED_VALID_MS } from './meta';
import { networkFailure } from './test-kit';
import {
  PREPARED_GONE,
  type TAccountRef,
  type TGrant,
  type TPublishMedia,
  type TPublishRequest,
  type TPublishState,
} from './types';

/**
 * Preparing ahead on Facebook and Instagram, through their emulators: what is made ready is not public and not found
 * by reconciliation until the due time's call publishes it once; what the network no longer holds is PREPARED_GONE.
 */

const clock = new Clock();
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const MP4 = Buffer.from([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0x00, 0x00, 0x00, 0x00]);
const emulators = emulatorApp(async (app, viaAppFetch) => {
  app.get('/media/photo.jpg', async (_req, reply) => reply.type('image/jpeg').send(JPEG));
  app.get('/media/clip.mp4', async (_req, reply) => reply.type('video/mp4').send(MP4));
  await app.register(facebookEmulatorRoutes({ clock, publicUrl: 'http://localhost:3000', fetch: viaAppFetch }));
  await app.register(instagramEmulatorRoutes({ clock, publicUrl: 'http://localhost:3000', fetch: viaAppFetch }));
});
const { app, viaApp } = emulators;
/** Every call the adapters make, counted (the media the emulators pull is not). */
let adapterCalls = 0;
const counting: typeof fetch = (input, init) => {
  adapterCalls++;
  return viaApp.fetch(input, init);
};
const facebook = createFacebookAdapter(emulatorSettings(SANDBOX_FACEBOOK_CLIENT, '/sandbox/facebook'), counting, () =>
  clock.now(),
);
const instagram = createInstagramAdapter(emulatorSettings(SANDBOX_INSTAGRAM_CLIENT, '/sandbox/instagram'), counting, () =>
  clock.now(),
);

const photo = (more: Partial<TPublishMedia> = {}) => testPhoto(200_000, more);
const clip = (more: Partial<TPublishMedia> = {}) => testClip(2_000_000, { durationSec: 20, ...more });
let serial = 0;
/** Words no other post of this file carries: a post is counted by them. */
const unique = (what: string) => `${what} #${++serial}`;

/** Consent as Ava and take her first page (Facebook) or its Instagram account, with the page's token. */
async function linked(adapter: typeof facebook | typeof instagram): Promise<{ grant: TGrant; account: TAccountRef }> {
  const { url } = await adapter.authorize({ state: 'st' });
  const { res: back } = await clickConsent(app, url, { profile: 'fb-ava', decision: 'allow' });
  const code = new URL(String(back.headers.location)).searchParams.get('code');
  const user = await adapter.exchange({ code, oauthToken: null, oauthVerifier: null }, null, clock.now());
  const [first] = await adapter.discover(user);
  return { grant: first.grant as TGrant, account: { remoteId: first.remoteId, kind: first.kind } };
}

/** The posts on the emulator's page or account carrying `text`, as the emulator holds them (not a network call). */
async function held(network: 'facebook' | 'instagram', account: TAccountRef, text: string): Promise<number> {
  const res = await app.inject({ method: 'GET', url: `/sandbox/${network}/_published?user=${account.remoteId}` });
  return (res.json() as { text: string }[]).filter((p) => p.text === text).length;
}

/** What reconciliation finds of `text` on the account since `since`. */
async function found(
  adapter: typeof facebook | typeof instagram,
  grant: TGrant,
  account: TAccountRef,
  since: Date,
  text: string,
) {
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
const ticketOf = (t: Record<string, unknown>) => Buffer.from(JSON.stringify(t)).toString('base64url');

describe('Instagram: a container made ahead is published at the due time', () => {
  it('a photo made ready is not on the account, nor found by postsSince, until publishPrepared publishes it once', async () => {
    const { grant, account } = await linked(instagram);
    const text = unique('Prepared photo');
    const since = clock.now();
    const at = clock.now();
    const prepared = await instagram.prepare(grant, { account, format: 'post', text, media: [photo()] }, at);
    // Instagram keeps a container 24 hours: the ticket is counted on for less than that
    expect(prepared.validUntil.getTime()).toBe(at.getTime() + META_PREPARED_VALID_MS);
    expect(prepared.validUntil.getTime()).toBeLessThan(at.getTime() + 24 * 3600_000);
    expect(await held('instagram', account, text)).toBe(0);
    expect(await found(instagram, grant, account, since, text)).toEqual([]);

    const out = published(await instagram.publishPrepared(grant, account, prepared.ticket));
    expect(out.url).toMatch(/^https:\/\/www\.instagram\.com\/p\//);
    expect(await held('instagram', account, text)).toBe(1);
    expect((await found(instagram, grant, account, since, text)).map((p) => p.postId)).toEqual([out.postId]);
  });

  it('a carousel made ready (item containers, then the carousel) is published as one post', async () => {
    const { grant, account } = await linked(instagram);
    const text = unique('Prepared carousel');
    const since = clock.now();
    const request: TPublishRequest = { account, format: 'post', text, media: [photo(), photo(), photo()] };
    const prepared = await instagram.prepare(grant, request, clock.now());
    expect(await held('instagram', account, text)).toBe(0);
    const out = published(await instagram.publishPrepared(grant, account, prepared.ticket));
    expect(await held('instagram', account, text)).toBe(1);
    expect((await found(instagram, grant, account, since, text)).map((p) => p.postId)).toEqual([out.postId]);
  });

  it('a reel still processing at the due time answers processing, and publishStatus then publishes it once', async () => {
    const { grant, account } = await linked(instagram);
    const text = unique('Prepared reel');
    const prepared = await instagram.prepare(grant, { account, format: 'reel', text, media: [clip()] }, clock.now());
    const ticket = processingTicket(await instagram.publishPrepared(grant, account, prepared.ticket));
    expect(await held('instagram', account, text)).toBe(0);
    published(await instagram.publishStatus(grant, account, ticket));
    expect(await held('instagram', account, text)).toBe(1);
    // asked again (an answer lost), the container says it is published: no second post
    const again = await networkFailure(instagram.publishStatus(grant, account, ticket));
    expect(again.kind).toBe('permanent');
    expect(again.details.code).not.toBe(PREPARED_GONE);
    expect(await held('instagram', account, text)).toBe(1);
  });

  it('a container past its 24 hours is PREPARED_GONE, nothing goes out, and the whole publish then posts once', async () => {
    const { grant, account } = await linked(instagram);
    const text = unique('Lapsed photo');
    const request: TPublishRequest = { account, format: 'post', text, media: [photo()] };
    const prepared = await instagram.prepare(grant, request, clock.now());
    clock.advance(24 * 3600_000 + 60_000);
    const err = await networkFailure(instagram.publishPrepared(grant, account, prepared.ticket));
    expect(err.kind).toBe('permanent');
    expect(err.details.code).toBe(PREPARED_GONE);
    expect(await held('instagram', account, text)).toBe(0);

    const whole = processingTicket(await instagram.publish(grant, request));
    published(await instagram.publishStatus(grant, account, whole));
    expect(await held('instagram', account, text)).toBe(1);
  });

  it('a container Instagram does not know is PREPARED_GONE', async () => {
    const { grant, account } = await linked(instagram);
    const err = await networkFailure(instagram.publishPrepared(grant, account, ticketOf({ c: '17899999999999' })));
    expect(err.details.code).toBe(PREPARED_GONE);
  });

  it('a post Instagram would refuse is refused when it is prepared, before any call', async () => {
    const { grant, account } = await linked(instagram);
    const before = adapterCalls;
    const err = await networkFailure(
      instagram.prepare(grant, { account, format: 'post', text: 'words only', media: [] }, clock.now()),
    );
    expect(err.kind).toBe('permanent');
    expect(err.reason).toMatch(/cannot be text only/);
    expect(adapterCalls).toBe(before);
  });
});

describe('Facebook: photos uploaded ahead unpublished are attached at the due time', () => {
  it('several photos made ready are on no list of the page until publishPrepared attaches them to one feed post', async () => {
    const { grant, account } = await linked(facebook);
    const text = unique('Prepared album');
    const since = clock.now();
    const at = clock.now();
    const request: TPublishRequest = { account, format: 'post', text, media: [photo(), photo(), photo()] };
    const prepared = (await facebook.prepare(grant, request, at))!;
    expect(prepared.validUntil.getTime()).toBe(at.getTime() + META_PREPARED_VALID_MS);
    expect(await held('facebook', account, text)).toBe(0);
    expect(await found(facebook, grant, account, since, text)).toEqual([]);
    expect((await facebook.recentPosts(grant, account, 50)).filter((p) => p.text === text)).toEqual([]);

    const out = published(await facebook.publishPrepared(grant, account, prepared.ticket));
    expect(out.url).toBe(`https://www.facebook.com/${account.remoteId}/posts/${out.postId.split('_')[1]}`);
    expect(await held('facebook', account, text)).toBe(1);
    expect((await found(facebook, grant, account, since, text)).map((p) => p.postId)).toEqual([out.postId]);

    // the same ticket again (a replay): the photos are attached already, so it is refused and nothing is posted twice
    const again = await networkFailure(facebook.publishPrepared(grant, account, prepared.ticket));
    expect(again.kind).toBe('permanent');
    expect(again.details.code).not.toBe(PREPARED_GONE);
    expect(await held('facebook', account, text)).toBe(1);
  });

  it('one photo is attached to a feed post, and a photo story is made from its prepared photo', async () => {
    const { grant, account } = await linked(facebook);
    const text = unique('Prepared single');
    const single = (await facebook.prepare(grant, { account, format: 'post', text, media: [photo()] }, clock.now()))!;
    expect(await held('facebook', account, text)).toBe(0);
    published(await facebook.publishPrepared(grant, account, single.ticket));
    expect(await held('facebook', account, text)).toBe(1);

    const before = (await facebook.postsSince(grant, account, new Date(0))).posts.length;
    const story = (await facebook.prepare(grant, { account, format: 'story', text: '', media: [photo()] }, clock.now()))!;
    expect((await facebook.postsSince(grant, account, new Date(0))).posts.length).toBe(before);
    const out = published(await facebook.publishPrepared(grant, account, story.ticket));
    const after = (await facebook.postsSince(grant, account, new Date(0))).posts;
    expect(after.length).toBe(before + 1);
    expect(after.map((p) => p.postId)).toContain(out.postId);
  });

  it('discardPrepared deletes the unpublished photos: the ticket is then PREPARED_GONE, and discarding again is no failure', async () => {
    const { grant, account } = await linked(facebook);
    const text = unique('Discarded album');
    const prepared = (await facebook.prepare(grant, { account, format: 'post', text, media: [photo(), photo()] }, clock.now()))!;
    await facebook.discardPrepared(grant, account, prepared.ticket);
    const err = await networkFailure(facebook.publishPrepared(grant, account, prepared.ticket));
    expect(err.kind).toBe('permanent');
    expect(err.details.code).toBe(PREPARED_GONE);
    await expect(facebook.discardPrepared(grant, account, prepared.ticket)).resolves.toBeUndefined();
    expect(await held('facebook', account, text)).toBe(0);
    // the whole publish then goes out once
    published(await facebook.publish(grant, { account, format: 'post', text, media: [photo(), photo()] }));
    expect(await held('facebook', account, text)).toBe(1);
  });

  it('a photo refused while preparing leaves none of the photos uploaded before it on the page', async () => {
    const { grant, account } = await linked(facebook);
    // the third photo's upload is refused as Graph refuses a file it cannot read; the others reach the emulator
    const uploaded: string[] = [];
    let uploads = 0;
    const refusingThird: typeof fetch = async (input, init) => {
      const photos = init?.method === 'POST' && new URL(String(input)).pathname.endsWith('/photos');
      if (photos && ++uploads === 3)
        return new Response(JSON.stringify({ error: { message: '(#324) Missing or invalid image file', code: 324 } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        });
      const res = await viaApp.fetch(input, init);
      if (photos) uploaded.push(((await res.clone().json()) as { id: string }).id);
      return res;
    };
    const adapter = createFacebookAdapter(emulatorSettings(SANDBOX_FACEBOOK_CLIENT, '/sandbox/facebook'), refusingThird, () =>
      clock.now(),
    );
    const err = await networkFailure(
      adapter.prepare(
        grant,
        { account, format: 'post', text: unique('Half uploaded'), media: [photo(), photo(), photo()] },
        clock.now(),
      ),
    );
    expect(err.kind).toBe('permanent');
    expect(uploaded).toHaveLength(2);
    for (const id of uploaded) {
      const res = await app.inject({
        method: 'GET',
        url: `/sandbox/facebook/v21.0/${id}?fields=id`,
        headers: { authorization: `Bearer ${grant.accessToken}` },
      });
      expect(res.json().error).toMatchObject({ code: 100, error_subcode: 33 });
    }
  });

  it('text alone, a video and a reel have nothing to do ahead: preparing calls nothing and answers null (the due time publishes whole)', async () => {
    const { grant, account } = await linked(facebook);
    const requests: TPublishRequest[] = [
      { account, format: 'post', text: unique('Words only'), media: [] },
      { account, format: 'post', text: unique('A video'), media: [clip()] },
      { account, format: 'reel', text: unique('A reel'), media: [clip()] },
    ];
    for (const request of requests) {
      const before = adapterCalls;
      expect(await facebook.prepare(grant, request, clock.now())).toBeNull();
      expect(adapterCalls).toBe(before);
      expect(await held('facebook', account, request.text)).toBe(0);
    }
  });

  it('the emulator deletes a photo as Graph does: an unknown one does not exist (#100/33); a published photo takes its post', async () => {
    const { grant, account } = await linked(facebook);
    const call = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: Record<string, unknown>) =>
      app.inject({
        method,
        url: `/sandbox/facebook/v21.0/${path}`,
        headers: { authorization: `Bearer ${grant.accessToken}` },
        ...(payload ? { payload } : {}),
      });
    const unknown = await call('DELETE', '122000000999999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 100, error_subcode: 33 });

    const hidden = (await call('POST', `${account.remoteId}/photos`, { url: photo().url, published: false })).json();
    expect((await call('DELETE', hidden.id)).json()).toEqual({ success: true });
    expect((await call('GET', `${hidden.id}?fields=id`)).json().error).toMatchObject({ code: 100, error_subcode: 33 });

    const text = unique('Published photo');
    const shown = (await call('POST', `${account.remoteId}/photos`, { url: photo().url, caption: text })).json();
    expect(await held('facebook', account, text)).toBe(1);
    expect((await call('DELETE', shown.id)).json()).toEqual({ success: true });
    expect(await held('facebook', account, text)).toBe(0);
    expect((await facebook.recentPosts(grant, account, 100)).some((p) => p.postId === shown.post_id)).toBe(false);
  });
});

/** A fetch answering each call with the next of `answers` (JSON), as Graph documents them. */
function answeringInTurn(...answers: { status?: number; body: unknown }[]) {
  let n = 0;
  return (async () => {
    const a = answers[Math.min(n++, answers.length - 1)];
    return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
}
const graphSettings = {
  ...emulatorSettings(SANDBOX_INSTAGRAM_CLIENT, ''),
  apiBase: 'https://graph.facebook.com',
  sandbox: false,
};
const pageGrant: TGrant = {
  accessToken: 'EAApage',
  refreshToken: null,
  tokenSecret: null,
  accessExpiresAt: null,
  refreshExpiresAt: null,
  scopes: [],
};
const ig = { remoteId: '17841400000000001', kind: 'profile' as const };

describe("publishPrepared reads Graph's refusals of media_publish", () => {
  const refused = { status: 400, body: { error: { message: 'Media ID is not available', code: 9007, error_subcode: 2207020 } } };

  it('refused while the container expired meanwhile (its status now EXPIRED): PREPARED_GONE', async () => {
    const fetchFn = answeringInTurn({ body: { status_code: 'FINISHED' } }, refused, { body: { status_code: 'EXPIRED' } });
    const err = await networkFailure(
      createInstagramAdapter(graphSettings, fetchFn, () => clock.now()).publishPrepared(pageGrant, ig, ticketOf({ c: '1' })),
    );
    expect(err.details.code).toBe(PREPARED_GONE);
  });

  it('refused while the container is still there: the refusal as Graph gave it, for the engine to fail or retry', async () => {
    const fetchFn = answeringInTurn(
      { body: { status_code: 'FINISHED' } },
      { status: 400, body: { error: { message: 'The caption is not allowed', code: 100 } } },
      { body: { status_code: 'FINISHED' } },
    );
    const err = await networkFailure(
      createInstagramAdapter(graphSettings, fetchFn, () => clock.now()).publishPrepared(pageGrant, ig, ticketOf({ c: '1' })),
    );
    expect(err.kind).toBe('permanent');
    expect(err.details.code).toBe('100');
    expect(err.reason).toBe('The caption is not allowed');
  });

  it('a rate limit on media_publish stays a rate limit (the container is not looked at again)', async () => {
    const fetchFn = answeringInTurn(
      { body: { status_code: 'FINISHED' } },
      { status: 400, body: { error: { message: '(#4) Application request limit reached', code: 4 } } },
    );
    const err = await networkFailure(
      createInstagramAdapter(graphSettings, fetchFn, () => clock.now()).publishPrepared(pageGrant, ig, ticketOf({ c: '1' })),
    );
    expect(err.kind).toBe('rate_limited');
  });
});
