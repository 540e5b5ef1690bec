import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiCall,
  createCompletedInfluencer,
  influencerProfile,
  loginInBrowser,
  SESSION_KEYS,
  storedSession,
  type TApiUser,
} from './support/api';
import { createCompletedImc } from './support/calendar';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { uniqueEmail } from './support/outbox';
import { shot } from './support/shots';
import { createBusinessOwner, createUnpaidBusinessOwner, managerOf } from './support/team';

/**
 * The profile hub: which entries each kind of user gets (the hiding rules), where they lead, and Logout, at 1280 and
 * 390 px wide.
 */

const SIZES = [
  { label: 'on a desktop', name: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'at 390 px wide', name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** The labels of the hub menu's entries, in order, once the menu is there. */
async function menuEntries(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Profile menu' });
  await expect(menu).toBeVisible();
  return menu.locator('a .mantine-NavLink-label').allTextContents();
}

/** A Google influencer with a finished registration, signed up through the sandbox's Google sign-in. */
async function createGoogleInfluencer(request: APIRequestContext, baseURL: string): Promise<TApiUser> {
  const email = uniqueEmail('google');
  const signedIn = await request.post('/sandbox/google/signin', {
    form: { redirect_uri: `${baseURL}/redirect`, email, name: 'Grace Hopper' },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(303);
  const credential = new URL(signedIn.headers().location).searchParams.get('credential');
  const login = await apiCall<{ accessToken: string; userData: { _id: string } }>(request, 'POST', 'user/googleLogin', {
    data: { email, isGoogleLogin: true, credential, profileType: 'INFLUENCER' },
  });
  const user = {
    token: login.response.accessToken,
    userId: login.response.userData._id,
    profileType: 'INFLUENCER',
    emailPhone: email,
    email,
    phone: null,
    password: '',
    name: 'Grace Hopper',
    userName: null,
  } as TApiUser;
  await apiCall(request, 'PUT', 'user/updateUser', {
    token: user.token,
    params: { userId: user.userId },
    data: { ...influencerProfile(user), name: 'Grace Hopper' },
  });
  await apiCall(request, 'PUT', 'user/updateUser', {
    token: user.token,
    params: { userId: user.userId },
    data: { interested: ['music', 'comedy', 'dance'] },
  });
  return user;
}

test.describe('the profile hub', () => {
  for (const { label, name, viewport } of SIZES) {
    test(`a business with a plan gets every entry that has a page, each leading there, ${label}`, async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      // eight pages visited one after the other
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      const owner = await createBusinessOwner(request);
      await loginInBrowser(page, owner);
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1, name: owner.name! })).toBeVisible();
      // the membership level (a new account starts at Maker)
      await expect(page.locator('.mantine-Badge-root', { hasText: 'Level:' })).toHaveText('Level: Maker');
      expect(await menuEntries(page)).toEqual([
        'Notification',
        'Account Details',
        'Manage Users',
        'User Role',
        'Address Detail',
        'Social Media Accounts',
        'Virality Point',
        'Wallet',
        'Pricing',
        'Change Password',
        'API keys',
        'Privacy Policy',
        'Help & Support',
        "FAQ's",
      ]);
      await expect(page.getByRole('button', { name: /^Delete Account/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, `/tmp/i24a/hub-business-${name}.png`, { fullPage: true });
      await expectNoSeriousA11y();

      const menu = page.getByRole('navigation', { name: 'Profile menu' });
      const destinations: [string, RegExp, string][] = [
        ['Account Details', /\/profile\/updateprofile$/, 'Account Details'],
        ['Address Detail', /\/profile\/address$/, 'Address'],
        ['Change Password', /\/profile\/updatepassword$/, 'Change password'],
        ['Notification', /\/profile\/notification$/, 'Notification'],
        ["FAQ's", /\/profile\/faq$/, 'FAQ'],
        ['Virality Point', /\/profile\/pointwallet$/, 'Virality Point'],
        ['API keys', /\/profile\/apikeys$/, 'API keys'],
      ];
      for (const [entry, url, heading] of destinations) {
        await page.goto('/profile');
        await menu.getByRole('link', { name: new RegExp(`^${entry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
        await expect(page).toHaveURL(url);
        await expect(page.getByRole('heading', { level: 1, name: new RegExp(heading, 'i') })).toBeVisible();
      }
    });
  }

  test('each kind of user gets its own entries', async ({ page, request, baseURL }) => {
    const [influencer, unpaid, imc, google, owner] = await Promise.all([
      createCompletedInfluencer(request),
      createUnpaidBusinessOwner(request),
      createCompletedImc(request),
      createGoogleInfluencer(request, baseURL!),
      createBusinessOwner(request),
    ]);
    // the free tier the interests step gives an influencer in the browser
    await apiCall(request, 'POST', 'subscription/AddInfSubs', { token: influencer.token, data: { userId: influencer.userId } });
    const manager = await managerOf(request, owner, [
      { accountId: '1', access: true, moduleAccess: { Post: true, Analytics: false, Scheduler: false } },
    ]);

    // A free-tier influencer: Notification (never gated), 'Switch to Business', no team.
    await loginInBrowser(page, influencer);
    await page.goto('/profile');
    let entries = await menuEntries(page);
    expect(entries).toEqual(expect.arrayContaining(['Notification', 'Switch to Business', 'Change Password', "FAQ's"]));
    expect(entries).not.toContain('Manage Users');
    expect(entries).not.toContain('Pricing');

    // Signed in with Google: no password to change.
    await loginInBrowser(page, google);
    await page.goto('/profile');
    entries = await menuEntries(page);
    expect(entries).not.toContain('Change Password');
    expect(entries).toContain('Account Details');

    // A business without a plan: no Notification yet.
    await loginInBrowser(page, unpaid);
    await page.goto('/profile');
    entries = await menuEntries(page);
    expect(entries).not.toContain('Notification');
    expect(entries).toContain('Manage Users');

    // IMC: no Social Media Accounts, FAQ or level badge.
    await loginInBrowser(page, imc);
    await page.goto('/profile');
    entries = await menuEntries(page);
    for (const hidden of ['Social Media Accounts', "FAQ's", 'Manage Users', 'Notification'])
      expect(entries).not.toContain(hidden);
    expect(entries).toContain('Pricing');
    await expect(page.getByText(/^Level:/)).toHaveCount(0);

    // A business manager: Notification always, no Pricing, no team management, no level badge.
    await loginInBrowser(page, manager);
    await page.goto('/profile');
    await expect(page.getByRole('region', { name: 'Your access' })).toBeVisible();
    entries = await menuEntries(page);
    expect(entries).toContain('Notification');
    for (const hidden of ['Pricing', 'Manage Users', 'User Role', 'API keys']) expect(entries).not.toContain(hidden);
    await expect(page.getByText(/^Level:/)).toHaveCount(0);
  });

  test('Logout at 390 px: confirm, the session cleared, back to /, then the server session ends', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await createCompletedInfluencer(request);
    await loginInBrowser(page, user);
    await page.goto('/profile');
    const logoutCall = page.waitForRequest((r) => r.url().endsWith('/api/user/logout') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to logout?')).toBeVisible();
    await shot(page, '/tmp/i24a/hub-logout-phone.png');
    await dialog.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await logoutCall;
    const after = await storedSession(page);
    for (const key of SESSION_KEYS) expect(after[key], key).toBeNull();
    await expect
      .poll(async () => (await request.get('/api/user/getUserStatus', { headers: { 'x-access-token': user.token } })).status())
      .toBe(401);
  });
});
