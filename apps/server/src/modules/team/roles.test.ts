import { TEAM_MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TTestApp } from '../../test/helpers';
import { addSubUser, makeOwner, makeRole, setRoleStatus } from './team-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

type TRole = { _id: string; roleName: string; roleDesc: string; status: boolean };
const rolesOf = async (token: string, page = 1) => {
  const res = await call(t, 'GET', `/api/roleManagement/getAllRoles?page=${page}`, { token });
  expect(res.status).toBe(200);
  return res.json.response as { roles: TRole[]; totalPages: number };
};
const activeOf = async (token: string) => {
  const res = await call(t, 'GET', '/api/roleManagement/activeRoles', { token });
  expect(res.status).toBe(200);
  return res.json.response.roles as TRole[];
};

describe('POST /api/roleManagement/create {roleName, roleDesc}', () => {
  it("creates an active role: 'Role Added Successfully!' with the role, names trimmed", async () => {
    const owner = await makeOwner(t);
    const res = await call(t, 'POST', '/api/roleManagement/create', {
      token: owner.token,
      body: { roleName: '  Social lead ', roleDesc: ' Posts and schedules ' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: 'Role Added Successfully!' });
    expect(res.json.response.role).toEqual({
      _id: expect.any(String),
      roleName: 'Social lead',
      roleDesc: 'Posts and schedules',
      status: true,
    });
    expect((await rolesOf(owner.token)).roles.map((r) => r._id)).toEqual([res.json.response.role._id]);
  });

  it.each([
    [{ roleDesc: 'x' }, 'roleName', 'Role Name is required'],
    [{ roleName: '', roleDesc: 'x' }, 'roleName', 'Role Name is required'],
    [{ roleName: '   ', roleDesc: 'x' }, 'roleName', 'Role Name is required'],
    [{ roleName: 'Editor' }, 'roleDesc', 'Role Description is required'],
    [{ roleName: 'Editor', roleDesc: '' }, 'roleDesc', 'Role Description is required'],
    [{ roleName: 'Editor', roleDesc: '  ' }, 'roleDesc', 'Role Description is required'],
  ])('%j → 400 %s: %s, nothing created', async (body, field, message) => {
    const owner = await makeOwner(t);
    const res = await call(t, 'POST', '/api/roleManagement/create', { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message, response: { errors: { [field]: message } } });
    expect((await rolesOf(owner.token)).roles).toEqual([]);
  });

  it('both missing: 400 with both messages by field', async () => {
    const owner = await makeOwner(t);
    const res = await call(t, 'POST', '/api/roleManagement/create', { token: owner.token, body: {} });
    expect(res.status).toBe(400);
    expect(res.json.response.errors).toEqual({ roleName: 'Role Name is required', roleDesc: 'Role Description is required' });
  });

  it('the role name is unique per business, whatever the case; another business may use it', async () => {
    const owner = await makeOwner(t);
    await makeRole(t, owner.token, 'Editor');
    for (const roleName of ['Editor', 'EDITOR', ' editor ']) {
      const dup = await call(t, 'POST', '/api/roleManagement/create', {
        token: owner.token,
        body: { roleName, roleDesc: 'again' },
      });
      expect(dup.status).toBe(400);
      expect(dup.json.message).toBe(TEAM_MSG.roleNameTaken);
    }
    expect((await rolesOf(owner.token)).roles).toHaveLength(1);

    const other = await makeOwner(t, 'Other Co');
    const theirs = await call(t, 'POST', '/api/roleManagement/create', {
      token: other.token,
      body: { roleName: 'Editor', roleDesc: 'theirs' },
    });
    expect(theirs.status).toBe(200);
  });
});

describe('GET /api/roleManagement/getAllRoles?page', () => {
  it('a business with no role: roles [] and totalPages 1', async () => {
    const owner = await makeOwner(t);
    const res = await call(t, 'GET', '/api/roleManagement/getAllRoles?page=1', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.json.response).toMatchObject({ roles: [], totalPages: 1 });
  });

  it('10 a page, newest first: with 11 roles page 2 has the rest; inactive roles are listed too', async () => {
    const owner = await makeOwner(t);
    const made: TRole[] = [];
    for (let i = 1; i <= 11; i++) made.push(await makeRole(t, owner.token, `Role ${String(i).padStart(2, '0')}`, `Desc ${i}`));
    await setRoleStatus(t, owner.token, made[0]._id, false);

    const p1 = await rolesOf(owner.token, 1);
    const p2 = await rolesOf(owner.token, 2);
    expect(p1.totalPages).toBe(2);
    expect(p2.totalPages).toBe(2);
    expect(p1.roles).toHaveLength(10);
    expect(p2.roles).toHaveLength(1);
    const all = [...p1.roles, ...p2.roles];
    expect(new Set(all.map((r) => r._id))).toEqual(new Set(made.map((r) => r._id)));
    expect(all.find((r) => r._id === made[0]._id)).toEqual({ ...made[0], status: false });
    for (const r of all) expect(Object.keys(r).sort()).toEqual(['_id', 'roleDesc', 'roleName', 'status']);

    // page defaults to 1; a page past the end is empty
    const noPage = await call(t, 'GET', '/api/roleManagement/getAllRoles', { token: owner.token });
    expect(noPage.json.response.roles.map((r: TRole) => r._id)).toEqual(p1.roles.map((r) => r._id));
    expect((await rolesOf(owner.token, 3)).roles).toEqual([]);
  });

  it('a page that is not a positive number is refused (400)', async () => {
    const owner = await makeOwner(t);
    for (const page of ['0', '-1', 'abc']) {
      const res = await call(t, 'GET', `/api/roleManagement/getAllRoles?page=${page}`, { token: owner.token });
      expect(res.status).toBe(400);
    }
  });
});

describe('GET /api/roleManagement/activeRoles', () => {
  it('returns response.roles: only the active ones; a deactivated role leaves and comes back when activated', async () => {
    const owner = await makeOwner(t);
    const a = await makeRole(t, owner.token, 'Alpha');
    const b = await makeRole(t, owner.token, 'Beta');
    expect((await activeOf(owner.token)).map((r) => r._id).sort()).toEqual([a._id, b._id].sort());

    await setRoleStatus(t, owner.token, a._id, false);
    expect((await activeOf(owner.token)).map((r) => r._id)).toEqual([b._id]);

    await setRoleStatus(t, owner.token, a._id, true);
    expect((await activeOf(owner.token)).map((r) => r._id).sort()).toEqual([a._id, b._id].sort());
  });
});

describe('PUT /api/roleManagement/update?roleId {roleName, roleDesc}', () => {
  it("edits the role: 'Role Updated Successfully!'", async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token, 'Editor', 'Edits');
    const res = await call(t, 'PUT', `/api/roleManagement/update?roleId=${role._id}`, {
      token: owner.token,
      body: { roleName: 'Senior editor', roleDesc: 'Edits and approves' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: 'Role Updated Successfully!' });
    expect(res.json.response.role).toEqual({
      _id: role._id,
      roleName: 'Senior editor',
      roleDesc: 'Edits and approves',
      status: true,
    });
    expect((await rolesOf(owner.token)).roles).toEqual([res.json.response.role]);
  });

  it('keeping its own name (in another case) is fine; taking another role’s name is refused', async () => {
    const owner = await makeOwner(t);
    const editor = await makeRole(t, owner.token, 'Editor');
    await makeRole(t, owner.token, 'Writer');
    const same = await call(t, 'PUT', `/api/roleManagement/update?roleId=${editor._id}`, {
      token: owner.token,
      body: { roleName: 'EDITOR', roleDesc: 'new desc' },
    });
    expect(same.status).toBe(200);
    const taken = await call(t, 'PUT', `/api/roleManagement/update?roleId=${editor._id}`, {
      token: owner.token,
      body: { roleName: 'writer', roleDesc: 'x' },
    });
    expect(taken.status).toBe(400);
    expect(taken.json.message).toBe(TEAM_MSG.roleNameTaken);
    expect((await rolesOf(owner.token)).roles.find((r) => r._id === editor._id)?.roleName).toBe('EDITOR');
  });

  it.each([
    [{ roleDesc: 'x' }, 'Role Name is required'],
    [{ roleName: ' ', roleDesc: 'x' }, 'Role Name is required'],
    [{ roleName: 'Editor' }, 'Role Description is required'],
    [{ roleName: 'Editor', roleDesc: '' }, 'Role Description is required'],
  ])('%j → 400 %s, role unchanged', async (body, message) => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token, 'Keep', 'Kept');
    const res = await call(t, 'PUT', `/api/roleManagement/update?roleId=${role._id}`, { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    expect((await rolesOf(owner.token)).roles).toEqual([role]);
  });

  it("no roleId: 400 'Please select a role'; an unknown one: 404 'Role not found'", async () => {
    const owner = await makeOwner(t);
    const body = { roleName: 'X', roleDesc: 'Y' };
    const none = await call(t, 'PUT', '/api/roleManagement/update', { token: owner.token, body });
    expect(none.status).toBe(400);
    expect(none.json.message).toBe('Please select a role');
    const unknown = await call(t, 'PUT', '/api/roleManagement/update?roleId=nope', { token: owner.token, body });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(TEAM_MSG.roleNotFound);
  });
});

