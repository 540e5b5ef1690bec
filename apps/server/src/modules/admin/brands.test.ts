import { ADMIN_MSG, GUARD_MSG, MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { buildTestApp, buildUser, call, givePlan, PASSWORD, type TTestApp, uniqueEmail, uniquePhone } from '../../test/helpers';
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
const tokenIn = (body: string) => body.match(/token=([\w-]+)/)![1];
const lastTo = (to: string) => [...t.messenger.sent].reverse().find((m) => m.to === to);
const BRAND_PASSWORD = 'Brand1!pw';

async function createBrand(token: string, body: Record<string, unknown>) {
  return call(t, 'POST', '/api/admin/brands', { token, body });
}

describe('POST admin/brands: an admin creates a BRANDS account, invited to set its password', () => {
  it('is refused without a token (401) and to every profile type (403), and makes nothing', async () => {
    const email = uniqueEmail();
    await expectAdminOnly(t, 'POST', '/api/admin/brands', { name: 'Never Made', email }, others);
    expect(await t.services.users.findByKey(email)).toBeNull();
    expect(t.messenger.sent.some((m) => m.to === email)).toBe(false);
  });

  it('by e-mail: the brand is INVITED, the e-mailed link sets the password, then the brand logs in to onboarding and the plan gate', async () => {
    const a = await buildAdmin(t);
    const email = uniqueEmail();
    const r = await createBrand(a.token, { name: '  Acme Brands  ', email: email.toUpperCase() });
    expect(r.status).toBe(200);
    expect(r.json.message).toBe(ADMIN_MSG.brandCreated);
    expect(r.json.response.brand).toMatchObject({
      name: 'Acme Brands',
      email,
      phone: null,
      active: true,
      passwordSet: false,
      plan: null,
      lastLoginAt: null,
    });
    const mail = lastTo(email)!;
    expect(mail.channel).toBe('email');
    const token = tokenIn(mail.body);
    expect(mail.body).toContain(`/set-password?token=${token}`);
    expect(JSON.stringify(r.json)).not.toContain(token);

    // before the password is set, nobody signs up with the address, asks it an OTP or logs in to it
    const signUp = await call(t, 'POST', '/api/user/create_user', {
      body: { email, password: 'Other1!pw', confirmPassword: 'Other1!pw', profileType: 'BUSINESS' },
    });
    expect(signUp.status).toBe(409);
    expect(signUp.json.message).toBe(GUARD_MSG.invitationWaiting);
    const otp = await call(t, 'POST', '/api/otp/sendOtp', { body: { email } });
    expect(otp.status).toBe(403);
    expect(otp.json.message).toBe(GUARD_MSG.invitationWaiting);
    expect((await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: BRAND_PASSWORD } })).status).toBe(
      401,
    );

    const who = await call(t, 'GET', `/api/bussiness/invitation?token=${token}`);
    expect(who.json.response).toEqual({ name: 'Acme Brands', email });
    const set = await call(t, 'POST', '/api/bussiness/acceptInvitation', {
      body: { token, newPassword: BRAND_PASSWORD, confirmPassword: BRAND_PASSWORD },
    });
    expect(set.status).toBe(200);
    expect(set.json.response.emailPhone).toBe(email);

    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: BRAND_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.json.response.profileType).toBe('BRANDS');
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token: login.json.response.accessToken });
    expect(status.status).toBe(200);
    // as a business after sign-up: the profile still to fill, no plan yet (the gate)
    expect(status.json.response.result).toMatchObject({
      profileType: 'BRANDS',
      profileCompleted: false,
      paymentStatus: false,
      name: 'Acme Brands',
      email,
    });

    const list = await call(t, 'GET', `/api/admin/brands?q=${encodeURIComponent(email)}`, { token: a.token });
    expect(list.json.response.brands).toHaveLength(1);
    expect(list.json.response.brands[0]).toMatchObject({ passwordSet: true, active: true });
    expect(list.json.response.brands[0].lastLoginAt).not.toBeNull();

    const [row] = await auditOf(r.json.response.brand._id);
    expect(row).toMatchObject({
      action: 'brand.create',
      actorId: a.user.id,
      after: { name: 'Acme Brands', email, profileType: 'BRANDS' },
    });
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('by mobile with its country code: the invitation goes by SMS and setting the password proves the mobile', async () => {
    const a = await buildAdmin(t);
    const phone = uniquePhone();
    const r = await createBrand(a.token, {
      name: 'Phone Brand',
      mobileNumber: phone.mobileNumber,
      phoneCode: `+${phone.phoneCode}`,
    });
    expect(r.status).toBe(200);
    expect(r.json.response.brand).toMatchObject({ email: null, passwordSet: false });
    expect(r.json.response.brand.phone).toContain(phone.mobileNumber);
    const sms = lastTo(phone.key)!;
    expect(sms.channel).toBe('sms');
    const set = await call(t, 'POST', '/api/bussiness/acceptInvitation', {
      body: { token: tokenIn(sms.body), newPassword: BRAND_PASSWORD, confirmPassword: BRAND_PASSWORD },
    });
    expect(set.status).toBe(200);
    expect(set.json.response.emailPhone).toBe(phone.key);
    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: phone.key, password: BRAND_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.json.response.profileType).toBe('BRANDS');
  });

  it('refuses an e-mail or a mobile that has an account (409), writing nothing', async () => {
    const a = await buildAdmin(t);
    const u = await buildUser(t, { profileType: 'BUSINESS' });
    const before = t.messenger.sent.length;
    const taken = await createBrand(a.token, { name: 'Copy Cat', email: u.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe(ADMIN_MSG.brandExists);
    expect((await t.services.users.findByKey(u.email))?.profileType).toBe('BUSINESS');

    const phone = uniquePhone();
    expect(
      (await createBrand(a.token, { name: 'First', mobileNumber: phone.mobileNumber, phoneCode: phone.phoneCode })).status,
    ).toBe(200);
    const again = await createBrand(a.token, { name: 'Second', mobileNumber: `+${phone.phoneCode}${phone.mobileNumber}` });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(ADMIN_MSG.brandExists);
    expect((await t.services.users.findByKey(phone.key))?.name).toBe('First');
    expect(t.messenger.sent.length).toBe(before + 1);
  });

  it('refuses a missing or bad name, no contact, both contacts, a bad e-mail and a mobile without its code (400), writing nothing', async () => {
    const a = await buildAdmin(t);
    const email = uniqueEmail();
    const phone = uniquePhone();
    const cases: [Record<string, unknown>, string][] = [
      [{ email }, ADMIN_MSG.brandNameRequired],
      [{ name: '   ', email }, ADMIN_MSG.brandNameRequired],
      [{ name: 'x'.repeat(41), email }, MSG.businessNameInvalid],
      [{ name: 'No Contact' }, ADMIN_MSG.brandContactRequired],
      [{ name: 'Both', email, mobileNumber: phone.mobileNumber, phoneCode: phone.phoneCode }, ADMIN_MSG.brandContactBoth],
      [{ name: 'Bad Mail', email: 'not-an-email' }, MSG.emailInvalid],
      [{ name: 'Digits In Mail', email: phone.mobileNumber }, MSG.emailInvalid],
      // a number that no country code in front of it makes whole (a generated one may read as another country's)
      [{ name: 'No Code', mobileNumber: '7700900123' }, MSG.phoneCodeRequired],
    ];
    for (const [body, message] of cases) {
      const r = await createBrand(a.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.message, JSON.stringify(body)).toBe(message);
    }
    expect(await t.services.users.findByKey(email)).toBeNull();
    expect(await t.services.users.findByKey(phone.key)).toBeNull();
  });
});

