import { createHash } from 'node:crypto';
import { MSG } from '@virality/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, PASSWORD, type TTestApp, uniqueEmail, uniquePhone } from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const sendOtp = (body: unknown, token?: string) => call(t, 'POST', '/api/otp/sendOtp', { body, token });
const resetOtp = (body: unknown, token?: string) => call(t, 'POST', '/api/otp/resetOtp', { body, token });
const verifyOtp = (emailPhone: string, otp: unknown, token?: string) =>
  call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone, otp }, token });
const statusOf = (token: string) => call(t, 'GET', '/api/user/getUserStatus', { token });

/** A code that is not `code` (so a "wrong" OTP is really wrong). */
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/** A phone-only account, verified and logged in through the real sign-up and OTP calls. */
async function phoneUser() {
  const p = uniquePhone();
  await call(t, 'POST', '/api/user/create_user', {
    body: { mobileNumber: p.mobileNumber, phoneCode: p.phoneCode, password: PASSWORD, profileType: 'INFLUENCER' },
  });
  const v = await verifyOtp(p.key, t.messenger.lastOtp(p.key));
  expect(v.status).toBe(200);
  return { ...p, token: v.json.response.accessToken as string, userId: v.json.response.userData._id as string };
}

/** An e-mail sign-up that has not verified its OTP yet. */
async function pendingSignUp() {
  const email = uniqueEmail();
  const res = await call(t, 'POST', '/api/user/create_user', { body: { email, password: PASSWORD, profileType: 'INFLUENCER' } });
  expect(res.status).toBe(200);
  return email;
}

describe('POST /api/otp/sendOtp and /api/otp/resetOtp (forgot password)', () => {
  it('sends a 4-digit OTP to a verified e-mail with a 60 s countdown, enforced server-side', async () => {
    const { email } = await buildUser(t);
    const first = await sendOtp({ email: email.toUpperCase() });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ status: true, message: MSG.otpSent, response: { emailPhone: email, resendAfterSeconds: 60 } });
    const sent = t.messenger.sent.at(-1);
    expect(sent).toMatchObject({ channel: 'email', to: email });
    expect(t.messenger.lastOtp(email)).toMatch(/^\d{4}$/);

    for (const again of [() => sendOtp({ email }), () => resetOtp({ email })]) {
      const before = t.messenger.sent.length;
      const res = await again();
      expect(res.status).toBe(429);
      const wait = res.json.response.resendAfterSeconds;
      expect(wait).toBeGreaterThanOrEqual(59);
      expect(wait).toBeLessThanOrEqual(60);
      expect(res.json).toEqual({
        status: false,
        message: MSG.otpWait(wait),
        response: { resendAfterSeconds: wait },
        code: 'RATE_LIMITED',
      });
      expect(t.messenger.sent.length).toBe(before);
    }

    t.clock.advance(30_000);
    const half = await resetOtp({ email });
    expect(half.status).toBe(429);
    expect([MSG.otpWait(29), MSG.otpWait(30)]).toContain(half.json.message);

    t.clock.advance(31_000);
    const resent = await resetOtp({ email });
    expect(resent.status).toBe(200);
    expect(resent.json).toEqual({
      status: true,
      message: MSG.otpResent,
      response: { emailPhone: email, resendAfterSeconds: 60 },
    });
  });

  it('sends the OTP by SMS to +{code}{digits} for a verified phone', async () => {
    const p = await phoneUser();
    const res = await sendOtp({ mobileNumber: p.mobileNumber, phoneCode: `+${p.phoneCode}` });
    expect(res.status).toBe(200);
    expect(res.json.response).toEqual({ emailPhone: p.key, resendAfterSeconds: 60 });
    expect(t.messenger.sent.at(-1)).toMatchObject({ channel: 'sms', to: p.key });
    const v = await verifyOtp(p.key, t.messenger.lastOtp(p.key));
    expect(v.status).toBe(200);
    expect(v.json.response).toEqual({ purpose: 'reset', resetToken: expect.any(String) });
  });

  it('resends a registration OTP with the 16 s countdown', async () => {
    const email = await pendingSignUp();
    const early = await resetOtp({ email });
    expect(early.status).toBe(429);
    expect([MSG.otpWait(15), MSG.otpWait(16)]).toContain(early.json.message);
    t.clock.advance(17_000);
    const res = await resetOtp({ email });
    expect(res.status).toBe(200);
    expect(res.json.response).toEqual({ emailPhone: email, resendAfterSeconds: 16, attemptId: expect.any(String) });
    const v = await verifyOtp(email, t.messenger.lastOtp(email));
    expect(v.json.response).toMatchObject({ purpose: 'registration', userData: { emailVerified: true } });
  });

  it('answers an identifier nobody has, without a token, with 404 and sends nothing', async () => {
    const before = t.messenger.sent.length;
    for (const body of [{ email: uniqueEmail() }, { mobileNumber: uniquePhone().mobileNumber, phoneCode: '91' }]) {
      for (const send of [sendOtp, resetOtp]) {
        const res = await send(body);
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ status: false, message: MSG.userNotFound, response: null, code: 'NOT_FOUND' });
      }
    }
    expect(t.messenger.sent.length).toBe(before);
  });

  it.each([
    [{}, MSG.identifierRequired],
    [{ email: '' }, MSG.identifierRequired],
    [{ email: 'not-an-email' }, MSG.identifierInvalid],
    [{ email: 'a b@example.com' }, MSG.identifierInvalid],
    [{ mobileNumber: '9876543210' }, MSG.phoneCodeRequired],
    [{ mobileNumber: '9876543210', phoneCode: '1234' }, MSG.phoneCodeRequired],
    [{ mobileNumber: '1234567', phoneCode: '91' }, MSG.identifierInvalid],
    [{ mobileNumber: '1234567890123', phoneCode: '91' }, MSG.identifierInvalid],
  ])('refuses %j with 400 and its own message', async (body, message) => {
    for (const send of [sendOtp, resetOtp]) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ status: false, message });
    }
  });
});

