import { randomInt } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import {
  apiCall,
  createCompletedInfluencer,
  createVerifiedUser,
  fillOtp,
  loginInBrowser,
  selectOption,
  serverNow,
  type TApiUser,
  uniqueUserName,
} from './support/api';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { latestOtp, uniquePhone } from './support/outbox';
import { addSubUserByApi, createBusinessOwner, createRoleByApi, createUnpaidBusinessOwner } from './support/team';

/**
 * What a new user met in the browser: headers that lead nowhere or change under them, onboarding pages open
 * without a session, an e-mail cut by the phone limit, team screens too wide for a phone, a select that would
 * not open, initials that read as a pause sign, and team failures without the fallback messages.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SIZES = [
  { label: 'at 390 px wide', viewport: PHONE },
  { label: 'on a desktop', viewport: DESKTOP },
] as const;

const NOT_FOUND = 'Sorry, page not found!';

/** Wholly on screen: not cut by the window nor by a scrolling box around it. */
const expectWhollyShown = (locator: Locator) => expect(locator).toBeInViewport({ ratio: 1 });

/** The links of the page header and, logged in, of the main navigation beside it. */
const frameLinks = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('link')
    .or(page.getByRole('navigation', { name: 'Main' }).getByRole('link'));

/** The path of every link in the page header (and the main navigation). */
async function headerLinks(page: Page): Promise<string[]> {
  await expect(frameLinks(page).first()).toBeVisible();
  const hrefs = await frameLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs)];
}

/** Follows each header link from `from` and checks it reaches a page, never the not-found page. */
async function expectEveryHeaderLinkHasAPage(page: Page, from: string) {
  await page.goto(from);
  const hrefs = await headerLinks(page);
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    await page.goto(from);
    await frameLinks(page)
      .and(page.locator(`a[href="${href}"]`))
      .first()
      .click();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('main')).not.toBeEmpty();
    await expect(page.getByRole('heading', { name: NOT_FOUND }), `${href} leads to the not-found page`).toHaveCount(0);
  }
}

test.describe('headers', () => {
  let influencer: TApiUser;
  let business: TApiUser;
  test.beforeAll(async ({ request }) => {
    [influencer, business] = await Promise.all([createCompletedInfluencer(request), createUnpaidBusinessOwner(request)]);
  });

  for (const { label, viewport } of SIZES) {
    test(`a logged-in user keeps the logged-in header on the not-found page, ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await loginInBrowser(page, influencer);
      await page.goto('/no-such-page/at-all');
      await expect(page.getByRole('heading', { name: NOT_FOUND })).toBeVisible();
      const banner = page.getByRole('banner');
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' })).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Notifications' })).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Virality home' })).toHaveAttribute('href', '/home');
      await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
    });
  }

  test('every link and icon of the logged-in header leads to a page, never the not-found page', async ({ page }) => {
    // two users, every link of each followed and loaded in turn
    test.setTimeout(120_000);
    // An influencer gets the full icon set; icons whose pages are not built yet are not shown.
    await loginInBrowser(page, influencer);
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Drafts' })).toHaveAttribute('href', '/postdraft');
    await expect(nav.getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/calender');
    await expectEveryHeaderLinkHasAPage(page, '/home');

    // A business without a plan: News and Profile by rule; News leads to the news room.
    await loginInBrowser(page, business);
    await page.goto('/home');
    await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'News' })).toHaveAttribute('href', '/news-room');
    await expectEveryHeaderLinkHasAPage(page, '/home');
  });

  for (const { label, viewport } of SIZES) {
    test(`the public header shows no link to a missing page, ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
      await expect(banner.getByRole('link', { name: 'Get Started' })).toBeVisible();
      // News and Pricing are built: in the header on a desktop, in the menu on a phone
      if (viewport.width < 576) {
        await banner.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('menuitem', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
        await expect(page.getByRole('menuitem', { name: 'News' })).toHaveAttribute('href', '/news-room');
        await page.keyboard.press('Escape');
      } else {
        await expect(banner.getByRole('link', { name: 'Pricing', exact: true })).toHaveAttribute('href', '/pricing');
        await expect(banner.getByRole('link', { name: 'News', exact: true })).toHaveAttribute('href', '/news-room');
      }
      await expectNoSidewaysScroll(page);
      await expectEveryHeaderLinkHasAPage(page, '/');
    });
  }
});

