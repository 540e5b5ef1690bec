import { MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  buildUser,
  call,
  PASSWORD,
  setUserFields,
  type TTestApp,
  uniqueEmail,
  uniquePhone,
} from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const login = (emailPhone: unknown, password: unknown = PASSWORD) =>
  call(t, 'POST', '/api/user/userLogin', { body: { emailPhone, password, platform: 'web' } });

/** A phone account verified through the real sign-up and OTP calls. */
async function verifiedPhoneAccount() {
  const p = uniquePhone();
  await call(t, 'POST', '/api/user/create_user', {
    body: { mobileNumber: p.mobileNumber, phoneCode: p.phoneCode, password: PASSWORD, profileType: 'BUSINESS' },
  });
  const v = await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: p.key, otp: t.messenger.lastOtp(p.key) } });
  expect(v.status).toBe(200);
  return p;
}

describe('POST /api/user/userLogin', () => {
  it('logs in by e-mail (any case) and returns accessToken, profileType and userData {_id, sphUserId}', async () => {
    const { user, email } = await buildUser(t, { profileType: 'INFLUENCER' });
    const res = await login(email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: true,
      message: MSG.loginSuccess,
      response: { profileType: 'INFLUENCER', userData: { _id: user.id, email, authType: 'LOCAL' } },
    });
    expect(res.json.response.userData).toHaveProperty('sphUserId');
    expect(typeof res.json.response.accessToken).toBe('string');
    expect(Date.parse(res.json.response.expiresAt)).toBeGreaterThan(Date.now());
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token: res.json.response.accessToken });
    expect(status.status).toBe(200);
    expect(status.json.response.result._id).toBe(user.id);
  });

  it("logs in by phone written '+{code}{digits}'", async () => {
    const p = await verifiedPhoneAccount();
    const res = await login(p.key);
    expect(res.status).toBe(200);
    expect(res.json.response).toMatchObject({
      profileType: 'BUSINESS',
      userData: { mobileNumber: p.mobileNumber, phoneCode: p.phoneCode, mobileVerified: true },
    });
    expect(typeof res.json.response.accessToken).toBe('string');
  });

  it('refuses a wrong password with 401 and no session', async () => {
    const { email } = await buildUser(t);
    const res = await login(email, 'Wrong1!pass');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ status: false, message: MSG.invalidCredentials, response: null, code: 'UNAUTHORIZED' });
  });

  it('answers an unknown e-mail and an unknown phone exactly like a wrong password', async () => {
    for (const id of [uniqueEmail(), uniquePhone().key]) {
      const res = await login(id);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ status: false, message: MSG.invalidCredentials, response: null, code: 'UNAUTHORIZED' });
    }
  });

  it.each([
    [{ password: PASSWORD }, MSG.identifierRequired],
    [{ emailPhone: '', password: PASSWORD }, MSG.identifierRequired],
    [{ emailPhone: '   ', password: PASSWORD }, MSG.identifierRequired],
    [{ emailPhone: 'me@', password: PASSWORD }, MSG.identifierInvalid],
    [{ emailPhone: '9876543210', password: PASSWORD }, MSG.identifierInvalid],
    [{ emailPhone: `${'a'.repeat(55)}@example.com`, password: PASSWORD }, MSG.identifierInvalid],
    [{ emailPhone: 'me@example.com' }, MSG.passwordRequired],
    [{ emailPhone: 'me@example.com', password: '' }, MSG.passwordRequired],
    [{ emailPhone: 'me@example.com', password: 'Passw0rd!1234567' }, MSG.passwordMax],
  ])('refuses %j with 400 and its own message', async (body, message) => {
    const res = await call(t, 'POST', '/api/user/userLogin', { body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message });
  });

  it('lists the message per field when both fields are empty', async () => {
    const res = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: '', password: '' } });
    expect(res.status).toBe(400);
    expect(res.json.response.errors).toEqual({ emailPhone: MSG.identifierRequired, password: MSG.passwordRequired });
  });

  it('answers a request without a body with 400', async () => {
    const res = await call(t, 'POST', '/api/user/userLogin');
    expect(res.status).toBe(400);
    expect(res.json.status).toBe(false);
  });

  it('tells an unverified account to verify, sends a fresh OTP once the countdown is over, and the OTP then logs in', async () => {
    const email = uniqueEmail();
    await call(t, 'POST', '/api/user/create_user', { body: { email, password: PASSWORD, profileType: 'INFLUENCER' } });
    const firstOtp = t.messenger.lastOtp(email);
    const sentBefore = t.messenger.sent.length;

    // inside the 16 s registration countdown: no second message, and the client learns how long to wait
    const early = await login(email);
    expect(early.status).toBe(403);
    expect(early.json).toMatchObject({
      status: false,
      message: MSG.accountNotVerified,
      response: { needsVerification: true, emailPhone: email },
    });
    expect(early.json.response.resendAfterSeconds).toBeGreaterThan(0);
    expect(early.json.response.resendAfterSeconds).toBeLessThanOrEqual(16);
    expect(t.messenger.sent.length).toBe(sentBefore);

    t.clock.advance(17_000);
    const later = await login(email);
    expect(later.status).toBe(403);
    expect(later.json.response).toEqual({
      needsVerification: true,
      emailPhone: email,
      resendAfterSeconds: 16,
      attemptId: expect.any(String),
    });
    expect(t.messenger.sent.length).toBe(sentBefore + 1);
    const freshOtp = t.messenger.lastOtp(email);

    if (freshOtp !== firstOtp) {
      const old = await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: email, otp: firstOtp } });
      expect(old.json.message).toBe(MSG.otpWrong);
    }
    const ok = await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: email, otp: freshOtp } });
    expect(ok.status).toBe(200);
    expect(ok.json.response).toMatchObject({ purpose: 'registration', userData: { emailVerified: true } });
    expect((await login(email)).status).toBe(200);
  });

  it('does not send an OTP to an unverified account when the password is wrong', async () => {
    const email = uniqueEmail();
    await call(t, 'POST', '/api/user/create_user', { body: { email, password: PASSWORD, profileType: 'INFLUENCER' } });
    t.clock.advance(17_000);
    const before = t.messenger.sent.length;
    const res = await login(email, 'Wrong1!pass');
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(MSG.invalidCredentials);
    expect(t.messenger.sent.length).toBe(before);
  });

  it('refuses an inactive user with 403, and lets them in again once active', async () => {
    const { user, email } = await buildUser(t, { profileType: 'BUSINESS' });
    await setUserFields(t, user.id, { userStatus: false });
    const res = await login(email);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ status: false, message: MSG.accountInactive });
    expect(res.json.response?.accessToken).toBeUndefined();
    await setUserFields(t, user.id, { userStatus: true });
    expect((await login(email)).status).toBe(200);
  });

  it('gives every login its own session', async () => {
    const { email } = await buildUser(t);
    const a = await login(email);
    const b = await login(email);
    expect(a.json.response.accessToken).not.toBe(b.json.response.accessToken);
    await call(t, 'POST', '/api/user/logout', { token: a.json.response.accessToken });
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: b.json.response.accessToken })).status).toBe(200);
  });
});
