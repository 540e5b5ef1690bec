import { mkdirSync } from 'node:fs';
import { firstAdmin } from './support/admin';
import { createCompletedInfluencer, loginInBrowser } from './support/api';
import { expect, test } from './support/fixtures';
import { latestMessage, uniqueEmail } from './support/outbox';
import { shot } from './support/shots';

/**
 * The admin console: the first admin (made by `npm run admin:create` before the server starts, see
 * playwright.config.ts) invites another admin from the Admins section; the new admin sets the password from the
 * e-mailed link, logs in and lands on the console's Overview, finds an account by its e-mail and deactivates it (its session
 * ends at once), and the audit log shows the change.
 */

const SHOTS = process.env.E2E_OUTPUT_DIR ? `${process.env.E2E_OUTPUT_DIR}/shots` : '/tmp/admin-shots';
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of SIZES) {
  test.describe(`admin console ${name}`, () => {
    test.use({ viewport });

    test('an invited admin sets the password, lands on the console, finds an account and deactivates it', async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      test.setTimeout(120_000);
      const root = await firstAdmin(request);
      const target = await createCompletedInfluencer(request);
      const person = target.name!;

      const openSection = async (label: string) => {
        if (viewport.width < 768) await page.getByRole('button', { name: 'Open the console menu' }).click();
        await page.getByRole('link', { name: label, exact: true }).click();
      };

      // the first admin invites a second one from the Admins section
      await loginInBrowser(page, root);
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/admin\/overview$/);
      await openSection('Admins');
      const email = uniqueEmail(`admin-${name}`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Name').fill('Second Admin');
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
      const invited = page.getByRole('list', { name: 'Admins' }).getByRole('listitem').filter({ hasText: email });
      await expect(invited.getByText('Invitation sent')).toBeVisible();
      await shot(page, `${SHOTS}/admins-${name}.png`, { fullPage: true });
      await expectNoSeriousA11y(page);
      await page.getByRole('button', { name: 'Log out' }).click();
      await expect(page).toHaveURL(/\/login$/);

      // the invitation's link sets the password; the login lands on the console
      const mail = await latestMessage(request, email);
      const link = /https?:\/\/\S+\/set-password\?token=[\w-]+/.exec(mail.body)?.[0];
      expect(link, mail.body).toBeTruthy();
      await page.goto(new URL(link!).pathname + new URL(link!).search);
      await page.getByLabel('New Password').fill('Adm1n!two');
      await page.getByLabel('Confirm Password').fill('Adm1n!two');
      await page.getByRole('button', { name: 'Set Password' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await page.getByLabel('Email / Phone').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Adm1n!two');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/overview$/);
      // an admin has no profile pages: /home leads back to the console
      await page.goto('/home');
      await expect(page).toHaveURL(/\/admin\/overview$/);

      // finds the account by its e-mail and deactivates it
      await openSection('Users');
      await page.getByLabel('Search accounts').fill(target.email!.toUpperCase());
      const row = page.getByRole('list', { name: 'Accounts' }).getByRole('listitem').filter({ hasText: target.email! });
      await expect(row).toBeVisible();
      await expect(row.getByText('Influencer', { exact: true })).toBeVisible();
      await expect(row.getByText('Plan: None')).toBeVisible();
      await expect(row.getByText('Networks: None linked')).toBeVisible();
      await shot(page, `${SHOTS}/users-${name}.png`, { fullPage: true });
      await expectNoSeriousA11y(page);
      await row.getByRole('button', { name: `Deactivate ${person}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
      await expect(page.getByText('Account deactivated: its sessions have ended')).toBeVisible();
      await expect(row.getByText('Deactivated', { exact: true })).toBeVisible();
      const status = await request.get('/api/user/getUserStatus', { headers: { 'x-access-token': target.token } });
      expect(status.status()).toBe(401);

      // the audit log shows who did it and what changed (other journeys' admins write to it at the same time)
      await openSection('Audit log');
      const entry = page
        .getByRole('list', { name: 'Audit log entries' })
        .getByRole('listitem')
        .filter({ hasText: `By ${email}` })
        .filter({ hasText: 'Deactivated an account' });
      await expect(entry).toHaveCount(1);
      await expect(entry.getByText('User status:')).toBeVisible();
      await shot(page, `${SHOTS}/audit-${name}.png`, { fullPage: true });
      await expectNoSeriousA11y(page);
      const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(scrolls).toBe(false);
    });
  });
}
