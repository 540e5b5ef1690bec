import { MSG } from '@virality/domain';
import { count, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountGuards, otps, outbox, roles, signupAttempts, users } from '../db/schema';
import { buildTestApp, buildUser, call, PASSWORD, type TTestApp, uniqueEmail } from '../test/helpers';
import { registerErrorHandler } from './error-handler';
import { BODY_TOO_LARGE, findInvalidText, invalidCharacters, JSON_ONLY, registerHygiene } from './hygiene';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const UNAUTHORIZED = { status: false, message: MSG.unauthorized, response: null, code: 'UNAUTHORIZED' };
const NUL = '\u0000';
/** A high surrogate with no low surrogate after it: not valid Unicode, and PostgreSQL refuses it. */
const LONE = '\uD800';

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
function multipart(name = 'file') {
  const boundary = '----virality-hygiene';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

const invalidText = (field: string) => ({
  status: false,
  message: invalidCharacters(field),
  response: { errors: { [field]: invalidCharacters(field) } },
  code: 'VALIDATION_FAILED',
});

/**
 * Every call the OpenAPI document lists with a session's `security` (the access token, or the live stream's ticket),
 * as [method, path]; the metrics' own token is another rule (http/metrics.test.ts).
 */
async function securedRoutes(): Promise<[string, string][]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  const out: [string, string][] = [];
  for (const [path, ops] of Object.entries<Record<string, { security?: object[]; requestBody?: unknown }>>(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (op.security?.some((s) => 'accessToken' in s || 'eventsTicket' in s))
        out.push([method.toUpperCase(), path.replace(/\{[^}]+\}/g, 'x')]);
    }
  }
  return out;
}

describe('a call that needs a session is refused with 401 before its body is read or validated', () => {
  it('every secured route in the OpenAPI document: no token and an invalid body, query or content type → 401', async () => {
    const routes = await securedRoutes();
    expect(routes.length).toBeGreaterThan(20);
    expect(routes).toContainEqual(['POST', '/api/user/logout']);
    expect(routes).toContainEqual(['PUT', '/api/user/updateProfile']);
    expect(routes).toContainEqual(['POST', '/api/roleManagement/create']);
    const bad = `?page=abc&userId=${'x'.repeat(5000)}&roleId=${NUL}&search=%00`;
    for (const [method, path] of routes) {
      const attempts: { headers?: Record<string, string>; payload?: string | Buffer }[] = [{}];
      if (method !== 'GET') {
        attempts.push(
          { headers: { 'content-type': 'application/json' }, payload: JSON.stringify([NUL, { name: 42 }]) },
          { headers: { 'content-type': 'application/json' }, payload: '{"broken": ' },
          { headers: { 'content-type': 'text/plain' }, payload: 'hello' },
          multipart(),
          { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ a: 'x'.repeat(1_100_000) }) },
        );
      }
      for (const a of attempts) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: `${path}${bad}`,
          headers: a.headers ?? {},
          payload: a.payload,
        });
        expect(res.statusCode, `${method} ${path} ${a.headers?.['content-type'] ?? ''}`).toBe(401);
        // the social-posting API says the same in its own envelope
        expect(res.json()).toEqual(
          path.startsWith('/sph/')
            ? { response_code: 401, response_message: UNAUTHORIZED.message, response_data: null, code: UNAUTHORIZED.code }
            : UNAUTHORIZED,
        );
      }
    }
  });

  it('the news console calls and the live stream are among them', async () => {
    const routes = await securedRoutes();
    for (const guarded of [
      ['GET', '/api/admin/news/list'],
      ['GET', '/api/admin/news/get'],
      ['POST', '/api/admin/news/create'],
      ['PUT', '/api/admin/news/update'],
      ['POST', '/api/admin/news/publish'],
      ['POST', '/api/admin/news/unpublish'],
      ['DELETE', '/api/admin/news/delete'],
      ['POST', '/api/admin/news/preview'],
      ['POST', '/api/admin/news/uploadImage'],
      ['GET', '/api/events'],
    ])
      expect(routes).toContainEqual(guarded);
  });

  it('every API call the OpenAPI document lists without `security` answers a signed-out caller without 401', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const open: string[] = [];
    for (const [path, ops] of Object.entries<Record<string, { security?: unknown[] }>>(doc.paths)) {
      // the sandbox's stand-ins for Stripe and PayPal check those services' own keys, not a session of ours
      if (!/^\/(api|sph)\//.test(path)) continue;
      for (const [method, op] of Object.entries(ops)) {
        if (op.security?.length) continue;
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: path.replace(/\{[^}]+\}/g, 'x'),
          ...(method === 'get' || method === 'delete' ? {} : { headers: { 'content-type': 'application/json' }, payload: '{}' }),
        });
        open.push(`${method.toUpperCase()} ${path}`);
        expect(res.statusCode, `${method.toUpperCase()} ${path} answers 401 but declares no security`).not.toBe(401);
      }
    }
    // the public calls are walked: sign-up, login, the price list, the public news room
    expect(open).toContain('POST /api/user/userLogin');
    expect(open).toContain('GET /api/admin/news/getAllNews');
    expect(open.length).toBeGreaterThan(10);
  });

  it('the same invalid body with a session is a 400 (so the 401 above is about the session)', async () => {
    const owner = await buildUser(t, { profileType: 'BUSINESS' });
    for (const [method, path] of [
      ['PUT', '/api/user/updateProfile'],
      ['POST', '/api/roleManagement/create'],
      ['POST', '/api/user/changePassword'],
      ['POST', '/api/user/deleteUserDetails'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: path,
        headers: { 'x-access-token': owner.token, 'content-type': 'application/json' },
        payload: JSON.stringify([1]),
      });
      expect(res.statusCode, `${method} ${path}`).toBe(400);
    }
  });

  it('a session of the wrong role gets 403 before validation', async () => {
    const influencer = await buildUser(t);
    const res = await call(t, 'POST', '/api/roleManagement/create', { token: influencer.token, body: [NUL] });
    expect(res.status).toBe(403);
  });
});

