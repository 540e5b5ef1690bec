import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { TApiUser } from './api';
import { FIRST_ADMIN } from './first-admin';
import { expect } from './fixtures';

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