describe('PUT /api/roleManagement/activeInactive {roleId, status}', () => {
  it('deactivates and activates, with the status in the answer', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const off = await call(t, 'PUT', '/api/roleManagement/activeInactive', {
      token: owner.token,
      body: { roleId: role._id, status: false },
    });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({
      status: true,
      message: TEAM_MSG.roleDeactivated,
      response: { role: { _id: role._id, status: false } },
    });
    expect((await rolesOf(owner.token)).roles[0].status).toBe(false);

    // the status may come as a string, as forms send it
    const on = await call(t, 'PUT', '/api/roleManagement/activeInactive', {
      token: owner.token,
      body: { roleId: role._id, status: 'true' },
    });
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({ message: TEAM_MSG.roleActivated, response: { role: { status: true } } });
    expect((await rolesOf(owner.token)).roles[0].status).toBe(true);
  });

  it("no roleId: 400 'Please select a role'; no status or a bad one: 400; unknown role: 404", async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const noRole = await call(t, 'PUT', '/api/roleManagement/activeInactive', { token: owner.token, body: { status: false } });
    expect(noRole.status).toBe(400);
    expect(noRole.json.message).toBe('Please select a role');
    for (const body of [{ roleId: role._id }, { roleId: role._id, status: 'maybe' }]) {
      const res = await call(t, 'PUT', '/api/roleManagement/activeInactive', { token: owner.token, body });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('Status must be true or false');
    }
    const unknown = await call(t, 'PUT', '/api/roleManagement/activeInactive', {
      token: owner.token,
      body: { roleId: 'nope', status: false },
    });
    expect(unknown.status).toBe(404);
    expect((await rolesOf(owner.token)).roles[0].status).toBe(true);
  });
});