describe('GET admin/brands: the brands, newest first, searched and paged', () => {
  it('is refused without a token (401) and to every profile type (403)', async () => {
    await expectAdminOnly(t, 'GET', '/api/admin/brands?q=a', undefined, others);
  });

  it('lists only BRANDS accounts, newest first, with plan and state; finds one by name, e-mail or phone', async () => {
    const a = await buildAdmin(t);
    const business = await buildUser(t, { profileType: 'BUSINESS', name: 'Zebra Tonic' });
    const older = await createBrand(a.token, { name: 'Zebra Tonic Older', email: uniqueEmail() });
    t.clock.advance(1000);
    const phone = uniquePhone();
    const newer = await createBrand(a.token, {
      name: 'Zebra Tonic Newer',
      mobileNumber: phone.mobileNumber,
      phoneCode: phone.phoneCode,
    });
    await givePlan(t, older.json.response.brand._id, 'Starter');

    const byName = await call(t, 'GET', '/api/admin/brands?q=zebra%20tonic', { token: a.token });
    expect(byName.status).toBe(200);
    const ids = byName.json.response.brands.map((b: { _id: string }) => b._id);
    expect(ids).toEqual([newer.json.response.brand._id, older.json.response.brand._id]);
    expect(ids).not.toContain(business.user.id);
    expect(byName.json.response).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(byName.json.response.brands[1].plan).toMatchObject({ planType: 'Starter' });

    const byMail = await call(t, 'GET', `/api/admin/brands?q=${encodeURIComponent(older.json.response.brand.email)}`, {
      token: a.token,
    });
    expect(byMail.json.response.brands.map((b: { _id: string }) => b._id)).toEqual([older.json.response.brand._id]);
    const byPhone = await call(t, 'GET', `/api/admin/brands?q=${phone.mobileNumber.slice(-7)}`, { token: a.token });
    expect(byPhone.json.response.brands.map((b: { _id: string }) => b._id)).toEqual([newer.json.response.brand._id]);

    const all = await call(t, 'GET', '/api/admin/brands', { token: a.token });
    for (const b of all.json.response.brands) expect((await t.services.users.findById(b._id))?.profileType).toBe('BRANDS');
    const far = await call(t, 'GET', '/api/admin/brands?page=500', { token: a.token });
    expect(far.json.response.brands).toEqual([]);
  });

  it('refuses a search over 100 characters and a page that is not a number (400)', async () => {
    const a = await buildAdmin(t);
    expect((await call(t, 'GET', `/api/admin/brands?q=${'a'.repeat(101)}`, { token: a.token })).status).toBe(400);
    expect((await call(t, 'GET', '/api/admin/brands?page=zero', { token: a.token })).status).toBe(400);
  });
});

