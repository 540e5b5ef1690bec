import { MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, PASSWORD, type TTestApp, uniqueEmail, uniquePhone } from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const NEW_PASSWORD = 'N3w!Secret';

const login = (emailPhone: string, password: string) =>
  call(t, 'POST', '/api/user/userLogin', { body: { emailPhone, password, platform: 'web' } });
const statusOf = (token: string) => call(t, 'GET', '/api/user/getUserStatus', { token });
const resetPassword = (body: unknown) => call(t, 'PUT', '/api/user/resetPassword', { body });
const changePassword = (body: unknown, token?: string) => call(t, 'POST', '/api/user/changePassword', { body, token });

/** Forgot password up to the verified OTP: sendOtp, then verifyOtp with the code from the outbox; returns the reset ticket. */
async function verifiedReset(emailPhone: string, sendBody: Record<string, string>) {
  expect((await call(t, 'POST', '/api/otp/sendOtp', { body: sendBody })).status).toBe(200);
  const v = await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone, otp: t.messenger.lastOtp(emailPhone) } });
  expect(v.json.response).toEqual({ purpose: 'reset', resetToken: expect.any(String) });
  return v.json.response.resetToken as string;
}

/** A Google account (no password) and its session. */
async function googleUser() {
  const email = uniqueEmail();
  const row = await t.services.users.createAccount({
    email,
    emailVerified: true,
    googleSub: `sandbox-${email}`,
    authType: 'GOOGLE',
    profileType: 'INFLUENCER',
  });
  return { email, token: (await t.services.auth.issueSession(row)).accessToken };
}

