import { createCompletedInfluencer, createVerifiedUser, loginInBrowser } from './support/api';
import { expect, test } from './support/fixtures';

test.describe('no serious or critical axe violations', () => {
  test('/login', async ({ page, expectNoSeriousA11y }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    await expectNoSeriousA11y();
  });

  test('/signup', async ({ page, expectNoSeriousA11y }) => {
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: 'Sign up with Google' })).toBeEnabled();
    await expectNoSeriousA11y();
    // With the phone code input and field errors shown.
    await page.getByLabel('Email / Phone').fill('98765');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Password', { exact: true }).blur();
    await expect(page.getByText('Password must be 8 charecter')).toBeVisible();
    await expect(page.getByLabel('Phone code')).toBeVisible();
    await expectNoSeriousA11y();
  });

  test('/userprofile', async ({ page, request, expectNoSeriousA11y }) => {
    await loginInBrowser(page, await createVerifiedUser(request, { profileType: 'BUSINESS' }));
    await page.goto('/userprofile');
    await expect(page.getByTestId('onboarding-title')).toHaveText('Creating Business profile');
    await expect(page.getByRole('combobox', { name: 'Country' })).toBeVisible();
    await expectNoSeriousA11y();
    // With every field error shown.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please enter your Business/Brand name')).toBeVisible();
    await expectNoSeriousA11y();
  });

  test('/profile with the logout confirm dialog open', async ({ page, request, expectNoSeriousA11y }) => {
    await loginInBrowser(page, await createCompletedInfluencer(request));
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Close' })).toBeVisible();
    await expectNoSeriousA11y();
  });
});
