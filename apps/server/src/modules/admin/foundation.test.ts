import { GUARD_MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { buildTestApp, buildUser, call, PASSWORD, setUserFields, type TTestApp } from '../../test/helpers';
import { buildAdmin, everyOtherRole, expectAdminOnly } from './admin-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('console calls answer an ADMIN only', () => {
  it('GET admin/me: 401 without a token, 403 for every profile type, the admin for an ADMIN', async () => {
    await expectAdminOnly(t, 'GET', '/api/admin/me');
    const a = await buildAdmin(t, { name: 'Ops' });
    const r = await call(t, 'GET', '/api/admin/me', { token: a.token });
    expect(r.status).toBe(200);
    expect(r.json.response).toEqual({ _id: a.user.id, email: a.email, name: 'Ops' });
  });

  it('GET admin/audit: refused to anyone else; lists rows newest first with who did it, before and after', async () => {
    await expectAdminOnly(t, 'GET', '/api/admin/audit');
    const a = await buildAdmin(t);
    await t.services.audit.record({
      actorId: a.user.id,
      action: 'user.deactivate',
      targetType: 'user',
      targetId: 'u1',
      before: { userStatus: true },
      after: { userStatus: false },
    });
    t.clock.advance(1000);
    await t.services.audit.record({ actorId: a.user.id, action: 'user.reactivate', targetType: 'user', targetId: 'u1' });
    const r = await call(t, 'GET', '/api/admin/audit', { token: a.token });
    expect(r.status).toBe(200);
    const [newest, older] = r.json.response.entries;
    expect(newest.action).toBe('user.reactivate');
    expect(older).toMatchObject({
      action: 'user.deactivate',
      actor: { _id: a.user.id, email: a.email },
      before: { userStatus: true },
      after: { userStatus: false },
    });
    expect(r.json.response.next).toBeNull();
    const bad = await call(t, 'GET', `/api/admin/audit?before=${'x'.repeat(200)}`, { token: a.token });
    expect(bad.status).toBe(400);
  });
});

describe('an ADMIN has no profile: every profile call refuses it', () => {
  it('profile, post, team and role-guarded calls answer 403 to an ADMIN', async () => {
    const a = await buildAdmin(t);
    for (const [method, url] of [
      ['GET', '/api/user/getUserStatus'],
      ['GET', '/api/activity/getAllActivityById'],
      ['GET', '/api/bussiness/getAll'],
      ['GET', '/api/roleManagement/getAllRoles'],
      ['GET', '/api/wallet/getUserWallet'],
      ['PUT', '/api/user/updateUser'],
    ] as const) {
      const r = await call(t, method, url, { token: a.token, body: method === 'GET' ? undefined : {} });
      expect(r.status, `${method} ${url}`).toBe(403);
    }
  });

  it('an ADMIN logs in with the password, for 12 hours, and may change the password and log out', async () => {
    const a = await buildAdmin(t);
    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: a.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.json.response.profileType).toBe('ADMIN');
    const hours = (Date.parse(login.json.response.expiresAt) - t.clock.nowMs()) / 3_600_000;
    expect(hours).toBeCloseTo(12, 2);
    const token = login.json.response.accessToken;
    const change = await call(t, 'POST', '/api/user/changePassword', {
      token,
      body: { oldPassword: PASSWORD, newPassword: 'Newpass1!' },
    });
    expect(change.status).toBe(200);
    expect((await call(t, 'POST', '/api/user/logout', { token })).status).toBe(200);
    expect((await call(t, 'GET', '/api/admin/me', { token })).status).toBe(401);
  });

  it('an ADMIN session ends after 12 hours', async () => {
    const a = await buildAdmin(t);
    t.clock.advance(12 * 3_600_000 + 1000);
    try {
      expect((await call(t, 'GET', '/api/admin/me', { token: a.token })).status).toBe(401);
    } finally {
      t.clock.advance(-(12 * 3_600_000 + 1000));
    }
  });

  it("nobody takes an invited admin's address by signing up, and no code is sent for it", async () => {
    const email = `invited${Date.now()}@example.com`;
    await t.services.users.createAccount({ email, passwordHash: null, profileType: 'ADMIN', authType: 'LOCAL' });
    const signup = await call(t, 'POST', '/api/user/create_user', {
      body: { email, password: PASSWORD, profileType: 'INFLUENCER' },
    });
    expect(signup.status).toBe(409);
    const otp = await call(t, 'POST', '/api/otp/sendOtp', { body: { email } });
    expect(otp.status).toBe(403);
    expect(t.messenger.sent.filter((m) => m.to === email)).toHaveLength(0);
    const row = await t.services.users.findByKey(email);
    expect(row?.profileType).toBe('ADMIN');
  });
});

