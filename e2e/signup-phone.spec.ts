import { fillOtp, PASSWORD, pickInterests, selectOption, serverNow, uniqueUserName } from './support/api';
import { expect, test } from './support/fixtures';
import { latestOtp, uniquePhone } from './support/outbox';

test('a business signs up by phone, fills the business profile, picks interests and lands on /home', async ({
  page,
  request,
}) => {
  // the longest journey of the suite (two OTPs, a profile with location pickers, interests): room on a busy machine
  test.setTimeout(120_000);
  const phone = uniquePhone('91');
  const businessName = 'Acme Widgets';
  const userName = uniqueUserName('acme');

  await page.goto('/selectprofiletype');
  await page.getByRole('radio', { name: 'Business' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByText('Signing up as Business')).toBeVisible();
  // Google sign-up is offered to influencers only.
  await expect(page.getByRole('button', { name: 'Sign up with Google' })).toHaveCount(0);

  // All digits: the 'Phone code' input appears and is required.
  const phoneCode = page.getByLabel('Phone code');
  await expect(phoneCode).toHaveCount(0);
  await page.getByLabel('Email / Phone').fill(phone.mobileNumber);
  await expect(phoneCode).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  const signUp = page.getByRole('button', { name: 'Sign Up', exact: true });
  await expect(signUp).toBeDisabled();
  await phoneCode.fill(phone.phoneCode);
  await expect(signUp).toBeEnabled();

  const sentAt = await serverNow(request);
  await signUp.click();
  await expect(page).toHaveURL(/\/registerationotp$/);
  await expect(page.getByText(`Enter the 4-digit code we sent to ${phone.key}`)).toBeVisible();
  await fillOtp(page, await latestOtp(request, phone.key, { since: sentAt }));
  await page.getByRole('button', { name: 'Submit' }).click();

  // /userprofile with the business fields; the verified sign-up mobile is filled in and locked.
  await expect(page).toHaveURL(/\/userprofile$/);
  await expect(page.getByTestId('onboarding-title')).toHaveText('Creating Business profile');
  await expect(page.getByRole('heading', { name: 'Tell us about your business' })).toBeVisible();
  const mobile = page.getByLabel('Mobile number');
  await expect(mobile).toHaveValue(phone.mobileNumber);
  await expect(mobile).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Phone code')).toHaveValue(phone.phoneCode);

  await page.getByLabel('Business/Brand name').fill(businessName);
  await page.getByLabel('Username', { exact: true }).fill(userName);
  await expect(page.getByText('Username is available')).toBeVisible();
  await page.getByLabel('Date of birth').fill('1988-11-02');
  await selectOption(page, 'Industry', 'Computer Software', 'Computer Soft');
  await selectOption(page, 'Company size', '10-50 employees');
  await selectOption(page, 'Country', 'India', 'Indi');
  await selectOption(page, 'State', 'Karnataka', 'Karna');
  await selectOption(page, 'City', 'Bangalore Urban', 'Bangalore U');
  await page.getByLabel('Address').fill('12 MG Road');
  await page.getByLabel('Pin code').fill('560001');

  // Nothing left to verify: straight to /interest.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/interest$/);
  await pickInterests(page, ['Technology', 'Gaming', 'Travel']);
  await page.getByRole('button', { name: 'Proceed' }).click();

  await expect(page).toHaveURL(/\/congratulation$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  // Continue leads to linking social accounts; Proceed goes on to /home.
  await expect(page).toHaveURL(/\/addsocialmedia$/);
  await expect(page.getByRole('heading', { name: 'Social Media Accounts' })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // a business without a plan meets the subscription gate, greeted by name, with the way to the plans
  await expect(page.getByRole('heading', { name: 'Choose a plan to open your dashboard' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${businessName}!`, { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/profile/pricing');

  // The saved profile, as the server holds it.
  const token = await page.evaluate(() => localStorage.getItem('virality-auth-token'));
  const res = await request.get('/api/user/getUserStatus', { headers: { 'x-access-token': token ?? '' } });
  const user = (await res.json()).response.result;
  expect(user).toMatchObject({
    profileType: 'BUSINESS',
    profileCompleted: true,
    name: businessName,
    userName,
    industryType: 'Computer Software',
    companySize: 2,
    mobileNumber: phone.mobileNumber,
    address: { country: 'India', state: 'Karnataka', city: 'Bangalore Urban', addressLine: '12 MG Road', pinCode: '560001' },
  });
});
