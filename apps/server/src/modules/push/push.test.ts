import dns from 'node:dns';
import { WEB_PUSH_MSG } from '@virality/domain';
import { decryptAes128gcm } from '@virality/sandbox/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createContainer } from '../../container';
import { deviceTokens } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { PUSH_ATTEMPTS, WEB_PUSH_QUEUE } from './service';
import { loadVapidKeys } from './vapid';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

type TStandIn = {
  id: string;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  privateKey: string;
};

/** A browser's subscription at the sandbox push service. */
async function standInSubscription(): Promise<TStandIn> {
  const res = await call(t, 'POST', '/sandbox/push/subscriptions');
  expect(res.status).toBe(201);
  return res.json.response;
}
const register = (token: string, sub: TStandIn) =>
  call(t, 'POST', '/api/notification/registerDeviceToken', {
    token,
    body: { deviceToken: JSON.stringify(sub.subscription), deviceType: 'web' },
  });
const received = async (sub: TStandIn) =>
  (await call(t, 'GET', `/sandbox/push/subscriptions/${sub.id}/messages`)).json.response.messages;
const answerWith = (sub: TStandIn, body: object) => call(t, 'POST', `/sandbox/push/subscriptions/${sub.id}/_control`, { body });
const webTokens = (userId: string) => t.services.notifications.deviceTokens(userId, 'web');
const postDone = (title = 'Post sent', postId = 'p1') => ({
  type: 'POST_NOTIFICATION' as const,
  title,
  description: 'Posted to X',
  payload: { payloadId: postId },
});
/** A user with one registered stand-in subscription. */
async function subscribedUser() {
  const u = await buildUser(t);
  const sub = await standInSubscription();
  expect((await register(u.token, sub)).status).toBe(200);
  return { ...u, sub };
}
const runPushes = () => t.runDueJobs(WEB_PUSH_QUEUE);

describe('a notification reaches the browser as an encrypted Web Push', () => {
  it('notify → job → aes128gcm with VAPID → the push service; the browser opens it with its own keys', async () => {
    const { user, sub } = await subscribedUser();
    await t.services.notifications.notify(user.id, postDone('Post sent', 'post_42'));
    expect(await received(sub)).toEqual([]); // nothing is sent inline: a job does it

    const ran = await runPushes();
    expect(ran.map((r) => r.error)).toEqual([undefined]);
    const [push] = await received(sub);
    expect(push.status).toBe(201);
    expect(push.headers).toMatchObject({
      ttl: '86400',
      urgency: 'normal',
      contentEncoding: 'aes128gcm',
      contentType: 'application/octet-stream',
    });
    // signed with the key the web app subscribes with
    const config = await call(t, 'GET', '/api/config');
    expect(push.vapid).toMatchObject({ valid: true, publicKey: config.json.response.webPushPublicKey });
    expect(push.vapid.subject).toMatch(/^(mailto:|https:)/);
    // decrypted here, with the subscription's keys (RFC 8291)
    const plain = decryptAes128gcm(Buffer.from(push.body, 'base64url'), {
      publicKey: sub.subscription.keys.p256dh,
      privateKey: sub.privateKey,
      auth: sub.subscription.keys.auth,
    });
    expect(JSON.parse(plain.toString('utf8'))).toEqual({
      title: 'Post sent',
      body: 'Posted to X',
      url: '/postoverview/post_42',
      tag: 'post-post_42',
    });
    expect(Buffer.from(push.body, 'base64url').length).toBeLessThan(4096);
  });

  it('a notification written twice (same once-only key) is pushed once', async () => {
    const { user, sub } = await subscribedUser();
    const n = { ...postDone(), dedupeKey: 'post-done:p9' };
    expect(await t.services.notifications.notify(user.id, n)).toBe(true);
    expect(await t.services.notifications.notify(user.id, n)).toBe(false);
    await runPushes();
    expect(await received(sub)).toHaveLength(1);
  });

  it("the push is queued with the notification: a writer's unit that fails sends nothing", async () => {
    const { user, sub } = await subscribedUser();
    await expect(
      t.container.unitOfWork(async () => {
        await t.services.notifications.notify(user.id, postDone());
        throw new Error('the writer failed after notifying');
      }),
    ).rejects.toThrow('the writer failed');
    expect(await runPushes()).toEqual([]);
    expect(await received(sub)).toEqual([]);
  });

  it('each of the user’s browsers gets it; another user’s does not', async () => {
    const { user, token, sub } = await subscribedUser();
    const second = await standInSubscription();
    await register(token, second);
    const other = await subscribedUser();
    await t.services.notifications.notify(user.id, postDone());
    await runPushes();
    expect(await received(sub)).toHaveLength(1);
    expect(await received(second)).toHaveLength(1);
    expect(await received(other.sub)).toEqual([]);
  });
});