test.describe('who may open a page', () => {
  for (const path of ['/userprofile', '/interest', '/congratulation']) {
    test(`a logged-out visitor who opens ${path} goes to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    });
  }

  test('a logged-in user who opens /login goes to /home', async ({ page, request }) => {
    const user = await createCompletedInfluencer(request);
    await loginInBrowser(page, user);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${user.name}` })).toBeVisible();
  });
});

test.describe('the OTP screen', () => {
  test('a logged-in user verifying a new mobile from the onboarding profile step sees the onboarding header', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(PHONE);
    const user = await createVerifiedUser(request);
    const phone = uniquePhone();
    await loginInBrowser(page, user);
    await page.goto('/userprofile');
    await expect(page.getByTestId('onboarding-title')).toHaveText('Creating Influencer profile');
    await page.getByLabel('Name', { exact: true }).fill('Nora Newcomer');
    await page.getByLabel('Username', { exact: true }).fill(uniqueUserName('nora'));
    await expect(page.getByText('Username is available')).toBeVisible();
    await selectOption(page, 'Gender', 'Female');
    await page.getByLabel('Date of birth').fill('1995-05-17');
    await page.getByLabel('Phone code').fill(phone.phoneCode);
    await page.getByLabel('Mobile number').fill(phone.mobileNumber);
    const sentAt = await serverNow(request);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/verifyotp$/);
    await expect(page.getByText(`Enter the 4-digit code we sent to ${phone.key}`)).toBeVisible();
    await expect(page.getByTestId('onboarding-title')).toHaveText('Creating Influencer profile');
    await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Get Started' })).toHaveCount(0);

    await fillOtp(page, await latestOtp(request, phone.key, { since: sentAt }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/interest$/);
  });

  test('the logged-out forgot-password flow keeps the public header', async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    const user = await createCompletedInfluencer(request);
    await page.goto('/forgot-password');
    await page.getByLabel('Email / Phone').fill(user.email!);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page).toHaveURL(/\/verifyotp$/);
    await expect(page.getByText(`Enter the 4-digit code we sent to ${user.email}`)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByTestId('onboarding-title')).toHaveCount(0);
  });
});

