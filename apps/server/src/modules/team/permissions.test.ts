import {
  emptyPermissions,
  LINKED_ACCOUNT_NOT_FOUND,
  MSG,
  NO_ANALYTICS_ACCESS,
  NO_POST_ACCESS,
  NO_SCHEDULER_ACCESS,
  PERMISSION_NETWORKS,
  SCHEDULER_INCONSISTENT,
  TEAM_MSG,
  type TLinkedAccountRef,
  type TPermissionNetwork,
} from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import {
  acceptAndLogin,
  addSubUser,
  IG_POST_FB_ANALYTICS,
  login,
  makeOwner,
  makeRole,
  makeTeam,
  perms,
  setPerms,
  setRoleStatus,
} from './team-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

type TEntry = { accountId: string; access: boolean; moduleAccess: Record<string, boolean> };
const getPermission = async (token: string, roleId: string) => {
  const res = await call(t, 'GET', `/api/permission/getPermission?roleId=${roleId}`, { token });
  expect(res.status).toBe(200);
  return res.json.response.data.permission as TEntry[];
};
const view = (token: string, userId?: string) =>
  call(t, 'GET', `/api/permission/veiw${userId ? `?userId=${userId}` : ''}`, { token });
/** The stored shape of a list: access and modules per account id. */
const shape = (list: TEntry[]) => list.map((e) => ({ accountId: e.accountId, access: e.access, moduleAccess: e.moduleAccess }));
const ALL_FALSE = shape(emptyPermissions());