describe('what the push service answers', () => {
  it('410: the subscription has ended and is removed; nothing more is queued for it', async () => {
    const { user, sub } = await subscribedUser();
    await answerWith(sub, { answer: 'gone' });
    await t.services.notifications.notify(user.id, postDone());
    await runPushes();
    expect((await received(sub)).map((m: { status: number }) => m.status)).toEqual([410]);
    expect(await webTokens(user.id)).toEqual([]);
    await t.services.notifications.notify(user.id, postDone('Again', 'p2'));
    expect(await runPushes()).toEqual([]);
  });

  it('5xx is tried again with a growing wait (30 s, then 60 s) and then arrives once', async () => {
    const { user, sub } = await subscribedUser();
    await answerWith(sub, { answer: 'error', times: 2 });
    await t.services.notifications.notify(user.id, postDone());
    await runPushes();
    expect((await received(sub)).map((m: { status: number }) => m.status)).toEqual([500]);
    t.clock.advance(29_000);
    expect(await runPushes()).toEqual([]); // not before its wait
    t.clock.advance(1_000);
    await runPushes();
    t.clock.advance(59_000);
    expect(await runPushes()).toEqual([]);
    t.clock.advance(1_000);
    await runPushes();
    t.clock.advance(3600_000);
    expect(await runPushes()).toEqual([]); // arrived: nothing more
    expect((await received(sub)).map((m: { status: number }) => m.status)).toEqual([500, 500, 201]);
    expect(await webTokens(user.id)).toHaveLength(1);
  });

  it('429 waits as long as Retry-After says', async () => {
    const { user, sub } = await subscribedUser();
    await answerWith(sub, { answer: 'rate_limited', times: 1, retryAfterSeconds: 600 });
    await t.services.notifications.notify(user.id, postDone());
    await runPushes();
    t.clock.advance(599_000);
    expect(await runPushes()).toEqual([]);
    t.clock.advance(1_000);
    await runPushes();
    expect((await received(sub)).map((m: { status: number }) => m.status)).toEqual([429, 201]);
  });

  it(`a push that keeps failing is given up after ${PUSH_ATTEMPTS} tries; the subscription stays`, async () => {
    const { user, sub } = await subscribedUser();
    await answerWith(sub, { answer: 'error', times: null });
    await t.services.notifications.notify(user.id, postDone());
    for (let i = 0; i < 10; i++) {
      await runPushes();
      t.clock.advance(3600_000);
    }
    expect(await received(sub)).toHaveLength(PUSH_ATTEMPTS);
    expect(await webTokens(user.id)).toHaveLength(1);
  });

  it('a retry for one browser does not send again to the browser that already got it', async () => {
    const { user, token, sub } = await subscribedUser();
    const flaky = await standInSubscription();
    await register(token, flaky);
    await answerWith(flaky, { answer: 'error', times: 1 });
    await t.services.notifications.notify(user.id, postDone());
    await runPushes();
    t.clock.advance(30_000);
    await runPushes();
    expect((await received(sub)).map((m: { status: number }) => m.status)).toEqual([201]);
    expect((await received(flaky)).map((m: { status: number }) => m.status)).toEqual([500, 201]);
  });

  it('a name that resolves at send to an address carrying a private IPv4 address is not sent to, and the subscription is removed', async () => {
    const { user, token } = await buildUser(t);
    const keys = (await standInSubscription()).subscription.keys;
    const endpoint = 'https://push.rebound.example/wpush/v2/abc';
    const res = await call(t, 'POST', '/api/notification/registerDeviceToken', {
      token,
      body: { deviceToken: JSON.stringify({ endpoint, expirationTime: null, keys }), deviceType: 'web' },
    });
    expect(res.status).toBe(200);
    // the name looked public when registered; at send it resolves to 6to4 around 127.0.0.1
    const real = dns.lookup;
    const lookup = vi.spyOn(dns, 'lookup').mockImplementation(((
      host: string,
      options: unknown,
      callback: (...a: unknown[]) => void,
    ) => {
      if (host !== 'push.rebound.example') return (real as (...a: unknown[]) => void)(host, options, callback);
      const all = [{ address: '2002:7f00:1::1', family: 6 }];
      const opts = typeof options === 'object' && options ? (options as { all?: boolean }) : {};
      setImmediate(() => (opts.all ? callback(null, all) : callback(null, all[0].address, all[0].family)));
    }) as never);
    try {
      await t.services.notifications.notify(user.id, postDone());
      const ran = await runPushes();
      expect(ran.map((r) => r.error)).toEqual([undefined]);
      expect(lookup.mock.calls.some(([host]) => host === 'push.rebound.example')).toBe(true);
    } finally {
      lookup.mockRestore();
    }
    expect(await webTokens(user.id)).toEqual([]);
    t.clock.advance(3600_000);
    expect(await runPushes()).toEqual([]);
  });

  it('a subscription kept from before its endpoint was refused (an IPv4-compatible literal) is never sent to, and is removed', async () => {
    const { user } = await buildUser(t);
    const keys = (await standInSubscription()).subscription.keys;
    const old = JSON.stringify({ endpoint: 'https://[::7f00:1]/wpush/v2/abc', expirationTime: null, keys });
    // written as an older release took it, before IPv6 literals around a private IPv4 address were refused
    await t.database.db
      .insert(deviceTokens)
      .values({ id: 'old-web-token', userId: user.id, deviceType: 'web', token: old, createdAt: t.clock.now() });
    const kept = await subscribedUser();
    await t.database.db.update(deviceTokens).set({ userId: user.id }).where(eq(deviceTokens.userId, kept.user.id));

    await t.services.notifications.notify(user.id, postDone('Sent after the rules tightened'));
    const ran = await runPushes();
    expect(ran.map((r) => r.error)).toEqual([undefined]);
    expect(await received(kept.sub)).toHaveLength(1);
    expect(await webTokens(user.id)).toEqual([JSON.stringify(kept.sub.subscription)]);
  });

  it('413 and other refusals are not tried again and keep the subscription', async () => {
    const { user, sub } = await subscribedUser();
    await answerWith(sub, { answer: 'too_large', times: 1 });
    await t.services.notifications.notify(user.id, postDone());
    await runPushes();
    t.clock.advance(3600_000);
    expect(await runPushes()).toEqual([]);
    expect((await received(sub)).map((m: { status: number }) => m.status)).toEqual([413]);
    expect(await webTokens(user.id)).toHaveLength(1);
  });
});

