import {
  apiCall,
  createVerifiedUser,
  fillOtp,
  influencerProfile,
  PASSWORD,
  pickInterests,
  selectOption,
  serverNow,
  uniqueUserName,
} from './support/api';
import { expect, test } from './support/fixtures';
import { latestOtp, uniqueEmail, uniquePhone } from './support/outbox';

test('an influencer signs up by e-mail, verifies e-mail and mobile, picks interests and lands on /home', async ({
  page,
  request,
}) => {
  // A username someone else already holds, for the availability check.
  const other = await createVerifiedUser(request);
  const takenUserName = uniqueUserName('taken');
  await apiCall(request, 'PUT', 'user/updateUser', {
    token: other.token,
    params: { userId: other.userId },
    data: { ...influencerProfile(other), userName: takenUserName },
  });

  const email = uniqueEmail('influencer');
  const phone = uniquePhone();
  const name = 'Ada Lovelace';

  // Profile type chooser → /registration.
  await page.goto('/selectprofiletype');
  await page.getByRole('radio', { name: 'Influencer' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByText('Signing up as Influencer')).toBeVisible();

  // E-mail, password, confirm → Sign Up → /registerationotp.
  const signUp = page.getByRole('button', { name: 'Sign Up', exact: true });
  await expect(signUp).toBeDisabled();
  await page.getByLabel('Email / Phone').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  const sentAt = await serverNow(request);
  await signUp.click();
  await expect(page).toHaveURL(/\/registerationotp$/);
  await expect(page.getByText(`Enter the 4-digit code we sent to ${email}`)).toBeVisible();
  // The registration OTP screen's resend countdown is 16 s.
  await expect(page.getByText(/Resend available in (16|15|14|13) s/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();

  // The code from the sandbox outbox → Submit → /userprofile.
  await fillOtp(page, await latestOtp(request, email, { since: sentAt }));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/userprofile$/);
  await expect(page.getByTestId('onboarding-title')).toHaveText('Creating Influencer profile');

  // The verified sign-up e-mail is filled in and locked.
  const emailInput = page.getByLabel('Email', { exact: true });
  await expect(emailInput).toHaveValue(email);
  await expect(emailInput).toHaveAttribute('readonly', '');

  await page.getByLabel('Name', { exact: true }).fill(name);

  // A taken username: 'UserName already exist!' with clickable suggestions; a suggestion is free.
  const userNameInput = page.getByLabel('Username', { exact: true });
  await userNameInput.fill(takenUserName);
  await expect(page.getByText('UserName already exist!')).toBeVisible();
  const suggestion = page.getByRole('group', { name: 'Username suggestions' }).getByRole('button').first();
  const suggested = ((await suggestion.textContent()) ?? '').trim();
  expect(suggested).not.toBe(takenUserName);
  await suggestion.click();
  await expect(userNameInput).toHaveValue(suggested);
  await expect(page.getByText('Username is available')).toBeVisible();
  await expect(page.getByText('UserName already exist!')).toBeHidden();

  await selectOption(page, 'Gender', 'Female');
  await page.getByLabel('Date of birth').fill('1995-05-17');
  await page.getByLabel('Phone code').fill(phone.phoneCode);
  await page.getByLabel('Mobile number').fill(phone.mobileNumber);

  // Continue: the new mobile needs its OTP (an SMS to +{code}{digits}) on /verifyotp.
  const profileSentAt = await serverNow(request);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/verifyotp$/);
  await expect(page.getByText(`Enter the 4-digit code we sent to ${phone.key}`)).toBeVisible();
  const sms = await latestOtp(request, phone.key, { since: profileSentAt });
  await fillOtp(page, sms);
  await page.getByRole('button', { name: 'Verify' }).click();

  // /interest: three interests; the button reads 'Completing' while the registration completes.
  await expect(page).toHaveURL(/\/interest$/);
  await expect(page.getByTestId('onboarding-title')).toHaveText('Creating Influencer profile');
  await pickInterests(page, ['Fashion', 'Travel', 'Food & Drink']);
  await expect(page.getByText('3 selected')).toBeVisible();

  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/user/updateUser**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('button', { name: 'Completing' })).toBeDisabled();
  release();

  await expect(page).toHaveURL(/\/congratulation$/);
  await expect(page.getByText('Registration completed successfully')).toBeVisible();
  await page.unroute('**/api/user/updateUser**');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Continue leads to linking social accounts; Proceed goes on to /home.
  await expect(page).toHaveURL(/\/addsocialmedia$/);
  await expect(page.getByRole('heading', { name: 'Social Media Accounts' })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${name}` })).toBeVisible();
  await expect(page.getByText(`@${suggested}`)).toBeVisible();

  // The registration stored the second-database ids locally, and the verified mobile on the server.
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('virality-auth-token'),
    orgId: localStorage.getItem('orgId'),
    sphUserId: localStorage.getItem('sphUserId'),
  }));
  expect(stored.orgId).toBeTruthy();
  expect(stored.sphUserId).toBeTruthy();
  const me = await apiCall<{ result: Record<string, unknown> }>(request, 'GET', 'user/getUserStatus', { token: stored.token! });
  expect(me.response.result).toMatchObject({
    profileCompleted: true,
    name,
    userName: suggested,
    gender: 'female',
    dateOfBirth: '1995-05-17',
    email,
    emailVerified: true,
    phoneCode: phone.phoneCode,
    mobileNumber: phone.mobileNumber,
    mobileVerified: true,
    interested: ['fashion', 'travel', 'food'],
    subscriptionDetails: expect.objectContaining({ planType: 'FreeTier', postLimit: 5 }),
  });
});