test('pasting an e-mail over digits in Email / Phone keeps the whole e-mail', async ({ page, context, request }) => {
  await page.setViewportSize(PHONE);
  const user = await createCompletedInfluencer(request);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/login');
  const field = page.getByLabel('Email / Phone');
  await field.fill('98765');
  await expect(page.getByLabel('Phone code')).toBeVisible();

  // Select the digits and paste the e-mail over them, as a user does.
  await page.evaluate((email) => navigator.clipboard.writeText(email), user.email!);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).toHaveValue(user.email!);
  await expect(page.getByLabel('Phone code')).toHaveCount(0);

  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test.describe('team pages', () => {
  let owner: TApiUser;
  const activeRole = `Social lead ${randomInt(100, 999)}`;
  const inactiveRole = `Archive keeper ${randomInt(100, 999)}`;
  const subs: { id: string; email: string; name: string }[] = [];

  test.beforeAll(async ({ request }) => {
    owner = await createBusinessOwner(request);
    const roleId = await createRoleByApi(request, owner, activeRole);
    await createRoleByApi(request, owner, inactiveRole, { active: false });
    subs.push(await addSubUserByApi(request, owner, roleId, 'Mia Manager'));
    subs.push(await addSubUserByApi(request, owner, roleId, 'Ian Irwin'));
    // One inactive sub-user: its row also carries the Activate button.
    await apiCall(request, 'PUT', 'bussiness/activeInactive', {
      token: owner.token,
      params: { userId: subs[1].id },
      data: { status: false },
    });
  });

  /** Opens a row's ⋮ menu and picks an item. */
  async function rowAction(page: Page, name: string, item: string) {
    await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: item, exact: true }).click();
  }

  for (const { label, viewport } of SIZES) {
    test(`Manage Users shows name, role, status and the actions menu without sideways scrolling, ${label}`, async ({
      page,
      expectNoSeriousA11y,
    }) => {
      await page.setViewportSize(viewport);
      await loginInBrowser(page, owner);
      await page.goto('/profile/manageusers');
      // A table row on a desktop, a list item on a phone.
      const item = (email: string) =>
        viewport === PHONE
          ? page.getByRole('list', { name: 'Sub-users' }).getByRole('listitem').filter({ hasText: email })
          : page.getByRole('table', { name: 'Sub-users' }).getByRole('row').filter({ hasText: email });
      for (const [i, status] of [
        [0, 'Active'],
        [1, 'InActive'],
      ] as const) {
        const sub = subs[i];
        const row = item(sub.email);
        await expectWhollyShown(row.getByText(sub.name, { exact: true }));
        await expectWhollyShown(row.getByText(activeRole, { exact: true }));
        await expectWhollyShown(row.getByText(status, { exact: true }));
        await expectWhollyShown(row.getByRole('button', { name: `Actions for ${sub.name}`, exact: true }));
      }
      await expectWhollyShown(item(subs[1].email).getByRole('button', { name: `Activate ${subs[1].name}` }));
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();

      // The menu opens and its actions are there.
      await page.getByRole('button', { name: `Actions for ${subs[0].name}`, exact: true }).click();
      await expectWhollyShown(page.getByRole('menuitem', { name: 'Deactivate', exact: true }));
      await page.keyboard.press('Escape');
    });

    test(`Manage Roles shows whole status badges, ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await loginInBrowser(page, owner);
      await page.goto('/profile/managesubusersrole');
      for (const [role, status] of [
        [activeRole, 'Active'],
        [inactiveRole, 'Inactive'],
      ] as const) {
        const row = page.getByRole('table', { name: 'Roles' }).getByRole('row').filter({ hasText: role });
        const badge = row.getByText(status, { exact: true });
        await expectWhollyShown(badge);
        // Mantine's Badge clips its label: a cut badge ('ACT…') is narrower than its text.
        const cut = await badge.evaluate((el) => {
          const clipped = (e: Element) => e.scrollWidth > e.clientWidth;
          return clipped(el) || (el.parentElement ? clipped(el.parentElement) : false);
        });
        expect(cut, `${status} badge of ${role} is cut`).toBe(false);
        await expectWhollyShown(row.getByRole('button', { name: `Actions for ${role}`, exact: true }));
      }
      await expectNoSidewaysScroll(page);
    });

    test(`the Role select of Add User still opens after validation errors, ${label}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await loginInBrowser(page, owner);
      await page.goto('/create-subuser');
      const name = page.getByRole('textbox', { name: 'Name', exact: true });
      await name.fill('Mi');
      await name.blur();
      await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
      const mobile = page.getByRole('textbox', { name: 'Mobile Number', exact: true });
      await mobile.fill('98765');
      await mobile.blur();
      await expect(page.getByText('Mobile number must be 10 digits')).toBeVisible();
      // Gender is left empty: leaving it for Role adds 'Gender is required' above Role (on a phone).
      const gender = page.getByRole('combobox', { name: 'Gender', exact: true });
      await gender.click();
      await page.keyboard.press('Escape');
      await expect(gender).toBeFocused();

      const role = page.getByRole('combobox', { name: 'Role', exact: true });
      await role.click();
      await expect(page.getByRole('option', { name: activeRole, exact: true })).toBeVisible();
      await expect(page.getByText('Gender is required')).toBeVisible();
      await page.getByRole('option', { name: activeRole, exact: true }).click();
      await expect(role).toHaveValue(activeRole);
    });
  }

  test('avatar initials never read as a pause sign: Ian Irwin shows I', async ({ page }) => {
    await loginInBrowser(page, owner);
    await page.goto('/profile/manageusers');
    const row = page.getByRole('table', { name: 'Sub-users' }).getByRole('row').filter({ hasText: subs[1].email });
    await expect(row.getByText('I', { exact: true })).toBeVisible();
    await expect(row.getByText('II', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Sub-users' }).getByText('MM', { exact: true })).toBeVisible();

    // The photo preview of the Add User form too.
    await page.goto('/create-subuser');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ian Irwin');
    // Without a photo the preview shows the initials (its title is the photo's alt text).
    await expect(page.getByTitle('Profile photo')).toHaveText('I');
  });

  test("a status toggle that fails without a server message says 'Failed to update user status'", async ({ page }) => {
    await loginInBrowser(page, owner);
    await page.goto('/profile/manageusers');
    await page.route('**/api/bussiness/activeInactive**', (route) => route.fulfill({ status: 500, body: '' }));
    await rowAction(page, subs[0].name, 'Deactivate');
    await expect(page.getByText('Failed to update user status')).toBeVisible();
    const row = page.getByRole('table', { name: 'Sub-users' }).getByRole('row').filter({ hasText: subs[0].email });
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
  });

  test("a team call that fails without a server message says 'An unknown error occurred.'", async ({ page }) => {
    await loginInBrowser(page, owner);
    await page.goto('/profile/managesubusersrole');
    await page.route('**/api/roleManagement/activeInactive**', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await rowAction(page, activeRole, 'Deactivate');
    await expect(page.getByText('An unknown error occurred.')).toBeVisible();
  });
});