describe('the user’s notification switches', () => {
  const settings = (token: string, body: object) => call(t, 'PUT', '/api/user/notificationSettings', { token, body });

  it('All notification off: nothing is pushed (the in-app notification is still written)', async () => {
    const { user, token, sub } = await subscribedUser();
    expect((await settings(token, { allNotification: false })).status).toBe(200);
    expect(await t.services.notifications.notify(user.id, postDone())).toBe(true);
    expect(await runPushes()).toEqual([]);
    expect(await received(sub)).toEqual([]);
    expect(await t.services.notifications.unseenCount(user.id)).toBe(1);
  });

  it('Social media off: a post’s result is not pushed', async () => {
    const { user, token, sub } = await subscribedUser();
    await settings(token, { socialMedia: false });
    await t.services.notifications.notify(user.id, postDone());
    await runPushes();
    expect(await received(sub)).toEqual([]);
  });

  it('a switch turned off while a push waits for its retry stops it', async () => {
    const { user, token, sub } = await subscribedUser();
    await answerWith(sub, { answer: 'error', times: 1 });
    await t.services.notifications.notify(user.id, postDone());
    await runPushes();
    await settings(token, { allNotification: false });
    t.clock.advance(30_000);
    await runPushes();
    expect((await received(sub)).map((m: { status: number }) => m.status)).toEqual([500]);
  });
});

