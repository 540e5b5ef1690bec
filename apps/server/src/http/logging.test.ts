import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorForLog, scrub } from '../lib/scrub';
import { buildTestApp, buildUser, call, PASSWORD, type TTestApp, uniqueEmail, uniquePhone } from '../test/helpers';

/** Everything the app logs, one JSON line per entry. */
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { logger: { level: 'info', stream } });
});
afterAll(async () => t?.close());

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z0-9.-]+/;
const JWT = /eyJ[\w-]+\.[\w-]+/;

/** The log entries without pino's own numbers (time, pid), which are not personal data. */
const logged = () =>
  lines.map((l) => {
    const { time: _t, pid: _p, responseTime: _r, ...rest } = JSON.parse(l);
    return JSON.stringify(rest);
  });

describe('nothing personal is written to the logs', () => {
  it('requests with e-mails, phones, tokens and codes in bodies and query strings, and 500s from the database', async () => {
    const { email, token } = await buildUser(t);
    const phone = uniquePhone();
    const other = uniqueEmail();

    // ordinary calls: bodies and query strings full of personal data
    await call(t, 'POST', '/api/user/create_user', { body: { email: other, password: PASSWORD, profileType: 'INFLUENCER' } });
    const otp = t.messenger.lastOtp(other);
    await call(t, 'POST', `/api/otp/verifyOtp?emailPhone=${encodeURIComponent(other)}&otp=${otp}`, {
      body: { emailPhone: other, otp },
    });
    await call(t, 'POST', '/api/user/create_user', {
      body: { mobileNumber: phone.mobileNumber, phoneCode: phone.phoneCode, password: PASSWORD, profileType: 'BUSINESS' },
    });
    await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: 'Wrong1!pass' } });
    await call(t, 'GET', `/api/user/getUserStatus?email=${encodeURIComponent(email)}&token=${token}`, { token });
    await call(t, 'GET', `/api/bussiness/invitation?token=${token}`);
    await call(t, 'GET', `/api/location/getAllState?countryId=${encodeURIComponent(email)}&phone=%2B${phone.key.slice(1)}`);

    // a 500 from a real database error whose message and parameters carry the e-mail
    const login = vi.spyOn(t.services.auth, 'login').mockImplementation(async (body) => {
      await t.database.db.execute(sql`select ${body.emailPhone}::int`);
      throw new Error('unreachable');
    });
    // a 500 from a real not-null violation: pg's detail says `Failing row contains (…, e-mail, …)`
    // (a unique violation answers 409 and is not logged as an error)
    const sendOtp = vi.spyOn(t.services.auth, 'requestOtp').mockImplementation(async () => {
      await t.services.users.createAccount({
        email: `x${email}`,
        emailVerified: true,
        passwordHash: 'x',
        profileType: null as never,
        authType: 'LOCAL',
        profileCompleted: false,
        name: null,
        userName: null,
        userNameLower: null,
      });
      throw new Error('unreachable');
    });
    // a 500 whose own message names an e-mail, a phone and a code
    const status = vi.spyOn(t.services.users, 'toDto').mockImplementation(() => {
      throw Object.assign(new Error(`mail to ${email} and sms to +${phone.key.slice(1)} failed, code ${otp}, token ${token}`), {
        detail: `Key (email)=(${email}) already exists.`,
        parameters: [email, phone.mobileNumber, token],
      });
    });
    try {
      const a = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: PASSWORD } });
      expect(a.status).toBe(500);
      const b = await call(t, 'POST', '/api/otp/sendOtp', { body: { email } });
      expect(b.status).toBe(500);
      const c = await call(t, 'GET', '/api/user/getUserStatus', { token });
      expect(c.status).toBe(500);
    } finally {
      login.mockRestore();
      sendOtp.mockRestore();
      status.mockRestore();
    }

    const entries = logged();
    const text = entries.join('\n');
    // the logs were written, and the 500s are there with what helps: type, code, message, stack
    expect(text).toContain('incoming request');
    expect(text).toContain('/api/user/getUserStatus');
    const errors = entries.filter((e) => e.includes('unhandled error'));
    expect(errors).toHaveLength(3);
    expect(text).toContain('22P02'); // invalid_text_representation
    expect(text).toContain('23502'); // not_null_violation
    expect(text).toMatch(/"stack":"/);

    for (const secret of [email, other, token, phone.mobileNumber, phone.key, 'already exists']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(EMAIL);
    expect(text).not.toMatch(JWT);
    expect(text).not.toMatch(/\d{7,}/);
    expect(text).not.toMatch(/"(detail|parameters)"/);
    // requests are logged by path, never with the query string
    const urls = lines.map((l) => JSON.parse(l).req?.url).filter(Boolean);
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url).not.toContain('?');
    // the OTP code: nowhere outside the stack traces (whose line numbers are digits too)
    const withoutStacks = entries.map((e) => e.replace(/"stack":"(?:[^"\\]|\\.)*"/g, '')).join('\n');
    expect(withoutStacks).not.toMatch(new RegExp(`\\b${otp}\\b`));
  });
});

describe('scrub', () => {
  it('masks e-mails, phones, codes, JWTs and named secrets and keeps the rest', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
    expect(scrub('Key (email)=(a.b+c@mail.example.com) already exists.')).toBe('Key (email)=([email]) already exists.');
    expect(scrub('sms to +91 98765 43210 failed')).toBe('sms to [number] failed');
    expect(scrub('sms to 919876543210 failed')).toBe('sms to [number] failed');
    expect(scrub('your code is 4821')).toBe('your code is [code]');
    expect(scrub('otpCode: 482193')).toBe('otpCode: [code]');
    expect(scrub(`Bearer ${jwt}`)).toBe('Bearer [token]');
    expect(scrub('token=abc123&x=1')).toBe('token=[redacted]&x=1');
    expect(scrub('"password":"hunter2"')).toBe('"password":"[redacted]"');
    expect(scrub('invite Zx9_3kQ7mP2vL8nR4tY6wB1cD5fG0hJ2aS')).toBe('invite [token]');
    const plain = 'duplicate key value violates unique constraint "users_email_key" at 12:34 in 2024';
    expect(scrub(plain)).toBe(plain);
  });

  it('errorForLog keeps type, code, message and stack, drops detail and parameters and the query params', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      detail: 'Key (email)=(a@b.co) already exists.',
      parameters: ['a@b.co'],
    });
    const err = Object.assign(new Error('Failed query: insert into "users" ("email") values ($1)\nparams: a@b.co,Asha Rao'), {
      cause,
    });
    err.name = 'DrizzleQueryError';
    const out = errorForLog(err);
    expect(Object.keys(out).sort()).toEqual(['cause', 'message', 'stack', 'type']);
    expect(out.type).toBe('DrizzleQueryError');
    expect(out.message).toBe('Failed query: insert into "users" ("email") values ($1)\nparams: [redacted]');
    expect(out.cause).toMatchObject({ type: 'Error', code: '23505' });
    const text = JSON.stringify(out);
    expect(text).not.toContain('a@b.co');
    expect(text).not.toContain('Asha Rao');
    expect(text).not.toContain('detail');
  });

  it("errorForLog drops the query params from the stack even when the message holds $&, $` or $' (text, not replacement patterns)", () => {
    const err = new Error("Failed query: select '$&', '$`', '$''\nparams: Asha Rao,hunter2");
    const out = errorForLog(err);
    expect(out.stack).toContain("Failed query: select '$&', '$`', '$''\nparams: [redacted]");
    expect(JSON.stringify(out)).not.toMatch(/Asha Rao|hunter2/);
  });
});
