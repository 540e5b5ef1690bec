import { MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, PASSWORD, type TTestApp, uniqueEmail } from '../../test/helpers';

// A low limit so the 4th call in a minute is refused (the default is 20 a minute per route and address).
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_MAX: '3' });
});
afterAll(async () => t?.close());

const TOO_MANY = { status: false, message: MSG.tooManyRequests, response: null, code: 'RATE_LIMITED' };

let ipSeq = 0;
/** Each test calls from its own address, so the counters of one test never reach another. */
const nextIp = () => `10.1.0.${++ipSeq}`;

async function send(
  ip: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: ip,
    payload: opts.body as never,
    headers: { ...(opts.token ? { 'x-access-token': opts.token } : {}), ...opts.headers },
  });
  return { status: res.statusCode, json: res.json(), headers: res.headers };
}

describe('rate limit on the auth calls', () => {
  it('refuses the 4th login from one address within a minute with 429 and the envelope, even with the right password', async () => {
    const ip = nextIp();
    const { email } = await buildUser(t);
    const body = { emailPhone: email, password: PASSWORD, platform: 'web' };
    const first = await send(ip, 'POST', '/api/user/userLogin', { body });
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    for (let i = 0; i < 2; i++) expect((await send(ip, 'POST', '/api/user/userLogin', { body })).status).toBe(200);

    const fourth = await send(ip, 'POST', '/api/user/userLogin', { body });
    expect(fourth.status).toBe(429);
    expect(fourth.json).toEqual(TOO_MANY);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);

    // calls outside auth and the session from the first login are unaffected
    expect((await send(ip, 'GET', '/api/config')).status).toBe(200);
    const token = first.json.response.accessToken;
    expect((await send(ip, 'GET', '/api/user/getUserStatus', { token })).status).toBe(200);
    // another address is unaffected
    expect((await send(nextIp(), 'POST', '/api/user/userLogin', { body })).status).toBe(200);

    t.clock.advance(61_000);
    expect((await send(ip, 'POST', '/api/user/userLogin', { body })).status).toBe(200);
  });

  it('each auth call has its own counter: a limited login leaves sendOtp and sign-up of that address alone', async () => {
    const ip = nextIp();
    const { email } = await buildUser(t);
    const body = { emailPhone: email, password: PASSWORD, platform: 'web' };
    for (let i = 0; i < 4; i++) await send(ip, 'POST', '/api/user/userLogin', { body });
    expect((await send(ip, 'POST', '/api/user/userLogin', { body })).status).toBe(429);

    const otp = await send(ip, 'POST', '/api/otp/sendOtp', { body: { email } });
    expect(otp.json).toMatchObject({ status: true, message: MSG.otpSent });
    const signUp = await send(ip, 'POST', '/api/user/create_user', {
      body: { email: uniqueEmail(), password: PASSWORD, profileType: 'INFLUENCER' },
    });
    expect(signUp.status).toBe(200);
  });

  it('counts failed logins too', async () => {
    const ip = nextIp();
    const body = { emailPhone: uniqueEmail(), password: 'Wrong1!pass' };
    for (let i = 0; i < 3; i++) expect((await send(ip, 'POST', '/api/user/userLogin', { body })).status).toBe(401);
    expect((await send(ip, 'POST', '/api/user/userLogin', { body })).json).toEqual(TOO_MANY);
  });

  it.each([
    ['POST', '/api/user/create_user', {}],
    ['POST', '/api/user/googleLogin', {}],
    ['POST', '/api/otp/sendOtp', { email: 'nobody-here@example.com' }],
    ['POST', '/api/otp/resetOtp', { email: 'nobody-here@example.com' }],
    ['POST', '/api/otp/verifyOtp', { emailPhone: 'nobody-here@example.com', otp: '1234' }],
    ['PUT', '/api/user/resetPassword', { emailPhone: 'nobody-here@example.com', newPassword: 'N3w!Secret' }],
  ] as const)('limits %s %s the same way', async (method, url, body) => {
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await send(ip, method, url, { body })).status).not.toBe(429);
    const res = await send(ip, method, url, { body });
    expect(res.status).toBe(429);
    expect(res.json).toEqual(TOO_MANY);
  });

  it('does not limit calls outside auth', async () => {
    const ip = nextIp();
    const { token } = await buildUser(t);
    for (let i = 0; i < 6; i++) {
      expect((await send(ip, 'GET', '/api/user/getUserStatus', { token })).status).toBe(200);
      expect((await send(ip, 'GET', '/api/config')).status).toBe(200);
    }
  });

  it('a client cannot escape the limit by making up an X-Forwarded-For header (no trusted proxy configured)', async () => {
    const ip = nextIp();
    const body = { emailPhone: uniqueEmail(), password: 'Wrong1!pass' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await send(ip, 'POST', '/api/user/userLogin', { body, headers: { 'x-forwarded-for': `203.0.113.${i}` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
