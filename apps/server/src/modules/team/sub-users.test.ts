import { MSG, TEAM_MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp, uniqueEmail } from '../../test/helpers';
import {
  acceptAndLogin,
  addSubUser,
  dayAfter,
  invitationToken,
  listAll,
  login,
  makeOwner,
  makeRole,
  makeTeam,
  setRoleStatus,
  subUserForm,
  todayOf,
  uniqueUserName,
} from './team-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const add = (token: string, body: unknown) => call(t, 'POST', '/api/bussiness/add', { token, body });
const update = (token: string, userId: string, body: unknown) =>
  call(t, 'PUT', `/api/bussiness/update?userId=${userId}`, { token, body });
const get = (token: string, userId: string) => call(t, 'GET', `/api/bussiness/get?userId=${userId}`, { token });

describe('POST /api/bussiness/add', () => {
  it("adds a BUSINESS_MANAGER in the owner's organization: 'Sub-user added successfully' with the list record", async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token, 'Social lead');
    const form = subUserForm(role._id, { email: uniqueEmail().toUpperCase(), backgroundColor: '#ffaa00' });
    const res = await add(owner.token, form);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: 'Sub-user added successfully' });
    const result = res.json.response.result;
    expect(result).toMatchObject({
      _id: expect.any(String),
      subUserId: {
        name: 'Mia Manager',
        userName: form.userName,
        email: form.email.toLowerCase(),
        mobileNumber: form.mobileNumber,
        dateOfBirth: '1995-04-02',
        gender: 'female',
        backgroundColor: '#ffaa00',
        userStatus: true,
      },
      roleId: { _id: role._id, roleName: 'Social lead' },
    });
    expect(result.subUserId._id).toBe(result._id);

    const row = (await t.services.users.findById(result._id))!;
    expect(row).toMatchObject({
      profileType: 'BUSINESS_MANAGER',
      orgId: owner.user.orgId,
      businessId: owner.user.id,
      roleId: role._id,
      passwordHash: null,
    });
    // the invitation went to the e-mail, with a link to set a password
    const mail = t.messenger.sent.filter((m) => m.to === form.email.toLowerCase()).at(-1);
    expect(mail?.body).toMatch(/\/set-password\?token=[\w-]+/);
    expect(mail?.body).toContain('Mia Manager');
  });

  it('accepts the role under roleId as well as role', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const { role: _r, ...rest } = subUserForm(role._id);
    const res = await add(owner.token, { ...rest, roleId: role._id });
    expect(res.status).toBe(200);
    expect(res.json.response.result.roleId._id).toBe(role._id);
  });

  describe('each rule of the sub-user form, nothing created when refused', () => {
    let owner: Awaited<ReturnType<typeof makeOwner>>;
    let roleId: string;
    beforeAll(async () => {
      owner = await makeOwner(t);
      roleId = (await makeRole(t, owner.token))._id;
    });
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['name too short', { name: 'Al' }, 'name', 'Name must be at least 3 characters'],
      ['name blank', { name: '   ' }, 'name', TEAM_MSG.nameRequired],
      ['name missing', { name: undefined }, 'name', TEAM_MSG.nameRequired],
      ['name over 40', { name: 'a'.repeat(41) }, 'name', 'Name must be at most 40 characters'],
      ['email invalid', { email: 'mia@example' }, 'email', 'Invalid email address'],
      ['email missing', { email: undefined }, 'email', TEAM_MSG.emailRequired],
      ['mobile 9 digits', { mobileNumber: '987650123' }, 'mobileNumber', 'Mobile number must be 10 digits'],
      ['mobile 11 digits', { mobileNumber: '98765012345' }, 'mobileNumber', 'Mobile number must be 10 digits'],
      ['mobile letters', { mobileNumber: '98765abcde' }, 'mobileNumber', 'Mobile number must be 10 digits'],
      ['mobile missing', { mobileNumber: undefined }, 'mobileNumber', 'Mobile number must be 10 digits'],
      ['gender missing', { gender: undefined }, 'gender', 'Gender is required'],
      ['gender unknown', { gender: 'robot' }, 'gender', 'Gender is required'],
      ['role missing', { role: undefined }, 'roleId', 'Please select a role'],
      ['role empty', { role: '' }, 'roleId', 'Please select a role'],
      ['userName missing', { userName: undefined }, 'userName', 'Please enter your Username'],
      ['userName over 20', { userName: 'u'.repeat(21) }, 'userName', 'Username must be at most 20 characters'],
      ['dateOfBirth not a date', { dateOfBirth: '02/04/1995' }, 'dateOfBirth', 'Invalid Date of Birth'],
      ['dateOfBirth not a real day', { dateOfBirth: '1995-02-30' }, 'dateOfBirth', 'Invalid Date of Birth'],
    ];
    it.each(cases)('%s → 400 %s', async (_label, over, field, message) => {
      const before = (await listAll(t, owner.token)).pagination.total;
      const res = await add(owner.token, subUserForm(roleId, over));
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ status: false, message });
      expect(res.json.response.errors[field] ?? res.json.response.errors.role).toBe(message);
      expect((await listAll(t, owner.token)).pagination.total).toBe(before);
    });

    it("dateOfBirth: today (by the server's clock) is allowed, tomorrow is 'Date of Birth cannot be in the future'", async () => {
      const today = todayOf(t);
      const tomorrow = await add(owner.token, subUserForm(roleId, { dateOfBirth: dayAfter(today) }));
      expect(tomorrow.status).toBe(400);
      expect(tomorrow.json.message).toBe('Date of Birth cannot be in the future');
      expect(tomorrow.json.response.errors.dateOfBirth).toBe('Date of Birth cannot be in the future');
      const ok = await add(owner.token, subUserForm(roleId, { dateOfBirth: today }));
      expect(ok.status).toBe(200);
    });
  });

  it("a username already taken (any account, any case): 'UserName already exist!'", async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const first = await addSubUser(t, owner.token, role._id);
    const res = await add(owner.token, subUserForm(role._id, { userName: first.form.userName.toUpperCase() }));
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('UserName already exist!');
    expect(res.json.response.errors.userName).toBe('UserName already exist!');
    const influencer = await buildUser(t, { userName: uniqueUserName('inf') });
    const theirs = await add(owner.token, subUserForm(role._id, { userName: influencer.user.userName }));
    expect(theirs.json.message).toBe('UserName already exist!');
  });

  it('an e-mail or mobile already used by an account is refused', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const first = await addSubUser(t, owner.token, role._id);
    const sameEmail = await add(owner.token, subUserForm(role._id, { email: first.form.email }));
    expect(sameEmail.status).toBe(400);
    expect(sameEmail.json.response.errors.email).toBe(MSG.accountExists);
    const ownerEmail = await add(owner.token, subUserForm(role._id, { email: owner.email }));
    expect(ownerEmail.json.response.errors.email).toBe(MSG.accountExists);
    const sameMobile = await add(owner.token, subUserForm(role._id, { mobileNumber: first.form.mobileNumber }));
    expect(sameMobile.status).toBe(400);
    expect(sameMobile.json.response.errors.mobileNumber).toBe(MSG.accountExists);
    expect((await listAll(t, owner.token)).pagination.total).toBe(1);
  });

  it('an inactive role cannot be assigned; an unknown one is not found', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    await setRoleStatus(t, owner.token, role._id, false);
    const sentBefore = t.messenger.sent.length;
    const res = await add(owner.token, subUserForm(role._id));
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(TEAM_MSG.roleInactive);
    expect(res.json.response.errors.roleId).toBe(TEAM_MSG.roleInactive);
    const unknown = await add(owner.token, subUserForm('nope'));
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(TEAM_MSG.roleNotFound);
    expect((await listAll(t, owner.token)).pagination.total).toBe(0);
    // no invitation went out
    expect(t.messenger.sent.length).toBe(sentBefore);
  });
});

