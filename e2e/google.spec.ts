import type { Page } from '@playwright/test';
import { apiCall, influencerProfile, type TApiUser } from './support/api';
import { expect, test } from './support/fixtures';
import { uniqueEmail } from './support/outbox';

/** The sandbox stand-in for Google's consent page: e-mail and name, then Continue back to /redirect. */
async function signInOnSandboxGoogle(page: Page, email: string, name: string) {
  await expect(page).toHaveURL(/\/sandbox\/google\/signin\?/);
  await page.getByLabel('Google account e-mail').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('an influencer signs up with Google, and after logging out continues with Google from /login', async ({ page, request }) => {
  const email = uniqueEmail('google');
  const name = 'Grace Hopper';

  await page.goto('/selectprofiletype');
  await page.getByRole('radio', { name: 'Influencer' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/registration$/);
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  await signInOnSandboxGoogle(page, email, name);

  // /redirect signs the new influencer in and sends them to the profile step.
  await page.waitForURL(/\/redirect\?/);
  await expect(page).toHaveURL(/\/userprofile$/);
  await expect(page.getByTestId('onboarding-title')).toHaveText('Creating Influencer profile');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  const session = await page.evaluate(() => ({
    token: localStorage.getItem('virality-auth-token'),
    userId: localStorage.getItem('userId'),
    role: localStorage.getItem('virality-role-type'),
  }));
  expect(session.role).toBe('INFLUENCER');
  expect(session.token).toBeTruthy();

  // The profile step is not this journey's subject: finish registration through the API.
  const user = {
    token: session.token!,
    userId: session.userId!,
    email,
    phone: null,
  } as TApiUser;
  await apiCall(request, 'PUT', 'user/updateUser', {
    token: user.token,
    params: { userId: user.userId },
    data: { ...influencerProfile(user), name },
  });
  await apiCall(request, 'PUT', 'user/updateUser', {
    token: user.token,
    params: { userId: user.userId },
    data: { interested: ['music', 'comedy', 'dance'] },
  });
  const me = await apiCall<{ result: { authType: string; profileCompleted: boolean } }>(request, 'GET', 'user/getUserStatus', {
    token: user.token,
  });
  expect(me.response.result).toMatchObject({ authType: 'GOOGLE', profileCompleted: true });

  // Logout from the profile hub.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('virality-auth-token'))).toBeNull();

  // Continue with Google from /login, same Google account → /home.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await signInOnSandboxGoogle(page, email, name);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
});

test('Continue with Google from /login with an unknown Google account shows the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await signInOnSandboxGoogle(page, uniqueEmail('nobody'), 'No Body');
  await expect(page.getByText('No account found for this Google account. Please sign up first')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('virality-auth-token'))).toBeNull();
});
