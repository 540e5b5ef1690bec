import type { Page } from '@playwright/test';
import { createCompletedInfluencer, fillOtp, serverNow } from './support/api';
import { expect, test } from './support/fixtures';
import { latestOtp } from './support/outbox';

const NEW_PASSWORD = 'Fresh#Pass2';

async function login(page: Page, identifier: string, password: string) {
  await page.getByLabel('Email / Phone').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

test('forgot password: OTP, new password, then only the new password logs in', async ({ page, request }) => {
  // Created seconds ago: the used sign-up OTP must not hold a resend countdown over the reset OTP.
  const user = await createCompletedInfluencer(request);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // Both pages have an 'Email / Phone' field: wait for the new page before typing.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Email / Phone').fill(user.email!);
  const sentAt = await serverNow(request);
  await page.getByRole('button', { name: 'Send OTP' }).click();

  await expect(page).toHaveURL(/\/verifyotp$/);
  await expect(page.getByText(`Enter the 4-digit code we sent to ${user.email}`)).toBeVisible();
  // The reset screen's resend countdown is 60 s.
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
  await expect(page.getByText(/Resend available in (60|59|58) s/)).toBeVisible();

  await fillOtp(page, await latestOtp(request, user.email!, { since: sentAt }));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/createnewpassword$/);
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill('Fresh#Pass3');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByText('Passwords should match!')).toBeVisible();
  await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save Password' }).click();

  await expect(page.getByText('New Password Successfuly Set')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works…
  await login(page, user.email!, user.password);
  await expect(page.getByText('Invalid email / phone or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // …the new one does.
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
});

test('forgot password for an unknown e-mail shows the server message and stays put', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email / Phone').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('User not found')).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
