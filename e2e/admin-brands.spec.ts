import { mkdirSync } from 'node:fs';
import { firstAdmin } from './support/admin';
import { apiCall, loginInBrowser, pickInterests, selectOption, serverNow, uniqueUserName } from './support/api';
import { CARDS, payInBrowser } from './support/billing';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { latestMessage, uniqueEmail } from './support/outbox';
import { shot } from './support/shots';

/**
 * Brands in the admin console. Brands never sign up: the first admin creates one in the Brands section, the brand
 * sets its password from the e-mailed link, logs in, fills its profile and interests, meets the plan gate and pays a
 * plan at the sandbox checkout, then lands on its dashboard; the admin deactivates it and its session ends at once.
 * And an admin deactivates another admin (whose console session ends), never offered for themselves.
 */

const SHOTS = process.env.E2E_OUTPUT_DIR ? `${process.env.E2E_OUTPUT_DIR}/shots` : '/tmp/admin-brands-shots';
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** The link to set the password in the newest message to `to`. */
async function invitationPath(request: Parameters<typeof latestMessage>[0], to: string, since?: Date) {
  const mail = await latestMessage(request, to, { since });
  const link = /https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(mail.body)?.[0];
  expect(link, mail.body).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

for (const { name, viewport } of SIZES) {
  test.describe(`admin brands ${name}`, () => {
    test.use({ viewport });
    const phone = viewport.width < 768;

    test('an admin creates a brand; the brand sets its password, onboards, pays a plan and lands on its dashboard; deactivated, its session ends', async ({
      page,
      browser,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(240_000);
      const root = await firstAdmin(request);
      const brandName = `Sunny Brand ${name === 'phone' ? 'Mobile' : 'Desk'}`;
      const email = uniqueEmail(`brand-${name}`);

      // the admin works in a browser of its own
      const adminContext = await browser.newContext({ viewport });
      const admin = await adminContext.newPage();
      await loginInBrowser(admin, root);
      await admin.goto('/admin');
      if (phone) await admin.getByRole('button', { name: 'Open the console menu' }).click();
      await admin.getByRole('link', { name: 'Brands', exact: true }).click();
      await expect(admin).toHaveURL(/\/admin\/brands$/);
      await expect(admin.getByRole('heading', { name: 'Brands', level: 1 })).toBeVisible();

      // the dialog checks with the shared rules before anything is sent
      await admin.getByRole('button', { name: 'New brand' }).click();
      const dialog = admin.getByRole('dialog', { name: 'New brand' });
      await dialog.getByRole('button', { name: 'Create and invite' }).click();
      await expect(dialog.getByText("Enter the brand's name")).toBeVisible();
      await expect(dialog.getByText("Enter the brand's e-mail or mobile")).toBeVisible();
      await dialog.getByLabel('Brand name').fill(brandName);
      await dialog.getByLabel('E-mail or mobile').fill('7700900123');
      await expect(dialog.getByLabel('Country code')).toBeVisible();
      await dialog.getByRole('button', { name: 'Create and invite' }).click();
      await expect(dialog.getByText('Please enter your phone code')).toBeVisible();
      await shot(admin, `${SHOTS}/brand-dialog-${name}.png`);
      await expectNoSeriousA11y(admin);
      await dialog.getByLabel('E-mail or mobile').fill(email);
      await expect(dialog.getByLabel('Country code')).toHaveCount(0);
      const sentAt = await serverNow(request);
      await dialog.getByRole('button', { name: 'Create and invite' }).click();
      await expect(admin.getByText(`Brand created: the invitation to set its password is sent to ${email}`)).toBeVisible();
      await expect(dialog).toHaveCount(0);

      // the list finds it by e-mail: invitation pending, no plan, never logged in
      await admin.getByLabel('Search brands').fill(email.toUpperCase());
      const row = phone
        ? admin.getByRole('list', { name: 'Brands' }).getByRole('listitem').filter({ hasText: email })
        : admin.getByRole('table', { name: 'Brands' }).getByRole('row').filter({ hasText: email });
      await expect(row).toHaveCount(1);
      await expect(row.getByText('Invitation pending')).toBeVisible();
      await expect(row.getByText('Active', { exact: true })).toBeVisible();
      await expect(row.getByText('Never')).toBeVisible();
      // the brand waits: the invitation is sent again (the newest link is the one that works)
      await row.getByRole('button', { name: `Resend invitation to ${brandName}` }).click();
      await expect(admin.getByText(`A new invitation is sent to ${email}`)).toBeVisible();
      await shot(admin, `${SHOTS}/brands-${name}.png`, { fullPage: true });
      await expectNoSeriousA11y(admin);
      await expectNoSidewaysScroll(admin);

      // the brand sets its password from the e-mailed link and logs in
      await page.goto(await invitationPath(request, email, sentAt));
      await expect(page.getByTestId('invitation-for')).toContainText(brandName);
      await page.getByLabel('New Password').fill('Br4nd!pass');
      await page.getByLabel('Confirm Password').fill('Br4nd!pass');
      await page.getByRole('button', { name: 'Set Password' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await page.getByLabel('Email / Phone').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Br4nd!pass');
      await page.getByRole('button', { name: 'Login', exact: true }).click();

      // onboarding as a business meets it: the profile, the interests
      await expect(page).toHaveURL(/\/userprofile$/);
      await expect(page.getByLabel('Business/Brand name')).toHaveValue(brandName);
      await page.getByLabel('Username', { exact: true }).fill(uniqueUserName('brand'));
      await expect(page.getByText('Username is available')).toBeVisible();
      await page.getByLabel('Date of birth').fill('1985-03-14');
      await selectOption(page, 'Industry', 'Food & Beverages', 'Food');
      await selectOption(page, 'Company size', '10-50 employees');
      await selectOption(page, 'Country', 'India', 'Indi');
      await selectOption(page, 'State', 'Karnataka', 'Karna');
      await selectOption(page, 'City', 'Bangalore Urban', 'Bangalore U');
      await page.getByLabel('Address').fill('12 MG Road');
      await page.getByLabel('Pin code').fill('560001');
      await shot(page, `${SHOTS}/brand-profile-${name}.png`, { fullPage: true });
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/interest$/);
      await pickInterests(page, ['Fashion', 'Travel', 'Food & Drink']);
      await page.getByRole('button', { name: 'Proceed' }).click();
      await expect(page).toHaveURL(/\/congratulation$/);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/addsocialmedia$/);
      await page.getByRole('button', { name: 'Proceed' }).click();

      // the plan gate, then a plan paid at the sandbox checkout
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole('heading', { name: 'Choose a plan to open your dashboard', level: 1 })).toBeVisible();
      await shot(page, `${SHOTS}/brand-gate-${name}.png`, { fullPage: true });
      await expectNoSeriousA11y();
      await page.getByRole('link', { name: 'See plans' }).click();
      await expect(page).toHaveURL(/\/profile\/pricing$/);
      await page.getByRole('button', { name: 'Subscribe Starter' }).click();
      await page
        .getByRole('dialog', { name: 'Subscribe to Starter' })
        .getByRole('button', { name: 'Continue to payment' })
        .click();
      await expect(page).toHaveURL(/\/sandbox\/stripe\/pay\/cs_/, { timeout: 20_000 });
      await payInBrowser(page, CARDS.ok);
      await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
      await expect(page.getByRole('heading', { name: `Welcome, ${brandName}`, level: 1 })).toBeVisible({ timeout: 20_000 });
      await shot(page, `${SHOTS}/brand-home-${name}.png`, { fullPage: true });
      const token = await page.evaluate(() => localStorage.getItem('virality-auth-token'));
      const status = await apiCall<{ result: { profileType: string; paymentStatus: boolean } }>(
        request,
        'GET',
        'user/getUserStatus',
        {
          token: token ?? '',
        },
      );
      expect(status.response.result).toMatchObject({ profileType: 'BRANDS', paymentStatus: true });

      // the admin sees the password set, the plan and the login; deactivates the brand after a confirmation
      await admin.reload();
      await admin.getByLabel('Search brands').fill(email);
      await expect(row.getByText('Password set')).toBeVisible();
      await expect(row.getByText(/Starter \(active/)).toBeVisible();
      await expect(row.getByRole('button', { name: `Resend invitation to ${brandName}` })).toHaveCount(0);
      await row.getByRole('button', { name: `Deactivate ${brandName}` }).click();
      await admin.getByRole('dialog', { name: 'Deactivate this brand?' }).getByRole('button', { name: 'Deactivate' }).click();
      await expect(admin.getByText('Account deactivated: its sessions have ended')).toBeVisible();
      await expect(row.getByText('Deactivated', { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: `Reactivate ${brandName}` })).toBeVisible();
      await shot(admin, `${SHOTS}/brands-deactivated-${name}.png`, { fullPage: true });
      await expectNoSeriousA11y(admin);
      await expectNoSidewaysScroll(admin);

      // the brand's session has ended: its next page load goes to the login
      const ended = await request.get('/api/user/getUserStatus', { headers: { 'x-access-token': token ?? '' } });
      expect(ended.status()).toBe(401);
      await page.goto('/home');
      await expect(page).toHaveURL(/\/login/);
      await adminContext.close();
    });

    test('an admin deactivates another admin, whose console session ends at once; never offered for themselves', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(120_000);
      const root = await firstAdmin(request);
      // a second admin, invited and logged in through the API
      const email = uniqueEmail(`ops-${name}`);
      const sentAt = await serverNow(request);
      await apiCall(request, 'POST', 'admin/admins', { token: root.token, data: { email, name: `Ops ${name}` } });
      const token = /token=([\w-]+)/.exec(await invitationPath(request, email, sentAt))![1];
      await apiCall(request, 'POST', 'bussiness/acceptInvitation', {
        data: { token, newPassword: 'Adm1n!ops', confirmPassword: 'Adm1n!ops' },
      });
      const login = await apiCall<{ accessToken: string }>(request, 'POST', 'user/userLogin', {
        data: { emailPhone: email, password: 'Adm1n!ops' },
      });
      const second = login.response.accessToken;

      await loginInBrowser(page, root);
      await page.goto('/admin/admins');
      const list = page.getByRole('list', { name: 'Admins' });
      const mine = list.getByRole('listitem').filter({ hasText: root.email! });
      await expect(mine).toBeVisible();
      await expect(mine.getByRole('button')).toHaveCount(0);
      const other = list.getByRole('listitem').filter({ hasText: email });
      await other.getByRole('button', { name: `Deactivate Ops ${name}` }).click();
      await page.getByRole('dialog', { name: 'Deactivate this admin?' }).getByRole('button', { name: 'Deactivate' }).click();
      await expect(page.getByText('Admin deactivated: their sessions have ended')).toBeVisible();
      await expect(other.getByText('Deactivated', { exact: true })).toBeVisible();
      await shot(page, `${SHOTS}/admins-deactivated-${name}.png`, { fullPage: true });
      await expectNoSeriousA11y();
      await expectNoSidewaysScroll(page);
      const me = await request.get('/api/admin/me', { headers: { 'x-access-token': second } });
      expect(me.status()).toBe(401);

      // reactivated, the admin logs in again
      await other.getByRole('button', { name: `Reactivate Ops ${name}` }).click();
      await page.getByRole('dialog', { name: 'Reactivate this admin?' }).getByRole('button', { name: 'Reactivate' }).click();
      await expect(page.getByText('Admin reactivated')).toBeVisible();
      await expect(other.getByText('Active', { exact: true })).toBeVisible();
      const again = await request.post('/api/user/userLogin', { data: { emailPhone: email, password: 'Adm1n!ops' } });
      expect(again.status()).toBe(200);
    });
  });
}
