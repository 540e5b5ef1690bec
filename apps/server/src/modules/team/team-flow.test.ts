import { MSG, SCHEDULER_INCONSISTENT, TEAM_MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, givePlan, type TTestApp, uniqueEmail } from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const perms = (on: Record<string, Partial<Record<'Post' | 'Analytics' | 'Scheduler', boolean>>>) =>
  ['1', '2', '3', '4', '5', '6', '7'].map((id) => {
    const m = { Post: false, Analytics: false, Scheduler: false, ...(on[id] ?? {}) };
    return { accountId: id, access: m.Post || m.Analytics || m.Scheduler, moduleAccess: m };
  });

describe('a business builds its team', () => {
  it('role → permissions → sub-user → invitation → manager login → deactivation ends the session', async () => {
    const owner = await buildUser(t, { profileType: 'BUSINESS', name: 'Acme Foods', userName: 'acme', profileCompleted: true });
    await givePlan(t, owner.user.id);
    const created = await call(t, 'POST', '/api/roleManagement/create', {
      token: owner.token,
      body: { roleName: 'Social lead', roleDesc: 'Posts and schedules' },
    });
    expect(created.status).toBe(200);
    expect(created.json.message).toBe(TEAM_MSG.roleAdded);
    const roleId = created.json.response.role._id;

    const inconsistent = await call(t, 'PUT', '/api/permission/update', {
      token: owner.token,
      body: { roleId, permissionAccess: perms({ '1': { Post: true, Scheduler: true }, '2': { Analytics: true } }) },
    });
    expect(inconsistent.status).toBe(400);
    expect(inconsistent.json.message).toBe(SCHEDULER_INCONSISTENT);

    const issueCase = perms({ '1': { Post: true, Scheduler: true }, '2': { Analytics: true, Scheduler: true } });
    const saved = await call(t, 'PUT', '/api/permission/update', {
      token: owner.token,
      body: { roleId, permissionAccess: issueCase },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.message).toBe(TEAM_MSG.permissionsAssigned);

    const email = uniqueEmail();
    const add = await call(t, 'POST', '/api/bussiness/add', {
      token: owner.token,
      body: {
        name: 'Mia Manager',
        userName: 'mia.m',
        email,
        mobileNumber: '9876501234',
        dateOfBirth: '1995-04-02',
        gender: 'female',
        role: roleId,
      },
    });
    expect(add.status).toBe(200);
    expect(add.json.message).toBe(TEAM_MSG.subUserAdded);
    const subId = add.json.response.result._id;

    const mail = t.messenger.sent.filter((m) => m.to === email).at(-1)!;
    const token = mail.body.match(/set-password\?token=([\w-]+)/)![1];
    const info = await call(t, 'GET', `/api/bussiness/invitation?token=${token}`);
    expect(info.json.response).toEqual({ name: 'Mia Manager', email });
    const accept = await call(t, 'POST', '/api/bussiness/acceptInvitation', {
      body: { token, newPassword: 'Manag3r!x', confirmPassword: 'Manag3r!x' },
    });
    expect(accept.status).toBe(200);
    const reuse = await call(t, 'POST', '/api/bussiness/acceptInvitation', { body: { token, newPassword: 'Manag3r!y' } });
    expect(reuse.json.message).toBe(TEAM_MSG.inviteInvalid);

    const login = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: 'Manag3r!x' } });
    expect(login.status).toBe(200);
    expect(login.json.response.profileType).toBe('BUSINESS_MANAGER');
    expect(login.json.response.userData.orgId).toBe(owner.user.orgId);
    const ig = login.json.response.userData.businessRoleId.permission.find((p: { accountId: string }) => p.accountId === '1');
    expect(ig).toMatchObject({ access: true, moduleAccess: { Post: true, Scheduler: true, Analytics: false } });
    const visible = login.json.response.userData.businessRoleId.permission.filter((p: { access: boolean }) => p.access);
    expect(visible.map((p: { accountId: string }) => p.accountId)).toEqual(['1', '2']);
    const mgrToken = login.json.response.accessToken;

    const managerTries = await call(t, 'GET', '/api/roleManagement/getAllRoles', { token: mgrToken });
    expect(managerTries.status).toBe(403);

    const list = await call(t, 'GET', `/api/bussiness/getAll?businessId=${owner.user.id}&page=1`, { token: owner.token });
    expect(list.json.response.result[0]).toMatchObject({
      _id: subId,
      subUserId: { name: 'Mia Manager', userStatus: true },
      roleId: { _id: roleId },
    });
    expect(list.json.response.pagination).toEqual({ totalPages: 1, page: 1, total: 1 });

    const del = await call(t, 'DELETE', `/api/roleManagement/delete?roleId=${roleId}`, { token: owner.token });
    expect(del.status).toBe(400);
    expect(del.json.message).toBe(TEAM_MSG.roleInUse(1));

    const off = await call(t, 'PUT', `/api/bussiness/activeInactive?userId=${subId}`, {
      token: owner.token,
      body: { status: false },
    });
    expect(off.json.message).toBe(TEAM_MSG.userDeactivated);
    const after = await call(t, 'GET', '/api/user/getUserStatus', { token: mgrToken });
    expect(after.status).toBe(401);
    expect(after.json.message).toBe(MSG.unauthorized);
    const relogin = await call(t, 'POST', '/api/user/userLogin', { body: { emailPhone: email, password: 'Manag3r!x' } });
    expect(relogin.status).toBe(403);
  });
});
