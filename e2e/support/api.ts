import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { latestOtp, uniqueEmail, uniquePhone } from './outbox';

/** A password that satisfies the new-password rules (8-15 chars, digit, upper, lower, one of !@#$%^&*). */
export const PASSWORD = 'Viral1ty!';

export type TProfileType = 'INFLUENCER' | 'BUSINESS' | 'IMC';

/** What the tests need to know about a user made through the API. */
export type TApiUser = {
  token: string;
  userId: string;
  profileType: TProfileType;
  /** The sign-up key: the e-mail, or '+{code}{digits}'. */
  emailPhone: string;
  email: string | null;
  phone: { phoneCode: string; mobileNumber: string; key: string } | null;
  password: string;
  name: string | null;
  userName: string | null;
};

type TEnvelope<T> = { status: boolean; message: string; response: T };

/** Sends a main-API call and fails the test with the server's answer when it is not a success. */
export async function apiCall<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  { token, data, params }: { token?: string; data?: unknown; params?: Record<string, string> } = {},
): Promise<TEnvelope<T>> {
  const res = await request.fetch(`/api/${path}`, {
    method,
    data,
    params,
    headers: token ? { 'x-access-token': token } : undefined,
  });
  const text = await res.text();
  expect(res.ok(), `${method} /api/${path} answered ${res.status()}: ${text.slice(0, 300)}`).toBe(true);
  return JSON.parse(text) as TEnvelope<T>;
}

/**
 * The server's clock (GET /sandbox/clock). Outbox times are server times, and a test may have moved that
 * clock forward (POST /sandbox/clock/advance), so `since` for latestOtp is read from it, not from Date.now().
 */
export async function serverNow(request: APIRequestContext): Promise<Date> {
  const res = await request.get('/sandbox/clock');
  expect(res.ok(), `GET /sandbox/clock answered ${res.status()}`).toBe(true);
  const json = (await res.json()) as TEnvelope<{ now: string }>;
  return new Date(json.response.now);
}

/**
 * The page's own clock: what the browser counts as now (the product's now when the run started it there, see
 * support/fixtures.ts). A page's "today" is checked against it, never against the test machine's clock.
 */
export async function browserNow(page: Page): Promise<Date> {
  return new Date(await page.evaluate(() => Date.now()));
}

/**
 * Signs a user up through the API (create_user, the OTP from the outbox, verifyOtp) and returns its
 * token: the account is verified but its profile is not filled in (profileCompleted false).
 */
export async function createVerifiedUser(
  request: APIRequestContext,
  { profileType = 'INFLUENCER', by = 'email' }: { profileType?: TProfileType; by?: 'email' | 'phone' } = {},
): Promise<TApiUser> {
  const email = by === 'email' ? uniqueEmail(profileType.toLowerCase()) : null;
  const phone = by === 'phone' ? uniquePhone() : null;
  const identifier = email ? { email } : { mobileNumber: phone!.mobileNumber, phoneCode: phone!.phoneCode };
  const since = await serverNow(request);
  const created = await apiCall<{ userId: string; emailPhone: string }>(request, 'POST', 'user/create_user', {
    data: { ...identifier, password: PASSWORD, confirmPassword: PASSWORD, profileType },
  });
  const emailPhone = created.response.emailPhone;
  const otp = await latestOtp(request, emailPhone, { since });
  const verified = await apiCall<{ accessToken: string; userData: { _id: string } }>(request, 'POST', 'otp/verifyOtp', {
    data: { emailPhone, otp },
  });
  return {
    token: verified.response.accessToken,
    userId: verified.response.userData._id,
    profileType,
    emailPhone,
    email,
    phone,
    password: PASSWORD,
    name: null,
    userName: null,
  };
}

let userNameCount = 0;
/** A username unique across workers (at most 20 characters, no spaces). */
export const uniqueUserName = (prefix = 'qa'): string => {
  // a counter, not a random draw: eleven names made in one millisecond by one worker drew the same suffix once in
  // about twenty-five runs (the server refused the second with 'UserName already exist!')
  const seq = (userNameCount++ % 1296).toString(36).padStart(2, '0');
  return `${prefix}${Date.now().toString(36).slice(-6)}${process.pid.toString(36).slice(-3)}${seq}`.slice(0, 20);
};

/**
 * A valid registration profile for an influencer (the registration page requires e-mail and mobile; the
 * one that is not the verified sign-up key stays pending until its own OTP, which setup skips).
 */
export function influencerProfile(user: TApiUser): Record<string, string> {
  const phone = user.phone ?? uniquePhone();
  return {
    name: 'Quinn Tester',
    userName: uniqueUserName(),
    gender: 'female',
    dateOfBirth: '1994-03-12',
    phoneCode: phone.phoneCode,
    mobileNumber: phone.mobileNumber,
    email: user.email ?? uniqueEmail('contact'),
  };
}

/**
 * A verified influencer with a finished registration: profile (PUT updateUser) and three interests
 * (PUT updateUser {interested}), so profileCompleted is true.
 */
