import { MSG, TEAM_MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { addSubUser, listAll, makeRole, makeTeam, perms, subUserForm } from './team-test-kit';

/**
 * A business sees and changes only its own roles and sub-users; a manager changes none;
 * no other account type reaches the team calls at all.
 */
let t: TTestApp;
let a: Awaited<ReturnType<typeof makeTeam>>;
let b: Awaited<ReturnType<typeof makeTeam>>;
let spareRoleA: { _id: string };
let colleagueA: string;
let others: Record<'INFLUENCER' | 'BRANDS' | 'IMC', string>;

/** Everything business A's owner can see of their team, to prove refused calls change nothing. */
async function snapshotA() {
  const roles = await call(t, 'GET', '/api/roleManagement/getAllRoles?page=1', { token: a.owner.token });
  const active = await call(t, 'GET', '/api/roleManagement/activeRoles', { token: a.owner.token });
  const subs = await call(t, 'GET', '/api/bussiness/getAll?page=1', { token: a.owner.token });
  const perm = await call(t, 'GET', `/api/permission/getPermission?roleId=${a.role._id}`, { token: a.owner.token });
  const sub = await call(t, 'GET', `/api/bussiness/get?userId=${a.sub.id}`, { token: a.owner.token });
  return {
    roles: roles.json.response,
    active: active.json.response,
    subs: subs.json.response,
    perm: perm.json.response,
    sub: sub.json.response,
  };
}
let before: Awaited<ReturnType<typeof snapshotA>>;

beforeAll(async () => {
  t = await buildTestApp();
  a = await makeTeam(t, 'Alpha Foods');
  b = await makeTeam(t, 'Beta Motors', perms({ '3': { Post: true } }));
  spareRoleA = await makeRole(t, a.owner.token, 'Unheld');
  colleagueA = (await addSubUser(t, a.owner.token, a.role._id, { name: 'Colleague Alpha' })).id;
  const made = await Promise.all((['INFLUENCER', 'BRANDS', 'IMC'] as const).map((profileType) => buildUser(t, { profileType })));
  others = { INFLUENCER: made[0].token, BRANDS: made[1].token, IMC: made[2].token };
  before = await snapshotA();
});
afterAll(async () => t?.close());

type TCall = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: () => string; body?: () => unknown };
/** Every management call (Sub-users, Roles and permissions), aimed at business A's records. */
const CALLS: Record<string, TCall> = {
  'GET bussiness/getAll': { method: 'GET', url: () => `/api/bussiness/getAll?businessId=${a.owner.user.id}&page=1` },
  'GET bussiness/get': { method: 'GET', url: () => `/api/bussiness/get?userId=${a.sub.id}` },
  'POST bussiness/add': { method: 'POST', url: () => '/api/bussiness/add', body: () => subUserForm(a.role._id) },
  'PUT bussiness/update': {
    method: 'PUT',
    url: () => `/api/bussiness/update?userId=${a.sub.id}`,
    body: () => ({ ...a.sub.form, name: 'Hijacked Name' }),
  },
  'PUT bussiness/activeInactive': {
    method: 'PUT',
    url: () => `/api/bussiness/activeInactive?userId=${a.sub.id}`,
    body: () => ({ status: false }),
  },
  'DELETE bussiness/delete': { method: 'DELETE', url: () => `/api/bussiness/delete?subUserId=${colleagueA}` },
  'GET roleManagement/getAllRoles': { method: 'GET', url: () => '/api/roleManagement/getAllRoles?page=1' },
  'GET roleManagement/activeRoles': { method: 'GET', url: () => '/api/roleManagement/activeRoles' },
  'POST roleManagement/create': {
    method: 'POST',
    url: () => '/api/roleManagement/create',
    body: () => ({ roleName: 'Intruder', roleDesc: 'x' }),
  },
  'PUT roleManagement/update': {
    method: 'PUT',
    url: () => `/api/roleManagement/update?roleId=${a.role._id}`,
    body: () => ({ roleName: 'Hijacked', roleDesc: 'x' }),
  },
  'PUT roleManagement/activeInactive': {
    method: 'PUT',
    url: () => '/api/roleManagement/activeInactive',
    body: () => ({ roleId: a.role._id, status: false }),
  },
  'DELETE roleManagement/delete': { method: 'DELETE', url: () => `/api/roleManagement/delete?roleId=${spareRoleA._id}` },
  'GET permission/getPermission': { method: 'GET', url: () => `/api/permission/getPermission?roleId=${a.role._id}` },
  'PUT permission/update': {
    method: 'PUT',
    url: () => '/api/permission/update',
    body: () => ({ roleId: a.role._id, permissionAccess: perms() }),
  },
  'GET permission/veiw': { method: 'GET', url: () => `/api/permission/veiw?userId=${colleagueA}` },
};
const NAMES = Object.keys(CALLS);
const send = (name: string, token?: string) => {
  const c = CALLS[name];
  return call(t, c.method, c.url(), { token, body: c.body?.() });
};