describe('DELETE /api/roleManagement/delete?roleId', () => {
  it('deletes a role nobody holds', async () => {
    const owner = await makeOwner(t);
    const keep = await makeRole(t, owner.token, 'Keep');
    const gone = await makeRole(t, owner.token, 'Gone');
    const res = await call(t, 'DELETE', `/api/roleManagement/delete?roleId=${gone._id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: TEAM_MSG.roleDeleted });
    expect((await rolesOf(owner.token)).roles.map((r) => r._id)).toEqual([keep._id]);
    expect((await activeOf(owner.token)).map((r) => r._id)).toEqual([keep._id]);
    const again = await call(t, 'DELETE', `/api/roleManagement/delete?roleId=${gone._id}`, { token: owner.token });
    expect(again.status).toBe(404);
    // its name is free again
    expect((await makeRole(t, owner.token, 'Gone')).roleName).toBe('Gone');
  });

  it('refuses a role sub-users hold, naming how many; works once none holds it', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token, 'Held');
    const a = await addSubUser(t, owner.token, role._id);
    const b = await addSubUser(t, owner.token, role._id);

    const two = await call(t, 'DELETE', `/api/roleManagement/delete?roleId=${role._id}`, { token: owner.token });
    expect(two.status).toBe(400);
    expect(two.json.message).toBe('This role cannot be deleted: 2 sub-users hold it');

    // an inactive role is still held
    await setRoleStatus(t, owner.token, role._id, false);
    await call(t, 'DELETE', `/api/bussiness/delete?subUserId=${a.id}`, { token: owner.token });
    const one = await call(t, 'DELETE', `/api/roleManagement/delete?roleId=${role._id}`, { token: owner.token });
    expect(one.status).toBe(400);
    expect(one.json.message).toBe('This role cannot be deleted: 1 sub-user holds it');
    expect((await rolesOf(owner.token)).roles.map((r) => r._id)).toEqual([role._id]);

    // moving the last holder to another role frees it
    const other = await makeRole(t, owner.token, 'Other');
    const moved = await call(t, 'PUT', `/api/bussiness/update?userId=${b.id}`, {
      token: owner.token,
      body: { ...b.form, role: other._id },
    });
    expect(moved.status).toBe(200);
    const ok = await call(t, 'DELETE', `/api/roleManagement/delete?roleId=${role._id}`, { token: owner.token });
    expect(ok.status).toBe(200);
  });

  it("no roleId: 400 'Please select a role'; unknown: 404 'Role not found'", async () => {
    const owner = await makeOwner(t);
    const none = await call(t, 'DELETE', '/api/roleManagement/delete', { token: owner.token });
    expect(none.status).toBe(400);
    expect(none.json.message).toBe('Please select a role');
    const unknown = await call(t, 'DELETE', '/api/roleManagement/delete?roleId=nope', { token: owner.token });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(TEAM_MSG.roleNotFound);
  });
});