describe('contact OTP (logged in: a new e-mail or phone for the profile)', () => {
  it('verifies a new phone for an e-mail user and saves it verified on the user', async () => {
    const { token, user } = await buildUser(t);
    const p = uniquePhone();
    const sent = await sendOtp({ mobileNumber: p.mobileNumber, phoneCode: p.phoneCode }, token);
    expect(sent.status).toBe(200);
    expect(sent.json.response).toEqual({ emailPhone: p.key, resendAfterSeconds: 60 });
    expect((await statusOf(token)).json.response.result.mobileNumber).toBeNull();

    const v = await verifyOtp(p.key, t.messenger.lastOtp(p.key), token);
    expect(v.status).toBe(200);
    expect(v.json).toMatchObject({
      status: true,
      message: MSG.otpVerified,
      response: { purpose: 'contact', userData: { _id: user.id, mobileNumber: p.mobileNumber, mobileVerified: true } },
    });
    const status = await statusOf(token);
    expect(status.json.response.result).toMatchObject({
      mobileNumber: p.mobileNumber,
      phoneCode: p.phoneCode,
      mobileVerified: true,
    });
    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: p.key, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.json.response.userData._id).toBe(user.id);
  });

  it('verifies a new e-mail for a phone user and saves it verified on the user', async () => {
    const p = await phoneUser();
    const email = uniqueEmail();
    expect((await sendOtp({ email }, p.token)).status).toBe(200);
    const v = await verifyOtp(email, t.messenger.lastOtp(email), p.token);
    expect(v.status).toBe(200);
    expect(v.json.response).toMatchObject({ purpose: 'contact', userData: { email, emailVerified: true } });
    expect((await statusOf(p.token)).json.response.result).toMatchObject({ email, emailVerified: true, mobileVerified: true });
  });

  it("another user's token cannot verify someone's contact OTP, nor can no token; the owner still can", async () => {
    const owner = await buildUser(t);
    const other = await buildUser(t);
    const p = uniquePhone();
    await sendOtp({ mobileNumber: p.mobileNumber, phoneCode: p.phoneCode }, owner.token);
    const code = t.messenger.lastOtp(p.key);

    const byOther = await verifyOtp(p.key, code, other.token);
    expect(byOther.status).toBe(403);
    expect(byOther.json).toEqual({ status: false, message: MSG.forbidden, response: null, code: 'FORBIDDEN' });
    // a 403, not a 401: the other user's session is still alive
    expect((await statusOf(other.token)).status).toBe(200);
    expect((await statusOf(other.token)).json.response.result.mobileNumber).toBeNull();

    const anonymous = await verifyOtp(p.key, code);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.message).toBe(MSG.unauthorized);

    const byOwner = await verifyOtp(p.key, code, owner.token);
    expect(byOwner.status).toBe(200);
    expect(byOwner.json.response.userData.mobileNumber).toBe(p.mobileNumber);
  });

  it('refuses with 409 an identifier that belongs to another account', async () => {
    const me = await buildUser(t);
    const someoneElse = await buildUser(t);
    const pending = await pendingSignUp();
    const before = t.messenger.sent.length;
    for (const send of [sendOtp, resetOtp]) {
      const res = await send({ email: someoneElse.email }, me.token);
      expect(res.status).toBe(409);
      expect(res.json).toEqual({ status: false, message: MSG.accountExists, response: null, code: 'CONFLICT' });
    }
    expect((await sendOtp({ email: pending }, me.token)).status).toBe(409);
    expect(t.messenger.sent.length).toBe(before);
  });

  it('refuses a second e-mail for a user whose e-mail is verified (locked once set)', async () => {
    const { token, email } = await buildUser(t);
    const before = t.messenger.sent.length;
    const res = await sendOtp({ email: uniqueEmail() }, token);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MSG.contactLocked);
    expect(t.messenger.sent.length).toBe(before);
    expect((await statusOf(token)).json.response.result.email).toBe(email);
  });

  it('refuses a second phone for a user whose phone is verified, even when both OTPs were sent first', async () => {
    const { token } = await buildUser(t);
    const a = uniquePhone();
    const b = uniquePhone();
    await sendOtp({ mobileNumber: a.mobileNumber, phoneCode: a.phoneCode }, token);
    await sendOtp({ mobileNumber: b.mobileNumber, phoneCode: b.phoneCode }, token);
    expect((await verifyOtp(a.key, t.messenger.lastOtp(a.key), token)).status).toBe(200);
    const second = await verifyOtp(b.key, t.messenger.lastOtp(b.key), token);
    expect(second.status).toBe(400);
    expect(second.json.message).toBe(MSG.contactLocked);
    expect((await statusOf(token)).json.response.result.mobileNumber).toBe(a.mobileNumber);
    const res = await sendOtp({ mobileNumber: uniquePhone().mobileNumber, phoneCode: '91' }, token);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MSG.contactLocked);
  });

  it('with its own verified e-mail and a token, sends the password-reset OTP', async () => {
    const { token, email } = await buildUser(t);
    const res = await sendOtp({ email }, token);
    expect(res.status).toBe(200);
    const v = await verifyOtp(email, t.messenger.lastOtp(email), token);
    expect(v.json.response).toEqual({ purpose: 'reset', resetToken: expect.any(String) });
  });
});

