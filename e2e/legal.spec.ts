import type { Page } from '@playwright/test';
import { createCompletedInfluencer, createVerifiedUser, loginInBrowser, type TApiUser } from './support/api';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { shot } from './support/shots';

/**
 * The help and legal pages, public and in the profile hub: the terms' 15 sections, the privacy policy's
 * minimum age, copying the support address, the FAQ; the sign-up form's links and age line; a profile step
 * with a date of birth under 18 refused in words.
 */

const SUPPORT_EMAIL = 'support@virality.app';
const SIZES = [
  { label: 'on a desktop', viewport: { width: 1280, height: 800 }, tag: 'desktop' },
  { label: 'at 390 px wide', viewport: { width: 390, height: 844 }, tag: 'phone' },
] as const;

const screen = (page: Page, name: string) => shot(page, `/tmp/i24c/${name}.png`);

for (const { label, viewport, tag } of SIZES) {
  test.describe(`help and legal pages ${label}`, () => {
    test.use({ viewport });

    test('the terms: 15 sections dated 1 August 2023, reachable from their contents', async ({ page, expectNoSeriousA11y }) => {
      await page.goto('/terms');
      await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
      await expect(page.getByText('Last updated 1 August 2023')).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 })).toHaveCount(15);
      await screen(page, `terms-${tag}`);
      await page
        .getByRole('navigation', { name: 'Sections of the terms' })
        .getByRole('link', { name: 'Dispute resolution and arbitration' })
        .click();
      await expect(page).toHaveURL(/\/terms#dispute_resolution$/);
      const section = page.getByRole('region', { name: '11. Dispute resolution and arbitration' });
      await expect(section.getByRole('heading')).toBeInViewport();
      await expect(section).toContainText('for 60 days after the notice');
      await expect(section).toContainText('within 30 days of first accepting');
      await expect(section).toContainText('$10,000');
      await expect(section).toContainText('$75,000');
      await expect(page.getByRole('region', { name: /Copyright complaints/ })).toContainText('10 to 14 working days');
      await expect(page.getByRole('region', { name: /Plans, fees and payments/ })).toContainText('final and non-refundable');
      await screen(page, `terms-section-${tag}`);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
    });

    test('the privacy policy: dated 1 August 2023, not for people under 18; /pop leads to it', async ({
      page,
      expectNoSeriousA11y,
    }) => {
      await page.goto('/pop');
      await expect(page).toHaveURL(/\/privacypolicy$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
      await expect(page.getByText('Last updated 1 August 2023')).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: /Virality is for people aged 18 and over/ })).toBeVisible();
      await expect(page.getByText(/Virality is not for anyone under 18/)).toBeVisible();
      await screen(page, `privacy-${tag}`);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
    });

    test("help & support: clicking the address copies it ('email copied to clipboard successfully'); the FAQ opens", async ({
      page,
      context,
      baseURL,
      expectNoSeriousA11y,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      await page.goto('/help-support');
      await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Write an e-mail' })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
      await page.getByRole('button', { name: `Copy ${SUPPORT_EMAIL}` }).click();
      await expect(page.getByText('Email copied to clipboard successfully')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SUPPORT_EMAIL);
      await screen(page, `help-${tag}`);
      await page.getByRole('button', { name: 'How do I add my Instagram account?' }).click();
      await expect(page.getByText('a Facebook account that manages a Facebook Page;')).toBeVisible();
      await expect(page.getByText(/switched to a business profile/)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
    });

    test('the sign-up form links the terms and the privacy policy (in a new tab) and says the minimum age is 18', async ({
      page,
      expectNoSeriousA11y,
    }) => {
      await page.goto('/registration');
      await expect(page.getByText(/You must be at least 18 years old\./)).toBeVisible();
      const [terms] = await Promise.all([
        page.waitForEvent('popup'),
        page.getByRole('link', { name: 'Terms of Service (opens in a new tab)' }).click(),
      ]);
      await expect(terms.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
      await terms.close();
      await expect(page.getByRole('link', { name: 'Privacy Policy (opens in a new tab)' })).toHaveAttribute(
        'href',
        '/privacypolicy',
      );
      await screen(page, `signup-${tag}`);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
    });
  });
}

test.describe('in the profile hub', () => {
  let influencer: TApiUser;
  test.beforeAll(async ({ request }) => {
    influencer = await createCompletedInfluencer(request);
  });

  for (const { label, viewport, tag } of SIZES) {
    test(`privacy policy, help & support and FAQ's open in the app's frame with a way back to the profile, ${label}`, async ({
      page,
      context,
      baseURL,
      expectNoSeriousA11y,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      await page.setViewportSize(viewport);
      await loginInBrowser(page, influencer);
      const nav = page.getByRole('navigation', { name: 'Main' });

      await page.goto('/profile/privacypolicy');
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Profile' })).toBeVisible();
      await screen(page, `hub-privacy-${tag}`);
      await expectNoSeriousA11y();

      await page.goto('/profile/support');
      await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();
      await page.getByRole('button', { name: `Copy ${SUPPORT_EMAIL}` }).click();
      await expect(page.getByText('Email copied to clipboard successfully')).toBeVisible();
      await screen(page, `hub-support-${tag}`);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();

      await page.getByRole('link', { name: /^FAQ's/ }).click();
      await expect(page).toHaveURL(/\/profile\/faq$/);
      await expect(page.getByRole('heading', { level: 1, name: "FAQ's" })).toBeVisible();
      for (const network of ['Instagram', 'Facebook', 'YouTube']) {
        await expect(page.getByRole('button', { name: `How do I add my ${network} account?` })).toBeVisible();
      }
      await page.getByRole('button', { name: 'How do I add my YouTube account?' }).click();
      await expect(page.getByText(/You need a YouTube channel on the Google account/)).toBeVisible();
      await screen(page, `hub-faq-${tag}`);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();

      await page.getByRole('link', { name: '← Profile' }).click();
      await expect(page).toHaveURL(/\/profile$/);
    });
  }
});

test.describe('the minimum age', () => {
  for (const { label, viewport, tag } of SIZES) {
    test(`the profile step refuses a date of birth under 18 in words, ${label}`, async ({ page, request }) => {
      const user = await createVerifiedUser(request, { profileType: 'INFLUENCER' });
      await page.setViewportSize(viewport);
      await loginInBrowser(page, user);
      await page.goto('/userprofile');
      const year = new Date().getUTCFullYear() - 17;
      await page.getByLabel('Date of birth').fill(`${year}-01-15`);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText('You must be at least 18 years old to use Virality')).toBeVisible();
      await screen(page, `under-18-${tag}`);
    });
  }
});