describe('no token: 401 Unauthorized access', () => {
  it.each(NAMES)('%s', async (name) => {
    const res = await send(name);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ status: false, message: 'Unauthorized access', response: null, code: 'UNAUTHORIZED' });
  });

  it.each(NAMES)('%s with an empty or invalid body or query: still 401, not a validation message', async (name) => {
    const c = CALLS[name];
    const res = await call(t, c.method, c.url().replace(/\?.*$/, '?page=0'), { body: c.body ? {} : undefined });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(MSG.unauthorized);
  });

  it.each(NAMES)('%s with a token that is not one', async (name) => {
    const res = await send(name, 'not-a-token');
    expect(res.status).toBe(401);
    expect(res.json.message).toBe(MSG.unauthorized);
  });
});

describe('wrong role: only the BUSINESS owner manages the team (403)', () => {
  for (const role of ['INFLUENCER', 'BRANDS', 'IMC'] as const) {
    it.each(NAMES)(`${role}: %s`, async (name) => {
      const res = await send(name, others[role]);
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ status: false, message: MSG.forbidden });
    });
  }

  it.each(NAMES)(
    "BUSINESS_MANAGER of the same business: %s (a manager changes none, sees no one else's access)",
    async (name) => {
      const res = await send(name, a.manager.token);
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ status: false, message: MSG.forbidden });
    },
  );

  it('wrong role with an empty or invalid body or query: still 403, not a validation message', async () => {
    for (const token of [others.INFLUENCER, a.manager.token]) {
      for (const name of NAMES.filter((n) => n !== 'GET permission/veiw')) {
        const c = CALLS[name];
        const res = await call(t, c.method, c.url().replace(/\?.*$/, '?page=0'), { token, body: c.body ? {} : undefined });
        expect(res.status, name).toBe(403);
        expect(res.json.message).toBe(MSG.forbidden);
      }
    }
  });

  it('BUSINESS_MANAGER of another business: 403 on all of them too', async () => {
    for (const name of NAMES) expect((await send(name, b.manager.token)).status, name).toBe(403);
  });
});