describe('PUT /api/user/resetPassword', () => {
  it('sets the new password after a verified OTP, and ends every old session', async () => {
    const { email, token } = await buildUser(t);
    const other = await login(email, PASSWORD);
    const resetToken = await verifiedReset(email, { email });

    const res = await resetPassword({ emailPhone: email, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, resetToken });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: true, message: MSG.newPasswordSet, response: null });
    expect(res.json.message).toBe('New Password Successfuly Set');

    const old = await login(email, PASSWORD);
    expect(old.status).toBe(401);
    expect(old.json.message).toBe(MSG.invalidCredentials);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    for (const revoked of [token, other.json.response.accessToken]) {
      const s = await statusOf(revoked);
      expect(s.status).toBe(401);
      expect(s.json).toEqual({ status: false, message: MSG.unauthorized, response: null, code: 'UNAUTHORIZED' });
    }
  });

  it('resets by phone (+{code}{digits}) without confirmPassword, as the mobile clients send it', async () => {
    const p = uniquePhone();
    await call(t, 'POST', '/api/user/create_user', {
      body: { mobileNumber: p.mobileNumber, phoneCode: p.phoneCode, password: PASSWORD, profileType: 'BUSINESS' },
    });
    await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: p.key, otp: t.messenger.lastOtp(p.key) } });
    const resetToken = await verifiedReset(p.key, { mobileNumber: p.mobileNumber, phoneCode: p.phoneCode });
    const res = await resetPassword({ emailPhone: p.key, newPassword: NEW_PASSWORD, resetToken });
    expect(res.status).toBe(200);
    expect((await login(p.key, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses without a verified OTP: none sent, or sent but not verified', async () => {
    const { email } = await buildUser(t);
    const none = await resetPassword({ emailPhone: email, newPassword: NEW_PASSWORD });
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({ status: false, message: MSG.otpNotVerified });
    const guessed = await resetPassword({ emailPhone: email, newPassword: NEW_PASSWORD, resetToken: 'made-up-ticket' });
    expect(guessed.json).toEqual({ status: false, message: MSG.otpNotVerified, response: null, code: 'BAD_REQUEST' });

    await call(t, 'POST', '/api/otp/sendOtp', { body: { email } });
    const unverified = await resetPassword({ emailPhone: email, newPassword: NEW_PASSWORD, resetToken: 'made-up-ticket' });
    expect(unverified.status).toBe(400);
    expect(unverified.json.message).toBe(MSG.otpNotVerified);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('refuses for an identifier nobody has', async () => {
    const res = await resetPassword({ emailPhone: uniqueEmail(), newPassword: NEW_PASSWORD, resetToken: 'made-up-ticket' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MSG.otpNotVerified);
  });

  it('works once per verified OTP', async () => {
    const { email } = await buildUser(t);
    const resetToken = await verifiedReset(email, { email });
    expect((await resetPassword({ emailPhone: email, newPassword: NEW_PASSWORD, resetToken })).status).toBe(200);
    const second = await resetPassword({ emailPhone: email, newPassword: 'Thr33!Time', resetToken });
    expect(second.status).toBe(400);
    expect(second.json.message).toBe(MSG.otpNotVerified);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses once the OTP's 10 minutes are over", async () => {
    const { email } = await buildUser(t);
    const resetToken = await verifiedReset(email, { email });
    t.clock.advance(601_000);
    const res = await resetPassword({ emailPhone: email, newPassword: NEW_PASSWORD, resetToken });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MSG.otpNotVerified);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it("a verified OTP for one account does not reset another's password", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const resetToken = await verifiedReset(a.email, { email: a.email });
    const res = await resetPassword({ emailPhone: b.email, newPassword: NEW_PASSWORD, resetToken });
    expect(res.status).toBe(400);
    expect((await login(b.email, PASSWORD)).status).toBe(200);
  });

  it('a registration OTP does not allow a reset', async () => {
    const email = uniqueEmail();
    await call(t, 'POST', '/api/user/create_user', { body: { email, password: PASSWORD, profileType: 'INFLUENCER' } });
    const v = await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: email, otp: t.messenger.lastOtp(email) } });
    expect(v.json.response.resetToken).toBeUndefined();
    const res = await resetPassword({ emailPhone: email, newPassword: NEW_PASSWORD, resetToken: 'made-up-ticket' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MSG.otpNotVerified);
  });

  it.each([
    [{ newPassword: NEW_PASSWORD }, MSG.identifierRequired],
    [{ emailPhone: 'nobody', newPassword: NEW_PASSWORD }, MSG.identifierInvalid],
    [{ emailPhone: 'me@example.com' }, MSG.passwordRequired],
    [{ emailPhone: 'me@example.com', newPassword: '' }, MSG.passwordRequired],
    [{ emailPhone: 'me@example.com', newPassword: 'Sh0rt!a' }, MSG.passwordMin],
    [{ emailPhone: 'me@example.com', newPassword: 'L0ng!password123' }, MSG.passwordMax],
    [{ emailPhone: 'me@example.com', newPassword: 'password1!' }, MSG.passwordComplexity],
    [{ emailPhone: 'me@example.com', newPassword: 'PASSWORD1!' }, MSG.passwordComplexity],
    [{ emailPhone: 'me@example.com', newPassword: 'Password!!' }, MSG.passwordComplexity],
    [{ emailPhone: 'me@example.com', newPassword: 'Password12' }, MSG.passwordComplexity],
    [
      { emailPhone: 'me@example.com', newPassword: NEW_PASSWORD, confirmPassword: 'N3w!Secrex', resetToken: 't' },
      MSG.passwordsMustMatch,
    ],
    [
      { emailPhone: 'me@example.com', newPassword: NEW_PASSWORD, confirmPassword: '', resetToken: 't' },
      MSG.confirmPasswordRequired,
    ],
    [{ emailPhone: 'me@example.com', newPassword: NEW_PASSWORD }, MSG.otpNotVerified],
  ])('refuses %j with 400 and its own message', async (body, message) => {
    const res = await resetPassword(body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message });
  });

  it('a refused new password does not use up the verified OTP', async () => {
    const { email } = await buildUser(t);
    const resetToken = await verifiedReset(email, { email });
    const bad = await resetPassword({ emailPhone: email, newPassword: NEW_PASSWORD, confirmPassword: 'Other1!x', resetToken });
    expect(bad.json.message).toBe('Passwords should match!');
    const good = await resetPassword({ emailPhone: email, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, resetToken });
    expect(good.status).toBe(200);
  });
});

