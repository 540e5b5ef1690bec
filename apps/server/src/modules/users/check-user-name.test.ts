import { MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';

let t: TTestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await buildUser(t)).token;
});
afterAll(async () => t?.close());

let n = 0;
const freeUserName = () => `chk${Date.now().toString(36).slice(-5)}${++n}`;
const check = (userName: unknown, as: string | null = token) =>
  call(t, 'POST', '/api/user/checkUserName', { token: as ?? undefined, body: userName === undefined ? {} : { userName } });

describe('POST /api/user/checkUserName', () => {
  it('a free name: {isExist:false, genData:[]}', async () => {
    const res = await check(freeUserName());
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, response: { isExist: false, genData: [] } });
  });

  it('a taken name (any case): isExist true and up to 4 free suggestions of at most 20 characters', async () => {
    const taken = freeUserName();
    await buildUser(t, { userName: taken });
    const res = await check(taken.toUpperCase());
    expect(res.status).toBe(200);
    const { isExist, genData } = res.json.response;
    expect(isExist).toBe(true);
    expect(genData.length).toBeGreaterThanOrEqual(1);
    expect(genData.length).toBeLessThanOrEqual(4);
    expect(new Set(genData.map((s: string) => s.toLowerCase())).size).toBe(genData.length);
    for (const suggestion of genData as string[]) {
      expect(suggestion.length).toBeLessThanOrEqual(20);
      expect(suggestion).not.toMatch(/\s/);
      expect(suggestion.toLowerCase()).not.toBe(taken.toLowerCase());
      const again = await check(suggestion);
      expect(again.json.response, suggestion).toEqual({ isExist: false, genData: [] });
    }
  });

  it('suggestions for a 20-character name stay within 20 characters', async () => {
    const taken = `${freeUserName()}zzzzzzzzzzzzzzzzzzzz`.slice(0, 20);
    await buildUser(t, { userName: taken });
    const res = await check(taken);
    expect(res.json.response.isExist).toBe(true);
    expect(res.json.response.genData.length).toBeGreaterThan(0);
    for (const s of res.json.response.genData as string[]) expect(s.length).toBeLessThanOrEqual(20);
  });

  it('never suggests a name that is itself taken', async () => {
    const base = freeUserName();
    await buildUser(t, { userName: base });
    const first = await check(base);
    const suggestions: string[] = first.json.response.genData;
    expect(suggestions.length).toBeGreaterThan(0);
    // take every suggestion, then ask again: none of them may come back
    for (const s of suggestions) await buildUser(t, { userName: s });
    const second = await check(base);
    expect(second.json.response.isExist).toBe(true);
    for (const s of second.json.response.genData as string[]) {
      expect(suggestions.map((x) => x.toLowerCase())).not.toContain(s.toLowerCase());
    }
  });

  it('the name the caller already has is not "taken" for them', async () => {
    const mine = freeUserName();
    const me = await buildUser(t, { userName: mine });
    const res = await check(mine, me.token);
    expect(res.json.response).toEqual({ isExist: false, genData: [] });
  });

  it.each([
    [undefined, MSG.userNameRequired],
    ['', MSG.userNameRequired],
    ['a'.repeat(21), MSG.userNameMax],
    ['two words', MSG.userNameSpaces],
    [42, MSG.userNameRequired],
  ])('refuses %j with %j', async (userName, message) => {
    const res = await check(userName);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message });
  });

  it('401 without a token', async () => {
    const res = await check(freeUserName(), null);
    expect(res).toMatchObject({
      status: 401,
      json: { status: false, message: MSG.unauthorized, response: null, code: 'UNAUTHORIZED' },
    });
  });
});

describe('checkUserName for a sub-user form (excludeUserId)', () => {
  it("null counts the caller's own name as taken; another id frees that user's name", async () => {
    const owner = await buildUser(t, { profileType: 'BUSINESS', userName: 'owner.name' });
    const self = await call(t, 'POST', '/api/user/checkUserName', { token: owner.token, body: { userName: 'owner.name' } });
    expect(self.json.response.isExist).toBe(false);
    const nobody = await call(t, 'POST', '/api/user/checkUserName', {
      token: owner.token,
      body: { userName: 'OWNER.name', excludeUserId: null },
    });
    expect(nobody.json.response.isExist).toBe(true);
    const other = await buildUser(t, { userName: 'member.one' });
    const freed = await call(t, 'POST', '/api/user/checkUserName', {
      token: owner.token,
      body: { userName: 'member.one', excludeUserId: other.user.id },
    });
    expect(freed.json.response.isExist).toBe(false);
  });
});
