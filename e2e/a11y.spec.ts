import { createCompletedInfluencer, createVerifiedUser, loginInBrowser, serverNow, type TApiUser } from './support/api';
import { expect, expectTakenOver, test } from './support/fixtures';
import { postByApi, uploadPhoto, utcSchedule } from './support/posts';
import { linkByApi } from './support/social';

test.describe('no serious or critical axe violations', () => {
  test('/login', async ({ page, expectNoSeriousA11y }) => {
    await page.goto('/login');
    await expectTakenOver(page.getByRole('button', { name: 'Continue with Google' }));
    await expectNoSeriousA11y();
  });

  test('/signup', async ({ page, expectNoSeriousA11y }) => {
    await page.goto('/signup');
    await expectTakenOver(page.getByRole('button', { name: 'Sign up with Google' }));
    await expectNoSeriousA11y();
    // With the phone code input and field errors shown.
    await page.getByLabel('Email / Phone').fill('98765');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Password', { exact: true }).blur();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
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

// The screens a user who posts lives in: the dashboard, the composer, the lists, the calendar, at both widths.
test.describe('no serious or critical axe violations where a user posts', () => {
  let user: TApiUser;
  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(90_000);
    user = await createCompletedInfluencer(request);
    const x = await linkByApi(request, user.token, 'twitter');
    const page = await browser.newPage();
    // a plain file of the site's origin: the photo is drawn there, the app need not load
    await page.goto('/robots.txt');
    const photo = await uploadPhoto(request, page, user.token, 31);
    await page.close();
    const stamp = Date.now();
    await postByApi(request, user.token, { caption: `Out now ${stamp}`, photo, accounts: [x] });
    const later = new Date((await serverNow(request)).getTime() + 3 * 3_600_000);
    await postByApi(request, user.token, {
      caption: `Later ${stamp}`,
      photo,
      accounts: [x],
      more: { IsScheduled: true, ...utcSchedule(later) },
    });
    await postByApi(request, user.token, { caption: `A draft ${stamp}`, photo, accounts: [x], more: { IsDraft: true } });
  });

  for (const [label, viewport] of [
    ['on a desktop', { width: 1280, height: 800 }],
    ['at 390 px wide', { width: 390, height: 844 }],
  ] as const) {
    test(`home, composer, lists and calendar, ${label}`, async ({ page, expectNoSeriousA11y }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      await loginInBrowser(page, user);
      await page.goto('/home');
      await expect(page.getByRole('region', { name: 'Recent posts' }).getByRole('article').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Performance', exact: true }).getByRole('heading')).toBeVisible();
      await expectNoSeriousA11y();

      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Create post' }).click();
      const composer = page.getByRole('dialog', { name: 'Create post' });
      await expect(composer.getByRole('textbox', { name: /Caption/ })).toBeVisible();
      await expectNoSeriousA11y();
      await page.keyboard.press('Escape');
      await expect(composer).toHaveCount(0);

      for (const [path, heading] of [
        ['/allschedulepost', 'Scheduled posts'],
        ['/allrecentpost', 'Recent posts'],
        ['/postdraft', 'Drafts'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await expect(page.getByRole('article').first()).toBeVisible();
        await expectNoSeriousA11y();
      }

      for (const view of ['week', 'month']) {
        await page.goto(`/calender?view=${view}`);
        await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
        // the posts are in (the scheduled one may fall on another day than today)
        await page.waitForLoadState('networkidle');
        await expect(page.getByLabel('Loading posts')).toHaveCount(0);
        await expectNoSeriousA11y();
      }
    });
  }
});
