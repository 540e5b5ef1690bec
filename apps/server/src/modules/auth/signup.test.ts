import { MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, PASSWORD, type TTestApp, uniqueEmail, uniquePhone } from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('POST /api/user/create_user', () => {
  it('creates an unverified account and sends a 4-digit OTP to the e-mail', async () => {
    const email = uniqueEmail();
    const res = await call(t, 'POST', '/api/user/create_user', {
      body: { email: email.toUpperCase(), password: PASSWORD, profileType: 'INFLUENCER' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, response: { emailPhone: email, resendAfterSeconds: 16 } });
    expect(t.messenger.lastOtp(email)).toMatch(/^\d{4}$/);
    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.json).toMatchObject({ status: false, message: MSG.accountNotVerified, response: { needsVerification: true } });
  });

  it('signs up by phone and the OTP goes by SMS to +code digits', async () => {
    const p = uniquePhone();
    const res = await call(t, 'POST', '/api/user/create_user', {
      body: { mobileNumber: p.mobileNumber, phoneCode: p.phoneCode, password: PASSWORD, profileType: 'BUSINESS' },
    });
    expect(res.status).toBe(200);
    const otp = t.messenger.lastOtp(p.key);
    const verified = await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: p.key, otp } });
    expect(verified.status).toBe(200);
    expect(verified.json.response).toMatchObject({
      purpose: 'registration',
      profileType: 'BUSINESS',
      userData: { mobileVerified: true, profileCompleted: false },
    });
    expect(typeof verified.json.response.accessToken).toBe('string');
  });

  it.each([
    [{ password: PASSWORD, profileType: 'INFLUENCER' }, MSG.identifierRequired],
    [{ email: 'not an email', password: PASSWORD, profileType: 'INFLUENCER' }, MSG.identifierInvalid],
    [{ mobileNumber: '9876543210', password: PASSWORD, profileType: 'INFLUENCER' }, MSG.phoneCodeRequired],
    [{ mobileNumber: '1234567', phoneCode: '91', password: PASSWORD, profileType: 'INFLUENCER' }, MSG.identifierInvalid],
    [{ email: 'a@b.com', password: 'short1!', profileType: 'INFLUENCER' }, MSG.passwordMin],
    [{ email: 'a@b.com', password: 'password1!', profileType: 'INFLUENCER' }, MSG.passwordComplexity],
    [{ email: 'a@b.com', password: PASSWORD, confirmPassword: 'Other1!x', profileType: 'INFLUENCER' }, MSG.passwordsMustMatch],
  ])('refuses %j with its own message and creates nothing', async (body, message) => {
    const before = t.messenger.sent.length;
    const res = await call(t, 'POST', '/api/user/create_user', { body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message });
    expect(t.messenger.sent.length).toBe(before);
  });

  it('refuses an identifier that already has a verified account', async () => {
    const email = uniqueEmail();
    await call(t, 'POST', '/api/user/create_user', { body: { email, password: PASSWORD, profileType: 'INFLUENCER' } });
    await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: email, otp: t.messenger.lastOtp(email) } });
    const again = await call(t, 'POST', '/api/user/create_user', {
      body: { email, password: PASSWORD, profileType: 'INFLUENCER' },
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(MSG.accountExists);
  });
});

describe('when the message cannot be sent', () => {
  it('answers 502 and does not start the resend countdown', async () => {
    const email = uniqueEmail();
    const realSend = t.messenger.send;
    t.messenger.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await call(t, 'POST', '/api/user/create_user', {
        body: { email, password: PASSWORD, profileType: 'INFLUENCER' },
      });
      expect(res.status).toBe(502);
      expect(res.json).toMatchObject({ status: false, message: MSG.otpNotSent });
    } finally {
      t.messenger.send = realSend;
    }
    const retry = await call(t, 'POST', '/api/otp/resetOtp', { body: { email } });
    expect(retry.status).toBe(200);
    expect(t.messenger.lastOtp(email)).toMatch(/^\d{4}$/);
  });
});

describe('forgot password on a Google account', () => {
  it('is refused: a Google account has no password to reset', async () => {
    const email = uniqueEmail();
    await t.services.users.createAccount({
      email,
      emailVerified: true,
      googleSub: `g-${email}`,
      authType: 'GOOGLE',
      profileType: 'INFLUENCER',
    });
    const res = await call(t, 'POST', '/api/otp/sendOtp', { body: { email } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MSG.googleAccountNoPassword);
    expect(t.messenger.sent.some((m) => m.to === email)).toBe(false);
  });
});

describe('phones as mobile clients send them: one field with the country code in front', () => {
  const uk = (n: number) => `4477009${String(n).padStart(5, '0')}`;
  let n = Math.floor(Math.random() * 90_000);

  it('create_user, verifyOtp and userLogin take 447700900123 and +447700900123, stored once in E.164', async () => {
    const digits = uk(++n);
    const key = `+${digits}`;
    const res = await call(t, 'POST', '/api/user/create_user', {
      body: { mobileNumber: digits, password: PASSWORD, profileType: 'INFLUENCER' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.emailPhone).toBe(key);
    const verified = await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: digits, otp: t.messenger.lastOtp(key) } });
    expect(verified.status).toBe(200);
    expect(verified.json.response.userData).toMatchObject({
      phoneCode: '44',
      mobileNumber: digits.slice(2),
      mobileVerified: true,
    });
    for (const emailPhone of [digits, key]) {
      expect((await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone, password: PASSWORD } })).status).toBe(200);
    }
  });

  it('the same phone with its code apart, or with the trunk 0, is the same account', async () => {
    const digits = uk(++n);
    await call(t, 'POST', '/api/user/create_user', {
      body: { mobileNumber: `+${digits}`, password: PASSWORD, profileType: 'INFLUENCER' },
    });
    await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: `+${digits}`, otp: t.messenger.lastOtp(`+${digits}`) } });
    for (const body of [
      { mobileNumber: digits.slice(2), phoneCode: '44' },
      { mobileNumber: `0${digits.slice(2)}`, phoneCode: '+44' },
    ]) {
      const again = await call(t, 'POST', '/api/user/create_user', {
        body: { ...body, password: PASSWORD, profileType: 'INFLUENCER' },
      });
      expect(again.status).toBe(409);
      expect(again.json.message).toBe(MSG.accountExists);
    }
  });

  it('sendOtp and resetOtp take the one-field form too', async () => {
    const digits = uk(++n);
    await call(t, 'POST', '/api/user/create_user', {
      body: { mobileNumber: digits, password: PASSWORD, profileType: 'INFLUENCER' },
    });
    await call(t, 'POST', '/api/otp/verifyOtp', { body: { emailPhone: `+${digits}`, otp: t.messenger.lastOtp(`+${digits}`) } });
    const sent = await call(t, 'POST', '/api/otp/sendOtp', { body: { mobileNumber: digits } });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    expect(sent.json.response.emailPhone).toBe(`+${digits}`);
    t.clock.advance(61_000);
    const resent = await call(t, 'POST', '/api/otp/resetOtp', { body: { mobileNumber: `+${digits}` } });
    expect(resent.status).toBe(200);
  });

  it('a number no country has is refused with the identifier message', async () => {
    const res = await call(t, 'POST', '/api/user/create_user', {
      body: { mobileNumber: '+4412345', password: PASSWORD, profileType: 'INFLUENCER' },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MSG.identifierInvalid);
  });
});
