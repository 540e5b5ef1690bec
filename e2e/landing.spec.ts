import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectTakenOver, installClock, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';

// The public site as a visitor meets it, on a desktop and at 390 px: the landing page's hero, what the product does,
// Trusted By influencers, advisors, seven questions, Contact us (a mailto link and a button that copies the address)
// and the footer (the site's pages, the apps in the stores, Virality's own accounts); the public header's Team entry
// and the founders page with its two bios. No link of the header or the footer leads to the not-found page.

const SIZES = [
  ['on a desktop', { width: 1280, height: 800 }],
  ['at 390 px wide', { width: 390, height: 844 }],
] as const;
const SHOTS = process.env.E2E_SHOTS_DIR;
const SUPPORT_EMAIL = 'support@virality.app';
const NOT_FOUND = 'Sorry, page not found!';

/** A screenshot of the whole page for a person to look at, when the run was asked for them. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const toasts = (page: Page) => page.locator('.mantine-Notification-root');
const footer = (page: Page) => page.getByRole('contentinfo');

for (const [label, viewport] of SIZES) {
  const phone = viewport.width < 576;
  const size = phone ? 'phone' : 'desktop';

  test.describe(label, () => {
    test.use({ viewport });

    test('the landing page has its hero, what Virality does, Trusted By influencers, advisors, seven questions, Contact us and the footer', async ({
      page,
      expectNoSeriousA11y,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Publish everywhere at once. Grow your reach with Virality.',
      );
      await expect(page.getByRole('main').getByRole('link', { name: 'Get Started Now' }).first()).toHaveAttribute(
        'href',
        '/selectprofiletype',
      );
      // the drawing names what it shows
      await expect(page.getByRole('img', { name: /^A post scheduled once and published to Instagram, Facebook/ })).toBeVisible();

      const features = page.getByRole('region', { name: 'Everything between an idea and a published post' });
      await expect(features.getByRole('heading', { level: 3 })).toHaveText([
        'Publish everywhere at once',
        'Schedule for the right moment',
        'Drafts your business approves',
        'Your month on one calendar',
        'See what worked',
        'Points and a wallet',
      ]);
      const trusted = page.getByRole('region', { name: 'Trusted by influencers' });
      await expect(trusted.locator('figure')).toHaveCount(4);
      await expect(trusted.locator('figure').first().getByRole('img', { name: 'Instagram' })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Advised by people who have done it' }).getByRole('heading', { level: 3 }),
      ).toHaveText(['Helen Okafor', 'Marco Bianchi', 'Sara Lindqvist']);

      // seven questions, each opening its answer
      const faq = page.getByRole('region', { name: 'Frequently asked questions' });
      const questions = faq.getByRole('button');
      await expect(questions).toHaveCount(7);
      await expect(questions.first()).toHaveText('What is Virality?');
      const cost = faq.getByRole('button', { name: 'How much does it cost?' });
      await cost.click();
      await expect(cost).toHaveAttribute('aria-expanded', 'true');
      await expect(faq.getByText(/the free plan includes 5 posts a month/)).toBeVisible();
      await expect(faq.getByRole('link', { name: 'The pricing page' })).toHaveAttribute('href', '/pricing');

      const contact = page.getByRole('region', { name: 'Talk to a person' });
      await expect(contact.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);

      // the footer: the site's pages, both stores, Virality's accounts
      const nav = footer(page).getByRole('navigation', { name: 'Footer' });
      await expect(nav.getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/team');
      await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
      await expect(nav.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
      await expect(nav.getByRole('link', { name: 'Help & Support' })).toHaveAttribute('href', '/help-support');
      await expect(nav.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
      await expect(nav.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacypolicy');
      await expect(footer(page).getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
        'href',
        /^https:\/\/apps\.apple\.com\//,
      );
      await expect(footer(page).getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
        'href',
        /^https:\/\/play\.google\.com\//,
      );
      for (const network of ['Instagram', 'Facebook', 'YouTube', 'LinkedIn', 'X']) {
        await expect(footer(page).getByRole('link', { name: `Virality on ${network}`, exact: true })).toHaveAttribute(
          'href',
          /^https:\/\//,
        );
      }

      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `landing-${size}`);
    });

    test('Contact us copies the support address and says so', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      // the page's time stands still until the button is seen saying Copied (for two seconds, which a loaded machine
      // can miss)
      await installClock(page);
      await page.goto('/');
      const contact = page.getByRole('region', { name: 'Talk to a person' });
      const button = contact.getByRole('button', { name: 'Copy address' });
      // the page is the app's (hydrated: React holds the button) before its time stops
      await expectTakenOver(button);
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      await button.click();
      await expect(contact.getByRole('button', { name: 'Copied' })).toBeVisible();
      // time flows again: the toast says so, and the button says what it does again a moment later
      await page.clock.resume();
      await expect(toasts(page)).toHaveText('Email copied to clipboard successfully');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SUPPORT_EMAIL);
      await expect(contact.getByRole('button', { name: 'Copy address' })).toBeVisible();
    });

    test('when the browser refuses to copy, Contact us says so and leaves the address to select', async ({ page }) => {
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'clipboard', {
          value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
        });
      });
      await page.goto('/');
      const contact = page.getByRole('region', { name: 'Talk to a person' });
      await contact.getByRole('button', { name: 'Copy address' }).click();
      await expect(toasts(page)).toHaveText('The address could not be copied. Select it and copy it yourself.');
      await expect(contact.getByRole('button', { name: 'Copy address' })).toBeVisible();
      await expect(contact.getByRole('link', { name: SUPPORT_EMAIL })).toBeVisible();
    });

    test('every link of the header and the footer on the landing page reaches a page', async ({ page }) => {
      await page.goto('/');
      await expect(footer(page)).toBeVisible();
      const internal = async () =>
        [
          ...new Set(
            await page
              .getByRole('banner')
              .getByRole('link')
              .or(footer(page).getByRole('link'))
              .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '')),
          ),
        ].filter((href) => href.startsWith('/'));
      const hrefs = await internal();
      expect(hrefs).toEqual(
        expect.arrayContaining([
          '/',
          '/team',
          '/pricing',
          '/selectprofiletype',
          '/login',
          '/help-support',
          '/terms',
          '/privacypolicy',
        ]),
      );
      for (const href of hrefs) {
        await page.goto('/');
        // the first one shown: on a phone the header's Team and Pricing are in its menu
        await page.locator(`footer a[href="${href}"], header a[href="${href}"]`).filter({ visible: true }).first().click();
        await expect(page).toHaveURL(new RegExp(`${href === '/' ? '/' : href}$`));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('heading', { name: NOT_FOUND }), `${href} leads to the not-found page`).toHaveCount(0);
      }
    });

    test('the header’s Team entry opens the founders page with its two bios', async ({ page, expectNoSeriousA11y }) => {
      await page.goto('/');
      const banner = page.getByRole('banner');
      if (phone) {
        await banner.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('menuitem', { name: 'Team' }).click();
      } else {
        await banner.getByRole('link', { name: 'Team', exact: true }).click();
      }
      await expect(page).toHaveURL(/\/team$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('The founders of Virality');
      const bios = page.getByRole('article');
      await expect(bios).toHaveCount(2);
      await expect(bios.getByRole('heading', { level: 2 })).toHaveText(['Arjun Kapoor', 'Elena Sokolova']);
      await expect(bios.first()).toContainText('Co-founder and Chief Executive');
      await expect(bios.nth(1)).toContainText('Co-founder and Chief Technology Officer');
      await expect(page.getByRole('main').getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
        'href',
        `mailto:${SUPPORT_EMAIL}`,
      );
      await expect(footer(page).getByRole('link', { name: 'Team' })).toHaveAttribute('href', '/team');
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `founders-${size}`);
    });
  });
}