describe('registering a web subscription: POST /api/notification/registerDeviceToken', () => {
  const valid = (over: Record<string, unknown> = {}, sub?: TStandIn) => ({
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
    expirationTime: null,
    keys: sub?.subscription.keys,
    ...over,
  });
  let keys: TStandIn;
  beforeAll(async () => {
    keys = await standInSubscription();
  });

  it('keeps a browser subscription at a public https push service', async () => {
    const { user, token } = await buildUser(t);
    const res = await call(t, 'POST', '/api/notification/registerDeviceToken', {
      token,
      body: { deviceToken: JSON.stringify(valid({}, keys)), deviceType: 'web' },
    });
    expect(res).toMatchObject({ status: 200, json: { status: true, message: 'Device token registered' } });
    expect((await webTokens(user.id)).map((tk) => JSON.parse(tk).endpoint)).toEqual([
      'https://fcm.googleapis.com/fcm/send/abc:def',
    ]);
  });

  it.each([
    ['not JSON', 'not json', WEB_PUSH_MSG.notJson],
    ['an http endpoint', { endpoint: 'http://push.example.com/x' }, WEB_PUSH_MSG.endpointInvalid],
    ['a loopback address', { endpoint: 'https://127.0.0.1/push' }, WEB_PUSH_MSG.endpointPrivate],
    ['localhost', { endpoint: 'https://localhost:8443/push' }, WEB_PUSH_MSG.endpointPrivate],
    ['a private address', { endpoint: 'https://10.1.2.3/push' }, WEB_PUSH_MSG.endpointPrivate],
    ['the metadata service', { endpoint: 'https://169.254.169.254/latest' }, WEB_PUSH_MSG.endpointPrivate],
    ['IPv6 loopback', { endpoint: 'https://[::1]/push' }, WEB_PUSH_MSG.endpointPrivate],
    ['an IPv4-mapped IPv6 address', { endpoint: 'https://[::ffff:127.0.0.1]/push' }, WEB_PUSH_MSG.endpointPrivate],
    ['an IPv4-compatible IPv6 address', { endpoint: 'https://[::7f00:1]/push' }, WEB_PUSH_MSG.endpointPrivate],
    [
      'a 6to4 address around the metadata service',
      { endpoint: 'https://[2002:a9fe:a9fe::1]/push' },
      WEB_PUSH_MSG.endpointPrivate,
    ],
    ['a NAT64 address', { endpoint: 'https://[64:ff9b::10.0.0.1]/push' }, WEB_PUSH_MSG.endpointPrivate],
    ['a Teredo address', { endpoint: 'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/push' }, WEB_PUSH_MSG.endpointPrivate],
    ['a name without a dot', { endpoint: 'https://intranet/push' }, WEB_PUSH_MSG.endpointPrivate],
    [
      'a key that is not a curve point',
      { keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
      WEB_PUSH_MSG.keysInvalid,
    ],
    ['a short auth secret', { keys: { p256dh: 'x', auth: 'AAAA' } }, WEB_PUSH_MSG.keysInvalid],
  ])('400 for %s, and nothing is kept', async (_label, over, message) => {
    const { user, token } = await buildUser(t);
    const deviceToken = typeof over === 'string' ? over : JSON.stringify(valid(over, keys));
    const res = await call(t, 'POST', '/api/notification/registerDeviceToken', {
      token,
      body: { deviceToken, deviceType: 'web' },
    });
    expect(res).toMatchObject({
      status: 400,
      json: { status: false, message, code: 'VALIDATION_FAILED', response: { errors: { deviceToken: message } } },
    });
    expect(await webTokens(user.id)).toEqual([]);
  });

  it('a subscription signed in by another account on the same browser moves to that account', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const sub = await standInSubscription();
    await register(a.token, sub);
    await register(b.token, sub);
    expect(await webTokens(a.user.id)).toEqual([]);
    expect(await webTokens(b.user.id)).toHaveLength(1);
    await t.services.notifications.notify(a.user.id, postDone());
    await runPushes();
    expect(await received(sub)).toEqual([]);
  });

  it('a user keeps the ten newest browsers: an eleventh registration drops the oldest', async () => {
    const { user, token } = await buildUser(t);
    const subs: TStandIn[] = [];
    for (let i = 0; i < 11; i++) {
      subs.push(await standInSubscription());
      expect((await register(token, subs[i])).status).toBe(200);
      t.clock.advance(1000);
    }
    const kept = (await webTokens(user.id)).map((tk) => JSON.parse(tk).endpoint);
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain(subs[0].subscription.endpoint);
    expect(kept[0]).toBe(subs[10].subscription.endpoint);
  });

  it('logout removes the browser’s own subscription (DELETE removeToken with deviceTokenWeb), not the others', async () => {
    const { user, token, sub } = await subscribedUser();
    const other = await standInSubscription();
    await register(token, other);
    // the browser sends its subscription as JSON.stringify gives it, keys in any order
    const { endpoint, keys: k } = sub.subscription;
    const asSent = JSON.stringify({ keys: { auth: k.auth, p256dh: k.p256dh }, expirationTime: null, endpoint });
    const res = await call(t, 'DELETE', '/api/notification/removeToken?deviceType=web', {
      token,
      body: { deviceTokenWeb: asSent },
    });
    expect(res).toMatchObject({ status: 200, json: { response: { removed: 1 } } });
    expect((await webTokens(user.id)).map((tk) => JSON.parse(tk).endpoint)).toEqual([other.subscription.endpoint]);
  });
});

describe('the sandbox push service', () => {
  it('refuses a push without a valid VAPID signature or TTL, as a push service does', async () => {
    const sub = await standInSubscription();
    const path = new URL(sub.subscription.endpoint).pathname;
    const bare = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/octet-stream', ttl: '60' },
      payload: Buffer.from('x'),
    });
    expect(bare.statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'POST', url: '/sandbox/push/endpoint/000000000000000000000000' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the VAPID keys', () => {
  it('are made on the first start and kept: a second start signs with the same key', async () => {
    const first = t.services.push.publicKey;
    expect(Buffer.from(first, 'base64url')).toHaveLength(65);
    expect((await loadVapidKeys(t.container.db)).publicKey).toBe(first);
    // a second process on the same database
    const again = await createContainer({
      config: t.container.config,
      database: t.database,
      clock: t.clock,
      messenger: t.messenger,
      logger: false,
      bossSchema: t.database.schemaName ? `${t.database.schemaName}_boss` : undefined,
      bossPoolMax: 1,
    });
    try {
      expect(again.services.push.publicKey).toBe(first);
    } finally {
      await again.close();
    }
  });
});
