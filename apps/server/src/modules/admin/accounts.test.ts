import { ADMIN_MSG, MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, socialAccounts } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, buildUser, call, givePlan, giveVerifiedPhone, PASSWORD, type TTestApp } from '../../test/helpers';
import { buildAdmin, everyOtherRole, expectAdminOnly } from './admin-test-kit';

let t: TTestApp;
let others: Awaited<ReturnType<typeof everyOtherRole>>;
beforeAll(async () => {
  t = await buildTestApp();
  others = await everyOtherRole(t);
});
afterAll(async () => {
  await t?.close();
});

const auditOf = async (targetId: string) => (await t.container.db.select().from(auditLog)).filter((r) => r.targetId === targetId);

describe('GET admin/users: any account by e-mail, phone or name', () => {
  it('is refused without a token (401) and to every profile type (403)', async () => {
    await expectAdminOnly(t, 'GET', '/api/admin/users?q=a', undefined, others);
  });

  it('finds an account by part of its e-mail, name or phone, with its type, plan, networks by name and last login', async () => {
    const a = await buildAdmin(t);
    const u = await buildUser(t, { profileType: 'BUSINESS', name: 'Zelda Quartermain' });
    const phone = await giveVerifiedPhone(t, u.user.id);
    await givePlan(t, u.user.id, 'Starter');
    const now = t.clock.now();
    for (const network of ['instagram', 'linkedin', 'instagram'])
      await t.container.db.insert(socialAccounts).values({
        id: newId(),
        orgId: u.user.orgId,
        linkedBy: u.user.id,
        network,
        remoteId: newId(),
        kind: 'profile',
        userName: 'zq',
        accessToken: 'secret-access-token',
        createdAt: now,
        updatedAt: now,
      });
    for (const q of ['quartermain', u.email.slice(0, 10).toUpperCase(), phone.mobileNumber.slice(-6)]) {
      const r = await call(t, 'GET', `/api/admin/users?q=${encodeURIComponent(q)}`, { token: a.token });
      expect(r.status, q).toBe(200);
      const found = r.json.response.users.find((x: { _id: string }) => x._id === u.user.id);
      expect(found, q).toMatchObject({
        email: u.email,
        name: 'Zelda Quartermain',
        profileType: 'BUSINESS',
        plan: { planType: 'Starter' },
        networks: ['instagram', 'linkedin'],
        active: true,
        closed: false,
      });
      expect(found.phone).toContain(phone.mobileNumber);
      expect(found.lastLoginAt).not.toBeNull();
      expect(JSON.stringify(r.json)).not.toContain('secret-access-token');
    }
  });

  it('lists no admins, and a search with a wildcard matches it literally', async () => {
    const a = await buildAdmin(t, { name: 'Percent Admin' });
    const all = await call(t, 'GET', '/api/admin/users', { token: a.token });
    expect(all.json.response.users.some((x: { _id: string }) => x._id === a.user.id)).toBe(false);
    const wild = await call(t, 'GET', '/api/admin/users?q=%25', { token: a.token });
    expect(wild.status).toBe(200);
    expect(wild.json.response.total).toBe(0);
  });

  it('refuses a search over 100 characters and a page that is not a number (400)', async () => {
    const a = await buildAdmin(t);
    expect((await call(t, 'GET', `/api/admin/users?q=${'a'.repeat(101)}`, { token: a.token })).status).toBe(400);
    expect((await call(t, 'GET', '/api/admin/users?page=zero', { token: a.token })).status).toBe(400);
  });
});