describe("an admin's lost password", () => {
  it("an admin's address is never sent a code: sendOtp and resetOtp are refused (403) with the way back in, and nothing is sent", async () => {
    const a = await buildAdmin(t);
    for (const url of ['/api/otp/sendOtp', '/api/otp/resetOtp']) {
      const res = await call(t, 'POST', url, { body: { email: a.email } });
      expect(res.status, url).toBe(403);
      expect(res.json.message).toBe(GUARD_MSG.adminNoCode);
    }
    expect(t.messenger.sent.filter((m) => m.to === a.email)).toHaveLength(0);
    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: a.email, password: PASSWORD } });
    expect(login.status).toBe(200);
  });

  it("a reset ticket never sets an admin's password, even one verified before the account was an admin's", async () => {
    const u = await buildUser(t);
    expect((await call(t, 'POST', '/api/otp/sendOtp', { body: { email: u.email } })).status).toBe(200);
    const v = await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: u.email, otp: t.messenger.lastOtp(u.email) } });
    const resetToken = v.json.response.resetToken as string;
    await setUserFields(t, u.user.id, { profileType: 'ADMIN' });
    const res = await call(t, 'PUT', '/api/user/resetPassword', {
      body: { emailPhone: u.email, newPassword: 'Taken1!x', confirmPassword: 'Taken1!x', resetToken },
    });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(GUARD_MSG.adminNoCode);
    expect((await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: u.email, password: 'Taken1!x' } })).status).toBe(
      401,
    );
    expect((await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: u.email, password: PASSWORD } })).status).toBe(
      200,
    );
  });
});

describe('the audit log', () => {
  it('an audit row commits with the write it describes, and is dropped with it', async () => {
    const a = await buildAdmin(t);
    const u = await buildUser(t);
    const count = async () => (await t.container.db.select().from(auditLog)).filter((r) => r.targetId === u.user.id).length;
    await expect(
      t.container.unitOfWork(async () => {
        await t.services.audit.record({ actorId: a.user.id, action: 'user.deactivate', targetType: 'user', targetId: u.user.id });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await count()).toBe(0);
    await t.container.unitOfWork(() =>
      t.services.audit.record({ actorId: a.user.id, action: 'user.deactivate', targetType: 'user', targetId: u.user.id }),
    );
    expect(await count()).toBe(1);
  });

  it('never keeps a secret: passwords, tokens and hashes are dropped at any depth', async () => {
    const a = await buildAdmin(t);
    await t.services.audit.record({
      actorId: a.user.id,
      action: 'admin.invite',
      targetType: 'user',
      targetId: 'secret-check',
      after: { email: 'x@example.com', passwordHash: 'h', nested: { accessToken: 't', apiKey: 'k', keep: 1 } },
    });
    const [row] = (await t.container.db.select().from(auditLog)).filter((r) => r.targetId === 'secret-check');
    expect(row.after).toEqual({ email: 'x@example.com', nested: { keep: 1 } });
  });

  it('every profile type is refused the console (shared check)', async () => {
    expect((await everyOtherRole(t)).map((r) => r.role)).toHaveLength(5);
  });
});