describe('GET /api/bussiness/getAll?businessId&page[&search]', () => {
  let owner: Awaited<ReturnType<typeof makeOwner>>;
  let roleId: string;
  const names: string[] = [];
  beforeAll(async () => {
    owner = await makeOwner(t);
    roleId = (await makeRole(t, owner.token, 'Crew'))._id;
    for (let i = 1; i <= 12; i++) {
      const name = `Member ${String(i).padStart(2, '0')}`;
      names.push(name);
      await addSubUser(t, owner.token, roleId, { name, email: `member${i}_${uniqueUserName('m')}@crew.example.com` });
    }
    await addSubUser(t, owner.token, roleId, { name: 'Zoë Quinn', email: `z.quinn+${uniqueUserName('q')}@Other.example.org` });
    await addSubUser(t, owner.token, roleId, { name: 'Percent Guy', email: `pct_${uniqueUserName('p')}@other.example.org` });
  });

  it('response.result + response.pagination {totalPages, page, total}: 10 a page, page 2 has the rest', async () => {
    const p1 = await call(t, 'GET', `/api/bussiness/getAll?businessId=${owner.user.id}&page=1`, { token: owner.token });
    expect(p1.status).toBe(200);
    expect(p1.json.response.pagination).toEqual({ totalPages: 2, page: 1, total: 14 });
    expect(p1.json.response.result).toHaveLength(10);
    const p2 = await call(t, 'GET', `/api/bussiness/getAll?businessId=${owner.user.id}&page=2`, { token: owner.token });
    expect(p2.json.response.pagination).toEqual({ totalPages: 2, page: 2, total: 14 });
    expect(p2.json.response.result).toHaveLength(4);
    const ids = [...p1.json.response.result, ...p2.json.response.result].map((r: { _id: string }) => r._id);
    expect(new Set(ids).size).toBe(14);
    const p3 = await call(t, 'GET', `/api/bussiness/getAll?businessId=${owner.user.id}&page=3`, { token: owner.token });
    expect(p3.json.response.result).toEqual([]);
  });

  it('each record is {_id, subUserId {_id, name, email, profileImage, backgroundColor, userStatus}, roleId {_id, roleName}}', async () => {
    const { result } = await listAll(t, owner.token);
    for (const r of result) {
      expect(r.subUserId).toMatchObject({ _id: r._id, name: expect.any(String), email: expect.any(String), userStatus: true });
      expect(r.subUserId).toHaveProperty('profileImage');
      expect(r.subUserId).toHaveProperty('backgroundColor');
      expect(r.roleId).toEqual({ _id: roleId, roleName: 'Crew' });
    }
  });

  it('businessId may be left out (the caller’s own business)', async () => {
    expect((await listAll(t, owner.token)).pagination.total).toBe(14);
  });

  it('search by name, case-insensitive', async () => {
    const hit = await listAll(t, owner.token, '&search=mEmBeR%2007');
    expect(hit.result.map((r) => r.subUserId.name)).toEqual(['Member 07']);
    expect(hit.pagination).toEqual({ totalPages: 1, page: 1, total: 1 });
    const many = await listAll(t, owner.token, '&search=member');
    expect(many.pagination).toEqual({ totalPages: 2, page: 1, total: 12 });
    expect((await listAll(t, owner.token, '&search=zoë')).result.map((r) => r.subUserId.name)).toEqual(['Zoë Quinn']);
  });

  it('search by e-mail, case-insensitive', async () => {
    const byDomain = await listAll(t, owner.token, '&search=OTHER.EXAMPLE.ORG');
    expect(byDomain.result.map((r) => r.subUserId.name).sort()).toEqual(['Percent Guy', 'Zoë Quinn']);
    const byLocal = await listAll(t, owner.token, '&search=Z.QUINN');
    expect(byLocal.result.map((r) => r.subUserId.name)).toEqual(['Zoë Quinn']);
  });

  it("search characters are taken literally ('_' and '%' are not wildcards)", async () => {
    expect((await listAll(t, owner.token, '&search=pct_')).result.map((r) => r.subUserId.name)).toEqual(['Percent Guy']);
    expect((await listAll(t, owner.token, '&search=%25')).pagination.total).toBe(0);
    expect((await listAll(t, owner.token, '&search=member_')).pagination.total).toBe(0);
  });

  it("no match: an empty page (the screen shows 'No users found')", async () => {
    const none = await listAll(t, owner.token, '&search=nobody-here');
    expect(none.result).toEqual([]);
    expect(none.pagination).toEqual({ totalPages: 1, page: 1, total: 0 });
    expect(TEAM_MSG.noUsers).toBe('No users found');
  });

  it('a business with no sub-user gets an empty first page', async () => {
    const other = await makeOwner(t);
    expect(await listAll(t, other.token)).toEqual({ result: [], pagination: { totalPages: 1, page: 1, total: 0 } });
  });
});

