/**
 * Fixtures shared by the team API tests (not loaded by the app): a business with roles and sub-users,
 * built through the documented calls, and the invitation read from the outbox as a person would.
 */
import { randomBytes } from 'node:crypto';
import { type TPermissionModule, toIsoDate } from '@virality/domain';
import { expect } from 'vitest';
import { buildUser, call, givePlan, type TTestApp, uniqueEmail } from '../../test/helpers';

export const MANAGER_PASSWORD = 'Manag3r!x';

type TOn = Partial<Record<TPermissionModule, boolean>>;
/** A full permission list for accounts 1-7; access is on where any module is. */
export const perms = (on: Record<string, TOn> = {}) =>
  ['1', '2', '3', '4', '5', '6', '7'].map((id) => {
    const m = { Post: false, Analytics: false, Scheduler: false, ...(on[id] ?? {}) };
    return { accountId: id, access: m.Post || m.Analytics || m.Scheduler, moduleAccess: m };
  });

/** Instagram Post + Scheduler, Facebook Analytics + Scheduler, and Scheduler on every other shown network (it must agree). */
export const IG_POST_FB_ANALYTICS = perms({
  '1': { Post: true, Scheduler: true },
  '2': { Analytics: true, Scheduler: true },
  '3': { Scheduler: true },
  '4': { Scheduler: true },
  '5': { Scheduler: true },
  '6': { Scheduler: true },
});

let mobileSeq = Math.floor(Math.random() * 100_000_000);
/** A fresh 10-digit mobile number (the sub-user form takes exactly 10). */
export const uniqueMobile = () => String(9_000_000_000 + (++mobileSeq % 1_000_000_000));

/** A short unique username (max 20). */
export const uniqueUserName = (prefix = 'u') => `${prefix}${randomBytes(5).toString('hex')}`.slice(0, 20);

export const todayOf = (t: TTestApp) => toIsoDate(t.clock.now());
export const dayAfter = (iso: string, days = 1) => toIsoDate(new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000));

/** A business owner with a finished profile and a running Professional plan (a business posts only with a plan). */
export async function makeOwner(t: TTestApp, name = 'Acme Foods') {
  const owner = await buildUser(t, { profileType: 'BUSINESS', name, userName: uniqueUserName('biz'), profileCompleted: true });
  await givePlan(t, owner.user.id);
  return owner;
}

export async function makeRole(
  t: TTestApp,
  token: string,
  roleName = `Role ${randomBytes(3).toString('hex')}`,
  roleDesc = 'Does things',
) {
  const res = await call(t, 'POST', '/api/roleManagement/create', { token, body: { roleName, roleDesc } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.response.role as { _id: string; roleName: string; roleDesc: string; status: boolean };
}

export async function setPerms(t: TTestApp, token: string, roleId: string, permissionAccess = IG_POST_FB_ANALYTICS) {
  const res = await call(t, 'PUT', '/api/permission/update', { token, body: { roleId, permissionAccess } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res;
}

export async function setRoleStatus(t: TTestApp, token: string, roleId: string, status: boolean) {
  const res = await call(t, 'PUT', '/api/roleManagement/activeInactive', { token, body: { roleId, status } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res;
}

/** A valid sub-user form (fresh e-mail, username and mobile each time). */
export function subUserForm(roleId: string, over: Record<string, unknown> = {}) {
  return {
    name: 'Mia Manager',
    userName: uniqueUserName('mia'),
    email: uniqueEmail(),
    mobileNumber: uniqueMobile(),
    dateOfBirth: '1995-04-02',
    gender: 'female',
    role: roleId,
    ...over,
  };
}

/** POST bussiness/add; returns the new sub-user's id and the form used. */
export async function addSubUser(t: TTestApp, token: string, roleId: string, over: Record<string, unknown> = {}) {
  const form = subUserForm(roleId, over);
  const res = await call(t, 'POST', '/api/bussiness/add', { token, body: form });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { id: res.json.response.result._id as string, form, res };
}

/** The token of the last invitation link sent to `email` (`/set-password?token=...`). */
export function invitationToken(t: TTestApp, email: string): string {
  const mail = t.messenger.sent.filter((m) => m.to === email).at(-1);
  const token = mail?.body.match(/\/set-password\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation sent to ${email}`);
  return token;
}

export async function login(t: TTestApp, emailPhone: string, password = MANAGER_PASSWORD) {
  return call(t, 'POST', '/api/user/userLogin', { body: { emailPhone, password } });
}

/** Sets the sub-user's password from the invitation and logs in: the manager's session. */
export async function acceptAndLogin(t: TTestApp, email: string, password = MANAGER_PASSWORD) {
  const accept = await call(t, 'POST', '/api/bussiness/acceptInvitation', {
    body: { token: invitationToken(t, email), newPassword: password, confirmPassword: password },
  });
  expect(accept.status, JSON.stringify(accept.json)).toBe(200);
  const res = await login(t, email, password);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { token: res.json.response.accessToken as string, login: res };
}

/** A business owner, a role with permissions, and a logged-in manager holding it. */
export async function makeTeam(t: TTestApp, name = 'Acme Foods', permissionAccess = IG_POST_FB_ANALYTICS) {
  const owner = await makeOwner(t, name);
  const role = await makeRole(t, owner.token, 'Social lead');
  await setPerms(t, owner.token, role._id, permissionAccess);
  const sub = await addSubUser(t, owner.token, role._id);
  const manager = await acceptAndLogin(t, sub.form.email);
  return { owner, role, sub, manager };
}

/** The sub-user rows of a business, straight from the read model. */
export async function listAll(t: TTestApp, token: string, query = '') {
  const res = await call(t, 'GET', `/api/bussiness/getAll?page=1${query}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.response as {
    result: { _id: string; subUserId: Record<string, unknown>; roleId: { _id: string; roleName: string } | null }[];
    pagination: { totalPages: number; page: number; total: number };
  };
}