describe('GET /api/permission/getPermission?roleId', () => {
  it('a new role: response.data.permission lists every account type with nothing allowed', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const res = await call(t, 'GET', `/api/permission/getPermission?roleId=${role._id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe(true);
    const list = res.json.response.data.permission as (TEntry & { accountType: string })[];
    expect(list.map((e) => [e.accountId, e.accountType])).toEqual([
      ['1', 'instagram'],
      ['2', 'facebook'],
      ['3', 'youtube'],
      ['4', 'linkedin'],
      ['5', 'tiktok'],
      ['6', 'twitter'],
      ['7', 'threads'],
    ]);
    expect(shape(list)).toEqual(ALL_FALSE);
  });

  it("no roleId: 400 'Please select a role'; unknown: 404 'Role not found'", async () => {
    const owner = await makeOwner(t);
    const none = await call(t, 'GET', '/api/permission/getPermission', { token: owner.token });
    expect(none.status).toBe(400);
    expect(none.json.message).toBe('Please select a role');
    const unknown = await call(t, 'GET', '/api/permission/getPermission?roleId=nope', { token: owner.token });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(TEAM_MSG.roleNotFound);
  });
});

describe('PUT /api/permission/update {roleId, permissionAccess}', () => {
  it("saves: 'Permissions assigned successfully' with response.data.permission, read back by getPermission", async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const res = await call(t, 'PUT', '/api/permission/update', {
      token: owner.token,
      body: { roleId: role._id, permissionAccess: IG_POST_FB_ANALYTICS },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: 'Permissions assigned successfully' });
    expect(shape(res.json.response.data.permission)).toEqual(IG_POST_FB_ANALYTICS);
    expect(shape(await getPermission(owner.token, role._id))).toEqual(IG_POST_FB_ANALYTICS);
  });

  it('refuses Scheduler values that disagree across account types, with its exact message; nothing saved', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    await setPerms(t, owner.token, role._id, IG_POST_FB_ANALYTICS);
    for (const permissionAccess of [
      perms({ '1': { Post: true, Scheduler: true }, '2': { Analytics: true } }),
      perms({ '1': { Scheduler: true }, '6': { Post: true } }),
    ]) {
      const res = await call(t, 'PUT', '/api/permission/update', {
        token: owner.token,
        body: { roleId: role._id, permissionAccess },
      });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("Please ensure all 'Scheduler' access settings are consistent across all account types.");
      expect(res.json.message).toBe(SCHEDULER_INCONSISTENT);
    }
    expect(shape(await getPermission(owner.token, role._id))).toEqual(IG_POST_FB_ANALYTICS);
  });

  it('Scheduler off everywhere is consistent; the hidden Threads (7) entry does not count', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    await setPerms(t, owner.token, role._id, perms({ '1': { Post: true }, '7': { Scheduler: true } }));
    const withThreadsOff = IG_POST_FB_ANALYTICS.map((e) =>
      e.accountId === '7' ? e : { ...e, moduleAccess: { ...e.moduleAccess, Scheduler: true }, access: true },
    );
    await setPerms(t, owner.token, role._id, withThreadsOff);
    expect(shape(await getPermission(owner.token, role._id))).toEqual(withThreadsOff);
  });

  it('a partial list (accounts by id as numbers or by type) is filled in to the full tree', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const res = await call(t, 'PUT', '/api/permission/update', {
      token: owner.token,
      body: {
        roleId: role._id,
        permissionAccess: [
          { accountId: 1, access: true, moduleAccess: { Post: true } },
          { accountType: 'Facebook', access: true, moduleAccess: { Analytics: true } },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(shape(await getPermission(owner.token, role._id))).toEqual(perms({ '1': { Post: true }, '2': { Analytics: true } }));
  });

  it("no roleId: 400 'Please select a role'; no list: 400; unknown role: 404", async () => {
    const owner = await makeOwner(t);
    const none = await call(t, 'PUT', '/api/permission/update', { token: owner.token, body: { permissionAccess: perms() } });
    expect(none.status).toBe(400);
    expect(none.json.message).toBe('Please select a role');
    const role = await makeRole(t, owner.token);
    const noList = await call(t, 'PUT', '/api/permission/update', { token: owner.token, body: { roleId: role._id } });
    expect(noList.status).toBe(400);
    const unknown = await call(t, 'PUT', '/api/permission/update', {
      token: owner.token,
      body: { roleId: 'nope', permissionAccess: perms() },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(TEAM_MSG.roleNotFound);
  });
});

describe('GET /api/permission/veiw?userId', () => {
  it("the owner reads a sub-user's access as response.data.permission", async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    await setPerms(t, owner.token, role._id);
    const sub = await addSubUser(t, owner.token, role._id);
    const res = await view(owner.token, sub.id);
    expect(res.status).toBe(200);
    expect(shape(res.json.response.data.permission)).toEqual(IG_POST_FB_ANALYTICS);

    // a change to the role shows at once
    const only = perms({ '3': { Analytics: true } });
    await setPerms(t, owner.token, role._id, only);
    expect(shape((await view(owner.token, sub.id)).json.response.data.permission)).toEqual(only);
  });

  it("a manager reads their own (with or without their id) but nobody else's (403)", async () => {
    const { owner, role, sub, manager } = await makeTeam(t);
    const own = await view(manager.token, sub.id);
    expect(own.status).toBe(200);
    expect(shape(own.json.response.data.permission)).toEqual(IG_POST_FB_ANALYTICS);
    const noId = await view(manager.token);
    expect(shape(noId.json.response.data.permission)).toEqual(IG_POST_FB_ANALYTICS);

    const colleague = await addSubUser(t, owner.token, role._id);
    for (const other of [colleague.id, owner.user.id]) {
      const res = await view(manager.token, other);
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(MSG.forbidden);
    }
  });

  it("the owner: no userId → 400 'User data is not available.'; not one of theirs → 404", async () => {
    const owner = await makeOwner(t);
    const none = await view(owner.token);
    expect(none.status).toBe(400);
    expect(none.json.message).toBe('User data is not available.');
    for (const id of ['nope', owner.user.id]) {
      const res = await view(owner.token, id);
      expect(res.status).toBe(404);
      expect(res.json.message).toBe(TEAM_MSG.subUserNotFound);
    }
  });
});

describe('an inactive role gives no module access', () => {
  it('login userData.businessRoleId.permission is all false while inactive, and back once re-activated; veiw agrees', async () => {
    const { owner, role, sub } = await makeTeam(t);
    const before = await login(t, sub.form.email);
    expect(shape(before.json.response.userData.businessRoleId.permission)).toEqual(IG_POST_FB_ANALYTICS);
    expect(before.json.response.userData.businessRoleId).toMatchObject({ _id: role._id, roleName: role.roleName, status: true });

    await setRoleStatus(t, owner.token, role._id, false);
    const during = await login(t, sub.form.email);
    expect(during.status).toBe(200);
    expect(during.json.response.userData.businessRoleId).toMatchObject({ _id: role._id, status: false });
    expect(shape(during.json.response.userData.businessRoleId.permission)).toEqual(ALL_FALSE);
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token: during.json.response.accessToken });
    expect(shape(status.json.response.result.businessRoleId.permission)).toEqual(ALL_FALSE);
    expect(shape((await view(owner.token, sub.id)).json.response.data.permission)).toEqual(ALL_FALSE);
    // the role itself keeps its permissions for when it comes back
    expect(shape(await getPermission(owner.token, role._id))).toEqual(IG_POST_FB_ANALYTICS);
    // and the sub-user keeps the role
    const got = await call(t, 'GET', `/api/bussiness/get?userId=${sub.id}`, { token: owner.token });
    expect(got.json.response.result.roleId).toEqual({ _id: role._id, roleName: role.roleName });

    await setRoleStatus(t, owner.token, role._id, true);
    const after = await login(t, sub.form.email);
    expect(shape(after.json.response.userData.businessRoleId.permission)).toEqual(IG_POST_FB_ANALYTICS);
  });
});

describe('team.assertCan(user, action, linkedAccount): the one check every route and job calls', () => {
  // linked accounts of an organisation; their ids deliberately look like the tree's network ids ('1'…'7')
  const account = (orgId: string | null, network: TPermissionNetwork, id = '1'): TLinkedAccountRef => ({
    id,
    orgId: orgId ?? 'none',
    network,
  });
  const rowOf = async (id: string) => (await t.services.users.findById(id))!;

  it('a manager may use exactly the modules the role allows, per network of the account', async () => {
    const { sub } = await makeTeam(t);
    const row = await rowOf(sub.id);
    await expect(t.services.team.assertCan(row, 'Post', account(row.orgId, 'instagram'))).resolves.toBeUndefined();
    await expect(t.services.team.assertCan(row, 'Scheduler', account(row.orgId, 'instagram'))).resolves.toBeUndefined();
    await expect(t.services.team.assertCan(row, 'Analytics', account(row.orgId, 'facebook'))).resolves.toBeUndefined();
    await expect(t.services.team.assertCan(row, 'Scheduler', account(row.orgId, 'youtube'))).resolves.toBeUndefined();
  });

  it('reads the account by its network, never by an id that looks like a network id', async () => {
    const { sub } = await makeTeam(t);
    const row = await rowOf(sub.id);
    // id '1' is Instagram's number in the tree, but this account is a Facebook page: Facebook's rights apply
    await expect(t.services.team.assertCan(row, 'Post', account(row.orgId, 'facebook', '1'))).rejects.toMatchObject({
      statusCode: 403,
      message: NO_POST_ACCESS,
    });
    await expect(t.services.team.assertCan(row, 'Analytics', account(row.orgId, 'facebook', '1'))).resolves.toBeUndefined();
  });

  it("a manager without Analytics on the account's network → 403 'No access to view Analytics'", async () => {
    const { sub } = await makeTeam(t);
    const row = await rowOf(sub.id);
    for (const network of ['instagram', 'youtube', 'threads'] as const) {
      await expect(t.services.team.assertCan(row, 'Analytics', account(row.orgId, network))).rejects.toMatchObject({
        statusCode: 403,
        message: 'No access to view Analytics',
      });
    }
    expect(NO_ANALYTICS_ACCESS).toBe('No access to view Analytics');
  });

  it("a manager without Post or Scheduler on a network → 403 with that module's message", async () => {
    const { sub } = await makeTeam(t, 'Acme', perms({ '2': { Analytics: true } }));
    const row = await rowOf(sub.id);
    await expect(t.services.team.assertCan(row, 'Post', account(row.orgId, 'facebook'))).rejects.toMatchObject({
      statusCode: 403,
      message: NO_POST_ACCESS,
    });
    await expect(t.services.team.assertCan(row, 'Scheduler', account(row.orgId, 'facebook'))).rejects.toMatchObject({
      statusCode: 403,
      message: NO_SCHEDULER_ACCESS,
    });
    await expect(t.services.team.assertCan(row, 'Post', account(row.orgId, 'instagram'))).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it("another organisation's account is refused to everyone, owners and managers alike, as not found (404)", async () => {
    const { owner, sub } = await makeTeam(t);
    const other = await makeOwner(t, 'Other Co');
    const theirs = account(other.user.orgId, 'instagram');
    for (const row of [await rowOf(owner.user.id), await rowOf(sub.id)]) {
      await expect(t.services.team.assertCan(row, 'Post', theirs)).rejects.toMatchObject({
        statusCode: 404,
        message: LINKED_ACCOUNT_NOT_FOUND,
      });
    }
    // and its own owner may
    await expect(t.services.team.assertCan(other.user, 'Post', theirs)).resolves.toBeUndefined();
  });

  it('follows the role as it changes: deactivated → nothing; re-activated → back; permissions edited → at once', async () => {
    const { owner, role, sub } = await makeTeam(t);
    const row = await rowOf(sub.id);
    const ig = account(row.orgId, 'instagram');
    await setRoleStatus(t, owner.token, role._id, false);
    await expect(t.services.team.assertCan(row, 'Post', ig)).rejects.toMatchObject({ statusCode: 403 });
    await setRoleStatus(t, owner.token, role._id, true);
    await expect(t.services.team.assertCan(row, 'Post', ig)).resolves.toBeUndefined();
    await setPerms(t, owner.token, role._id, perms({ '2': { Post: true } }));
    await expect(t.services.team.assertCan(row, 'Post', ig)).rejects.toMatchObject({ statusCode: 403 });
    await expect(t.services.team.assertCan(row, 'Post', account(row.orgId, 'facebook'))).resolves.toBeUndefined();
  });

  it("the BUSINESS owner, and every other non-manager, may do anything on their own organisation's accounts", async () => {
    const owner = await makeOwner(t);
    const others = await Promise.all(
      (['INFLUENCER', 'BRANDS', 'IMC'] as const).map((profileType) => buildUser(t, { profileType })),
    );
    for (const u of [owner.user, ...others.map((o) => o.user)])
      for (const network of PERMISSION_NETWORKS)
        for (const module of ['Post', 'Analytics', 'Scheduler'] as const)
          await expect(t.services.team.assertCan(u, module, account(u.orgId, network))).resolves.toBeUndefined();
  });

  it('a manager whose invitation is accepted logs in with the same rights the check uses', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    await setPerms(t, owner.token, role._id, perms({ '5': { Post: true } }));
    const sub = await addSubUser(t, owner.token, role._id);
    const { login: res } = await acceptAndLogin(t, sub.form.email);
    const tiktok = res.json.response.userData.businessRoleId.permission.find((p: TEntry) => p.accountId === '5');
    expect(tiktok).toMatchObject({ access: true, moduleAccess: { Post: true, Analytics: false, Scheduler: false } });
    const row = await rowOf(sub.id);
    await expect(t.services.team.assertCan(row, 'Post', account(row.orgId, 'tiktok'))).resolves.toBeUndefined();
    await expect(t.services.team.assertCan(row, 'Analytics', account(row.orgId, 'tiktok'))).rejects.toMatchObject({
      message: NO_ANALYTICS_ACCESS,
    });
  });
});