describe('GET /api/bussiness/get?userId', () => {
  it('returns the sub-user record with its role', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token, 'Lead');
    const sub = await addSubUser(t, owner.token, role._id);
    const res = await get(owner.token, sub.id);
    expect(res.status).toBe(200);
    expect(res.json.response.result).toMatchObject({
      _id: sub.id,
      subUserId: {
        _id: sub.id,
        name: sub.form.name,
        userName: sub.form.userName,
        email: sub.form.email,
        mobileNumber: sub.form.mobileNumber,
        dateOfBirth: sub.form.dateOfBirth,
        gender: sub.form.gender,
        userStatus: true,
      },
      roleId: { _id: role._id, roleName: 'Lead' },
    });
  });

  it("no userId: 400 'User data is not available.'; unknown, the owner, or deleted: 404", async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const none = await call(t, 'GET', '/api/bussiness/get', { token: owner.token });
    expect(none.status).toBe(400);
    expect(none.json.message).toBe('User data is not available.');
    const sub = await addSubUser(t, owner.token, role._id);
    await call(t, 'DELETE', `/api/bussiness/delete?subUserId=${sub.id}`, { token: owner.token });
    for (const id of ['nope', owner.user.id, sub.id]) {
      const res = await get(owner.token, id);
      expect(res.status).toBe(404);
      expect(res.json.message).toBe(TEAM_MSG.subUserNotFound);
    }
  });
});

