import type { Locator, Page } from '@playwright/test';
import { createCompletedBrand, firstAdmin } from './support/admin';
import { apiCall, createCompletedInfluencer, loginInBrowser, serverNow } from './support/api';
import { CARDS, payInBrowser, startCheckoutByApi, subscribeByApi } from './support/billing';
import { createCompletedImc } from './support/calendar';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { postByApi, uploadPhoto, utcSchedule } from './support/posts';
import { linkByApi } from './support/social';
import { createUnpaidBusinessOwner } from './support/team';

// Small things a person meets across the app: a select opened with a value keeps the page where it was; an
// influencer's payment opens its details; the console's plan prices in their own currencies; Clear All says why it
// waits; posts at the same time readable on the week; a brand's tab words whole on a phone; a word after the
// payment page; the public phone menu and the console's status badges as assistive technology needs them.

const SIZES = [
  { label: 'on a desktop', name: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'at 390 px wide', name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Whether the element's box lies wholly inside the window as it is now. */
async function whollyOnScreen(locator: Locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth && r.height > 0;
  });
}

/**
 * Opens the select named `name` (which has a value) from a scrolled page: the page stays where it was, and its
 * list opens on screen.
 */
async function expectSelectOpensInPlace(page: Page, name: string) {
  // as most people see it: the list comes in with its short animation
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const input = page.getByRole('combobox', { name, exact: true });
  await input.scrollIntoViewIfNeeded();
  // the field low on the screen, the page well down from its top
  await page.evaluate(() => window.scrollBy(0, 1));
  await input.evaluate((el) => {
    const r = el.getBoundingClientRect();
    window.scrollBy(0, r.top - window.innerHeight / 2);
  });
  const before = await page.evaluate(() => window.scrollY);
  expect(before, 'the page is scrolled down before the list opens').toBeGreaterThan(0);
  // a phone's finger, a desktop's mouse
  if (page.viewportSize()!.width < 500) await input.tap();
  else await input.click();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  const selected = list.getByRole('option', { selected: true });
  await expect(selected).toBeVisible();
  // the list has had its frames to settle
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY), 'the page did not move').toBe(before);
  expect(await whollyOnScreen(selected), 'the chosen option is on screen').toBe(true);
  expect(await whollyOnScreen(input), 'the field is still on screen').toBe(true);
}

