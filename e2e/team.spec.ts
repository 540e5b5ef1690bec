import { randomInt } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import { loginInBrowser, PASSWORD, type TApiUser, uniqueUserName } from './support/api';
import { expect, test } from './support/fixtures';
import { latestMessage, uniqueEmail } from './support/outbox';
import { addSubUserByApi, createBusinessOwner, uniqueMobile } from './support/team';

/**
 * Business teams (issue 3): an owner builds a role and its per-network permissions, invites a sub-user,
 * the sub-user sets a password from the invitation link and works as a BUSINESS_MANAGER with exactly what
 * the role allows; deactivation ends the manager's session; roles are deactivated and activated; the
 * sub-user list is searched and paged.
 */

const SCHEDULER_INCONSISTENT = "Please ensure all 'Scheduler' access settings are consistent across all account types.";
const NETWORKS = ['Instagram', 'Facebook', 'YouTube', 'LinkedIn', 'TikTok', 'X'];
const MANAGER_PASSWORD = 'Manag3r!x';

async function loginThroughUi(page: Page, emailPhone: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email / Phone').fill(emailPhone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** The row of a table that holds `text`. */
const rowOf = (page: Page, table: string, text: string): Locator =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

/** Opens a row's ⋮ menu and picks an item. */
async function rowAction(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** The module checkbox of a network in the permission tree. */
const moduleBox = (page: Page, network: string, module: 'Post' | 'Analytics' | 'Scheduler') =>
  page.getByRole('group', { name: network, exact: true }).getByRole('checkbox', { name: module, exact: true });
const accountBox = (page: Page, network: string) =>
  page.getByRole('group', { name: network, exact: true }).getByRole('checkbox', { name: network, exact: true });

/** A text field by its label (required labels carry an asterisk the accessible name leaves out). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

/** Picks an option of a Mantine Select by the field's label. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Picks a date of birth in the calendar (the field cannot be typed in): it opens on the decade 25 years back. */
async function pickDateOfBirth(page: Page) {
  const year = new Date().getFullYear() - 25;
  await page.getByRole('button', { name: 'Date of Birth' }).click();
  await page.getByRole('button', { name: String(year), exact: true }).click();
  await page.getByRole('button', { name: 'Mar', exact: true }).click();
  await page.getByRole('button', { name: `15 March ${year}`, exact: true }).click();
  return `${year}-03-15`;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

// One journey in steps that build on each other; a journey step may take longer than a single-page check.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.describe('a business team', () => {
  let owner: TApiUser;
  const roleName = `Social lead ${randomInt(100, 999)}`;
  let roleId = '';
  const sub = { name: 'Mia Manager', email: '', userName: '' };

  test.beforeAll(async ({ request }) => {
    owner = await createBusinessOwner(request);
  });

  test('the owner creates a role and assigns per-network permissions; Scheduler must agree', async ({
    page,
    expectNoSeriousA11y,
  }) => {
    await loginThroughUi(page, owner.email!, PASSWORD);
    // Profile hub → Manage Users → User Role.
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('link', { name: /^Manage Users/ }).click();
    await expect(page).toHaveURL(/\/profile\/manageusers$/);
    await expect(page.getByText('No users found')).toBeVisible();
    await page.getByRole('link', { name: 'User Role' }).click();
    await expect(page).toHaveURL(/\/profile\/managesubusersrole$/);

    // The role dialog: both fields required.
    await page.getByRole('button', { name: 'Add Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Role' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText('Role Name is required')).toBeVisible();
    await expect(dialog.getByText('Role Description is required')).toBeVisible();
    await expectNoSeriousA11y();
    await dialog.getByLabel('Role Name').fill(roleName);
    await dialog.getByLabel('Role Description').fill('Posts on Instagram, reads Facebook analytics');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Role Added Successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, 'Roles', roleName).getByText('Active', { exact: true })).toBeVisible();

    // Row menu → Assign Permissions.
    await rowAction(page, roleName, 'Assign Permissions');
    await expect(page).toHaveURL(/\/profile\/assignpermissions\?roleId=/);
    roleId = new URL(page.url()).searchParams.get('roleId')!;
    await expect(page.getByText(`Role: ${roleName}`)).toBeVisible();
    for (const n of NETWORKS) await expect(page.getByRole('group', { name: n, exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Threads' })).toHaveCount(0);
    await expect(page.getByText('Twitter')).toHaveCount(0);
    await expectNoSeriousA11y();

    // Instagram Post + Scheduler, Facebook Analytics: the Scheduler values disagree, nothing is sent.
    let updates = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/permission/update')) updates++;
    });
    await moduleBox(page, 'Instagram', 'Post').check();
    await moduleBox(page, 'Instagram', 'Scheduler').check();
    await moduleBox(page, 'Facebook', 'Analytics').check();
    await expect(accountBox(page, 'Instagram')).toBeChecked();
    await expect(accountBox(page, 'Facebook')).toBeChecked();
    await expect(moduleBox(page, 'Instagram', 'Analytics')).not.toBeChecked();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(SCHEDULER_INCONSISTENT)).toBeVisible();
    expect(updates).toBe(0);

    // An account checkbox sets all of its modules, Select All mirrors every account; undo both.
    await accountBox(page, 'YouTube').check();
    for (const m of ['Post', 'Analytics', 'Scheduler'] as const) await expect(moduleBox(page, 'YouTube', m)).toBeChecked();
    await accountBox(page, 'YouTube').uncheck();
    await expect(moduleBox(page, 'YouTube', 'Scheduler')).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Select All' })).not.toBeChecked();

    // Scheduler agrees across the networks the role opens: Facebook Analytics + Scheduler.
    await moduleBox(page, 'Facebook', 'Scheduler').check();
    const saved = page.waitForResponse((r) => r.url().includes('/api/permission/update') && r.status() === 200);
    await page.getByRole('button', { name: 'Save' }).click();
    await saved;
    await expect(page.getByText('Permissions assigned successfully')).toBeVisible();

    // As the server keeps them.
    await page.reload();
    await expect(moduleBox(page, 'Instagram', 'Post')).toBeChecked();
    await expect(moduleBox(page, 'Instagram', 'Scheduler')).toBeChecked();
    await expect(moduleBox(page, 'Instagram', 'Analytics')).not.toBeChecked();
    await expect(moduleBox(page, 'Facebook', 'Analytics')).toBeChecked();
    await expect(moduleBox(page, 'Facebook', 'Post')).not.toBeChecked();
    await expect(moduleBox(page, 'LinkedIn', 'Post')).not.toBeChecked();
    for (const n of NETWORKS.filter((x) => x !== 'Instagram' && x !== 'Facebook'))
      await expect(accountBox(page, n)).not.toBeChecked();
  });

  test('the owner invites a sub-user through the form', async ({ page, expectNoSeriousA11y }) => {
    await loginInBrowser(page, owner);
    await page.goto('/profile/manageusers');
    await page.getByRole('link', { name: 'Add User' }).click();
    await expect(page).toHaveURL(/\/create-subuser$/);
    const add = page.getByRole('button', { name: 'Add', exact: true });
    await expect(add).toBeDisabled();

    sub.email = uniqueEmail('mia');
    sub.userName = uniqueUserName('mia');
    await field(page, 'Name').fill('Mi');
    await field(page, 'Name').blur();
    await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
    await field(page, 'Name').fill(sub.name);
    // A photo for the sub-user (a 1×1 PNG), uploaded before the sub-user exists.
    const photo = page.waitForResponse((r) => r.url().includes('/api/bussiness/uploadImage') && r.status() === 200);
    await page.getByLabel('Profile photo').setInputFiles({
      name: 'mia.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await photo;
    await expect(page.getByRole('button', { name: 'Change photo' })).toBeVisible();
    await field(page, 'Username').fill(sub.userName);
    await expect(page.getByText('Username is available')).toBeVisible();
    await field(page, 'Email').fill(sub.email);
    await field(page, 'Mobile Number').fill('98765');
    await field(page, 'Mobile Number').blur();
    await expect(page.getByText('Mobile number must be 10 digits')).toBeVisible();
    await expectNoSeriousA11y();
    await field(page, 'Mobile Number').fill(uniqueMobile());
    await pickDateOfBirth(page);
    await pick(page, 'Gender', 'Female');
    await expect(add).toBeDisabled();
    await pick(page, 'Role', roleName);
    await expect(add).toBeEnabled();
    await add.click();
    await expect(page.getByText('Sub-user added successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/manageusers$/);
    const row = rowOf(page, 'Sub-users', sub.email);
    await expect(row.getByText(sub.name)).toBeVisible();
    await expect(row.getByText(roleName)).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.locator('img[src*="/uploads/profile/"]')).toHaveCount(1);

    // View Access: per platform ticks.
    await rowAction(page, sub.name, 'View Access');
    const access = page.getByRole('dialog', { name: 'Access Details' });
    const ig = access.getByRole('row', { name: /^Instagram/ });
    await expect(ig.getByRole('cell')).toHaveText(['✓Allowed', '✗Not allowed', '✓Allowed']);
    const fb = access.getByRole('row', { name: /^Facebook/ });
    await expect(fb.getByRole('cell')).toHaveText(['✗Not allowed', '✓Allowed', '✓Allowed']);
    await expectNoSeriousA11y();
    await page.keyboard.press('Escape');
    await expect(access).toBeHidden();
  });

  test('the sub-user sets a password from the invitation, works within the role, and is shut out when deactivated', async ({
    page,
    browser,
    request,
    expectNoSeriousA11y,
  }) => {
    // The invitation link, as the outbox received it.
    const mail = await latestMessage(request, sub.email);
    const link = new URL(mail.body.match(/https?:\/\/\S+\/set-password\?token=[\w-]+/)![0]);
    const manager = await newPage(browser);
    await manager.goto(`${link.pathname}${link.search}`);
    await expect(manager.getByTestId('invitation-for')).toContainText(sub.name);
    await expect(manager.getByTestId('invitation-for')).toContainText(sub.email);
    await expectNoSeriousA11y(manager);
    await manager.getByLabel('New Password').fill(MANAGER_PASSWORD);
    await manager.getByLabel('Confirm Password').fill('Manag3r!y');
    await manager.getByRole('button', { name: 'Set Password' }).click();
    await expect(manager.getByText('Passwords should match!')).toBeVisible();
    await manager.getByLabel('Confirm Password').fill(MANAGER_PASSWORD);
    await manager.getByRole('button', { name: 'Set Password' }).click();
    await expect(manager.getByText('Your password is set. You can log in now')).toBeVisible();
    await expect(manager).toHaveURL(/\/login$/);

    // The link works once.
    await manager.goto(`${link.pathname}${link.search}`);
    await expect(manager.getByText('This invitation link is invalid or has expired')).toBeVisible();

    // Logs in as a BUSINESS_MANAGER and sees what the role allows.
    await loginThroughUi(manager, sub.email, MANAGER_PASSWORD);
    expect(await manager.evaluate(() => localStorage.getItem('virality-role-type'))).toBe('BUSINESS_MANAGER');
    await manager.getByRole('link', { name: 'Profile' }).click();
    await expect(manager).toHaveURL(/\/profile$/);
    const yours = manager.getByRole('region', { name: 'Your access' });
    await expect(yours.getByText(`Role: ${roleName}`)).toBeVisible();
    const igAccess = yours.getByRole('listitem').filter({ hasText: 'Instagram' });
    await expect(igAccess.getByText('Post', { exact: true })).toBeVisible();
    await expect(igAccess.getByText('Scheduler', { exact: true })).toBeVisible();
    await expect(igAccess.getByText('Analytics', { exact: true })).toHaveCount(0);
    const fbAccess = yours.getByRole('listitem').filter({ hasText: 'Facebook' });
    await expect(fbAccess.getByText('Analytics', { exact: true })).toBeVisible();
    await expect(fbAccess.getByText('Post', { exact: true })).toHaveCount(0);
    // Only the networks the role opens are listed.
    await expect(yours.getByRole('listitem')).toHaveCount(2);
    const menu = manager.getByRole('navigation', { name: 'Profile menu' });
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(menu.getByText('Manage Users')).toHaveCount(0);
    await expect(menu.getByText('User Role')).toHaveCount(0);
    await expect(manager.getByText('Pricing')).toHaveCount(0);
    // The manager's navigation: every entry whose page exists.
    const nav = manager.getByRole('navigation', { name: 'Main' });
    for (const icon of ['Home', 'Profile']) await expect(nav.getByRole('link', { name: icon })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Drafts' })).toHaveAttribute('href', '/postdraft');
    await expect(nav.getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/calender');

    // Team management is not theirs: the screen sends them home, the server refuses.
    await manager.goto('/profile/manageusers');
    await expect(manager).toHaveURL(/\/home$/);
    await manager.goto('/profile/updatesubuser');
    await expect(manager).toHaveURL(/\/home$/);
    const token = (await manager.evaluate(() => localStorage.getItem('virality-auth-token')))!;
    const refused = await request.get('/api/bussiness/getAll', { headers: { 'x-access-token': token } });
    expect(refused.status()).toBe(403);

    // The owner deactivates the sub-user: the manager's open page is taken to the login page at once.
    await loginInBrowser(page, owner);
    await page.goto('/profile/manageusers');
    await rowAction(page, sub.name, 'Deactivate');
    await expect(page.getByText('User deactivated successfully')).toBeVisible();
    const row = rowOf(page, 'Sub-users', sub.email);
    await expect(row.getByText('InActive', { exact: true })).toBeVisible();

    await expect(manager.getByText('Unauthorized access')).toBeVisible();
    await expect(manager).toHaveURL(/\/login$/);
    expect(await manager.evaluate(() => localStorage.getItem('virality-auth-token'))).toBeNull();

    // Activate again from the row's button.
    await row.getByRole('button', { name: /^Activate/ }).click();
    await expect(page.getByText('User activated successfully')).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await manager.context().close();
  });

  test('the owner deactivates and activates the role; an inactive role cannot be assigned', async ({ page }) => {
    await loginInBrowser(page, owner);
    await page.goto('/profile/managesubusersrole');
    const row = rowOf(page, 'Roles', roleName);
    await rowAction(page, roleName, 'Deactivate');
    await expect(page.getByText('Role deactivated successfully')).toBeVisible();
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();

    // Only active roles are offered to a new sub-user.
    await page.goto('/create-subuser');
    await page.getByRole('combobox', { name: 'Role', exact: true }).click();
    await expect(page.getByRole('option', { name: roleName })).toHaveCount(0);
    await page.goto('/profile/managesubusersrole');

    await row.getByRole('button', { name: /^Activate/ }).click();
    await expect(page.getByText('Role activated successfully')).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    // A role a sub-user holds cannot be deleted: the server says how many hold it.
    await rowAction(page, roleName, 'Delete');
    await page.getByRole('dialog', { name: 'Delete Role' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('This role cannot be deleted: 1 sub-user holds it')).toBeVisible();

    // Edit through the dialog.
    await rowAction(page, roleName, 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Role' });
    await expect(dialog.getByLabel('Role Name')).toHaveValue(roleName);
    await dialog.getByLabel('Role Description').fill('Posts, schedules and reads analytics');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Role Updated Successfully!')).toBeVisible();
  });

  test('search by name or e-mail, and pages of 10, with more than 10 sub-users; edit and delete', async ({
    page,
    request,
    expectNoSeriousA11y,
  }) => {
    const tag = randomInt(10_000, 99_999);
    // Added through the API, together.
    const added = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        addSubUserByApi(request, owner, roleId, `Member ${tag} ${String(i + 1).padStart(2, '0')}`),
      ),
    );

    await loginInBrowser(page, owner);
    await page.goto('/profile/manageusers');
    const table = page.getByRole('table', { name: 'Sub-users' });
    // 12 sub-users: 10 on page 1, 2 on page 2.
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(page.getByText('12 in all · page 1 of 2')).toBeVisible();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText('12 in all · page 2 of 2')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);

    // Search by name, then by e-mail; back to page 1.
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(`Member ${tag} 07`);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(rowOf(page, 'Sub-users', added[6].email)).toBeVisible();
    await expectNoSeriousA11y();
    await search.fill(added[9].email);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(rowOf(page, 'Sub-users', `Member ${tag} 10`)).toBeVisible();
    await search.fill(`Member ${tag}`);
    await expect(page.getByText('11 in all · page 1 of 2')).toBeVisible();
    await search.fill('nobody-here-at-all');
    await expect(page.getByText('No users found')).toBeVisible();

    // Edit: the row travels in router state; the e-mail cannot be changed.
    await search.fill(added[0].email);
    await expect(table.getByRole('row')).toHaveCount(2);
    await rowAction(page, added[0].name, 'Edit');
    await expect(page).toHaveURL(/\/profile\/updatesubuser$/);
    await expect(field(page, 'Email')).toBeDisabled();
    await expect(field(page, 'Email')).toHaveValue(added[0].email);
    await field(page, 'Name').fill(`Renamed ${tag}`);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('User updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/manageusers$/);

    // Without a row in state the update screen sends back to Manage Users.
    await page.goto('/profile/updatesubuser');
    await expect(page.getByText('User data is not available.')).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/manageusers$/);

    // Delete, after the confirmation.
    await page.getByRole('searchbox', { name: 'Search' }).fill(`Renamed ${tag}`);
    await expect(table.getByRole('row')).toHaveCount(2);
    await rowAction(page, `Renamed ${tag}`, 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete User' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await rowAction(page, `Renamed ${tag}`, 'Delete');
    await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User Deleted successfully')).toBeVisible();
    await expect(page.getByText('No users found')).toBeVisible();
  });
});