describe('PUT admin/users/status: deactivate and reactivate, audited', () => {
  it('is refused without a token (401) and to every profile type (403), and changes nothing', async () => {
    const u = await buildUser(t);
    await expectAdminOnly(t, 'PUT', '/api/admin/users/status', { userId: u.user.id, active: false }, others);
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: u.token })).status).toBe(200);
    expect(await auditOf(u.user.id)).toHaveLength(0);
  });

  it('deactivating ends every session at once and refuses login; reactivating lets the owner log in again', async () => {
    const a = await buildAdmin(t);
    const u = await buildUser(t);
    const off = await call(t, 'PUT', '/api/admin/users/status', { token: a.token, body: { userId: u.user.id, active: false } });
    expect(off.status).toBe(200);
    expect(off.json.message).toBe(ADMIN_MSG.deactivated);
    expect(off.json.response.user).toMatchObject({ _id: u.user.id, active: false });
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: u.token })).status).toBe(401);
    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: u.email, password: PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.json.message).toBe(MSG.accountInactive);

    const again = await call(t, 'PUT', '/api/admin/users/status', { token: a.token, body: { userId: u.user.id, active: false } });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(ADMIN_MSG.alreadyInactive);

    const on = await call(t, 'PUT', '/api/admin/users/status', { token: a.token, body: { userId: u.user.id, active: true } });
    expect(on.status).toBe(200);
    expect(on.json.message).toBe(ADMIN_MSG.reactivated);
    const back = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: u.email, password: PASSWORD } });
    expect(back.status).toBe(200);

    const rows = await auditOf(u.user.id);
    expect(rows.map((r) => r.action).sort()).toEqual(['user.deactivate', 'user.reactivate']);
    const deact = rows.find((r) => r.action === 'user.deactivate')!;
    expect(deact.actorId).toBe(a.user.id);
    expect(deact.before).toMatchObject({ email: u.email, userStatus: true });
    expect(deact.after).toMatchObject({ email: u.email, userStatus: false });
  });

  it('refuses an unknown account, an admin, and a body without a yes/no (nothing written)', async () => {
    const a = await buildAdmin(t);
    const other = await buildAdmin(t);
    const unknown = await call(t, 'PUT', '/api/admin/users/status', {
      token: a.token,
      body: { userId: 'nobody', active: false },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(ADMIN_MSG.accountNotFound);
    const admin = await call(t, 'PUT', '/api/admin/users/status', {
      token: a.token,
      body: { userId: other.user.id, active: false },
    });
    expect(admin.status).toBe(404);
    expect((await call(t, 'GET', '/api/admin/me', { token: other.token })).status).toBe(200);
    const bad = await call(t, 'PUT', '/api/admin/users/status', {
      token: a.token,
      body: { userId: other.user.id, active: 'no' },
    });
    expect(bad.status).toBe(400);
    expect(await auditOf(other.user.id)).toHaveLength(0);
  });
});

describe('admins: GET and POST admin/admins', () => {
  it('are refused without a token (401) and to every profile type (403); nothing is made', async () => {
    const email = `never${Date.now()}@example.com`;
    await expectAdminOnly(t, 'GET', '/api/admin/admins', undefined, others);
    await expectAdminOnly(t, 'POST', '/api/admin/admins', { email }, others);
    expect(await t.services.users.findByKey(email)).toBeNull();
  });

  it('an admin invites another by e-mail: the link sets the password, then the new admin logs in to the console', async () => {
    const a = await buildAdmin(t);
    const email = `second${Date.now()}@example.com`;
    const r = await call(t, 'POST', '/api/admin/admins', {
      token: a.token,
      body: { email: email.toUpperCase(), name: 'Second' },
    });
    expect(r.status).toBe(200);
    expect(r.json.message).toBe(ADMIN_MSG.adminInvited);
    expect(r.json.response.admin).toMatchObject({ email, name: 'Second', state: 'INVITED', lastLoginAt: null });
    const mail = t.messenger.sent.find((m) => m.to === email)!;
    const token = mail.body.match(/token=([\w-]+)/)![1];
    expect(JSON.stringify(r.json)).not.toContain(token);

    const who = await call(t, 'GET', `/api/bussiness/invitation?token=${token}`);
    expect(who.json.response).toEqual({ name: 'Second', email });
    const set = await call(t, 'POST', '/api/bussiness/acceptInvitation', {
      body: { token, newPassword: 'Admin1!pw', confirmPassword: 'Admin1!pw' },
    });
    expect(set.status).toBe(200);
    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: 'Admin1!pw' } });
    expect(login.status).toBe(200);
    expect(login.json.response.profileType).toBe('ADMIN');
    expect((await call(t, 'GET', '/api/admin/me', { token: login.json.response.accessToken })).status).toBe(200);

    const list = await call(t, 'GET', '/api/admin/admins', { token: a.token });
    expect(list.json.response.admins.find((x: { email: string }) => x.email === email)).toMatchObject({ state: 'ACTIVE' });
    const [row] = await auditOf(r.json.response.admin._id);
    expect(row).toMatchObject({ action: 'admin.invite', actorId: a.user.id, after: { email, profileType: 'ADMIN' } });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('refuses an address that has an account (409), a bad address and none (400), writing nothing', async () => {
    const a = await buildAdmin(t);
    const u = await buildUser(t);
    const taken = await call(t, 'POST', '/api/admin/admins', { token: a.token, body: { email: u.email } });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(ADMIN_MSG.accountExists);
    const bad = await call(t, 'POST', '/api/admin/admins', { token: a.token, body: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(MSG.emailInvalid);
    const none = await call(t, 'POST', '/api/admin/admins', { token: a.token, body: {} });
    expect(none.status).toBe(400);
    expect((await t.services.users.findByKey(u.email))?.profileType).toBe('INFLUENCER');
    expect(await t.services.users.findByKey('not-an-email')).toBeNull();
  });
});
