import { MSG } from '@virality/domain';
import { decodeJwt, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrCreateSetting } from '../../lib/settings';
import { buildTestApp, buildUser, call, PASSWORD, setUserFields, type TTestApp } from '../../test/helpers';
import { createTokenSigner } from './tokens';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const UNAUTHORIZED = { status: false, message: MSG.unauthorized, response: null, code: 'UNAUTHORIZED' };
const DAY = 24 * 3_600_000;

const statusOf = (token: string) => call(t, 'GET', '/api/user/getUserStatus', { token });
const logout = (token?: string) => call(t, 'POST', '/api/user/logout', { token });

/** Every call that needs a session answers this token with 401 'Unauthorized access'. */
async function expectRefusedEverywhere(token: string) {
  const calls = [
    () => statusOf(token),
    () => logout(token),
    () => call(t, 'POST', '/api/user/changePassword', { token, body: { oldPassword: PASSWORD, newPassword: 'N3w!Secret' } }),
    () => call(t, 'PUT', '/api/activity/markSeenActivity', { token }),
    () => call(t, 'GET', '/api/user/addUserOnSphDatabase', { token }),
  ];
  for (const c of calls) {
    const res = await c();
    expect(res.status).toBe(401);
    expect(res.json).toEqual(UNAUTHORIZED);
  }
}

describe('POST /api/user/logout', () => {
  it('revokes the session: the same token then gets 401 everywhere', async () => {
    const { token } = await buildUser(t);
    expect((await statusOf(token)).status).toBe(200);
    const res = await logout(token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: true, message: MSG.logoutSuccess, response: null });
    await expectRefusedEverywhere(token);
  });

  it('other sessions of the same user keep working', async () => {
    const { email, token } = await buildUser(t);
    const second = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: PASSWORD } });
    const other = second.json.response.accessToken;
    expect((await logout(token)).status).toBe(200);
    expect((await statusOf(token)).status).toBe(401);
    const still = await statusOf(other);
    expect(still.status).toBe(200);
    expect(still.json.response.result.email).toBe(email);
  });

  it('answers without a token 401', async () => {
    const res = await logout();
    expect(res.status).toBe(401);
    expect(res.json).toEqual(UNAUTHORIZED);
  });

  it('accepts the token as Authorization: Bearer too', async () => {
    const { token } = await buildUser(t);
    const bearer = (authorization: string) =>
      t.app.inject({ method: 'GET', url: '/api/user/getUserStatus', headers: { authorization } });
    expect((await bearer(`Bearer ${token}`)).statusCode).toBe(200);
    expect((await bearer(`Basic ${token}`)).statusCode).toBe(401);
    expect((await bearer('Bearer ')).statusCode).toBe(401);
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    expect((await statusOf(token)).status).toBe(401);
  });
});

describe('session tokens', () => {
  it('refuses malformed tokens with 401', async () => {
    for (const token of [
      'garbage',
      'a.b.c',
      'eyJhbGciOiJIUzI1NiJ9.e30.',
      `${'x'.repeat(40)}.${'y'.repeat(40)}.${'z'.repeat(40)}`,
    ]) {
      const res = await statusOf(token);
      expect(res.status).toBe(401);
      expect(res.json).toEqual(UNAUTHORIZED);
    }
  });

  it('refuses a token signed with another secret, and an unsigned one, for a live session', async () => {
    const { token, user } = await buildUser(t);
    const claims = decodeJwt(token);
    const now = t.clock.now();
    const forged = await createTokenSigner('another-secret-that-is-long-enough-0123456789').sign(
      { sub: user.id, sid: String(claims.sid), role: 'INFLUENCER' },
      now,
      new Date(now.getTime() + DAY),
    );
    expect((await statusOf(forged)).status).toBe(401);
    const unsigned = new UnsecuredJWT({ sid: claims.sid, role: 'INFLUENCER' }).setSubject(user.id).encode();
    expect((await statusOf(unsigned)).status).toBe(401);
    expect((await statusOf(token)).status).toBe(200);
  });

  it("refuses a validly signed token that pairs one user's session with another user", async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    const secret = await getOrCreateSetting<string>(t.database.db, 'jwt_secret', () => {
      throw new Error('the app made its secret at start');
    });
    const now = t.clock.now();
    const crossed = await createTokenSigner(secret).sign(
      { sub: b.user.id, sid: String(decodeJwt(a.token).sid), role: 'INFLUENCER' },
      now,
      new Date(now.getTime() + DAY),
    );
    const res = await statusOf(crossed);
    expect(res.status).toBe(401);
    // the same secret and a real pairing do work, so the refusal above is about the pairing
    const real = await createTokenSigner(secret).sign(
      { sub: a.user.id, sid: String(decodeJwt(a.token).sid), role: 'INFLUENCER' },
      now,
      new Date(now.getTime() + DAY),
    );
    expect((await statusOf(real)).status).toBe(200);
  });

  it('refuses the token of a user made inactive', async () => {
    const { token, user } = await buildUser(t);
    await setUserFields(t, user.id, { userStatus: false });
    expect((await statusOf(token)).status).toBe(401);
    await setUserFields(t, user.id, { userStatus: true });
    expect((await statusOf(token)).status).toBe(200);
  });

  it('a session lasts 7 days, then gets 401', async () => {
    const { token, session } = await buildUser(t);
    const ttl = Date.parse(session.expiresAt) - t.clock.nowMs();
    expect(ttl).toBeGreaterThan(7 * DAY - 60_000);
    expect(ttl).toBeLessThanOrEqual(7 * DAY);
    t.clock.advance(7 * DAY - 60_000);
    expect((await statusOf(token)).status).toBe(200);
    t.clock.advance(61_000);
    await expectRefusedEverywhere(token);
  });
});
