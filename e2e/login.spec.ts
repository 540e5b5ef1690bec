import type { Page } from '@playwright/test';
import { apiCall, createCompletedInfluencer, fillOtp, PASSWORD, SESSION_KEYS, storedSession, type TApiUser } from './support/api';
import { expect, test } from './support/fixtures';
import { latestOtp, uniqueEmail } from './support/outbox';

async function fillLogin(page: Page, identifier: string, password: string) {
  await page.getByLabel('Email / Phone').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test.describe('login and logout', () => {
  let user: TApiUser;
  test.beforeAll(async ({ request }) => {
    user = await createCompletedInfluencer(request);
  });

  test('a wrong password shows the server message and logs nobody in', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, user.email!, 'Wrong#Pass1');
    await expect(page.getByText('Invalid email / phone or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('virality-auth-token'))).toBeNull();
  });

  test('logs in with e-mail and password, and logs out through the confirm dialog', async ({ page }) => {
    await page.goto('/login');
    // The e-mail is lowercased on send.
    await fillLogin(page, user.email!.toUpperCase(), user.password);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
    const session = await storedSession(page);
    expect(session).toMatchObject({
      'virality-role-type': 'INFLUENCER',
      userId: user.userId,
      'virality-user-id': user.userId,
    });
    expect(session['virality-auth-token']).toBeTruthy();

    // Profile hub → Logout → the confirm dialog; Cancel keeps the session.
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to logout?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await storedSession(page))['virality-auth-token']).toBeTruthy();

    // Confirm: storage cleared, back to '/', the server session ended.
    const token = session['virality-auth-token']!;
    const logoutCall = page.waitForRequest((r) => r.url().endsWith('/api/user/logout') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await logoutCall;
    const after = await storedSession(page);
    for (const key of [...SESSION_KEYS, 'orgId', 'sphUserId', 'notificationCount']) expect(after[key], key).toBeNull();
    await expect
      .poll(async () => (await page.request.get('/api/user/getUserStatus', { headers: { 'x-access-token': token } })).status())
      .toBe(401);

    // A guarded page now sends to /login.
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('logs in by phone (all digits and a phone code)', async ({ page, request }) => {
  const user = await createCompletedInfluencer(request, { by: 'phone' });
  await page.goto('/login');
  await page.getByLabel('Email / Phone').fill(user.phone!.mobileNumber);
  await page.getByLabel('Phone code').fill(user.phone!.phoneCode);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
});

test('an account that was never verified is sent to the registration OTP, and verifying it continues to /userprofile', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('unverified');
  await apiCall(request, 'POST', 'user/create_user', {
    data: { email, password: PASSWORD, confirmPassword: PASSWORD, profileType: 'INFLUENCER' },
  });
  await page.goto('/login');
  await fillLogin(page, email, PASSWORD);
  await expect(page.getByText('Please verify your account with the OTP we have sent you')).toBeVisible();
  await expect(page).toHaveURL(/\/registerationotp$/);
  // The newest code to the address is the one that stands (the login re-sent it, or the sign-up one still holds).
  const otp = await latestOtp(request, email);
  const wrong = `${(Number(otp[0]) + 1) % 10}${otp.slice(1)}`;
  await fillOtp(page, wrong);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid OTP')).toBeVisible();
  await expect(page).toHaveURL(/\/registerationotp$/);
  await fillOtp(page, otp);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/userprofile$/);
  await expect(page.getByTestId('onboarding-title')).toHaveText('Creating Influencer profile');
});