describe('a password reset is bound to the code verification that allowed it', () => {
  it('the ticket of one verification resets once; a second verification gives a new ticket and the old one stays used', async () => {
    const { email } = await buildUser(t);
    const first = await verifiedReset(email, { email });
    expect((await resetPassword({ emailPhone: email, newPassword: NEW_PASSWORD, resetToken: first })).status).toBe(200);
    t.clock.advance(61_000);
    const second = await verifiedReset(email, { email });
    expect(second).not.toBe(first);
    const replay = await resetPassword({ emailPhone: email, newPassword: 'Thr33!Time', resetToken: first });
    expect(replay.status).toBe(400);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('a verified code without its ticket allows nothing: "someone verified lately" is not enough', async () => {
    const { email } = await buildUser(t);
    await verifiedReset(email, { email });
    const res = await resetPassword({ emailPhone: email, newPassword: NEW_PASSWORD, resetToken: 'x'.repeat(43) });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MSG.otpNotVerified);
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it('a ticket works for its own address only', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const ticket = await verifiedReset(a.email, { email: a.email });
    expect((await resetPassword({ emailPhone: b.email, newPassword: NEW_PASSWORD, resetToken: ticket })).status).toBe(400);
    expect((await resetPassword({ emailPhone: a.email, newPassword: NEW_PASSWORD, resetToken: ticket })).status).toBe(200);
    expect((await login(b.email, PASSWORD)).status).toBe(200);
  });

  it('a ticket lasts 10 minutes from the verification', async () => {
    const { email } = await buildUser(t);
    const ticket = await verifiedReset(email, { email });
    t.clock.advance(599_000);
    expect((await resetPassword({ emailPhone: email, newPassword: NEW_PASSWORD, resetToken: ticket })).status).toBe(200);
  });

  it('the ticket is kept only as a hash', async () => {
    const { email } = await buildUser(t);
    const ticket = await verifiedReset(email, { email });
    const rows = await t.database.db.execute(`select reset_token_hash from otps where target = '${email}'`);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(ticket);
    expect(stored).toMatch(/[0-9a-f]{64}/);
  });
});

describe('POST /api/user/changePassword', () => {
  // The refused changes below change nothing, so one account serves them all.
  let rulesUser: Awaited<ReturnType<typeof buildUser>>;
  beforeAll(async () => {
    rulesUser = await buildUser(t);
  });

  it('changes the password; the new one logs in and the old one does not', async () => {
    const { email, token } = await buildUser(t);
    const res = await changePassword({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: true, message: MSG.passwordChanged, response: null });
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
    expect((await statusOf(token)).status).toBe(200);
  });

  it('ends every other session of the account; the current one stays', async () => {
    const { email, token } = await buildUser(t);
    const phone = (await login(email, PASSWORD)).json.response.accessToken as string;
    const laptop = (await login(email, PASSWORD)).json.response.accessToken as string;
    const res = await changePassword({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD }, token);
    expect(res.status).toBe(200);
    expect((await statusOf(token)).status).toBe(200);
    for (const other of [phone, laptop]) expect((await statusOf(other)).status).toBe(401);
  });

  it('a wrong old password ends no session', async () => {
    const { email, token } = await buildUser(t);
    const other = (await login(email, PASSWORD)).json.response.accessToken as string;
    await changePassword({ oldPassword: 'Wr0ng!pass', newPassword: NEW_PASSWORD }, token);
    expect((await statusOf(other)).status).toBe(200);
  });

  it('refuses a wrong old password with 400 and changes nothing', async () => {
    const { email, token } = await buildUser(t);
    const res = await changePassword({ oldPassword: 'Wr0ng!pass', newPassword: NEW_PASSWORD }, token);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ status: false, message: MSG.oldPasswordWrong, response: null, code: 'BAD_REQUEST' });
    expect((await login(email, PASSWORD)).status).toBe(200);
    expect((await login(email, NEW_PASSWORD)).status).toBe(401);
  });

  it.each([
    [{ newPassword: NEW_PASSWORD }, MSG.oldPasswordRequired],
    [{ oldPassword: '', newPassword: NEW_PASSWORD }, MSG.oldPasswordRequired],
    [{ oldPassword: 'Sh0rt!a', newPassword: NEW_PASSWORD }, MSG.passwordMin],
    [{ oldPassword: PASSWORD }, MSG.passwordRequired],
    [{ oldPassword: PASSWORD, newPassword: '' }, MSG.passwordRequired],
    [{ oldPassword: PASSWORD, newPassword: 'Sh0rt!a' }, MSG.passwordMin],
    [{ oldPassword: PASSWORD, newPassword: 'L0ng!password123' }, MSG.passwordMax],
    [{ oldPassword: PASSWORD, newPassword: 'password1!' }, MSG.passwordComplexity],
    [{ oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: PASSWORD }, MSG.passwordsMustMatch],
    [{ oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: '' }, MSG.confirmPasswordRequired],
  ])('refuses %j with 400 and its own message', async (body, message) => {
    const { email, token } = rulesUser;
    const res = await changePassword(body, token);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message });
    expect((await login(email, PASSWORD)).status).toBe(200);
  });

  it("answers without a token, or with a bad one, 401 'Unauthorized access'", async () => {
    const body = { oldPassword: PASSWORD, newPassword: NEW_PASSWORD };
    for (const token of [undefined, 'not-a-token']) {
      const res = await changePassword(body, token);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ status: false, message: 'Unauthorized access', response: null, code: 'UNAUTHORIZED' });
    }
  });

  it('refuses a Google account (it has no password) with 403', async () => {
    const { token } = await googleUser();
    const res = await changePassword({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD }, token);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ status: false, message: MSG.googleAccountNoPassword, response: null, code: 'FORBIDDEN' });
  });
});