describe('a brand is deactivated and reactivated with PUT admin/users/status', () => {
  it('deactivating ends the brand session at once and refuses its login; reactivating lets it in again', async () => {
    const a = await buildAdmin(t);
    const email = uniqueEmail();
    const made = await createBrand(a.token, { name: 'Paused Brand', email });
    const id = made.json.response.brand._id;
    await call(t, 'POST', '/api/bussiness/acceptInvitation', {
      body: { token: tokenIn(lastTo(email)!.body), newPassword: BRAND_PASSWORD, confirmPassword: BRAND_PASSWORD },
    });
    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: BRAND_PASSWORD } });
    const off = await call(t, 'PUT', '/api/admin/users/status', { token: a.token, body: { userId: id, active: false } });
    expect(off.status).toBe(200);
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: login.json.response.accessToken })).status).toBe(401);
    const refused = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: BRAND_PASSWORD } });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(MSG.accountInactive);
    const listed = await call(t, 'GET', `/api/admin/brands?q=${encodeURIComponent(email)}`, { token: a.token });
    expect(listed.json.response.brands[0]).toMatchObject({ active: false, passwordSet: true });
    expect((await call(t, 'PUT', '/api/admin/users/status', { token: a.token, body: { userId: id, active: true } })).status).toBe(
      200,
    );
    expect((await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: BRAND_PASSWORD } })).status).toBe(
      200,
    );
  });
});

