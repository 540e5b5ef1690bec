import type { Page } from '@playwright/test';
import { createCompletedInfluencer, loginInBrowser } from './support/api';
import { expect, test } from './support/fixtures';
import { shot } from './support/shots';
import { createBusinessOwner, managerOf } from './support/team';

/**
 * Notification settings: four switches kept on the server for the account, so a reload, another device and the
 * senders of push and e-mail all read the same; All notification off greys the three kinds.
 */

const SIZES = [
  { label: 'on a desktop', viewport: { width: 1280, height: 800 }, shot: 'desktop' },
  { label: 'at 390 px wide', viewport: { width: 390, height: 844 }, shot: 'phone' },
] as const;

const toggle = (page: Page, name: string) => page.getByRole('switch', { name, exact: true });
/** A Mantine switch's input is visually hidden: its track is what a finger presses. */
const flip = (page: Page, name: string) => page.getByText(name, { exact: true }).click();

async function expectSwitches(page: Page, on: Record<string, boolean>) {
  for (const [name, checked] of Object.entries(on)) {
    if (checked) await expect(toggle(page, name)).toBeChecked();
    else await expect(toggle(page, name)).not.toBeChecked();
  }
}

for (const size of SIZES) {
  test(`the switches ${size.label} are kept on the server: a reload and another device read them back`, async ({
    page,
    request,
    expectNoSeriousA11y,
  }) => {
    await page.setViewportSize(size.viewport);
    const user = await createCompletedInfluencer(request);
    await loginInBrowser(page, user);
    await page.goto('/profile/notification');

    await expect(page.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
    await expectSwitches(page, { 'All notification': true, Promotional: false, 'Social media': true, Advertisements: false });
    await expectNoSeriousA11y();
    await shot(page, `/tmp/i24b/notification-settings-${size.shot}.png`, { fullPage: true });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);

    await flip(page, 'Promotional');
    await expect(toggle(page, 'Promotional')).toBeChecked();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await page.reload();
    await expectSwitches(page, { Promotional: true, Advertisements: false });

    await flip(page, 'All notification');
    await expect(page.getByText('Off: no push or e-mail notification is sent.')).toBeVisible();
    for (const name of ['Promotional', 'Social media', 'Advertisements']) await expect(toggle(page, name)).toBeDisabled();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    await expectNoSeriousA11y();
    await shot(page, `/tmp/i24b/notification-settings-all-off-${size.shot}.png`, { fullPage: true });

    // what another device (or a sender of push and e-mail) reads
    const read = await request.get('/api/user/notificationSettings', { headers: { 'x-access-token': user.token } });
    expect((await read.json()).response).toEqual({
      allNotification: false,
      promotional: true,
      socialMedia: true,
      advertisements: false,
    });
  });
}

test("a business manager logs in, keeps the role's name with the session, and has switches of their own (390 px)", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await createBusinessOwner(request);
  const manager = await managerOf(request, owner, []);
  const roleName = (await (await request.get('/api/user/getUserStatus', { headers: { 'x-access-token': manager.token } })).json())
    .response.result.businessRoleId.roleName as string;

  await page.goto('/login');
  await page.getByLabel('Email / Phone').fill(manager.emailPhone);
  await page.getByLabel('Password', { exact: true }).fill(manager.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => localStorage.getItem('roleName'))).toBe(roleName);

  await page.goto('/profile/notification');
  await flip(page, 'Advertisements');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const mine = await request.get('/api/user/notificationSettings', { headers: { 'x-access-token': manager.token } });
  expect((await mine.json()).response.advertisements).toBe(true);
  const owners = await request.get('/api/user/notificationSettings', { headers: { 'x-access-token': owner.token } });
  expect((await owners.json()).response.advertisements).toBe(false);
});
