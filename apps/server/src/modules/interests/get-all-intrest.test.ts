import { INTERESTS } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/intrest/getAllIntrest', () => {
  it('lists about 30 interests as {id, value}, in the seeded order', async () => {
    const res = await call(t, 'GET', '/api/intrest/getAllIntrest');
    expect(res.status).toBe(200);
    expect(res.json.status).toBe(true);
    const list: { id: string; value: string }[] = res.json.response;
    expect(list.length).toBeGreaterThanOrEqual(25);
    expect(list.length).toBeLessThanOrEqual(40);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(['id', 'value']);
      expect(item.id).toMatch(/^[a-z0-9-]+$/);
      expect(item.value.trim().length).toBeGreaterThan(0);
    }
    expect(new Set(list.map((i) => i.id)).size).toBe(list.length);
    expect(list).toEqual(INTERESTS.map(({ id, value }) => ({ id, value })));
    expect(list.map((i) => i.id)).toEqual(expect.arrayContaining(['fashion', 'travel', 'food', 'fitness', 'tech', 'gaming']));
  });

  it('is public, and the same with a token', async () => {
    const { token } = await buildUser(t);
    const anon = await call(t, 'GET', '/api/intrest/getAllIntrest');
    const authed = await call(t, 'GET', '/api/intrest/getAllIntrest', { token });
    expect(authed.status).toBe(200);
    expect(authed.json.response).toEqual(anon.json.response);
  });

  it('seeding again on a restart adds no duplicates', async () => {
    await t.services.interests.seed();
    const res = await call(t, 'GET', '/api/intrest/getAllIntrest');
    expect(res.json.response).toHaveLength(INTERESTS.length);
  });

  it('the ids it lists are the ones the interests step accepts', async () => {
    const { user, token } = await buildUser(t, { name: 'Asha Rao', userName: `int${Date.now().toString(36)}` });
    const ids = (await call(t, 'GET', '/api/intrest/getAllIntrest')).json.response.slice(-3).map((i: { id: string }) => i.id);
    const res = await call(t, 'PUT', `/api/user/updateUser?userId=${user.id}`, { token, body: { interested: ids } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.response.result.interested).toEqual(ids);
  });
});
