import { createCompletedInfluencer, loginInBrowser, PASSWORD } from './support/api';
import { expect, test } from './support/fixtures';
import { shot } from './support/shots';

/**
 * Change password from the profile: each field checked as it is typed with the password rules' words, Save
 * disabled while one is wrong, a wrong old password said above the form, and a change that signs out every
 * other device (the one used stays signed in) and says so.
 */

const SIZES = [
  { label: 'on a desktop', viewport: { width: 1280, height: 800 }, shot: 'desktop' },
  { label: 'at 390 px wide', viewport: { width: 390, height: 844 }, shot: 'phone' },
] as const;
const NEW_PASSWORD = 'N3w!Secret';

for (const size of SIZES) {
  test(`changing the password ${size.label}: rules as typed, a wrong old password, then the other devices signed out`, async ({
    page,
    request,
    expectNoSeriousA11y,
  }) => {
    await page.setViewportSize(size.viewport);
    const user = await createCompletedInfluencer(request);
    // another device, signed in with the same account
    const other = await request.post('/api/user/userLogin', { data: { emailPhone: user.emailPhone, password: PASSWORD } });
    const otherToken = (await other.json()).response.accessToken as string;
    await loginInBrowser(page, user);
    await page.goto('/profile/updatepassword');

    await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    const oldField = page.getByLabel('Old password', { exact: true });
    const newField = page.getByLabel('New password', { exact: true });
    const confirmField = page.getByLabel('Confirm new password', { exact: true });

    await oldField.fill('short');
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await newField.fill('lowercase1');
    await expect(
      page.getByText('Password must contain a number, an upper case letter, a lower case letter and one of !@#$%^&*'),
    ).toBeVisible();
    await newField.fill(NEW_PASSWORD);
    await confirmField.fill('N3w!Secrex');
    await expect(page.getByText('Passwords should match!')).toBeVisible();
    await expect(save).toBeDisabled();
    // show / hide
    await expect(newField).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show or hide new password' }).click();
    await expect(newField).toHaveAttribute('type', 'text');
    await expectNoSeriousA11y();
    await shot(page, `/tmp/i24b/change-password-errors-${size.shot}.png`, { fullPage: true });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);

    // a wrong old password: the server's words above the form, nothing changed
    await oldField.fill('Wr0ng!pass');
    await confirmField.fill(NEW_PASSWORD);
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Old password is incorrect' })).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/updatepassword$/);
    await shot(page, `/tmp/i24b/change-password-wrong-old-${size.shot}.png`, { fullPage: true });

    await oldField.fill(PASSWORD);
    await save.click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(/Password changed successfully\. .*every other device was signed out/)).toBeVisible();
    await shot(page, `/tmp/i24b/change-password-done-${size.shot}.png`);

    // the other device is signed out; this one is not; only the new password logs in
    const otherStatus = await request.get('/api/user/getUserStatus', { headers: { 'x-access-token': otherToken } });
    expect(otherStatus.status()).toBe(401);
    const mine = await request.get('/api/user/getUserStatus', { headers: { 'x-access-token': user.token } });
    expect(mine.status()).toBe(200);
    const withOld = await request.post('/api/user/userLogin', { data: { emailPhone: user.emailPhone, password: PASSWORD } });
    expect(withOld.status()).toBe(401);
    const withNew = await request.post('/api/user/userLogin', { data: { emailPhone: user.emailPhone, password: NEW_PASSWORD } });
    expect(withNew.status()).toBe(200);
  });
}
