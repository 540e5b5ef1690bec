import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

type TParam = { name: string; in: string; required?: boolean; allowEmptyValue?: boolean };
type TOperation = { security?: unknown[]; parameters?: TParam[] };

/** Every optional query parameter of the API's calls in the OpenAPI document, with its call. */
async function optionalQueryParameters() {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
  const out: { method: string; path: string; secured: boolean; param: TParam }[] = [];
  for (const [path, ops] of Object.entries<Record<string, TOperation>>(doc.paths)) {
    if (!/^\/(api|sph)\//.test(path)) continue;
    for (const [method, op] of Object.entries(ops))
      for (const param of op.parameters ?? [])
        if (param.in === 'query' && !param.required)
          out.push({
            method: method.toUpperCase(),
            path: path.replace(/\{[^}]+\}/g, 'x'),
            secured: !!op.security?.length,
            param,
          });
  }
  return out;
}

describe('an optional filter sent empty is the same as not sent', () => {
  it('every optional query parameter of every call: sent empty, the call answers as without it (never a 400 about it)', async () => {
    const params = await optionalQueryParameters();
    expect(params.length).toBeGreaterThan(40);
    // a session each call accepts: the first of these that is neither refused (401) nor forbidden (403)
    const sessions = [
      (await buildUser(t, { profileType: 'INFLUENCER' })).token,
      (await buildUser(t, { profileType: 'BUSINESS' })).token,
      (await buildUser(t, { profileType: 'BRANDS' })).token,
      (await buildUser(t, { profileType: 'IMC' })).token,
      (await buildUser(t, { profileType: 'ADMIN' as never })).token,
    ];
    const ask = (method: string, url: string, token?: string) =>
      call(t, method as 'GET', url, { token, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
    const checked: string[] = [];
    for (const { method, path, secured, param } of params) {
      let token: string | undefined;
      let without = await ask(method, path);
      if (secured)
        for (token of sessions) {
          without = await ask(method, path, token);
          if (without.status !== 401 && without.status !== 403) break;
        }
      const empty = await ask(method, `${path}?${param.name}=`, token);
      const what = `${method} ${path}?${param.name}=`;
      expect(empty.status, `${what}: ${JSON.stringify(empty.json)}`).toBe(without.status);
      expect(empty.json?.message ?? empty.json?.response_message, what).toBe(
        without.json?.message ?? without.json?.response_message,
      );
      checked.push(what);
    }
    expect(checked).toContain('GET /api/admin/news/getAllNews?year=');
    expect(checked).toContain('GET /api/admin/news/getAllNews?newsType=');
    expect(checked).toContain('GET /api/payments/list?filter=');
    expect(checked).toContain('GET /api/payments/list?date=');
  });

  it('the OpenAPI document says so: every optional query parameter allows an empty value', async () => {
    for (const { method, path, param } of await optionalQueryParameters())
      expect(param.allowEmptyValue, `${method} ${path} ${param.name}`).toBe(true);
  });

  it('news room: getAllNews?year=&newsType= and ?year=All&newsType=All list every type and year', async () => {
    const every = await call(t, 'GET', '/api/admin/news/getAllNews');
    expect(every.status).toBe(200);
    for (const query of ['?year=&newsType=', '?year=All&newsType=All', '?year=All&newsType=&page=']) {
      const res = await call(t, 'GET', `/api/admin/news/getAllNews${query}`);
      expect(res.status, query).toBe(200);
      expect(res.json, query).toEqual(every.json);
    }
    // a value that is neither a year, a type nor All is still refused
    expect((await call(t, 'GET', '/api/admin/news/getAllNews?year=soon')).status).toBe(400);
    expect((await call(t, 'GET', '/api/admin/news/getAllNews?newsType=GOSSIP')).status).toBe(400);
  });

  it('transactions: payments/list?filter=&date= and ?filter=All&date= list every transaction', async () => {
    const { token } = await buildUser(t);
    const every = await call(t, 'GET', '/api/payments/list', { token });
    expect(every.status).toBe(200);
    for (const query of ['?filter=&date=', '?filter=All&date=', '?filter=&date=&page=&timeZone=']) {
      const res = await call(t, 'GET', `/api/payments/list${query}`, { token });
      expect(res.status, query).toBe(200);
      expect(res.json, query).toEqual(every.json);
    }
    expect((await call(t, 'GET', '/api/payments/list?filter=someday', { token })).status).toBe(400);
  });
});
