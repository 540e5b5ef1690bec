import { MSG, zUser } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const UNAUTHORIZED = { status: false, message: MSG.unauthorized, response: null, code: 'UNAUTHORIZED' };

describe('GET /api/user/getUserStatus', () => {
  it('returns the user as TUser with an unseen notification count of 0', async () => {
    const { user, token, email } = await buildUser(t, { profileType: 'BUSINESS', name: 'Acme' });
    const res = await call(t, 'GET', '/api/user/getUserStatus', { token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true });
    const result = res.json.response.result;
    // every TUser field is there with its type
    expect(() => zUser.parse(result)).not.toThrow();
    const shape = zUser.shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
    const required = Object.keys(shape).filter((k) => !shape[k].safeParse(undefined).success);
    expect(Object.keys(result)).toEqual(expect.arrayContaining([...required, 'UnseenNotifsCount']));
    // and nothing beyond TUser (no password hash, no internal columns)
    expect(Object.keys(result).filter((k) => !(k in shape) && k !== 'UnseenNotifsCount')).toEqual([]);
    expect(result).toMatchObject({
      _id: user.id,
      orgId: user.orgId,
      sphUserId: null,
      profileType: 'BUSINESS',
      profileCompleted: false,
      authType: 'LOCAL',
      email,
      emailVerified: true,
      name: 'Acme',
      interested: [],
      subscriptionDetails: null,
      UnseenNotifsCount: 0,
    });
    expect(result).not.toHaveProperty('passwordHash');
  });

  it('counts unseen notifications, and PUT /api/activity/markSeenActivity resets the count to 0', async () => {
    const { user, token } = await buildUser(t);
    const other = await buildUser(t);
    for (const title of ['Post published', 'Draft saved', 'Payment received']) {
      await t.services.notifications.notify(user.id, { type: 'POST_NOTIFICATION', title });
    }
    await t.services.notifications.notify(other.user.id, { type: 'POST_NOTIFICATION', title: 'Not yours' });

    const before = await call(t, 'GET', '/api/user/getUserStatus', { token });
    expect(before.json.response.result.UnseenNotifsCount).toBe(3);

    const seen = await call(t, 'PUT', '/api/activity/markSeenActivity', { token });
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({ status: true, response: { UnseenNotifsCount: 0 } });

    const after = await call(t, 'GET', '/api/user/getUserStatus', { token });
    expect(after.json.response.result.UnseenNotifsCount).toBe(0);
    // the other user's notification is untouched
    const theirs = await call(t, 'GET', '/api/user/getUserStatus', { token: other.token });
    expect(theirs.json.response.result.UnseenNotifsCount).toBe(1);

    // a new one after the bell click counts again
    await t.services.notifications.notify(user.id, { type: 'POST_NOTIFICATION', title: 'Another' });
    const again = await call(t, 'GET', '/api/user/getUserStatus', { token });
    expect(again.json.response.result.UnseenNotifsCount).toBe(1);
  });

  it('the count is kept between calls, yet follows every change of the notifications at once: read, delete one, delete all, pending cleared', async () => {
    const { user, token } = await buildUser(t);
    const unseen = async () =>
      (await call(t, 'GET', '/api/user/getUserStatus', { token })).json.response.result.UnseenNotifsCount;
    const docs = async () =>
      (await call(t, 'GET', '/api/activity/getAllActivityById', { token })).json.response.docs as { _id: string }[];
    for (let i = 1; i <= 5; i++)
      await t.services.notifications.notify(user.id, { type: 'POST_NOTIFICATION', title: `Note ${i}` });
    expect(await unseen()).toBe(5);
    expect(await unseen()).toBe(5);

    const [newest, second] = await docs();
    expect((await call(t, 'PUT', '/api/activity/markReadActivity', { token, body: { activityId: newest._id } })).status).toBe(
      200,
    );
    expect(await unseen()).toBe(4);
    expect((await call(t, 'DELETE', `/api/activity/deleteActivity?activityId=${second._id}`, { token })).status).toBe(200);
    expect(await unseen()).toBe(3);
    // what an account deletion clears first: the unread ones (the read one stays)
    await t.services.notifications.clearPending(user.id);
    expect(await unseen()).toBe(0);
    await t.services.notifications.notify(user.id, { type: 'POST_NOTIFICATION', title: 'Note 6' });
    expect(await unseen()).toBe(1);
    expect((await call(t, 'DELETE', '/api/activity/deleteAllActivity', { token })).status).toBe(200);
    expect(await unseen()).toBe(0);
  });

  it('401 without a token, with a garbage token and after logout', async () => {
    expect(await call(t, 'GET', '/api/user/getUserStatus')).toMatchObject({ status: 401, json: UNAUTHORIZED });
    expect(await call(t, 'GET', '/api/user/getUserStatus', { token: 'not-a-jwt' })).toMatchObject({
      status: 401,
      json: UNAUTHORIZED,
    });
    const { token } = await buildUser(t);
    expect((await call(t, 'POST', '/api/user/logout', { token })).status).toBe(200);
    expect(await call(t, 'GET', '/api/user/getUserStatus', { token })).toMatchObject({ status: 401, json: UNAUTHORIZED });
  });

  it('accepts the token as Authorization: Bearer too', async () => {
    const { token, user } = await buildUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/getUserStatus',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.result._id).toBe(user.id);
  });

  it('PUT /api/activity/markSeenActivity needs a token', async () => {
    expect(await call(t, 'PUT', '/api/activity/markSeenActivity')).toMatchObject({ status: 401, json: UNAUTHORIZED });
  });
});