describe('PUT /api/bussiness/update?userId', () => {
  it("edits the sub-user: 'User updated successfully'", async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token, 'First');
    const next = await makeRole(t, owner.token, 'Second');
    const sub = await addSubUser(t, owner.token, role._id);
    const body = {
      ...sub.form,
      name: 'Mia Renamed',
      userName: uniqueUserName('ren'),
      mobileNumber: '9000000001',
      dateOfBirth: '1990-01-31',
      gender: 'transgender',
      role: next._id,
    };
    const res = await update(owner.token, sub.id, body);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: 'User updated successfully' });
    const after = (await get(owner.token, sub.id)).json.response.result;
    expect(after).toMatchObject({
      subUserId: {
        name: 'Mia Renamed',
        userName: body.userName,
        email: sub.form.email,
        mobileNumber: '9000000001',
        dateOfBirth: '1990-01-31',
        gender: 'transgender',
      },
      roleId: { _id: next._id, roleName: 'Second' },
    });
    // e-mail may be left out on the update form (it is not editable)
    const { email: _e, ...noEmail } = body;
    const again = await update(owner.token, sub.id, { ...noEmail, name: 'Mia Again' });
    expect(again.status).toBe(200);
    expect((await get(owner.token, sub.id)).json.response.result.subUserId).toMatchObject({
      name: 'Mia Again',
      email: sub.form.email,
    });
  });

  it('the e-mail is not editable: another address is refused and nothing changes', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const sub = await addSubUser(t, owner.token, role._id);
    const res = await update(owner.token, sub.id, { ...sub.form, name: 'Changed Name', email: uniqueEmail() });
    expect(res.status).toBe(400);
    expect(res.json.response.errors.email).toBeDefined();
    expect((await get(owner.token, sub.id)).json.response.result.subUserId).toMatchObject({
      name: sub.form.name,
      email: sub.form.email,
    });
    // the same address in another case is the same address
    const same = await update(owner.token, sub.id, { ...sub.form, email: sub.form.email.toUpperCase() });
    expect(same.status).toBe(200);
  });

  describe('each rule of the update form, nothing changed when refused', () => {
    let owner: Awaited<ReturnType<typeof makeOwner>>;
    let sub: Awaited<ReturnType<typeof addSubUser>>;
    beforeAll(async () => {
      owner = await makeOwner(t);
      const role = await makeRole(t, owner.token);
      sub = await addSubUser(t, owner.token, role._id);
    });
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['email invalid', { email: 'mia@example' }, 'email', 'Email is not valid'],
      ['name too short', { name: 'Al' }, 'name', 'Name must be at least 3 characters'],
      ['mobile 9 digits', { mobileNumber: '987650123' }, 'mobileNumber', 'Mobile number must be 10 digits'],
      ['gender missing', { gender: undefined }, 'gender', 'Gender is required'],
      ['role missing', { role: undefined }, 'roleId', 'Please select a role'],
      ['userName over 20', { userName: 'u'.repeat(21) }, 'userName', 'Username must be at most 20 characters'],
      ['userName missing', { userName: '' }, 'userName', 'Please enter your Username'],
    ];
    it.each(cases)('%s → 400 %s', async (_label, over, field, message) => {
      const res = await update(owner.token, sub.id, { ...sub.form, ...over });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(message);
      expect(res.json.response.errors[field] ?? res.json.response.errors.role).toBe(message);
      expect((await get(owner.token, sub.id)).json.response.result.subUserId).toMatchObject({
        name: sub.form.name,
        userName: sub.form.userName,
        mobileNumber: sub.form.mobileNumber,
      });
    });

    it("dateOfBirth tomorrow: 'Date of Birth cannot be in the future'; today is fine", async () => {
      const today = todayOf(t);
      const res = await update(owner.token, sub.id, { ...sub.form, dateOfBirth: dayAfter(today) });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('Date of Birth cannot be in the future');
      expect((await update(owner.token, sub.id, { ...sub.form, dateOfBirth: today })).status).toBe(200);
    });

    it("a username another account has: 'UserName already exist!'", async () => {
      const other = await buildUser(t, { userName: uniqueUserName('tk') });
      const res = await update(owner.token, sub.id, { ...sub.form, userName: other.user.userName });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('UserName already exist!');
    });
  });

  it('an inactive role cannot be newly assigned, but a sub-user holding it keeps it through an edit', async () => {
    const owner = await makeOwner(t);
    const active = await makeRole(t, owner.token, 'Active');
    const dormant = await makeRole(t, owner.token, 'Dormant');
    const holder = await addSubUser(t, owner.token, dormant._id);
    const other = await addSubUser(t, owner.token, active._id);
    await setRoleStatus(t, owner.token, dormant._id, false);

    const assign = await update(owner.token, other.id, { ...other.form, role: dormant._id });
    expect(assign.status).toBe(400);
    expect(assign.json.message).toBe(TEAM_MSG.roleInactive);
    expect((await get(owner.token, other.id)).json.response.result.roleId._id).toBe(active._id);

    const keep = await update(owner.token, holder.id, { ...holder.form, name: 'Still Dormant' });
    expect(keep.status).toBe(200);
    expect((await get(owner.token, holder.id)).json.response.result).toMatchObject({
      subUserId: { name: 'Still Dormant' },
      roleId: { _id: dormant._id, roleName: 'Dormant' },
    });
  });

  it("no userId: 400 'User data is not available.'; unknown: 404", async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const none = await call(t, 'PUT', '/api/bussiness/update', { token: owner.token, body: subUserForm(role._id) });
    expect(none.status).toBe(400);
    expect(none.json.message).toBe('User data is not available.');
    const unknown = await update(owner.token, 'nope', subUserForm(role._id));
    expect(unknown.status).toBe(404);
  });
});

