import type { Locator, Page } from '@playwright/test';
import { createCompletedInfluencer, fillOtp, PASSWORD, serverNow, type TApiUser } from './support/api';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { latestOtp, uniqueEmail } from './support/outbox';
import { shot } from './support/shots';

/**
 * Errors where the eye is: a refused login, an unknown address on forgot password and a wrong code show in
 * an alert at the top of their form, not as a toast over the header; toasts keep one style and, on a
 * phone, come one at a time at the bottom, never over the page's heading.
 */

const SIZES = [
  { label: 'at 390 px wide', viewport: { width: 390, height: 844 }, tag: 'phone' },
  { label: 'on a desktop', viewport: { width: 1280, height: 800 }, tag: 'desktop' },
] as const;
const SHOTS = '/tmp/h4';

/** The toasts on screen (Mantine's notifications). */
const toasts = (page: Page) => page.locator('.mantine-Notification-root');

/** The form's own alert: inside the form, above its first field, below the page heading. */
async function expectFormAlert(page: Page, message: string, firstField: Locator) {
  const alert = page.locator('form').getByRole('alert');
  await expect(alert).toHaveText(message);
  await expect(alert).toBeInViewport({ ratio: 1 });
  const [a, f, h] = await Promise.all([
    alert.boundingBox(),
    firstField.boundingBox(),
    page.getByRole('heading', { level: 1 }).boundingBox(),
  ]);
  expect(a!.y + a!.height, 'the alert sits above the first field').toBeLessThanOrEqual(f!.y);
  expect(a!.y, 'the alert sits below the heading').toBeGreaterThanOrEqual(h!.y + h!.height);
}

test.describe('errors show on the form', () => {
  // each test its own user: a reset code holds a 60 s resend countdown for its address
  let user: TApiUser;
  test.beforeEach(async ({ request }) => {
    user = await createCompletedInfluencer(request);
  });

  for (const { label, viewport, tag } of SIZES) {
    test(`a refused login, an unknown address and a wrong code show above their forms, not as toasts, ${label}`, async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      await page.setViewportSize(viewport);

      // Login with a wrong password.
      await page.goto('/login');
      await page.getByLabel('Email / Phone').fill(user.email!);
      await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass1');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expectFormAlert(page, 'Invalid email / phone or password', page.getByLabel('Email / Phone'));
      await expect(toasts(page)).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/login-error-${tag}.png`);

      // Forgot password for an address nobody has.
      await page.goto('/forgot-password');
      await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
      await page.getByLabel('Email / Phone').fill(uniqueEmail('nobody'));
      await page.getByRole('button', { name: 'Send OTP' }).click();
      const alert = page.locator('form').getByRole('alert');
      await expect(alert).toBeVisible();
      await expectFormAlert(page, (await alert.textContent()) ?? '', page.getByLabel('Email / Phone'));
      await expect(toasts(page)).toHaveCount(0);
      await shot(page, `${SHOTS}/forgot-error-${tag}.png`);

      // A wrong reset code.
      await page.goto('/forgot-password');
      await page.getByLabel('Email / Phone').fill(user.email!);
      const sentAt = await serverNow(request);
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await expect(page).toHaveURL(/\/verifyotp$/);
      const otp = await latestOtp(request, user.email!, { since: sentAt });
      await fillOtp(page, otp === '0000' ? '1111' : '0000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await expectFormAlert(page, 'Invalid OTP', page.getByLabel('OTP digit 1'));
      await expectNoSeriousA11y();
      await shot(page, `${SHOTS}/otp-error-${tag}.png`);
    });
  }

  test('a sign-up refused by the server shows above the form', async ({ page }) => {
    await page.goto('/registration');
    await page.getByLabel('Email / Phone').fill(user.email!);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectFormAlert(page, 'An account with this Email / Phone already exists', page.getByLabel('Email / Phone'));
    await expect(toasts(page)).toHaveCount(0);
  });
});

for (const { label, viewport, tag } of SIZES) {
  test(`success toasts keep the spec's words in one style; on a phone one at a time, at the bottom, ${label}`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail('toast');
    await page.goto('/registration');
    await page.getByLabel('Email / Phone').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
    const sentAt = await serverNow(request);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page).toHaveURL(/\/registerationotp$/);
    const first = toasts(page).first();
    await expect(first).toBeVisible();
    // one style: an icon, a border, the words as the server said them, starting with a capital
    await expect(first.locator('.mantine-Notification-icon svg')).toBeVisible();
    expect(await first.getAttribute('data-with-border')).toBe('true');
    expect((await first.textContent())?.trim()).toMatch(/^[A-Z]/);

    await fillOtp(page, await latestOtp(request, email, { since: sentAt }));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/userprofile$/);
    await expect(toasts(page).filter({ hasText: 'OTP verified successfully' })).toBeVisible();
    await shot(page, `${SHOTS}/toast-${tag}.png`);

    const heading = await page.getByRole('heading', { level: 2 }).first().boundingBox();
    const box = await toasts(page).last().boundingBox();
    if (viewport.width <= 820) {
      // the newest replaced the first: one toast, at the bottom, clear of the heading
      await expect(toasts(page)).toHaveCount(1);
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      expect(box!.y).toBeGreaterThan(viewport.height / 2);
      expect(box!.y).toBeGreaterThan(heading!.y + heading!.height);
    } else {
      // top right, beside the form, never wider than its column
      expect(box!.x).toBeGreaterThan(viewport.width / 2);
      expect(box!.y).toBeLessThan(viewport.height / 3);
    }
  });
}
