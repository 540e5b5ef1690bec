import {
  apiCall,
  createCompletedInfluencer,
  createVerifiedUser,
  loginInBrowser,
  selectOption,
  uniqueUserName,
} from './support/api';
import { expect, test } from './support/fixtures';
import { expectNoSidewaysScroll } from './support/layout';
import { shot } from './support/shots';

/**
 * The business profile form as a new user meets it: required fields marked before Continue, a country search
 * that puts 'India' first for 'Ind', a city typed where the data lists none (Aberdeen, United Kingdom), an
 * address line written as real addresses are; and the congratulation page's picture.
 */

const SIZES = [
  { label: 'at 390 px wide', viewport: { width: 390, height: 844 }, tag: 'phone' },
  { label: 'on a desktop', viewport: { width: 1280, height: 800 }, tag: 'desktop' },
] as const;
const SHOTS = '/tmp/h4';

for (const { label, viewport, tag } of SIZES) {
  test(`a business fills the profile: required marks, 'India' first for 'Ind', a typed city for Aberdeen, an address with commas, ${label}`, async ({
    page,
    request,
    expectNoSeriousA11y,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const user = await createVerifiedUser(request, { profileType: 'BUSINESS' });
    await loginInBrowser(page, user);
    await page.goto('/userprofile');
    await expect(page.getByRole('heading', { name: 'Tell us about your business' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Country' })).toBeVisible();

    // Required fields are marked before Continue: an asterisk a sighted user sees, 'required' for a screen reader,
    // and the field's name stays its name.
    await expect(page.getByText('Fields marked * are required.', { exact: false })).toBeVisible();
    const marks = (role: 'textbox' | 'combobox', name: string) =>
      page.getByRole(role, { name, exact: true }).evaluate((el) => {
        const labelEl = el.id ? document.querySelector(`label[for="${el.id}"]`) : null;
        return {
          announced: el.getAttribute('aria-required') === 'true',
          asterisk: !!labelEl && getComputedStyle(labelEl, '::after').content.includes('*'),
        };
      });
    const required = [
      ['textbox', 'Business/Brand name'],
      ['textbox', 'Username'],
      ['textbox', 'Date of birth'],
      ['combobox', 'Industry'],
      ['combobox', 'Company size'],
      ['combobox', 'Country'],
      ['combobox', 'State'],
      ['combobox', 'City'],
      ['textbox', 'Address'],
      ['textbox', 'Pin code'],
    ] as const;
    for (const [role, name] of required) expect(await marks(role, name), name).toEqual({ announced: true, asterisk: true });
    // a business's form asks no pronouns (it speaks to a company); gender is the account holder's, optional
    await expect(page.getByRole('combobox', { name: 'Pronouns' })).toHaveCount(0);
    for (const name of ['Gender']) expect(await marks('combobox', name), name).toEqual({ announced: false, asterisk: false });
    for (const name of ['Email', 'Mobile number'])
      expect(await marks('textbox', name), name).toEqual({ announced: false, asterisk: false });
    await shot(page, `${SHOTS}/profile-form-${tag}.png`, { fullPage: true });

    // The country search puts names that start with the text first.
    const country = page.getByRole('combobox', { name: 'Country', exact: true });
    await country.click();
    await country.fill('Ind');
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.first()).toHaveText('India');
    const names = await options.allTextContents();
    expect(names.slice(0, 2)).toEqual(['India', 'Indonesia']);
    expect(names.indexOf('British Indian Ocean Territory')).toBeGreaterThan(1);
    await shot(page, `${SHOTS}/profile-country-search-${tag}.png`);
    await page.keyboard.press('Escape');

    await page.getByLabel('Business/Brand name').fill('Acme Foods');
    const userName = uniqueUserName('acme');
    await page.getByLabel('Username', { exact: true }).fill(userName);
    await page.getByLabel('Date of birth').fill('1990-04-02');
    await selectOption(page, 'Industry', 'Food & Beverages', 'Food');
    await selectOption(page, 'Company size', '10-50 employees');
    await selectOption(page, 'Country', 'United Kingdom', 'United King');
    await selectOption(page, 'State', 'Aberdeen', 'Aberdeen');

    // Aberdeen has no cities in the data: the city is typed, not a dead end 'No city found'.
    const city = page.getByRole('textbox', { name: 'City', exact: true });
    await expect(city).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'City', exact: true })).toHaveCount(0);
    await expect(page.getByText('Not in our list for this place: type it')).toBeVisible();
    await city.fill('Aberdeen');

    // An address line with a double space is refused with the spec's words; commas, '#' and periods are fine.
    await page.getByLabel('Address').fill('Flat #4,  Union St.');
    await page.getByLabel('Pin code').fill('AB101AB');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('* Extra blank spaces and some characters are not allowed')).toBeVisible();
    await expect(page.getByLabel('Address')).toBeFocused();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11y();
    await shot(page, `${SHOTS}/profile-typed-city-${tag}.png`, { fullPage: true });

    await page.getByLabel('Address').fill("Flat #4, 12 Union St., O'Neill House");
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/interest$/);

    const status = await apiCall<{ result: { address: Record<string, string> } }>(request, 'GET', 'user/getUserStatus', {
      token: user.token,
    });
    expect(status.response.result.address).toEqual({
      country: 'United Kingdom',
      state: 'Aberdeen',
      city: 'Aberdeen',
      addressLine: "Flat #4, 12 Union St., O'Neill House",
      pinCode: 'AB101AB',
    });
  });

  test(`the congratulation page draws its picture, ${label}`, async ({ page, request, expectNoSeriousA11y }) => {
    await page.setViewportSize(viewport);
    await loginInBrowser(page, await createCompletedInfluencer(request));
    await page.goto('/congratulation');
    await expect(page.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
    const picture = page.getByTestId('celebration');
    await expect(picture).toBeVisible();
    expect(await picture.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    // no emoji stands in for it
    expect(await page.getByRole('main').textContent()).not.toMatch(/\p{Extended_Pictographic}/u);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11y();
    await shot(page, `${SHOTS}/congratulation-${tag}.png`);
  });
}