describe('PUT /api/bussiness/activeInactive?userId {status}', () => {
  it('deactivating ends the session and blocks login (403); activating lets them back in', async () => {
    const { owner, sub, manager } = await makeTeam(t);
    const off = await call(t, 'PUT', `/api/bussiness/activeInactive?userId=${sub.id}`, {
      token: owner.token,
      body: { status: false },
    });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ status: true, message: 'User deactivated successfully' });
    expect((await get(owner.token, sub.id)).json.response.result.subUserId.userStatus).toBe(false);
    expect((await listAll(t, owner.token)).result.find((r) => r._id === sub.id)?.subUserId.userStatus).toBe(false);

    const session = await call(t, 'GET', '/api/user/getUserStatus', { token: manager.token });
    expect(session.status).toBe(401);
    expect(session.json.message).toBe('Unauthorized access');
    const blocked = await login(t, sub.form.email);
    expect(blocked.status).toBe(403);
    expect(blocked.json.message).toBe(MSG.accountInactive);

    const on = await call(t, 'PUT', `/api/bussiness/activeInactive?userId=${sub.id}`, {
      token: owner.token,
      body: { status: 'true' },
    });
    expect(on.status).toBe(200);
    expect(on.json.message).toBe('User activated successfully');
    expect((await get(owner.token, sub.id)).json.response.result.subUserId.userStatus).toBe(true);
    const back = await login(t, sub.form.email);
    expect(back.status).toBe(200);
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: back.json.response.accessToken })).status).toBe(200);
    // the session ended by deactivation stays ended
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: manager.token })).status).toBe(401);
  });

  it("no status: 400; no userId: 400 'User data is not available.'; unknown: 404", async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const sub = await addSubUser(t, owner.token, role._id);
    const noStatus = await call(t, 'PUT', `/api/bussiness/activeInactive?userId=${sub.id}`, { token: owner.token, body: {} });
    expect(noStatus.status).toBe(400);
    expect(noStatus.json.message).toBe('Status must be true or false');
    const noId = await call(t, 'PUT', '/api/bussiness/activeInactive', { token: owner.token, body: { status: false } });
    expect(noId.status).toBe(400);
    expect(noId.json.message).toBe('User data is not available.');
    const unknown = await call(t, 'PUT', '/api/bussiness/activeInactive?userId=nope', {
      token: owner.token,
      body: { status: false },
    });
    expect(unknown.status).toBe(404);
    expect((await get(owner.token, sub.id)).json.response.result.subUserId.userStatus).toBe(true);
  });
});