describe("another business's records: refused, and nothing changes", () => {
  const expectRefused = (res: { status: number }) => expect([403, 404]).toContain(res.status);

  it("getAll with another business's id: 403", async () => {
    const res = await call(t, 'GET', `/api/bussiness/getAll?businessId=${a.owner.user.id}&page=1`, { token: b.owner.token });
    expect(res.status).toBe(403);
  });

  it("get, update, activeInactive, delete and veiw on A's sub-user: 404 'Sub-user not found'", async () => {
    const tries = [
      call(t, 'GET', `/api/bussiness/get?userId=${a.sub.id}`, { token: b.owner.token }),
      call(t, 'PUT', `/api/bussiness/update?userId=${a.sub.id}`, {
        token: b.owner.token,
        body: { ...a.sub.form, name: 'Hijacked Name', role: b.role._id },
      }),
      call(t, 'PUT', `/api/bussiness/activeInactive?userId=${a.sub.id}`, { token: b.owner.token, body: { status: false } }),
      call(t, 'DELETE', `/api/bussiness/delete?subUserId=${colleagueA}`, { token: b.owner.token }),
      call(t, 'GET', `/api/permission/veiw?userId=${a.sub.id}`, { token: b.owner.token }),
    ];
    for (const res of await Promise.all(tries)) {
      expectRefused(res);
      expect(res.json.message).toBe(TEAM_MSG.subUserNotFound);
    }
  });

  it("update, activeInactive, delete, getPermission and permission/update on A's roles: 404 'Role not found'", async () => {
    const tries = [
      call(t, 'PUT', `/api/roleManagement/update?roleId=${a.role._id}`, {
        token: b.owner.token,
        body: { roleName: 'Hijacked', roleDesc: 'x' },
      }),
      call(t, 'PUT', '/api/roleManagement/activeInactive', { token: b.owner.token, body: { roleId: a.role._id, status: false } }),
      call(t, 'DELETE', `/api/roleManagement/delete?roleId=${spareRoleA._id}`, { token: b.owner.token }),
      call(t, 'GET', `/api/permission/getPermission?roleId=${a.role._id}`, { token: b.owner.token }),
      call(t, 'PUT', '/api/permission/update', { token: b.owner.token, body: { roleId: a.role._id, permissionAccess: perms() } }),
    ];
    for (const res of await Promise.all(tries)) {
      expectRefused(res);
      expect(res.json.message).toBe(TEAM_MSG.roleNotFound);
    }
  });

  it("B cannot give A's role to a new or an existing sub-user of its own", async () => {
    const totalB = (await listAll(t, b.owner.token)).pagination.total;
    const addRes = await call(t, 'POST', '/api/bussiness/add', { token: b.owner.token, body: subUserForm(a.role._id) });
    expectRefused(addRes);
    expect((await listAll(t, b.owner.token)).pagination.total).toBe(totalB);

    const upd = await call(t, 'PUT', `/api/bussiness/update?userId=${b.sub.id}`, {
      token: b.owner.token,
      body: { ...b.sub.form, role: a.role._id },
    });
    expectRefused(upd);
    const bSub = await call(t, 'GET', `/api/bussiness/get?userId=${b.sub.id}`, { token: b.owner.token });
    expect(bSub.json.response.result.roleId._id).toBe(b.role._id);
  });

  it("B's lists never show A's roles or sub-users, even when searched", async () => {
    const roles = await call(t, 'GET', '/api/roleManagement/getAllRoles?page=1', { token: b.owner.token });
    expect(roles.json.response.roles.map((r: { _id: string }) => r._id)).toEqual([b.role._id]);
    const active = await call(t, 'GET', '/api/roleManagement/activeRoles', { token: b.owner.token });
    expect(active.json.response.roles.map((r: { _id: string }) => r._id)).toEqual([b.role._id]);
    const subs = await listAll(t, b.owner.token);
    expect(subs.result.map((r) => r._id)).toEqual([b.sub.id]);
    expect((await listAll(t, b.owner.token, '&search=Colleague%20Alpha')).pagination.total).toBe(0);
    expect((await listAll(t, b.owner.token, `&search=${encodeURIComponent(a.sub.form.email)}`)).pagination.total).toBe(0);
  });

  it("an owner is not their own sub-user: get/update/activeInactive/delete on the owner's id are 404", async () => {
    const id = a.owner.user.id;
    const tries = [
      call(t, 'GET', `/api/bussiness/get?userId=${id}`, { token: a.owner.token }),
      call(t, 'PUT', `/api/bussiness/update?userId=${id}`, { token: a.owner.token, body: subUserForm(a.role._id) }),
      call(t, 'PUT', `/api/bussiness/activeInactive?userId=${id}`, { token: a.owner.token, body: { status: false } }),
      call(t, 'DELETE', `/api/bussiness/delete?subUserId=${id}`, { token: a.owner.token }),
      call(t, 'GET', `/api/bussiness/get?userId=${b.owner.user.id}`, { token: a.owner.token }),
    ];
    for (const res of await Promise.all(tries)) expect(res.status).toBe(404);
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: a.owner.token })).status).toBe(200);
  });
});

describe('after every refused call', () => {
  it("business A's roles, permissions and sub-users are exactly as they were, and its manager is still signed in", async () => {
    expect(await snapshotA()).toEqual(before);
    expect(before.subs.pagination.total).toBe(2);
    expect(before.roles.roles).toHaveLength(2);
    const session = await call(t, 'GET', '/api/user/getUserStatus', { token: a.manager.token });
    expect(session.status).toBe(200);
    expect(session.json.response.result.orgId).toBe(a.owner.user.orgId);
    // and the two businesses are separate organizations
    expect(a.owner.user.orgId).not.toBe(b.owner.user.orgId);
  });
});
