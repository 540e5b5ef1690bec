import {
  ACCOUNT_DELETED,
  ACCOUNT_HAS_LINKED_ACCOUNTS,
  DELETE_REMARKS_REQUIRED,
  DELETE_REMARKS_TOO_LONG,
  MSG,
} from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, PASSWORD, type TTestApp } from '../../test/helpers';
import { linkAccount } from '../social-accounts/link-test-kit';
import { makeTeam } from '../team/team-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('account deletion', () => {
  it('clears pending notifications of the user only', async () => {
    const a = await buildUser(t);
    await t.services.notifications.notify(a.user.id, { type: 'POST_NOTIFICATION', title: 'Scheduled post' });
    const res = await call(t, 'POST', '/api/admin/notification/removeFrSchNotifByUser', {
      token: a.token,
      body: { userIdArray: [a.user.id] },
    });
    expect(res.status).toBe(200);
    expect(res.json.response.removed).toBe(1);
    const other = await buildUser(t);
    const refused = await call(t, 'POST', '/api/admin/notification/removeFrSchNotifByUser', {
      token: a.token,
      body: { userIdArray: [other.user.id] },
    });
    expect(refused.status).toBe(403);
    expect(
      (await call(t, 'POST', '/api/admin/notification/removeFrSchNotifByUser', { body: { userIdArray: [a.user.id] } })).status,
    ).toBe(401);
  });

  it('deletes the account: sessions end, login fails, the e-mail and username are free again', async () => {
    const a = await buildUser(t, { userName: 'leaving.user', name: 'Leaving User' });
    const second = await t.services.auth.issueSession(a.user);
    const res = await call(t, 'POST', '/api/user/deleteUserDetails', {
      token: a.token,
      body: { remarks: '  too   many   apps ' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: ACCOUNT_DELETED });
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: a.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: second.accessToken })).status).toBe(401);
    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: a.email, password: PASSWORD } });
    expect(login.status).toBe(401);
    expect(login.json.message).toBe(MSG.invalidCredentials);
    const again = await call(t, 'POST', '/api/user/create_user', {
      body: { email: a.email, password: PASSWORD, profileType: 'INFLUENCER' },
    });
    expect(again.status).toBe(200);
    const other = await buildUser(t);
    const name = await call(t, 'POST', '/api/user/checkUserName', { token: other.token, body: { userName: 'leaving.user' } });
    expect(name.json.response.isExist).toBe(false);
  });

  it.each([
    [{ remarks: '    ' }, DELETE_REMARKS_REQUIRED],
    [{}, DELETE_REMARKS_REQUIRED],
    [{ remarks: 'x'.repeat(101) }, DELETE_REMARKS_TOO_LONG],
  ])('refuses %j and keeps the account', async (body, message) => {
    const a = await buildUser(t);
    const res = await call(t, 'POST', '/api/user/deleteUserDetails', { token: a.token, body });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: a.token })).status).toBe(200);
  });

  it('the unread notifications go with the account', async () => {
    const a = await buildUser(t);
    await t.services.notifications.notify(a.user.id, { type: 'POST_NOTIFICATION', title: 'Posted' });
    const res = await call(t, 'POST', '/api/user/deleteUserDetails', { token: a.token, body: { remarks: 'bye' } });
    expect(res.status).toBe(200);
    expect(await t.services.notifications.clearPending(a.user.id)).toBe(0);
  });

  it('is refused while the account has linked social accounts (409), and changes nothing; unlinked, it goes', async () => {
    const a = await buildUser(t);
    const linked = await linkAccount(t, a.token, 'tiktok');
    const refused = await call(t, 'POST', '/api/user/deleteUserDetails', { token: a.token, body: { remarks: 'bye' } });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ status: false, message: ACCOUNT_HAS_LINKED_ACCOUNTS });
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: a.token })).status).toBe(200);
    expect((await t.services.users.findById(a.user.id))?.deletedAt).toBeNull();

    const unlinked = await call(t, 'PUT', `/sph/deleteSocialMediaDetails/${linked.id}/`, { token: a.token });
    expect(unlinked.status).toBe(200);
    const res = await call(t, 'POST', '/api/user/deleteUserDetails', { token: a.token, body: { remarks: 'bye' } });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(ACCOUNT_DELETED);
  });

  it("a business's team member may leave while the business keeps its linked accounts; the business stays", async () => {
    const team = await makeTeam(t, 'Linked Foods');
    await linkAccount(t, team.owner.token, 'instagram');
    const res = await call(t, 'POST', '/api/user/deleteUserDetails', {
      token: team.manager.token,
      body: { remarks: 'moving on' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: team.manager.token })).status).toBe(401);
    const owner = await call(t, 'GET', '/api/user/getUserStatus', { token: team.owner.token });
    expect(owner.status).toBe(200);
    expect(owner.json.response.result.socialLinks.Instagram).toHaveLength(1);
    // the owner, whose organization holds the account, is refused
    const refused = await call(t, 'POST', '/api/user/deleteUserDetails', { token: team.owner.token, body: { remarks: 'bye' } });
    expect(refused.status).toBe(409);
  });

  it('needs a session', async () => {
    const res = await call(t, 'POST', '/api/user/deleteUserDetails', { body: { remarks: 'bye' } });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(MSG.unauthorized);
  });
});