describe('POST admin/brands/:id/invitation: a new link for a brand that has not set its password', () => {
  it('is refused without a token (401) and to every profile type (403), and sends nothing', async () => {
    const a = await buildAdmin(t);
    const email = uniqueEmail();
    const made = await createBrand(a.token, { name: 'Quiet Brand', email });
    const sent = t.messenger.sent.length;
    await expectAdminOnly(t, 'POST', `/api/admin/brands/${made.json.response.brand._id}/invitation`, undefined, others);
    expect(t.messenger.sent.length).toBe(sent);
    expect((await auditOf(made.json.response.brand._id)).map((r) => r.action)).toEqual(['brand.create']);
  });

  it('sends a new link that sets the password; the earlier link stops working; audited', async () => {
    const a = await buildAdmin(t);
    const email = uniqueEmail();
    const made = await createBrand(a.token, { name: 'Slow Brand', email });
    const id = made.json.response.brand._id;
    const first = tokenIn(lastTo(email)!.body);
    const r = await call(t, 'POST', `/api/admin/brands/${id}/invitation`, { token: a.token });
    expect(r.status).toBe(200);
    expect(r.json.message).toBe(ADMIN_MSG.brandInvitationSent);
    expect(r.json.response.brand).toMatchObject({ _id: id, passwordSet: false });
    const second = tokenIn(lastTo(email)!.body);
    expect(second).not.toBe(first);
    const old = await call(t, 'POST', '/api/bussiness/acceptInvitation', {
      body: { token: first, newPassword: BRAND_PASSWORD, confirmPassword: BRAND_PASSWORD },
    });
    expect(old.status).toBe(400);
    const ok = await call(t, 'POST', '/api/bussiness/acceptInvitation', {
      body: { token: second, newPassword: BRAND_PASSWORD, confirmPassword: BRAND_PASSWORD },
    });
    expect(ok.status).toBe(200);
    const rows = await auditOf(id);
    expect(rows.map((x) => x.action).sort()).toEqual(['brand.create', 'brand.invite']);
    expect(rows.find((x) => x.action === 'brand.invite')).toMatchObject({ actorId: a.user.id });
    expect(JSON.stringify(rows)).not.toContain(second);

    // once the password is set there is nothing to invite to
    const done = await call(t, 'POST', `/api/admin/brands/${id}/invitation`, { token: a.token });
    expect(done.status).toBe(400);
    expect(done.json.message).toBe(ADMIN_MSG.brandPasswordSet);
  });

  it('refuses an account that is not a brand (404) and a deactivated brand (400), sending nothing', async () => {
    const a = await buildAdmin(t);
    const business = await buildUser(t, { profileType: 'BUSINESS' });
    const sent = t.messenger.sent.length;
    const notBrand = await call(t, 'POST', `/api/admin/brands/${business.user.id}/invitation`, { token: a.token });
    expect(notBrand.status).toBe(404);
    expect(notBrand.json.message).toBe(ADMIN_MSG.brandNotFound);
    expect((await call(t, 'POST', `/api/admin/brands/${'x'.repeat(65)}/invitation`, { token: a.token })).status).toBe(400);

    const email = uniqueEmail();
    const made = await createBrand(a.token, { name: 'Stopped Brand', email });
    await call(t, 'PUT', '/api/admin/users/status', {
      token: a.token,
      body: { userId: made.json.response.brand._id, active: false },
    });
    const inactive = await call(t, 'POST', `/api/admin/brands/${made.json.response.brand._id}/invitation`, { token: a.token });
    expect(inactive.status).toBe(400);
    expect(inactive.json.message).toBe(ADMIN_MSG.brandInactive);
    expect(t.messenger.sent.length).toBe(sent + 1);
  });
});

