import { MSG } from '@virality/domain';
import { makeUserAgentKeys } from '@virality/sandbox/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTokens } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const UNAUTHORIZED = { status: false, message: MSG.unauthorized, response: null, code: 'UNAUTHORIZED' };
const browserKeys = makeUserAgentKeys();
/** A browser's Web Push subscription (as PushSubscription.toJSON() gives it). */
const subscription = (n: number) =>
  JSON.stringify({
    endpoint: `https://push.example.com/send/${n}`,
    expirationTime: null,
    keys: { p256dh: browserKeys.publicKey, auth: browserKeys.auth },
  });
/** How many push tokens the database holds for a user. */
const tokensOf = async (userId: string) =>
  (await t.database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, userId))).length;

describe('PUT /api/activity/markSeenActivity', () => {
  it('marks every unseen notification of the caller seen; a second call is a no-op', async () => {
    const { user, token } = await buildUser(t);
    await t.services.notifications.notify(user.id, { type: 'POST_NOTIFICATION', title: 'One' });
    await t.services.notifications.notify(user.id, {
      type: 'POST_NOTIFICATION',
      title: 'Two',
      description: 'details',
      payload: { id: 1 },
    });
    expect(await t.services.notifications.unseenCount(user.id)).toBe(2);
    const res = await call(t, 'PUT', '/api/activity/markSeenActivity', { token });
    expect(res).toMatchObject({ status: 200, json: { status: true, response: { UnseenNotifsCount: 0 } } });
    expect(await t.services.notifications.unseenCount(user.id)).toBe(0);
    expect((await call(t, 'PUT', '/api/activity/markSeenActivity', { token })).status).toBe(200);
  });

  it('401 without a token', async () => {
    expect(await call(t, 'PUT', '/api/activity/markSeenActivity')).toMatchObject({ status: 401, json: UNAUTHORIZED });
  });
});

describe('POST /api/admin/notification/ctrCount', () => {
  it('counts each visit that came from a notification', async () => {
    const { user, token } = await buildUser(t);
    const first = await call(t, 'POST', `/api/admin/notification/ctrCount?userId=${user.id}`, { token });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ status: true, response: { count: 1 } });
    const second = await call(t, 'POST', `/api/admin/notification/ctrCount?userId=${user.id}`, { token });
    expect(second.json.response.count).toBe(2);
    // without ?userId it is the caller
    const third = await call(t, 'POST', '/api/admin/notification/ctrCount', { token });
    expect(third.json.response.count).toBe(3);
  });

  it("403 for another user's id, and no visit is counted", async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    const res = await call(t, 'POST', `/api/admin/notification/ctrCount?userId=${other.user.id}`, { token: me.token });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ status: false, message: MSG.forbidden });
    const mine = await call(t, 'POST', `/api/admin/notification/ctrCount?userId=${me.user.id}`, { token: me.token });
    expect(mine.json.response.count).toBe(1);
  });

  it('401 without a token', async () => {
    const { user } = await buildUser(t);
    const res = await call(t, 'POST', `/api/admin/notification/ctrCount?userId=${user.id}`);
    expect(res).toMatchObject({ status: 401, json: UNAUTHORIZED });
  });
});