describe('a NUL byte or an unpaired surrogate in any string is a 400 naming the field, and nothing is written', () => {
  const countOf = async (table: typeof users | typeof outbox | typeof otps | typeof signupAttempts | typeof accountGuards) =>
    (await t.database.db.select({ n: count() }).from(table))[0].n;
  const snapshot = async () => ({
    users: await countOf(users),
    outbox: await countOf(outbox),
    otps: await countOf(otps),
    signupAttempts: await countOf(signupAttempts),
    accountGuards: await countOf(accountGuards),
    sent: t.messenger.sent.length,
  });

  it('sign-up', async () => {
    const before = await snapshot();
    const email = uniqueEmail();
    for (const [body, field] of [
      [{ email: `a${NUL}${email}`, password: PASSWORD, profileType: 'INFLUENCER' }, 'email'],
      [{ email, password: `${PASSWORD}${LONE}`, confirmPassword: `${PASSWORD}${LONE}`, profileType: 'INFLUENCER' }, 'password'],
      [{ mobileNumber: '98765\uDC0043210', phoneCode: '91', password: PASSWORD, profileType: 'BUSINESS' }, 'mobileNumber'],
    ] as const) {
      const res = await call(t, 'POST', '/api/user/create_user', { body });
      expect(res.status).toBe(400);
      expect(res.json).toEqual(invalidText(field));
    }
    expect(await snapshot()).toEqual(before);
  });

  it('login', async () => {
    const { email } = await buildUser(t);
    const before = await snapshot();
    const a = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: `${email}${NUL}`, password: PASSWORD } });
    expect(a.status).toBe(400);
    expect(a.json).toEqual(invalidText('emailPhone'));
    const b = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: `x${LONE}` } });
    expect(b.json).toEqual(invalidText('password'));
    expect(await snapshot()).toEqual(before);
  });

  it('sendOtp', async () => {
    const before = await snapshot();
    const res = await call(t, 'POST', '/api/otp/sendOtp', { body: { email: `${uniqueEmail()}${NUL}` } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(invalidText('email'));
    expect(await snapshot()).toEqual(before);
  });

  it('updateProfile', async () => {
    const { token, user } = await buildUser(t, { name: 'Asha Rao' });
    const res = await call(t, 'PUT', '/api/user/updateProfile', { token, body: { name: `Asha${NUL}Rao`, city: 'Pune' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual(invalidText('name'));
    expect((await t.services.users.findById(user.id))?.name).toBe('Asha Rao');
  });

  it('a team route, in a top-level and a nested field', async () => {
    const owner = await buildUser(t, { profileType: 'BUSINESS' });
    const orgRoles = () => t.database.db.select({ n: count() }).from(roles).where(eq(roles.orgId, owner.user.orgId));
    const before = (await orgRoles())[0].n;
    const create = await call(t, 'POST', '/api/roleManagement/create', {
      token: owner.token,
      body: { roleName: `Poster${NUL}`, roleDesc: 'Posts' },
    });
    expect(create.status).toBe(400);
    expect(create.json).toEqual(invalidText('roleName'));
    const nested = await call(t, 'PUT', '/api/permission/update', {
      token: owner.token,
      body: { roleId: 'r1', permissionAccess: [{ accountId: '1', accountType: `ig${LONE}` }] },
    });
    expect(nested.status).toBe(400);
    expect(nested.json).toEqual(invalidText('permissionAccess'));
    expect((await orgRoles())[0].n).toBe(before);
  });

  it('the query string and the params', async () => {
    const owner = await buildUser(t, { profileType: 'BUSINESS' });
    const search = await call(t, 'GET', '/api/bussiness/getAll?page=1&search=ab%00cd', { token: owner.token });
    expect(search.status).toBe(400);
    expect(search.json).toEqual(invalidText('search'));
    const state = await call(t, 'GET', '/api/location/getAllState?countryId=%00');
    expect(state.status).toBe(400);
    expect(state.json).toEqual(invalidText('countryId'));
  });

  it('a key with invalid text is refused too; a valid emoji (a surrogate pair) is not', async () => {
    const { token } = await buildUser(t);
    const key = await call(t, 'PUT', '/api/user/updateProfile', { token, body: { [`na${NUL}me`]: 'x' } });
    expect(key.status).toBe(400);
    expect(key.json.message).toBe(invalidCharacters('na\uFFFDme'));
    const emoji = await call(t, 'PUT', '/api/user/updateProfile', { token, body: { companyName: 'Coffee ☕ and cats 🐈' } });
    expect(emoji.json.message).not.toMatch(/Invalid characters/);
  });

  it('findInvalidText walks deep bodies without recursion', () => {
    let deep: unknown = `x${NUL}`;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findInvalidText({ a: deep }, 'body')).toBe('a');
    expect(findInvalidText([`${LONE}`], 'body')).toBe('body');
    expect(findInvalidText('fine 🐈', 'body')).toBeNull();
    expect(findInvalidText(undefined, 'body')).toBeNull();
  });
});

describe('answers under /api, /sph and /sandbox are never cached', () => {
  it('a login answer (it carries the token), an authenticated GET, a refusal and the sandbox', async () => {
    const { email, token } = await buildUser(t);
    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token });
    expect(status.status).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store');
    expect((await call(t, 'GET', '/api/user/getUserStatus')).headers['cache-control']).toBe('no-store');
    expect((await call(t, 'GET', '/sandbox/outbox')).headers['cache-control']).toBe('no-store');
  });
});

