import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { apiCall, completeCompanyProfile, PASSWORD, serverNow, type TApiUser, uniqueUserName } from './api';
import { FIRST_ADMIN } from './first-admin';
import { expect } from './fixtures';
import { latestMessage, uniqueEmail } from './outbox';

/**
 * The run's first admin, logged in through the API. Its password is set with the one-time link `admin:create`
 * printed (the first caller of the run uses it; later ones find it used and just log in).
 */
export async function firstAdmin(request: APIRequestContext): Promise<TApiUser> {
  const printed = fs.readFileSync(path.join(process.env.E2E_DATA_DIR as string, FIRST_ADMIN.linkFile), 'utf8');
  const token = /set-password\?token=([\w-]+)/.exec(printed)?.[1];
  expect(token, `admin:create printed no link: ${printed.slice(0, 300)}`).toBeTruthy();
  const { password, email } = FIRST_ADMIN;
  await request.post('/api/bussiness/acceptInvitation', { data: { token, newPassword: password, confirmPassword: password } });
  const res = await request.post('/api/user/userLogin', { data: { emailPhone: email, password } });
  const text = await res.text();
  expect(res.ok(), `the first admin's login answered ${res.status()}: ${text.slice(0, 300)}`).toBe(true);
  const login = JSON.parse(text) as { response: { accessToken: string; userData: { _id: string } } };
  return {
    token: login.response.accessToken,
    userId: login.response.userData._id,
    profileType: 'ADMIN' as never,
    emailPhone: email,
    email,
    phone: null,
    password,
    name: null,
    userName: null,
  };
}

/** A brand with a finished registration: made by the first admin, its password set from the invitation, its profile filled. */
export async function createCompletedBrand(request: APIRequestContext, name: string): Promise<TApiUser> {
  const admin = await firstAdmin(request);
  const email = uniqueEmail('brand');
  const since = await serverNow(request);
  await apiCall(request, 'POST', 'admin/brands', { token: admin.token, data: { name, email } });
  const mail = await latestMessage(request, email, { since });
  const token = /set-password\?token=([\w-]+)/.exec(mail.body)?.[1];
  expect(token, mail.body).toBeTruthy();
  await apiCall(request, 'POST', 'bussiness/acceptInvitation', {
    data: { token, newPassword: PASSWORD, confirmPassword: PASSWORD },
  });
  const login = await apiCall<{ accessToken: string; userData: { _id: string } }>(request, 'POST', 'user/userLogin', {
    data: { emailPhone: email, password: PASSWORD },
  });
  const user = { token: login.response.accessToken, userId: login.response.userData._id };
  const userName = uniqueUserName('brand');
  await completeCompanyProfile(request, user, {
    name,
    userName,
    dateOfBirth: '1985-03-14',
    industryType: 'Food & Beverages',
    companySize: 2,
    place: { country: 'India', state: 'Karnataka', city: 'Bangalore Urban', addressLine: '12 MG Road', pinCode: '560001' },
  });
  return { ...user, profileType: 'BRANDS' as never, emailPhone: email, email, phone: null, password: PASSWORD, name, userName };
}