for (const { label, name, viewport } of SIZES) {
  test.describe(`a select ${label}`, () => {
    // a phone is touched: the list opened by a tap is the one that moved the page
    test.use({ viewport, ...(name === 'phone' ? { hasTouch: true, isMobile: true } : {}) });

    test('a select opened with a value keeps the page where it was and opens its list on screen', async ({ page, request }) => {
      const user = await createCompletedInfluencer(request);
      await loginInBrowser(page, user);
      await page.goto('/profile/updateprofile');
      // the registration gave the account a gender: the select opens with a value
      await expect(page.getByRole('combobox', { name: 'Gender', exact: true })).toHaveValue('Female');
      await expectSelectOpensInPlace(page, 'Gender');
      await shot(page, `select-gender-${name}`);
      await page.keyboard.press('Escape');

      // the console's news editor: its Type list
      const admin = await firstAdmin(request);
      await loginInBrowser(page, admin);
      await page.goto('/admin/news');
      await page.getByRole('link', { name: 'New article' }).click();
      await expect(page.getByRole('combobox', { name: 'Type', exact: true })).not.toHaveValue('');
      await expectSelectOpensInPlace(page, 'Type');
      await shot(page, `select-news-type-${name}`);
    });
  });

  test.describe(`ui fixes ${label}`, () => {
    test.use({ viewport });

    test("an influencer's payment opens its details, as a brand's does", async ({ page, request, expectNoSeriousA11y }) => {
      test.setTimeout(120_000);
      const imc = await createCompletedImc(request);
      const influencer = await createCompletedInfluencer(request);
      const today = (await serverNow(request)).toISOString().slice(0, 10);
      const campaign = `Autumn range ${Date.now().toString(36)}`;
      const created = await apiCall<{ _id: string }>(request, 'POST', 'campaigns/create', {
        token: imc.token,
        data: {
          name: campaign,
          brief: 'One post',
          budget: 100,
          startDate: today,
          endDate: today,
          influencerIds: [influencer.userId],
          timeZone: 'UTC',
        },
      });
      const campaignId = created.response._id;
      await apiCall(request, 'POST', `campaigns/${campaignId}/respond`, { token: influencer.token, data: { accept: true } });
      const order = await apiCall<{ orderId: string; approveUrl: string }>(request, 'POST', 'payments/createOrder', {
        token: imc.token,
        data: { campaignId, influencerId: influencer.userId, amount: 30 },
      });
      await loginInBrowser(page, imc);
      await page.goto(order.response.approveUrl);
      await page.getByLabel('PayPal e-mail').fill('agency.payer@example.com');
      await page.getByRole('button', { name: /^Pay / }).click();
      await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

      await loginInBrowser(page, influencer);
      await page.goto('/transactions');
      const received = page.getByTestId('transaction').first();
      await expect(received).toContainText('Received from');
      await received.getByTestId('transaction-link').click();
      const detail = page.getByRole('dialog', { name: 'Transaction Successful' });
      await expect(detail).toBeVisible();
      await expect(detail.getByTestId('detail-amount')).toHaveText('$30.00');
      await expect(detail.getByText('Received from')).toBeVisible();
      await expect(detail.getByText('Reach Agency')).toBeVisible();
      await expect(detail.getByRole('link', { name: campaign })).toHaveAttribute('href', `/campaign/${campaignId}`);
      await expect(detail.getByText(order.response.orderId)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `influencer-transaction-detail-${name}`);
      await detail.getByRole('button', { name: 'Close' }).click();
      await expect(detail).toBeHidden();
    });

    test('the console lists each plan at its price in its own currency', async ({ page, request }) => {
      const admin = await firstAdmin(request);
      await loginInBrowser(page, admin);
      await page.goto('/admin/plans');
      const enterprise = page.getByRole('article', { name: 'Enterprise plan' });
      await expect(enterprise).toBeVisible();
      const prices = enterprise.getByRole('list', { name: 'Monthly prices' }).or(enterprise.locator('dl'));
      // the dollar price is never the rupee figure
      await expect(prices).not.toContainText('$17,499');
      await expect(prices).toContainText('₹17,499');
      await expect(prices).toContainText('Not sold in US dollars');
      await expectNoSidewaysScroll(page);
      await shot(page, `admin-plans-${name}`);
    });

    test('Clear All says why it waits while fewer than five notifications are shown', async ({ page, request }) => {
      const user = await createCompletedInfluencer(request);
      for (const i of [1, 2, 3, 4]) {
        const res = await request.post('/sandbox/notifications', {
          data: {
            email: user.email,
            type: 'DRAFT_APPROVED',
            title: `Your draft ${i} was approved`,
            description: 'Your post has been sent!',
          },
        });
        expect(res.ok()).toBe(true);
      }
      await loginInBrowser(page, user);
      await page.goto('/notifications');
      await expect(page.getByRole('article')).toHaveCount(4);
      const clear = page.getByRole('button', { name: 'Clear All' });
      await expect(clear).toBeDisabled();
      // the reason is on the page for everyone, and is the button's description
      const why = 'Clear All works once 5 or more notifications are shown.';
      await expect(page.getByText(why)).toBeVisible();
      await expect(clear).toHaveAccessibleDescription(why);
      await expectNoSidewaysScroll(page);
      await shot(page, `notifications-clear-all-${name}`);
    });

    test('posts at the same time are readable on the week', async ({ page, request }) => {
      test.setTimeout(120_000);
      const user = await createCompletedInfluencer(request);
      const x = await linkByApi(request, user.token, 'twitter');
      const photo = await uploadPhoto(request, page, user.token, 17);
      const now = await serverNow(request);
      // tomorrow at 10:00 UTC: the browser reads UTC
      const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 10, 0));
      const stamp = Date.now().toString(36);
      const captions = [`Golden hour on the pier ${stamp}`, `Golden gate at dawn ${stamp}`];
      for (const caption of captions)
        await postByApi(request, user.token, { caption, photo, accounts: [x], more: { IsScheduled: true, ...utcSchedule(at) } });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await loginInBrowser(page, user);
      await page.goto(`/calender?view=week&date=${at.toISOString().slice(0, 10)}`);
      for (const caption of captions) {
        const chip = page.getByRole('link', { name: new RegExp(caption) });
        await chip.scrollIntoViewIfNeeded();
        await expect(chip).toBeVisible();
        const caption2 = chip.locator('[data-chip-caption]').or(chip.locator('p, span').filter({ hasText: caption }).first());
        // at least the caption's first two words are drawn in full
        const shown = await caption2.first().evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const box = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          // the characters drawn: those whose box ends inside the caption's box
          const text = el.textContent ?? '';
          const node = el.firstChild;
          let drawn = 0;
          if (node && node.nodeType === Node.TEXT_NODE) {
            for (let i = 0; i < text.length; i++) {
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const r = range.getBoundingClientRect();
              if (r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5) drawn = i + 1;
              else break;
            }
          } else drawn = text.length;
          return { drawn: text.slice(0, drawn), overflow: style.textOverflow };
        });
        const firstWords = caption.split(' ').slice(0, 2).join(' ');
        expect(shown.drawn.length, `'${shown.drawn}' shows '${firstWords}'`).toBeGreaterThanOrEqual(firstWords.length + 1);
      }
      await expectNoSidewaysScroll(page);
      await shot(page, `calendar-week-same-time-${name}`);
    });

    test("a brand's navigation shows each entry's whole word", async ({ page, request }) => {
      test.setTimeout(120_000);
      const brand = await createCompletedBrand(request, `Sunny Foods ${name}`);
      await subscribeByApi(request, brand, 'Starter');
      await loginInBrowser(page, brand);
      await page.goto('/home');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Campaigns' })).toBeVisible();
      const cut = await nav.evaluate((el) =>
        Array.from(el.querySelectorAll('a, button'))
          .map((a) => a.querySelector('[class*="Label"], [class*="label"]') as HTMLElement | null)
          .filter((l): l is HTMLElement => !!l && l.offsetWidth > 1)
          .filter((l) => l.scrollWidth > l.clientWidth + 0.5)
          .map((l) => l.textContent),
      );
      expect(cut, 'entries whose word is cut').toEqual([]);
      await expectNoSidewaysScroll(page);
      await shot(page, `brand-nav-${name}`);
    });

    test('back from the payment page, the dashboard says the plan is active', async ({ page, request }) => {
      test.setTimeout(120_000);
      const owner = await createUnpaidBusinessOwner(request);
      const { url } = await startCheckoutByApi(request, owner, 'Starter');
      await loginInBrowser(page, owner);
      await page.goto(url);
      await payInBrowser(page, CARDS.ok);
      await expect(page).toHaveURL(/\/home$/, { timeout: 20_000 });
      await expect(
        page.getByRole('alert').filter({ hasText: 'Your Starter plan is active. Thank you for your payment!' }),
      ).toBeVisible();
      await shot(page, `plan-active-toast-${name}`);
    });

    test('the console news list and its badges meet contrast; the public phone menu is a proper menu', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      const admin = await firstAdmin(request);
      const published = `Contrast check ${Date.now().toString(36)}`;
      const made = await apiCall<{ _id: string }>(request, 'POST', 'admin/news/create', {
        token: admin.token,
        data: { title: published, description: '<p>A published article</p>', authorFirstName: 'Ada', newsType: 'HIGHLIGHTS' },
      });
      await apiCall(request, 'POST', 'admin/news/publish', { token: admin.token, data: { newsId: made.response._id } });
      await loginInBrowser(page, admin);
      await page.goto('/admin/news');
      await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();
      await expectNoSeriousA11y();
      await shot(page, `admin-news-${name}`);

      // a visitor, on the landing page
      await page.evaluate(() => localStorage.clear());
      await page.goto('/');
      if (name === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(
          page
            .getByRole('menu')
            .or(page.getByRole('navigation', { name: /menu/i }))
            .first(),
        ).toBeVisible();
        await expectNoSeriousA11y();
        await shot(page, `public-menu-${name}`);
      }
    });
  });
}