describe('state-changing API calls take JSON bodies only; multipart only on upload calls', () => {
  const login = (headers: Record<string, string>, payload?: string | Buffer) =>
    t.app.inject({ method: 'POST', url: '/api/user/userLogin', headers, payload });
  const refused = { status: false, message: JSON_ONLY, response: null, code: 'UNSUPPORTED_MEDIA_TYPE' };

  it('text/plain, a form, no content type with a body, and other types → 415', async () => {
    const { email } = await buildUser(t);
    const form = new URLSearchParams({ emailPhone: email, password: PASSWORD }).toString();
    for (const [headers, payload] of [
      [{ 'content-type': 'text/plain' }, JSON.stringify({ emailPhone: email, password: PASSWORD })],
      [{ 'content-type': 'application/x-www-form-urlencoded' }, form],
      [{ 'content-type': 'application/xml' }, '<a/>'],
      [{}, Buffer.from(JSON.stringify({ emailPhone: email, password: PASSWORD }))],
    ] as const) {
      const res = await login(headers, payload);
      expect(res.statusCode, JSON.stringify(headers)).toBe(415);
      expect(res.json()).toEqual(refused);
    }
    const ok = await login(
      { 'content-type': 'application/json; charset=utf-8' },
      JSON.stringify({ emailPhone: email, password: PASSWORD }),
    );
    expect(ok.statusCode).toBe(200);
  });

  it('multipart on a call that is not an upload → 415; on an upload call it is read', async () => {
    const owner = await buildUser(t, { profileType: 'BUSINESS' });
    const m = multipart();
    const notUpload = await login(m.headers, m.payload);
    expect(notUpload.statusCode).toBe(415);
    expect(notUpload.json()).toEqual(refused);
    // the route decides, not how its path is spelt
    const encoded = await t.app.inject({ method: 'POST', url: '/%61pi/user/userLogin', ...m });
    expect(encoded.statusCode).toBe(415);
    expect(encoded.headers['cache-control']).toBe('no-store');
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/user/updateProfile',
      headers: { ...m.headers, 'x-access-token': owner.token },
      payload: m.payload,
    });
    expect(profile.statusCode).toBe(415);
    expect(profile.json()).toEqual(refused);
    for (const url of ['/api/user/uploadProfileImage', '/api/bussiness/uploadImage']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...m.headers, 'x-access-token': owner.token },
        payload: m.payload,
      });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('a body-less call (no content type, no body) still works where the route takes no body', async () => {
    const { token } = await buildUser(t);
    const seen = await t.app.inject({
      method: 'PUT',
      url: '/api/activity/markSeenActivity',
      headers: { 'x-access-token': token },
    });
    expect(seen.statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: { 'x-access-token': token } });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe(MSG.logoutSuccess);
  });

  it('the sandbox Google page still posts its form; other sandbox calls do not read forms', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/sandbox/google/signin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ redirect_uri: 'http://localhost:3000/back', email: 'g@example.com' }).toString(),
    });
    expect(form.statusCode).toBe(303);
    const clock = await t.app.inject({
      method: 'POST',
      url: '/sandbox/clock/advance',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'seconds=1',
    });
    expect(clock.statusCode).toBe(415);
    expect(clock.json().message).toBe(JSON_ONLY);
  });
});