describe('PUT admin/admins/status: deactivate and reactivate another admin', () => {
  it('is refused without a token (401) and to every profile type (403), and changes nothing', async () => {
    const other = await buildAdmin(t);
    await expectAdminOnly(t, 'PUT', '/api/admin/admins/status', { userId: other.user.id, active: false }, others);
    expect((await call(t, 'GET', '/api/admin/me', { token: other.token })).status).toBe(200);
    expect(await auditOf(other.user.id)).toHaveLength(0);
  });

  it('deactivating ends the admin sessions at once and refuses login; reactivating lets them in again; audited', async () => {
    const a = await buildAdmin(t);
    const b = await buildAdmin(t);
    const off = await call(t, 'PUT', '/api/admin/admins/status', { token: a.token, body: { userId: b.user.id, active: false } });
    expect(off.status).toBe(200);
    expect(off.json.message).toBe(ADMIN_MSG.adminDeactivated);
    expect(off.json.response.admin).toMatchObject({ _id: b.user.id, state: 'INACTIVE' });
    expect((await call(t, 'GET', '/api/admin/me', { token: b.token })).status).toBe(401);
    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: b.email, password: PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.json.message).toBe(MSG.accountInactive);
    const again = await call(t, 'PUT', '/api/admin/admins/status', {
      token: a.token,
      body: { userId: b.user.id, active: false },
    });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(ADMIN_MSG.alreadyInactive);

    const on = await call(t, 'PUT', '/api/admin/admins/status', { token: a.token, body: { userId: b.user.id, active: true } });
    expect(on.status).toBe(200);
    expect(on.json.message).toBe(ADMIN_MSG.adminReactivated);
    expect(on.json.response.admin.state).toBe('ACTIVE');
    expect((await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: b.email, password: PASSWORD } })).status).toBe(
      200,
    );
    const rows = await auditOf(b.user.id);
    expect(rows.map((r) => r.action).sort()).toEqual(['admin.deactivate', 'admin.reactivate']);
    expect(rows.find((r) => r.action === 'admin.deactivate')).toMatchObject({
      actorId: a.user.id,
      before: { userStatus: true },
      after: { userStatus: false },
    });
  });

  it('an admin cannot deactivate itself (400), and an account that is not an admin is not found here (404)', async () => {
    const a = await buildAdmin(t);
    const self = await call(t, 'PUT', '/api/admin/admins/status', { token: a.token, body: { userId: a.user.id, active: false } });
    expect(self.status).toBe(400);
    expect(self.json.message).toBe(ADMIN_MSG.adminSelf);
    expect((await call(t, 'GET', '/api/admin/me', { token: a.token })).status).toBe(200);
    const u = await buildUser(t, { profileType: 'BRANDS' });
    const notAdmin = await call(t, 'PUT', '/api/admin/admins/status', {
      token: a.token,
      body: { userId: u.user.id, active: false },
    });
    expect(notAdmin.status).toBe(404);
    expect(notAdmin.json.message).toBe(ADMIN_MSG.adminNotFound);
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: u.token })).status).toBe(200);
    const bad = await call(t, 'PUT', '/api/admin/admins/status', { token: a.token, body: { userId: a.user.id, active: 'no' } });
    expect(bad.status).toBe(400);
    expect(await auditOf(a.user.id)).toHaveLength(0);
  });

  it('the last admin who can log in cannot be deactivated, even by an admin deactivated a moment before (two at once)', async () => {
    const own = await buildTestApp();
    try {
      const a = await buildAdmin(own);
      const b = await buildAdmin(own);
      // b deactivates a; a's own request to deactivate b was already past the access check
      const first = await call(own, 'PUT', '/api/admin/admins/status', {
        token: b.token,
        body: { userId: a.user.id, active: false },
      });
      expect(first.status).toBe(200);
      const ctx = { userId: a.user.id, role: 'ADMIN', user: a.user } as never;
      await expect(own.services.admin.setAdminActive(ctx, b.user.id, false)).rejects.toMatchObject({
        statusCode: 400,
        message: ADMIN_MSG.lastAdmin,
      });
      expect((await call(own, 'GET', '/api/admin/me', { token: b.token })).status).toBe(200);
      expect((await own.container.db.select().from(auditLog)).map((r) => r.action)).toEqual(['admin.deactivate']);
    } finally {
      await own.close();
    }
  });
});
