import { API_KEY_MSG, API_KEYS_MAX } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, users } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { buildAdmin } from '../admin/admin-test-kit';
import { makeTeam } from '../team/team-test-kit';

/** The API keys page's calls: made, listed and revoked by an organization's owner; the key is shown once. */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const make = (token: string, body: unknown) => call(t, 'POST', '/api/apiKeys', { token, body });
const list = (token: string) => call(t, 'GET', '/api/apiKeys', { token });

describe('API keys', () => {
  it('an owner makes a key: the whole key is in that answer only; lists show its prefix, name, scope and last use', async () => {
    const u = await buildUser(t);
    const made = await make(u.token, { name: '  Zapier  ', scope: 'write' });
    expect(made.status).toBe(200);
    expect(made.json.message).toBe(API_KEY_MSG.created);
    const key = made.json.response;
    expect(key).toMatchObject({ name: 'Zapier', scope: 'write', lastUsedAt: null, createdBy: u.user.id });
    expect(key.key).toMatch(/^vk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
    expect(key.key.startsWith(key.prefix)).toBe(true);
    expect(key.prefix).toBe(`vk_${key.id}`);

    const listed = await list(u.token);
    expect(listed.status).toBe(200);
    const { key: _whole, ...shown } = key;
    expect(listed.json.response).toEqual([shown]);
    expect(JSON.stringify(listed.json)).not.toContain(key.key.slice(-43));
    // only its hash is kept
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(key.key.slice(-43));
  });

  it('every owner type may make keys; a business manager and an admin may not', async () => {
    for (const profileType of ['INFLUENCER', 'BUSINESS', 'IMC', 'BRANDS'] as const) {
      const u = await buildUser(t, { profileType });
      expect((await make(u.token, { name: 'Script', scope: 'read' })).status, profileType).toBe(200);
    }
    const { manager } = await makeTeam(t, 'Keys Co');
    const refused = await make(manager.token, { name: 'Mine', scope: 'write' });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(API_KEY_MSG.notForManagers);
    expect((await list(manager.token)).status).toBe(403);
    const admin = await buildAdmin(t);
    expect((await make(admin.token, { name: 'Console', scope: 'write' })).status).toBe(403);
    // signed out
    expect((await call(t, 'POST', '/api/apiKeys', { body: { name: 'x', scope: 'read' } })).status).toBe(401);
    expect((await call(t, 'GET', '/api/apiKeys')).status).toBe(401);
  });

  it('bad input is refused in words and makes nothing', async () => {
    const u = await buildUser(t);
    const cases: [unknown, string][] = [
      [{ scope: 'read' }, API_KEY_MSG.nameRequired],
      [{ name: '   ', scope: 'read' }, API_KEY_MSG.nameRequired],
      [{ name: 'x'.repeat(61), scope: 'read' }, API_KEY_MSG.nameTooLong],
      [{ name: 'Bot' }, API_KEY_MSG.badScope],
      [{ name: 'Bot', scope: 'admin' }, API_KEY_MSG.badScope],
      [{ name: 'Bot', scope: 'read', extra: 1 }, 'Unknown field: extra'],
    ];
    for (const [body, message] of cases) {
      const res = await make(u.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect((await list(u.token)).json.response).toEqual([]);
  });

  it(`at most ${API_KEYS_MAX} live keys, even when asked for at once; a revoked key frees its place`, async () => {
    const u = await buildUser(t, { profileType: 'BUSINESS' });
    const answers = await Promise.all(
      Array.from({ length: API_KEYS_MAX + 3 }, (_, i) => make(u.token, { name: `Key ${i}`, scope: 'read' })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(API_KEYS_MAX);
    for (const r of answers.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.json.message).toBe(API_KEY_MSG.tooMany);
    }
    const keys = (await list(u.token)).json.response as { id: string }[];
    expect(keys).toHaveLength(API_KEYS_MAX);
    expect((await call(t, 'DELETE', `/api/apiKeys/${keys[0].id}`, { token: u.token })).status).toBe(200);
    expect((await make(u.token, { name: 'One more', scope: 'read' })).status).toBe(200);
  });

  it("revoking: the key leaves the list and stops working; another organization's key or an unknown id is not found", async () => {
    const u = await buildUser(t);
    const other = await buildUser(t);
    const mine = (await make(u.token, { name: 'Mine', scope: 'write' })).json.response;
    const theirs = (await make(other.token, { name: 'Theirs', scope: 'write' })).json.response;
    expect(await t.services.apiKeys.authenticate(mine.key)).toMatchObject({ userId: u.user.id, apiKey: { scope: 'write' } });

    for (const id of [theirs.id, 'nope', 'x'.repeat(40)]) {
      const res = await call(t, 'DELETE', `/api/apiKeys/${id}`, { token: u.token });
      expect(res.status, id).toBe(404);
      expect(res.json.message).toBe(API_KEY_MSG.notFound);
    }
    expect(await t.services.apiKeys.authenticate(theirs.key)).not.toBeNull();

    const revoked = await call(t, 'DELETE', `/api/apiKeys/${mine.id}`, { token: u.token });
    expect(revoked.status).toBe(200);
    expect(revoked.json.message).toBe(API_KEY_MSG.revoked);
    expect((await list(u.token)).json.response).toEqual([]);
    expect(await t.services.apiKeys.authenticate(mine.key)).toBeNull();
    // revoked twice: not found
    expect((await call(t, 'DELETE', `/api/apiKeys/${mine.id}`, { token: u.token })).status).toBe(404);
  });

  it('a key works only whole and exact: a changed secret, a made-up id or another shape acts as no one', async () => {
    const u = await buildUser(t);
    const { key } = (await make(u.token, { name: 'Exact', scope: 'read' })).json.response as { key: string };
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    for (const wrong of [
      `${key.slice(0, -1)}${flip(key.slice(-1))}`,
      `vk_zzzzzzzzzzzz${key.slice(15)}`,
      key.slice(0, -1),
      `${key}x`,
      key.toUpperCase(),
      '',
    ])
      expect(await t.services.apiKeys.authenticate(wrong), wrong).toBeNull();
  });

  it('a key records when it was last used (at most once a minute); a closed account’s keys act as no one', async () => {
    const u = await buildUser(t);
    const made = (await make(u.token, { name: 'Used', scope: 'read' })).json.response;
    await t.services.apiKeys.authenticate(made.key);
    const first = (await list(u.token)).json.response[0].lastUsedAt;
    expect(first).not.toBeNull();
    t.clock.advance(20_000);
    await t.services.apiKeys.authenticate(made.key);
    expect((await list(u.token)).json.response[0].lastUsedAt).toBe(first);
    t.clock.advance(60_000);
    await t.services.apiKeys.authenticate(made.key);
    expect((await list(u.token)).json.response[0].lastUsedAt).not.toBe(first);

    await t.database.db.update(users).set({ userStatus: false }).where(eq(users.id, u.user.id));
    expect(await t.services.apiKeys.authenticate(made.key)).toBeNull();
  });
});
