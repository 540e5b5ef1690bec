import type { Page } from '@playwright/test';
import {
  apiCall,
  createCompletedInfluencer,
  fillOtp,
  loginInBrowser,
  selectOption,
  serverNow,
  type TApiUser,
} from './support/api';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { latestOtp, uniqueEmail, uniquePhone } from './support/outbox';
import { shot } from './support/shots';
import { createBusinessOwner } from './support/team';

/**
 * Account Details and Address, as the profile hub opens them: each form's errors where the field is, its success
 * and the way back to the hub; a new e-mail or mobile saved only after its OTP; at 1280 and 390 px wide.
 */

const SIZES = [
  { label: 'on a desktop', name: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'at 390 px wide', name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

type TMe = {
  name: string;
  gender: string | null;
  dateOfBirth: string | null;
  paypalId: string | null;
  email: string | null;
  mobileNumber: string | null;
  address: {
    country: string | null;
    state: string | null;
    city: string | null;
    addressLine: string | null;
    pinCode: string | null;
  };
};
const me = async (page: Page, user: TApiUser) =>
  (await apiCall<{ result: TMe }>(page.request, 'GET', 'user/getUserStatus', { token: user.token })).response.result;

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
/** A field's own error: the text Mantine ties to it (aria-describedby). */
const errorOf = (page: Page, name: string) =>
  field(page, name).evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((e) => e?.className.includes('error'))
      .map((e) => e!.textContent)
      .join(''),
  );

test.describe('Account Details', () => {
  for (const { label, name, viewport } of SIZES) {
    test(`an influencer corrects the details: errors under the fields, then 'Profile updated successfully' and back to the hub, ${label}`, async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      await page.setViewportSize(viewport);
      const user = await createCompletedInfluencer(request);
      await loginInBrowser(page, user);
      await page.goto('/profile');
      await page.getByRole('link', { name: /^Account Details/ }).click();
      await expect(page).toHaveURL(/\/profile\/updateprofile$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Account Details' })).toBeVisible();
      await expect(field(page, 'Name')).toHaveValue(user.name!);
      // the e-mail this account signed up with is locked; the mobile, never verified, is still open
      await expect(field(page, 'Email')).toHaveValue(user.email!);
      await expect(field(page, 'Email')).toHaveAttribute('readonly', '');
      await expect(field(page, 'Mobile number')).not.toHaveAttribute('readonly', '');
      // no team buttons for an influencer
      await expect(page.getByRole('link', { name: 'User Management' })).toHaveCount(0);

      // errors where they belong: on blur, as typed (the payout id), and on Save
      await field(page, 'Name').fill('');
      await field(page, 'Name').blur();
      await expect.poll(() => errorOf(page, 'Name')).toBe('Please enter your name');
      await field(page, 'PayPal id').fill('quinn @pay');
      await expect.poll(() => errorOf(page, 'PayPal id')).toBe('space is not valid');
      await field(page, 'Date of birth').fill('2999-01-01');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => errorOf(page, 'Date of birth')).toBe('Invalid Date of Birth');
      await expect(field(page, 'Name')).toBeFocused();
      await expectNoSidewaysScroll(page);
      await shot(page, `/tmp/i24a/account-details-errors-${name}.png`, { fullPage: true });
      await expectNoSeriousA11y();
      expect((await me(page, user)).name).toBe(user.name);

      // corrected: saved, said, and back to the hub
      await field(page, 'Name').fill('Quinn A. Tester');
      await field(page, 'Date of birth').fill('1993-08-21');
      await field(page, 'PayPal id').fill('quinn@pay.example');
      await selectOption(page, 'Gender', 'Other');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Profile updated successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Quinn A. Tester' })).toBeVisible();
      expect(await me(page, user)).toMatchObject({
        name: 'Quinn A. Tester',
        gender: 'transgender',
        dateOfBirth: '1993-08-21',
        paypalId: 'quinn@pay.example',
      });
    });
  }

  test('a new mobile number is saved only after its OTP (390 px)', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = await createCompletedInfluencer(request);
    expect((await me(page, user)).mobileNumber).toBeNull();
    await loginInBrowser(page, user);
    await page.goto('/profile/updateprofile');
    const phone = uniquePhone('44');
    await field(page, 'Phone code').fill(phone.phoneCode);
    await field(page, 'Mobile number').fill(phone.mobileNumber);
    const since = await serverNow(request);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/verifyotp$/);
    await expect(page.getByText(`Enter the 4-digit code we sent to ${phone.key}`)).toBeVisible();
    // not saved before the code
    expect((await me(page, user)).mobileNumber).toBeNull();
    await fillOtp(page, await latestOtp(request, phone.key, { since }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    expect((await me(page, user)).mobileNumber).toBe(phone.mobileNumber);
    // once set, it is locked
    await page.goto('/profile/updateprofile');
    await expect(field(page, 'Mobile number')).toHaveValue(phone.mobileNumber);
    await expect(field(page, 'Mobile number')).toHaveAttribute('readonly', '');
  });

  test('a new e-mail is saved only after its OTP (desktop)', async ({ page, request }) => {
    const user = await createCompletedInfluencer(request, { by: 'phone' });
    expect((await me(page, user)).email).toBeNull();
    await loginInBrowser(page, user);
    await page.goto('/profile/updateprofile');
    await expect(field(page, 'Mobile number')).toHaveAttribute('readonly', '');
    const email = uniqueEmail('later');
    await field(page, 'Email').fill(email);
    const since = await serverNow(request);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/verifyotp$/);
    expect((await me(page, user)).email).toBeNull();
    await fillOtp(page, await latestOtp(request, email, { since }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    expect((await me(page, user)).email).toBe(email);
  });

  test('a business gets its industry and company size, and the User Role and User Management buttons', async ({
    page,
    request,
  }) => {
    const owner = await createBusinessOwner(request);
    await loginInBrowser(page, owner);
    await page.goto('/profile/updateprofile');
    await expect(field(page, 'Business/Brand name')).toHaveValue(owner.name!);
    await expect(page.getByRole('combobox', { name: 'Industry', exact: true })).toHaveValue('Computer Software');
    await expect(page.getByRole('combobox', { name: 'Company size', exact: true })).toHaveValue('0-10 employees');
    await expect(page.getByRole('combobox', { name: 'Pronouns' })).toHaveCount(0);
    await shot(page, '/tmp/i24a/account-details-business-desktop.png', { fullPage: true });
    await selectOption(page, 'Company size', '51-100 employees');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto('/profile/updateprofile');
    await expect(page.getByRole('combobox', { name: 'Company size', exact: true })).toHaveValue('51-100 employees');
    await page.getByRole('link', { name: 'User Role' }).click();
    await expect(page).toHaveURL(/\/profile\/managesubusersrole$/);
    await page.goBack();
    await page.getByRole('link', { name: 'User Management' }).click();
    await expect(page).toHaveURL(/\/profile\/manageusers$/);
  });
});

test.describe('Address', () => {
  for (const { label, name, viewport } of SIZES) {
    test(`a business moves: pickers that clear below, the rules' messages, 'Saving ...', N/A where the place has no state, ${label}`, async ({
      page,
      request,
      expectNoSeriousA11y,
    }) => {
      await page.setViewportSize(viewport);
      const owner = await createBusinessOwner(request);
      await loginInBrowser(page, owner);
      await page.goto('/profile');
      await page.getByRole('link', { name: /^Address Detail/ }).click();
      await expect(page).toHaveURL(/\/profile\/address$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Address' })).toBeVisible();
      const combo = (n: string) => page.getByRole('combobox', { name: n, exact: true });
      await expect(combo('Country')).toHaveValue('India');
      await expect(combo('State')).toHaveValue('Maharashtra');
      await expect(combo('City')).toHaveValue('Mumbai');
      await expect(field(page, 'Address')).toHaveValue('21 Marine Drive');

      // changing the state clears the city; changing the country clears both
      await selectOption(page, 'State', 'Goa', 'Goa');
      await expect(combo('City')).toHaveValue('');
      await selectOption(page, 'Country', 'United Kingdom', 'United King');
      await expect(combo('State')).toHaveValue('');

      // the rules' messages, under their fields
      await field(page, 'Address').fill('21  Baker Street');
      await field(page, 'Pin code').fill('12');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => errorOf(page, 'Address')).toBe('* Extra blank spaces and some characters are not allowed');
      await expect.poll(() => errorOf(page, 'Pin code')).toBe('Zip/Pin code is not valid');
      await expect(page.getByText('State is required')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot(page, `/tmp/i24a/address-errors-${name}.png`, { fullPage: true });
      await expectNoSeriousA11y();

      // a country without states: state and city are left empty, and saved as N/A
      await selectOption(page, 'Country', 'Aruba', 'Aruba');
      await expect(combo('State')).toBeDisabled();
      await field(page, 'Address').fill('12 Caya Betico Croes, Flat #4');
      await field(page, 'Pin code').fill('00000');
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/updateAddress'));
      // the page goes back only after the user is read again (then a second later): while that read is held, the
      // success is on screen and the page has not moved, whatever the machine's speed
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      await page.route('**/api/user/getUserStatus*', async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('button', { name: 'Saving ...' })).toBeVisible();
      await saved;
      await expect(page.getByText('Address saved successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/profile\/address$/);
      release();
      await expect(page).toHaveURL(/\/profile$/);
      expect((await me(page, owner)).address).toEqual({
        country: 'Aruba',
        state: 'N/A',
        city: 'N/A',
        addressLine: '12 Caya Betico Croes, Flat #4',
        pinCode: '00000',
      });
    });
  }
});
