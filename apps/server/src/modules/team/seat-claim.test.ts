import { GUARD_MSG, MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { buildTestApp, call, type TTestApp } from '../../test/helpers';
import { buildAdmin } from '../admin/admin-test-kit';
import { addSubUser, login, makeOwner, makeRole, makeTeam, setPerms } from './team-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const STRANGER_PASSWORD = 'Str4nger!x';
const rowOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

/** A business with one invited sub-user who has not set a password yet. */
async function pendingSeat() {
  const owner = await makeOwner(t);
  const role = await makeRole(t, owner.token);
  await setPerms(t, owner.token, role._id);
  const sub = await addSubUser(t, owner.token, role._id);
  return { owner, role, sub, email: sub.form.email as string };
}

describe('an invited address is claimed only through its invitation', () => {
  it('create_user for it answers 409 that an invitation is waiting, and changes nothing', async () => {
    const { sub, email } = await pendingSeat();
    const before = await rowOf(sub.id);
    const sent = t.messenger.sent.length;
    const res = await call(t, 'POST', '/api/user/create_user', {
      body: { email, password: STRANGER_PASSWORD, confirmPassword: STRANGER_PASSWORD, profileType: 'BUSINESS' },
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ status: false, message: GUARD_MSG.invitationWaiting, response: null, code: 'CONFLICT' });
    expect(await rowOf(sub.id)).toEqual(before);
    expect(t.messenger.sent.length).toBe(sent);
  });

  it("a sign-up never changes a sub-user's type or organisation, and the owner can still remove them", async () => {
    const { owner, sub, email } = await pendingSeat();
    const res = await call(t, 'POST', '/api/user/create_user', {
      body: { email, password: STRANGER_PASSWORD, confirmPassword: STRANGER_PASSWORD, profileType: 'INFLUENCER' },
    });
    expect(res.status).toBe(409);
    const row = await rowOf(sub.id);
    expect(row).toMatchObject({ profileType: 'BUSINESS_MANAGER', businessId: owner.user.id, orgId: owner.user.orgId });
    const removed = await call(t, 'DELETE', `/api/bussiness/delete?subUserId=${sub.id}`, { token: owner.token });
    expect(removed.status).toBe(200);
  });

  it('OTP sign-in works as the sub-user while the invitation stands, and keeps their type', async () => {
    const { owner, sub, email } = await pendingSeat();
    expect((await call(t, 'POST', '/api/otp/sendOtp', { body: { email } })).status).toBe(200);
    const res = await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: email, otp: t.messenger.lastOtp(email) } });
    expect(res.status).toBe(200);
    expect(res.json.response).toMatchObject({ purpose: 'registration', profileType: 'BUSINESS_MANAGER' });
    expect(await rowOf(sub.id)).toMatchObject({ businessId: owner.user.id, orgId: owner.user.orgId, emailVerified: true });
  });

  it('a sub-user whose invitation expired cannot get in through sendOtp and verifyOtp', async () => {
    const { email } = await pendingSeat();
    t.clock.advance(7 * 86_400_000 + 1000);
    const sent = t.messenger.sent.length;
    const res = await call(t, 'POST', '/api/otp/sendOtp', { body: { email } });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(GUARD_MSG.invitationExpired);
    expect(t.messenger.sent.length).toBe(sent);
  });

  it('a code sent before the invitation expired no longer lets the sub-user in after it', async () => {
    const { email } = await pendingSeat();
    t.clock.advance(7 * 86_400_000 - 120_000);
    expect((await call(t, 'POST', '/api/otp/sendOtp', { body: { email } })).status).toBe(200);
    t.clock.advance(180_000);
    const res = await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: email, otp: t.messenger.lastOtp(email) } });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(GUARD_MSG.invitationExpired);
  });
});

describe('deleting a business', () => {
  it("ends its sub-users' sessions and access at once", async () => {
    const { owner, sub, manager } = await makeTeam(t);
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: manager.token })).status).toBe(200);
    const del = await call(t, 'POST', '/api/user/deleteUserDetails', {
      token: owner.token,
      body: { remarks: 'Closing the business' },
    });
    expect(del.status, JSON.stringify(del.json)).toBe(200);

    const status = await call(t, 'GET', '/api/user/getUserStatus', { token: manager.token });
    expect(status.status).toBe(401);
    expect(status.json.message).toBe(MSG.unauthorized);
    const again = await call(t, 'POST', '/api/user/userLogin', {
      body: { emailPhone: sub.form.email, password: 'Manag3r!x' },
    });
    expect(again.status).toBe(401);
    expect((await rowOf(sub.id)).deletedAt).not.toBeNull();
  });

  it("leaves other businesses' teams alone", async () => {
    const a = await makeTeam(t, 'Alpha Co');
    const b = await makeTeam(t, 'Beta Co');
    await call(t, 'POST', '/api/user/deleteUserDetails', { token: a.owner.token, body: { remarks: 'Closing the business' } });
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: b.manager.token })).status).toBe(200);
  });
});

describe('deactivating a business from the console', () => {
  const setActive = async (adminToken: string, userId: string, active: boolean) => {
    const res = await call(t, 'PUT', '/api/admin/users/status', { token: adminToken, body: { userId, active } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  };

  it('stops its team at once (every call 401, sign-in refused in words); reactivating gives the team its access back', async () => {
    const admin = await buildAdmin(t);
    const { owner, sub, manager } = await makeTeam(t, 'Gamma Co');
    const other = await makeTeam(t, 'Delta Co');
    const reads = ['/api/user/getUserStatus', '/api/bussiness/getAll?page=1'];
    await setActive(admin.token, owner.user.id, false);
    for (const url of reads) expect((await call(t, 'GET', url, { token: manager.token })).status, url).toBe(401);
    const refused = await login(t, sub.form.email);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(GUARD_MSG.businessInactive);
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: other.manager.token })).status).toBe(200);

    await setActive(admin.token, owner.user.id, true);
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: manager.token })).status).toBe(200);
    expect((await login(t, sub.form.email)).status).toBe(200);
    expect((await rowOf(sub.id)).deletedAt).toBeNull();
  });
});
