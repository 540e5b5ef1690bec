import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  createCompletedInfluencer,
  createVerifiedUser,
  fillOtp,
  loginInBrowser,
  selectOption,
  serverNow,
  uniqueUserName,
} from './support/api';
import { createCompletedImc } from './support/calendar';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { latestOtp, uniquePhone } from './support/outbox';
import { shot } from './support/shots';

// The frame's role rules and a few screens as each role meets them: the wallet at /profile/wallet (every type but
// IMC; /transactions leads there), an unpaid agency's navigation (News and Profile only), /tagged open to every role;
// a page opened from a notification counting the visit; the point wallet's figures agreeing; the code page saying
// why a second code was sent; an agency's onboarding worded for a company.

const SHOTS = process.env.E2E_OUTPUT_DIR ? `${process.env.E2E_OUTPUT_DIR}/shots` : '/tmp/shell-roles-shots';
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

for (const { name, viewport } of SIZES) {
  test.describe(`roles and the frame, ${name}`, () => {
    test.use({ viewport });

    test('the wallet is /profile/wallet (old /transactions links lead there); the hub’s Wallet opens it', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      const influencer = await createCompletedInfluencer(request);
      await loginInBrowser(page, influencer);
      await page.goto('/transactions');
      await expect(page).toHaveURL(/\/profile\/wallet$/);
      await expect(page.getByRole('heading', { name: 'Wallet', exact: true })).toBeVisible();
      await expect(page.getByTestId('wallet-amount')).toHaveText('$0.00');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/wallet-influencer-${name}.png`, { fullPage: true });
      await page.goto('/profile');
      await page.getByRole('link', { name: /^Wallet/ }).click();
      await expect(page).toHaveURL(/\/profile\/wallet$/);
    });

    test('an unpaid agency: only News and Profile, no Wallet (to /home), and /tagged lets it in with an empty list', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      const imc = await createCompletedImc(request);
      await loginInBrowser(page, imc);
      await page.goto('/profile');
      await expect(mainNav(page).getByRole('link')).toHaveText(['News', 'Profile']);
      await expect(mainNav(page).getByRole('button', { name: 'Create post' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Account Details' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Wallet/ })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/unpaid-imc-hub-${name}.png`, { fullPage: true });

      // no wallet for an IMC: its page sends it home, and the server refuses the list
      await page.goto('/profile/wallet');
      await expect(page).toHaveURL(/\/home$/);
      const list = await request.get('/api/payments/list', { headers: { 'x-access-token': imc.token } });
      expect(list.status()).toBe(403);

      // /tagged is every role's page: an agency is never tagged, and is told so
      await page.goto('/tagged');
      await expect(page).toHaveURL(/\/tagged$/);
      await expect(page.getByRole('heading', { name: 'Tagged campaigns' })).toBeVisible();
      await expect(page.getByText("You haven't been tagged in a campaign yet")).toBeVisible();
      await expect(page.getByText('an influencer account sees them here')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/tagged-imc-${name}.png`, { fullPage: true });
    });

    test('a page opened from a notification counts the visit once, and the mark leaves the address', async ({
      page,
      request,
    }) => {
      const influencer = await createCompletedInfluencer(request);
      await loginInBrowser(page, influencer);
      const counted: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/admin/notification/ctrCount')) counted.push(r.url());
      });
      // where the service worker sends a click on a notification (public/sw.js marks the address)
      const visit = page.waitForResponse((r) => r.url().includes('/api/admin/notification/ctrCount'));
      await page.goto('/notifications?opened=notification');
      const res = await visit;
      expect(res.status()).toBe(200);
      expect(new URL(res.url()).searchParams.get('userId')).toBe(influencer.userId);
      await expect(page).toHaveURL(/\/notifications$/);
      // a reload of the page (the mark gone) counts nothing more
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Notifications' }).first()).toBeVisible();
      expect(counted).toHaveLength(1);
    });

    test('the point wallet’s figures agree: 12 months’ points out of 288, level marks, what is left to earn', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      const influencer = await createCompletedInfluencer(request);
      await loginInBrowser(page, influencer);
      await page.goto('/profile/pointwallet');
      await expect(page.getByTestId('progress-count')).toHaveText('0 / 288 points');
      await expect(page.getByTestId('level-goal')).toHaveText('Earn 144 more points within 12 months to reach Trailblazer.');
      await expect(page.getByText('Trailblazer 144')).toBeVisible();
      await expect(page.getByText('Visionary 288')).toBeVisible();
      await expect(page.getByText('Earn 124 Points more')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/point-wallet-${name}.png`, { fullPage: true });
    });

    test('an agency’s onboarding speaks to a company; the second code’s page says why it was sent', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(120_000);
      const imc = await createVerifiedUser(request, { profileType: 'IMC' });
      await loginInBrowser(page, imc);
      await page.goto('/userprofile');
      await expect(page.getByRole('heading', { name: 'Tell us about your agency' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'About you, who runs this account' })).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Pronouns' })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/onboarding-imc-profile-${name}.png`, { fullPage: true });

      await page.getByLabel('Business/Brand name').fill('Reach Agency');
      await page.getByLabel('Username', { exact: true }).fill(uniqueUserName('agency'));
      await page.getByLabel('Date of birth').fill('1988-03-14');
      await selectOption(page, 'Industry', 'Marketing and Advertising', 'Marketing');
      await selectOption(page, 'Company size', '10-50 employees');
      await selectOption(page, 'Country', 'United Kingdom', 'United King');
      await selectOption(page, 'State', 'Aberdeen', 'Aberdeen');
      await page.getByRole('textbox', { name: 'City', exact: true }).fill('Aberdeen');
      await page.getByLabel('Address').fill('12 Union St.');
      await page.getByLabel('Pin code').fill('AB101AB');
      // the sign-up was by e-mail: a mobile number given here gets a code of its own
      const phone = uniquePhone();
      await page.getByLabel('Phone code').fill(phone.phoneCode);
      await page.getByLabel('Mobile number').fill(phone.mobileNumber);
      const sentAt = await serverNow(request);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/verifyotp$/);
      await expect(page.getByText(`Enter the 4-digit code we sent to ${phone.key}`)).toBeVisible();
      await expect(page.getByTestId('otp-reason')).toContainText('You signed up with your email. We also sent a code');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/second-code-${name}.png`, { fullPage: true });

      await fillOtp(page, await latestOtp(request, phone.key, { since: sentAt }));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/interest$/);
      await expect(page.getByRole('heading', { name: 'Choose your topics' })).toBeVisible();
      await expect(page.getByText('areas your agency runs campaigns in')).toBeVisible();
      await expect(page.getByText('create content')).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await shot(page, `${SHOTS}/onboarding-imc-interests-${name}.png`, { fullPage: true });
    });
  });
}