describe('a 413 says what was too large', () => {
  it("a JSON body over 1 MB: 'The request body is too large'", async () => {
    const { token } = await buildUser(t);
    const res = await call(t, 'PUT', '/api/user/updateAddress', { token, body: { addressLine: 'a'.repeat(1_100_000) } });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ status: false, message: BODY_TOO_LARGE, response: null, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('an upload call keeps the image message', async () => {
    // the same 413 (as @fastify/multipart raises it) on an upload route and on another route
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    registerHygiene(app);
    const tooLarge = () =>
      Object.assign(new Error('request file too large'), { statusCode: 413, code: 'FST_REQ_FILE_TOO_LARGE' });
    app.post('/api/upload', { config: { upload: true } }, async () => {
      throw tooLarge();
    });
    app.post('/api/other', async () => {
      throw tooLarge();
    });
    const upload = await app.inject({ method: 'POST', url: '/api/upload' });
    expect(upload.statusCode).toBe(413);
    expect(upload.json().message).toBe(MSG.imageTooLarge);
    const other = await app.inject({ method: 'POST', url: '/api/other' });
    expect(other.json().message).toBe(BODY_TOO_LARGE);
    await app.close();
  });
});

describe('Strict-Transport-Security only over HTTPS', () => {
  it('a plain HTTP request gets no HSTS header, even claiming https when no proxy is trusted', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const claimed = await t.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('behind a trusted proxy, a request that came over HTTPS gets it', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: 'true' });
    try {
      const https = await proxied.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const http = await proxied.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
