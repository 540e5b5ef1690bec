import { MSG, statusOf, type TErrorCode } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, badRequest } from '../errors';
import { buildTestApp, buildUser, call, type TTestApp } from '../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('every refused call carries a stable code beside its message', () => {
  it('a refused request schema: VALIDATION_FAILED with the fields at fault', async () => {
    const res = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: '', password: '' } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('VALIDATION_FAILED');
    expect(res.json.response.errors).toBeTypeOf('object');
  });

  it('a rule of a service that names its field: VALIDATION_FAILED too', () => {
    expect(badRequest('x', { errors: { name: 'x' } }).code).toBe('VALIDATION_FAILED');
    expect(badRequest('x').code).toBe('BAD_REQUEST');
  });

  it('no session: UNAUTHORIZED; the wrong role: FORBIDDEN; both with the messages as before', async () => {
    const none = await call(t, 'GET', '/api/user/getUserStatus');
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ status: false, message: MSG.unauthorized, response: null, code: 'UNAUTHORIZED' });
    const { token } = await buildUser(t, { profileType: 'INFLUENCER' });
    const wrongRole = await call(t, 'GET', '/api/roleManagement/getAllRoles?page=1', { token });
    expect(wrongRole.status).toBe(403);
    expect(wrongRole.json).toMatchObject({ status: false, message: MSG.forbidden, code: 'FORBIDDEN' });
  });

  it('an unknown API path: ROUTE_NOT_FOUND; a missing record: NOT_FOUND', async () => {
    const route = await call(t, 'GET', '/api/no/such/call');
    expect(route.status).toBe(404);
    expect(route.json.code).toBe('ROUTE_NOT_FOUND');
    const state = await call(t, 'GET', '/api/location/getAllCity?stateId=ZZ-ZZ');
    expect(state.status).toBe(404);
    expect(state.json).toEqual({ status: false, message: MSG.stateNotFound, response: null, code: 'NOT_FOUND' });
  });

  it('a body that is not JSON: UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/userLogin',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it("each code's kind fixes its status, whatever status an error is thrown with", () => {
    for (const status of [400, 401, 403, 404, 409, 429, 503]) {
      const e = new AppError(status, 'm');
      expect(statusOf(e.code as TErrorCode)).toBe(status);
      expect(e.kind).toBeTypeOf('string');
    }
    expect(new AppError(500, 'm').kind).toBe('internal');
  });
});