export async function createCompletedInfluencer(
  request: APIRequestContext,
  options: { by?: 'email' | 'phone' } = {},
): Promise<TApiUser> {
  const user = await createVerifiedUser(request, { profileType: 'INFLUENCER', by: options.by });
  const name = 'Quinn Tester';
  const userName = uniqueUserName();
  await apiCall(request, 'PUT', 'user/updateUser', {
    token: user.token,
    params: { userId: user.userId },
    data: { ...influencerProfile(user), name, userName },
  });
  const done = await apiCall<{ result: { profileCompleted: boolean } }>(request, 'PUT', 'user/updateUser', {
    token: user.token,
    params: { userId: user.userId },
    data: { interested: ['fashion', 'travel', 'food'] },
  });
  expect(done.response.result.profileCompleted).toBe(true);
  return { ...user, name, userName };
}

/** The local-storage keys of a logged-in session. */
export const SESSION_KEYS = ['virality-auth-token', 'userId', 'virality-user-id', 'virality-role-type'] as const;

/**
 * Logs the browser in as `user` the way the app does after a login (the session's local-storage keys),
 * without going through the login form. Opens the site's robots.txt first so the origin's storage exists: a plain
 * file of the same origin, so the app is not loaded (and started) once more only to be left for the journey's page.
 */
export async function loginInBrowser(page: Page, user: TApiUser): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate((u) => {
    localStorage.setItem('virality-auth-token', u.token);
    localStorage.setItem('virality-role-type', u.profileType);
    localStorage.setItem('userId', u.userId);
    localStorage.setItem('virality-user-id', u.userId);
  }, user);
}

/** The session keys currently in the page's local storage (null when absent). */
export async function storedSession(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(
    (keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])),
    [...SESSION_KEYS, 'orgId', 'sphUserId', 'notificationCount'],
  );
}

/** Fills the four OTP boxes ('OTP digit 1..4'). */
export async function fillOtp(page: Page, otp: string): Promise<void> {
  for (const [i, digit] of [...otp].entries()) await page.getByLabel(`OTP digit ${i + 1}`).fill(digit);
}

/**
 * Picks `option` in the Mantine Select labelled `label` (click the input, then the role=option). A searchable
 * location picker sometimes lets a click on its option go while its list is drawn again (about one run in four on
 * a loaded machine; the cause is not found yet), and on a phone a toast at the bottom can lie over the option
 * until it closes (the list then closes with the click it took): the pick is then tried again, at most three
 * times in all.
 */
export async function selectOption(page: Page, label: string, option: string | RegExp, search?: string): Promise<void> {
  const input = page.getByRole('combobox', { name: label, exact: true });
  for (let attempt = 1; ; attempt++) {
    await input.click();
    if (search !== undefined) await input.fill(search);
    const choice = page.getByRole('option', { name: option, exact: typeof option === 'string' });
    if (attempt < 3) {
      const picked = await choice.click({ timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      if (!picked) continue;
    } else await choice.click();
    if (typeof option !== 'string') return;
    if (attempt === 3) return expect(input).toHaveValue(option);
    try {
      await expect(input).toHaveValue(option, { timeout: 3000 });
      return;
    } catch {
      // the pick did not take: open the list and pick again
    }
  }
}

/** Picks interests on /interest by their names (the Chip inputs are visually hidden; their labels are clicked). */
export async function pickInterests(page: Page, names: string[]): Promise<void> {
  const group = page.getByRole('group', { name: 'Interests' });
  for (const name of names) {
    await group.getByText(name, { exact: true }).click();
    await expect(group.getByRole('checkbox', { name, exact: true })).toBeChecked();
  }
}

/** The company fields of a profile (a business, a brand, an IMC): where it is and what it does. */
export type TCompanyProfile = {
  name: string;
  userName: string;
  industryType: string;
  companySize?: number;
  dateOfBirth?: string;
  place?: { country: string; state: string; city: string; addressLine: string; pinCode: string };
};

/**
 * Finishes a company's registration through the API as onboarding does: its profile, then three interests; the
 * second answer must say the profile is complete.
 */
export async function completeCompanyProfile(
  request: APIRequestContext,
  user: { token: string; userId: string },
  profile: TCompanyProfile,
): Promise<void> {
  const place = profile.place ?? {
    country: 'India',
    state: 'Maharashtra',
    city: 'Mumbai',
    addressLine: '21 Marine Drive',
    pinCode: '400001',
  };
  await apiCall(request, 'PUT', 'user/updateUser', {
    token: user.token,
    params: { userId: user.userId },
    data: {
      name: profile.name,
      userName: profile.userName,
      dateOfBirth: profile.dateOfBirth ?? '1990-05-20',
      industryType: profile.industryType,
      companySize: profile.companySize ?? 1,
      ...place,
    },
  });
  const interests = await apiCall<{ id: string }[]>(request, 'GET', 'intrest/getAllIntrest');
  const done = await apiCall<{ result: { profileCompleted: boolean } }>(request, 'PUT', 'user/updateUser', {
    token: user.token,
    params: { userId: user.userId },
    data: { interested: interests.response.slice(0, 3).map((i) => i.id) },
  });
  expect(done.response.result.profileCompleted).toBe(true);
}