describe('POST /api/otp/verifyOtp', () => {
  it('refuses a wrong code with 400 and still accepts the right one', async () => {
    const { email } = await buildUser(t);
    await sendOtp({ email });
    const code = t.messenger.lastOtp(email);
    const bad = await verifyOtp(email, wrong(code));
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ status: false, message: MSG.otpWrong, response: null, code: 'BAD_REQUEST' });
    const good = await verifyOtp(email, code);
    expect(good.status).toBe(200);
    expect(good.json).toEqual({
      status: true,
      message: MSG.otpVerified,
      response: { purpose: 'reset', resetToken: expect.any(String) },
    });
  });

  it('after 5 wrong tries even the right code fails until a new OTP is sent', async () => {
    const email = await pendingSignUp();
    const code = t.messenger.lastOtp(email);
    for (let i = 1; i <= 4; i++) expect((await verifyOtp(email, wrong(code))).json.message).toBe(MSG.otpWrong);
    const fifth = await verifyOtp(email, wrong(code));
    expect(fifth.status).toBe(400);
    expect(fifth.json.message).toBe(MSG.otpTooManyTries);
    const right = await verifyOtp(email, code);
    expect(right.status).toBe(400);
    expect(right.json.message).toBe(MSG.otpTooManyTries);

    t.clock.advance(17_000);
    expect((await resetOtp({ email })).status).toBe(200);
    const fresh = await verifyOtp(email, t.messenger.lastOtp(email));
    expect(fresh.status).toBe(200);
    expect(fresh.json.response.purpose).toBe('registration');
  });

  it('refuses a code after its 10 minutes', async () => {
    const { email } = await buildUser(t);
    await sendOtp({ email });
    const code = t.messenger.lastOtp(email);
    t.clock.advance(601_000);
    const res = await verifyOtp(email, code);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ status: false, message: MSG.otpExpired, response: null, code: 'BAD_REQUEST' });
  });

  it('accepts a code just inside its 10 minutes', async () => {
    const { email } = await buildUser(t);
    await sendOtp({ email });
    t.clock.advance(590_000);
    expect((await verifyOtp(email, t.messenger.lastOtp(email))).status).toBe(200);
  });

  it('only the newest OTP works after a resend', async () => {
    const { email } = await buildUser(t);
    await sendOtp({ email });
    const oldCode = t.messenger.lastOtp(email);
    t.clock.advance(61_000);
    await resetOtp({ email });
    const newCode = t.messenger.lastOtp(email);
    if (oldCode !== newCode) expect((await verifyOtp(email, oldCode)).json.message).toBe(MSG.otpWrong);
    expect((await verifyOtp(email, newCode)).status).toBe(200);
  });

  it('a code works once', async () => {
    const email = await pendingSignUp();
    const code = t.messenger.lastOtp(email);
    expect((await verifyOtp(email, code)).status).toBe(200);
    const again = await verifyOtp(email, code);
    expect(again.status).toBe(400);
    expect(again.json.message).toBe(MSG.otpExpired);
  });

  it('refuses an identifier that was never sent an OTP', async () => {
    const res = await verifyOtp(uniqueEmail(), '1234');
    expect(res.status).toBe(400);
    expect(res.json.status).toBe(false);
  });

  it.each([
    [{ emailPhone: 'me@example.com' }, MSG.otpRequired],
    [{ emailPhone: 'me@example.com', otp: '' }, MSG.otpRequired],
    [{ emailPhone: 'me@example.com', otp: '123' }, MSG.otpInvalidFormat],
    [{ emailPhone: 'me@example.com', otp: '12345' }, MSG.otpInvalidFormat],
    [{ emailPhone: 'me@example.com', otp: '12a4' }, MSG.otpInvalidFormat],
    [{ otp: '1234' }, MSG.identifierRequired],
    [{ emailPhone: '', otp: '1234' }, MSG.identifierRequired],
    [{ emailPhone: 'nobody', otp: '1234' }, MSG.identifierInvalid],
    [{ emailPhone: '9876543210', otp: '1234' }, MSG.identifierInvalid],
  ])('refuses %j with 400 and its own message', async (body, message) => {
    const res = await call(t, 'POST', '/api/otp/verifyOtp', { body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message });
  });

  it('a format error does not use up a try', async () => {
    const email = await pendingSignUp();
    for (let i = 0; i < 6; i++) await verifyOtp(email, '12a4');
    expect((await verifyOtp(email, t.messenger.lastOtp(email))).status).toBe(200);
  });

  it('stores the OTP only as a keyed hash', async () => {
    const email = await pendingSignUp();
    const code = t.messenger.lastOtp(email);
    const { rows } = (await t.database.db.execute(sql`select * from otps where target = ${email}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(rows).toHaveLength(1);
    const row = rows[0];
    for (const value of Object.values(row)) expect(value).not.toBe(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const plain = (s: string) => createHash('sha256').update(s).digest('hex');
    expect(row.code_hash).not.toBe(plain(code));
    expect(row.code_hash).not.toBe(plain(`${email}:${code}`));
    expect(row).toMatchObject({ purpose: 'registration', attempts: 0 });
  });
});