describe('DELETE /api/bussiness/delete?subUserId', () => {
  it("'User Deleted successfully': gone from the list, session ended, login refused", async () => {
    const { owner, sub, manager } = await makeTeam(t);
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: manager.token })).status).toBe(200);
    const res = await call(t, 'DELETE', `/api/bussiness/delete?subUserId=${sub.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: true, message: 'User Deleted successfully' });
    expect((await listAll(t, owner.token)).pagination.total).toBe(0);
    const session = await call(t, 'GET', '/api/user/getUserStatus', { token: manager.token });
    expect(session.status).toBe(401);
    expect(session.json.message).toBe('Unauthorized access');
    expect((await login(t, sub.form.email)).status).toBe(401);
    const again = await call(t, 'DELETE', `/api/bussiness/delete?subUserId=${sub.id}`, { token: owner.token });
    expect(again.status).toBe(404);
  });

  it('frees the e-mail, username and mobile: the same person can be added again and invited anew', async () => {
    const owner = await makeOwner(t);
    const role = await makeRole(t, owner.token);
    const first = await addSubUser(t, owner.token, role._id);
    const firstInvite = invitationToken(t, first.form.email);
    await call(t, 'DELETE', `/api/bussiness/delete?subUserId=${first.id}`, { token: owner.token });

    // the old invitation died with the account
    const stale = await call(t, 'GET', `/api/bussiness/invitation?token=${firstInvite}`);
    expect(stale.status).toBe(400);
    expect(stale.json.message).toBe(TEAM_MSG.inviteInvalid);

    const again = await addSubUser(t, owner.token, role._id, {
      email: first.form.email,
      userName: first.form.userName,
      mobileNumber: first.form.mobileNumber,
    });
    expect(again.id).not.toBe(first.id);
    expect(invitationToken(t, first.form.email)).not.toBe(firstInvite);
    const { token } = await acceptAndLogin(t, first.form.email);
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token })).json.response.result._id).toBe(again.id);
  });

  it("no subUserId: 400 'No user selected for deletion.'; unknown or the owner: 404", async () => {
    const owner = await makeOwner(t);
    const none = await call(t, 'DELETE', '/api/bussiness/delete', { token: owner.token });
    expect(none.status).toBe(400);
    expect(none.json.message).toBe('No user selected for deletion.');
    for (const id of ['nope', owner.user.id]) {
      const res = await call(t, 'DELETE', `/api/bussiness/delete?subUserId=${id}`, { token: owner.token });
      expect(res.status).toBe(404);
    }
    // the owner is untouched
    expect((await call(t, 'GET', '/api/user/getUserStatus', { token: owner.token })).status).toBe(200);
  });
});