describe('push tokens: POST /api/notification/registerDeviceToken, GET /api/notification/removeToken', () => {
  it('registers a Web Push subscription; removeToken?deviceType=web removes it', async () => {
    const { user, token } = await buildUser(t);
    const res = await call(t, 'POST', '/api/notification/registerDeviceToken', {
      token,
      body: { deviceToken: subscription(1), deviceType: 'web' },
    });
    expect(res).toMatchObject({ status: 200, json: { status: true, message: 'Device token registered' } });
    expect(await tokensOf(user.id)).toBe(1);

    const removed = await call(t, 'GET', '/api/notification/removeToken?deviceType=web', { token });
    expect(removed).toMatchObject({
      status: 200,
      json: { status: true, message: 'Device token removed', response: { removed: 1 } },
    });
    expect(await tokensOf(user.id)).toBe(0);
  });

  it('registering the same subscription twice keeps one; deviceType defaults to web', async () => {
    const { user, token } = await buildUser(t);
    for (let i = 0; i < 2; i++) {
      const res = await call(t, 'POST', '/api/notification/registerDeviceToken', {
        token,
        body: { deviceToken: subscription(2) },
      });
      expect(res.status).toBe(200);
    }
    expect(await tokensOf(user.id)).toBe(1);
    await call(t, 'POST', '/api/notification/registerDeviceToken', { token, body: { deviceToken: subscription(3) } });
    expect(await tokensOf(user.id)).toBe(2);
    const removed = await call(t, 'GET', '/api/notification/removeToken', { token });
    expect(removed.json.response.removed).toBe(2);
  });

  it('removes only the given device type and only the caller’s tokens', async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    await call(t, 'POST', '/api/notification/registerDeviceToken', {
      token: me.token,
      body: { deviceToken: 'android-fcm-token', deviceType: 'android' },
    });
    await call(t, 'POST', '/api/notification/registerDeviceToken', { token: me.token, body: { deviceToken: subscription(4) } });
    await call(t, 'POST', '/api/notification/registerDeviceToken', {
      token: other.token,
      body: { deviceToken: subscription(5) },
    });

    const removed = await call(t, 'GET', '/api/notification/removeToken?deviceType=web', { token: me.token });
    expect(removed.json.response.removed).toBe(1);
    expect(await tokensOf(me.user.id)).toBe(1); // the android one stays
    expect(await tokensOf(other.user.id)).toBe(1);
    // nothing left to remove is not an error
    const again = await call(t, 'GET', '/api/notification/removeToken?deviceType=web', { token: me.token });
    expect(again).toMatchObject({ status: 200, json: { response: { removed: 0 } } });
  });

  it('DELETE removeToken with deviceTokenWeb removes that subscription only; without a body, every web one', async () => {
    const { user, token } = await buildUser(t);
    for (const n of [6, 7, 8]) {
      await call(t, 'POST', '/api/notification/registerDeviceToken', { token, body: { deviceToken: subscription(n) } });
    }
    const one = await call(t, 'DELETE', '/api/notification/removeToken?deviceType=web', {
      token,
      body: { deviceTokenWeb: subscription(7) },
    });
    expect(one).toMatchObject({ status: 200, json: { status: true, message: 'Device token removed', response: { removed: 1 } } });
    expect(await tokensOf(user.id)).toBe(2);
    const rest = await call(t, 'DELETE', '/api/notification/removeToken?deviceType=web', { token });
    expect(rest.json, JSON.stringify(rest.json)).toMatchObject({ response: { removed: 2 } });
  });

  it('DELETE removeToken refuses an over-long deviceTokenWeb and a signed-out caller', async () => {
    const { token } = await buildUser(t);
    const long = await call(t, 'DELETE', '/api/notification/removeToken', { token, body: { deviceTokenWeb: 'x'.repeat(5000) } });
    expect(long).toMatchObject({ status: 400, json: { status: false, message: 'deviceToken is too long' } });
    const anon = await call(t, 'DELETE', '/api/notification/removeToken', { body: { deviceTokenWeb: 'x' } });
    expect(anon.status).toBe(401);
  });

  it('both removeToken calls are in the API document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(doc.paths['/api/notification/removeToken']).sort()).toEqual(['delete', 'get']);
  });

  it.each([[{}], [{ deviceToken: '' }], [{ deviceToken: 42 }]])('400 "deviceToken is required" for %j', async (body) => {
    const { user, token } = await buildUser(t);
    const res = await call(t, 'POST', '/api/notification/registerDeviceToken', { token, body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message: 'deviceToken is required' });
    expect(await tokensOf(user.id)).toBe(0);
  });

  it("403 when the body names another user's id", async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    const res = await call(t, 'POST', '/api/notification/registerDeviceToken', {
      token: me.token,
      body: { deviceToken: subscription(6), userId: other.user.id },
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ status: false, message: MSG.forbidden });
    expect(await tokensOf(me.user.id)).toBe(0);
    expect(await tokensOf(other.user.id)).toBe(0);
  });

  it('401 without a token for both calls', async () => {
    const reg = await call(t, 'POST', '/api/notification/registerDeviceToken', { body: { deviceToken: subscription(7) } });
    expect(reg).toMatchObject({ status: 401, json: UNAUTHORIZED });
    const rem = await call(t, 'GET', '/api/notification/removeToken?deviceType=web');
    expect(rem).toMatchObject({ status: 401, json: UNAUTHORIZED });
  });
});