describe('GET /api/user/addUserOnSphDatabase', () => {
  it('gives the user an sphUserId once and returns {orgId, sphUserId}; a second call returns the same ids', async () => {
    const { user, token } = await buildUser(t);
    const first = await call(t, 'GET', `/api/user/addUserOnSphDatabase?userId=${user.id}`, { token });
    expect(first.status).toBe(200);
    expect(first.json.status).toBe(true);
    const { userData } = first.json.response;
    expect(userData.orgId).toBe(user.orgId);
    expect(userData.sphUserId).toEqual(expect.any(String));
    expect(userData.sphUserId.length).toBeGreaterThan(0);

    const second = await call(t, 'GET', `/api/user/addUserOnSphDatabase?userId=${user.id}`, { token });
    expect(second.json.response.userData).toEqual(userData);

    const status = await call(t, 'GET', '/api/user/getUserStatus', { token });
    expect(status.json.response.result).toMatchObject({ sphUserId: userData.sphUserId, orgId: user.orgId });
  });

  it('works without ?userId (the caller) and gives different users different ids', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const ra = await call(t, 'GET', '/api/user/addUserOnSphDatabase', { token: a.token });
    const rb = await call(t, 'GET', '/api/user/addUserOnSphDatabase', { token: b.token });
    expect(ra.status).toBe(200);
    expect(ra.json.response.userData.sphUserId).not.toBe(rb.json.response.userData.sphUserId);
    expect(ra.json.response.userData.orgId).not.toBe(rb.json.response.userData.orgId);
  });

  it("403 for another user's id, and that user is not synced", async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    const res = await call(t, 'GET', `/api/user/addUserOnSphDatabase?userId=${other.user.id}`, { token: me.token });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ status: false, message: MSG.forbidden });
    expect((await t.services.users.findById(other.user.id))?.sphUserId).toBeNull();
    expect((await t.services.users.findById(me.user.id))?.sphUserId).toBeNull();
  });

  it('401 without a token', async () => {
    const { user } = await buildUser(t);
    expect(await call(t, 'GET', `/api/user/addUserOnSphDatabase?userId=${user.id}`)).toMatchObject({
      status: 401,
      json: UNAUTHORIZED,
    });
  });
});
