import { MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from './test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/health', () => {
  it('answers with the database kind, sandbox flag and server time', async () => {
    const res = await call(t, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: 'ok', response: { sandbox: true } });
    expect(['pglite', 'postgres', 'pg']).toContain(res.json.response.database);
    expect(Math.abs(new Date(res.json.response.time).getTime() - t.clock.now().getTime())).toBeLessThan(5000);
  });

  it('GET /api/config gives the public settings', async () => {
    const res = await call(t, 'GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, response: { sandbox: true } });
    expect(res.json.response).toHaveProperty('googleClientId');
  });
});

describe('GET /api/docs/openapi.json', () => {
  const documented: [string, string][] = [
    ['get', '/api/health'],
    ['post', '/api/user/userLogin'],
    ['post', '/api/user/create_user'],
    ['post', '/api/user/googleLogin'],
    ['post', '/api/otp/sendOtp'],
    ['post', '/api/otp/resetOtp'],
    ['post', '/api/otp/verifyOtp'],
    ['put', '/api/user/resetPassword'],
    ['post', '/api/user/changePassword'],
    ['post', '/api/user/logout'],
    ['get', '/api/user/getUserStatus'],
    ['get', '/api/user/addUserOnSphDatabase'],
    ['put', '/api/user/updateUser'],
    ['put', '/api/user/updateProfile'],
    ['put', '/api/user/updateAddress'],
    ['post', '/api/user/checkUserName'],
    ['post', '/api/user/uploadProfileImage'],
    ['post', '/api/subscription/AddInfSubs'],
    ['get', '/api/intrest/getAllIntrest'],
    ['get', '/api/location/getAllCountry/'],
    ['get', '/api/location/getAllState'],
    ['get', '/api/location/getAllCity'],
    ['put', '/api/activity/markSeenActivity'],
    ['post', '/api/admin/notification/ctrCount'],
    ['post', '/api/notification/registerDeviceToken'],
    ['get', '/api/notification/removeToken'],
  ];

  it('is an OpenAPI 3 document listing every documented route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const missing = documented.filter(([method, path]) => !doc.paths?.[path]?.[method]).map(([m, p]) => `${m} ${p}`);
    expect(missing).toEqual([]);
  });

  it('documents parameters and security from the route schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const params = (p: string, m: string) => (doc.paths[p][m].parameters ?? []).map((x: { name: string }) => x.name);
    expect(params('/api/location/getAllState', 'get')).toContain('countryId');
    expect(params('/api/location/getAllCity', 'get')).toContain('stateId');
    expect(params('/api/user/updateUser', 'put')).toContain('userId');
    expect(params('/api/user/addUserOnSphDatabase', 'get')).toContain('userId');
    expect(doc.paths['/api/user/getUserStatus'].get.security).toEqual([{ accessToken: [] }]);
    expect(doc.paths['/api/user/checkUserName'].post.security).toEqual([{ accessToken: [] }]);
    expect(doc.components.securitySchemes.accessToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-access-token' });
    const updateUserBody = doc.paths['/api/user/updateUser'].put.requestBody.content['application/json'].schema;
    expect(Object.keys(updateUserBody.properties)).toEqual(expect.arrayContaining(['name', 'userName', 'interested', 'pinCode']));
  });

  it('the browsable page is served at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('errors', () => {
  it('an unknown /api path gets a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/user/doesNotExist'],
      ['GET', '/api/user/getUserStatus/extra'],
    ] as const) {
      const res = await call(t, method, url);
      expect(res.status, url).toBe(404);
      expect(res.json).toEqual({
        status: false,
        message: `Route ${method} ${url} not found`,
        response: null,
        code: 'ROUTE_NOT_FOUND',
      });
    }
  });

  it('a method a path does not have is a 404 envelope too', async () => {
    const res = await call(t, 'DELETE', '/api/intrest/getAllIntrest');
    expect(res.status).toBe(404);
    expect(res.json.status).toBe(false);
  });

  it('a malformed JSON body is a 400 envelope', async () => {
    const { token } = await buildUser(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/updateAddress',
      headers: { 'x-access-token': token, 'content-type': 'application/json' },
      payload: '{"country": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, response: null });
  });

  it('a body over 1 MB is refused with a 413 envelope', async () => {
    const { token } = await buildUser(t);
    const res = await call(t, 'PUT', '/api/user/updateAddress', { token, body: { addressLine: 'a'.repeat(1_100_000) } });
    expect(res.status).toBe(413);
    expect(res.json.status).toBe(false);
  });

  it("an internal error never leaks internals: 500 'Something went wrong'", async () => {
    const secret = 'connect ECONNREFUSED 10.1.2.3:5432 user=postgres password=hunter2';
    const spy = vi.spyOn(t.services.location, 'countries').mockImplementation(() => {
      throw new Error(secret);
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/location/getAllCountry/' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: false, message: MSG.somethingWentWrong, response: null, code: 'INTERNAL' });
      expect(res.body).not.toContain('hunter2');
      expect(res.body).not.toContain('ECONNREFUSED');
      expect(res.body).not.toMatch(/at .+\.ts:\d+/);
    } finally {
      spy.mockRestore();
    }
    expect((await call(t, 'GET', '/api/location/getAllCountry/')).status).toBe(200);
  });

  it('a rejected promise deep in an authenticated call is a 500 envelope too', async () => {
    const { token } = await buildUser(t);
    const spy = vi
      .spyOn(t.services.notifications, 'unseenCount')
      .mockRejectedValue(new TypeError('relation "activities" does not exist'));
    try {
      const res = await call(t, 'GET', '/api/user/getUserStatus', { token });
      expect(res.status).toBe(500);
      expect(res.json).toEqual({ status: false, message: MSG.somethingWentWrong, response: null, code: 'INTERNAL' });
    } finally {
      spy.mockRestore();
    }
  });

  it('responses carry the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
  });
});
