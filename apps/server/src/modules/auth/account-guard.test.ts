import { ACCOUNT_MAX_CODES, ACCOUNT_MAX_FAILURES, GUARD_MSG, MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, PASSWORD, type TTestApp, uniqueEmail } from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const WRONG = 'Wr0ng!pass';
let octet = 10;
/** A login from its own client address each time: the per-address limit never applies, only the per-account one. */
async function loginFrom(emailPhone: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/userLogin',
    remoteAddress: `10.0.${Math.floor(++octet / 250)}.${octet % 250}`,
    payload: { emailPhone, password },
  });
  return { status: res.statusCode, json: res.json() };
}
const FIFTEEN_MINUTES = 15 * 60_000;

describe('password guessing is limited per account', () => {
  it('after 10 failed logins within 15 minutes every login answers 429 for 15 minutes, whatever the address', async () => {
    const { email } = await buildUser(t);
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) expect((await loginFrom(email, WRONG)).status).toBe(401);

    const locked = await loginFrom(email, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.json).toMatchObject({ status: false, message: GUARD_MSG.accountLocked(15) });

    t.clock.advance(FIFTEEN_MINUTES - 60_000);
    expect((await loginFrom(email, PASSWORD)).status).toBe(429);
    t.clock.advance(61_000);
    expect((await loginFrom(email, PASSWORD)).status).toBe(200);
  });

  it('the owner gets a message when their account is locked, once', async () => {
    const { email } = await buildUser(t);
    for (let i = 0; i < ACCOUNT_MAX_FAILURES + 3; i++) await loginFrom(email, WRONG);
    const notices = t.messenger.sent.filter((m) => m.to === email && m.subject === GUARD_MSG.lockNoticeSubject);
    expect(notices).toHaveLength(1);
    expect(notices[0].body).toBe(GUARD_MSG.lockNotice(15));
  });

  it('failures older than 15 minutes do not count', async () => {
    const { email } = await buildUser(t);
    for (let i = 0; i < ACCOUNT_MAX_FAILURES - 1; i++) await loginFrom(email, WRONG);
    t.clock.advance(FIFTEEN_MINUTES + 1000);
    expect((await loginFrom(email, WRONG)).status).toBe(401);
    expect((await loginFrom(email, PASSWORD)).status).toBe(200);
  });

  it('a successful login starts the count again', async () => {
    const { email } = await buildUser(t);
    for (let i = 0; i < ACCOUNT_MAX_FAILURES - 1; i++) await loginFrom(email, WRONG);
    expect((await loginFrom(email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < ACCOUNT_MAX_FAILURES - 1; i++) await loginFrom(email, WRONG);
    expect((await loginFrom(email, PASSWORD)).status).toBe(200);
  });

  it('an unknown address answers exactly like a known one, lock included', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) {
      const res = await loginFrom(email, WRONG);
      expect(res).toEqual({
        status: 401,
        json: { status: false, message: MSG.invalidCredentials, response: null, code: 'UNAUTHORIZED' },
      });
    }
    expect((await loginFrom(email, WRONG)).json.message).toBe(GUARD_MSG.accountLocked(15));
  });

  it('a password reset lifts the lock: the owner proved the address', async () => {
    const { email } = await buildUser(t);
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) await loginFrom(email, WRONG);
    await call(t, 'POST', '/api/otp/sendOtp', { body: { email } });
    const v = await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: email, otp: t.messenger.lastOtp(email) } });
    const newPassword = 'N3w!Secret';
    const reset = await call(t, 'PUT', '/api/user/resetPassword', {
      body: { emailPhone: email, newPassword, resetToken: v.json.response.resetToken },
    });
    expect(reset.status).toBe(200);
    expect((await loginFrom(email, newPassword)).status).toBe(200);
  });
});

describe('wrong old passwords are limited per account', () => {
  it('after 10 wrong old passwords changePassword answers 429, even with the right one', async () => {
    const { token } = await buildUser(t);
    const change = (oldPassword: string) =>
      call(t, 'POST', '/api/user/changePassword', { token, body: { oldPassword, newPassword: 'N3w!Secret' } });
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) expect((await change(WRONG)).json.message).toBe(MSG.oldPasswordWrong);
    const locked = await change(PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.json.message).toBe(GUARD_MSG.accountLocked(15));
    t.clock.advance(FIFTEEN_MINUTES);
    expect((await change(PASSWORD)).status).toBe(200);
  });
});

describe('codes are limited per account', () => {
  const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

  it('10 wrong OTPs across fresh codes lock the account: even the right code answers 429', async () => {
    const { email } = await buildUser(t);
    for (let round = 0; round < 3; round++) {
      await call(t, 'POST', '/api/otp/sendOtp', { body: { email } });
      const code = t.messenger.lastOtp(email);
      for (let i = 0; i < 4 && round * 4 + i < ACCOUNT_MAX_FAILURES; i++) {
        const res = await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: email, otp: wrong(code) } });
        expect(res.status).toBe(400);
      }
      t.clock.advance(61_000);
    }
    await call(t, 'POST', '/api/otp/sendOtp', { body: { email } });
    const res = await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: email, otp: t.messenger.lastOtp(email) } });
    expect(res.status).toBe(429);
    expect(res.json.message).toBe(GUARD_MSG.accountLocked(14));
  });

  it(`at most ${ACCOUNT_MAX_CODES} codes go to one address within 15 minutes`, async () => {
    const { email } = await buildUser(t);
    for (let i = 0; i < ACCOUNT_MAX_CODES; i++) {
      expect((await call(t, 'POST', '/api/otp/sendOtp', { body: { email } })).status).toBe(200);
      t.clock.advance(61_000);
    }
    const sent = t.messenger.sent.length;
    const refused = await call(t, 'POST', '/api/otp/sendOtp', { body: { email } });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Too many codes were sent to this address\. Please try again in \d+ minutes?$/);
    expect(t.messenger.sent.length).toBe(sent);
    t.clock.advance(FIFTEEN_MINUTES);
    expect((await call(t, 'POST', '/api/otp/sendOtp', { body: { email } })).status).toBe(200);
  });
});
