import { createCompletedInfluencer, createVerifiedUser, loginInBrowser, type TApiUser } from './support/api';
import { expect, test } from './support/fixtures';

test.describe('without a session', () => {
  for (const path of ['/home', '/profile']) {
    test(`${path} sends to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    });
  }

  test("an unknown path shows 'Sorry, page not found!' with 'Go to Home'", async ({ page }) => {
    await page.goto('/no-such-page/at-all');
    await expect(page.getByRole('heading', { name: 'Sorry, page not found!' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
  });
});

test('a logged-in user whose profile is incomplete is sent from /home to /userprofile', async ({ page, request }) => {
  const user = await createVerifiedUser(request);
  await loginInBrowser(page, user);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/userprofile$/);
  await expect(page.getByText('Please complete Registration before continuing')).toBeVisible();
  await expect(page.getByTestId('onboarding-title')).toHaveText('Creating Influencer profile');
});

test.describe('a logged-in influencer with a complete profile', () => {
  let user: TApiUser;
  test.beforeAll(async ({ request }) => {
    user = await createCompletedInfluencer(request);
  });
  test.beforeEach(async ({ page }) => {
    await loginInBrowser(page, user);
  });

  test('on / goes to /home', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
  });

  // BUSINESS-only routes: an authenticated user of another role is sent to /home.
  for (const path of ['/create-subuser', '/profile/manageusers', '/profile/managesubusersrole', '/profile/assignpermissions']) {
    test(`on ${path} (BUSINESS only) goes to /home`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
    });
  }
});
