import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { apiCall, completeCompanyProfile, createVerifiedUser, type TApiUser, uniqueUserName } from './api';
import { subscribeByApi } from './billing';
import { latestMessage, uniqueEmail } from './outbox';

/**
 * A BUSINESS owner with a finished registration (business profile and three interests) and an active plan bought
 * through the sandbox checkout (Professional unless told: no post limit), made through the API: what a business
 * needs to see its dashboard and to post.
 */
export async function createBusinessOwner(request: APIRequestContext, planType = 'Professional'): Promise<TApiUser> {
  const owner = await createUnpaidBusinessOwner(request);
  await subscribeByApi(request, owner, planType);
  return owner;
}

/**
 * A BUSINESS owner with a finished registration and no plan: paymentStatus stays false, so it meets the
 * subscription gate and the header shows the icons of a business without a plan.
 */
export async function createUnpaidBusinessOwner(request: APIRequestContext): Promise<TApiUser> {
  const user = await createVerifiedUser(request, { profileType: 'BUSINESS' });
  const name = `Acme ${randomInt(1000, 9999)}`;
  const userName = uniqueUserName('acme');
  await completeCompanyProfile(request, user, { name, userName, industryType: 'Computer Software' });
  return { ...user, name, userName };
}

/** POST roleManagement/create with the owner's token; `active: false` then deactivates it. Resolves to its id. */
export async function createRoleByApi(
  request: APIRequestContext,
  owner: TApiUser,
  roleName: string,
  { active = true }: { active?: boolean } = {},
): Promise<string> {
  const created = await apiCall<{ role: { _id: string } }>(request, 'POST', 'roleManagement/create', {
    token: owner.token,
    data: { roleName, roleDesc: `What a ${roleName} does` },
  });
  const roleId = created.response.role._id;
  if (!active) {
    await apiCall(request, 'PUT', 'roleManagement/activeInactive', { token: owner.token, data: { roleId, status: false } });
  }
  return roleId;
}

/** A fresh 10-digit mobile number. */
export const uniqueMobile = () => `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;

/** POST bussiness/add with the owner's token: a sub-user named `name` holding the role. */
export async function addSubUserByApi(
  request: APIRequestContext,
  owner: TApiUser,
  roleId: string,
  name: string,
): Promise<{ id: string; email: string; name: string }> {
  const email = uniqueEmail('sub');
  const res = await apiCall<{ result: { _id: string } }>(request, 'POST', 'bussiness/add', {
    token: owner.token,
    data: {
      name,
      userName: uniqueUserName('sub'),
      email,
      mobileNumber: uniqueMobile(),
      dateOfBirth: '1996-07-14',
      gender: 'male',
      role: roleId,
    },
  });
  return { id: res.response.result._id, email, name };
}

/** A manager of `owner`'s business holding a role whose permissions are `permissionAccess`, logged in through the API. */
export async function managerOf(request: APIRequestContext, owner: TApiUser, permissionAccess: unknown[]): Promise<TApiUser> {
  const roleId = await createRoleByApi(request, owner, `Role ${Date.now().toString(36)}`);
  await apiCall(request, 'PUT', 'permission/update', { token: owner.token, data: { roleId, permissionAccess } });
  const sub = await addSubUserByApi(request, owner, roleId, 'Sam Social');
  const invite = await latestMessage(request, sub.email);
  const token = /set-password\?token=([\w-]+)/.exec(invite.body)?.[1];
  expect(token).toBeTruthy();
  const password = 'Manag3r!x';
  await apiCall(request, 'POST', 'bussiness/acceptInvitation', {
    data: { token, newPassword: password, confirmPassword: password },
  });
  const login = await apiCall<{ accessToken: string; userData: { _id: string } }>(request, 'POST', 'user/userLogin', {
    data: { emailPhone: sub.email, password },
  });
  return {
    token: login.response.accessToken,
    userId: login.response.userData._id,
    profileType: 'BUSINESS_MANAGER' as never,
    emailPhone: sub.email,
    email: sub.email,
    phone: null,
    password,
    name: sub.name,
    userName: null,
  };
}
