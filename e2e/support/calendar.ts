import { type APIRequestContext, expect } from '@playwright/test';
import { apiCall, createVerifiedUser, type TApiUser, uniqueUserName } from './api';

/** Calendar journeys: an IMC user with a finished registration, and days and times as a browser in a zone shows them. */

/** A verified IMC user whose registration is finished (company profile, three interests). */
export async function createCompletedImc(request: APIRequestContext): Promise<TApiUser> {
  const user = await createVerifiedUser(request, { profileType: 'IMC' });
  const name = 'Reach Agency';
  const userName = uniqueUserName('imc');
  await apiCall(request, 'PUT', 'user/updateUser', {
    token: user.token,
    params: { userId: user.userId },
    data: {
      name,
      userName,
      dateOfBirth: '1990-05-20',
      industryType: 'Marketing and Advertising',
      companySize: 1,
      country: 'India',
      state: 'Maharashtra',
      city: 'Mumbai',
      addressLine: '21 Marine Drive',
      pinCode: '400001',
    },
  });
  const interests = await apiCall<{ id: string }[]>(request, 'GET', 'intrest/getAllIntrest');
  const done = await apiCall<{ result: { profileCompleted: boolean } }>(request, 'PUT', 'user/updateUser', {
    token: user.token,
    params: { userId: user.userId },
    data: { interested: interests.response.slice(0, 3).map((i) => i.id) },
  });
  expect(done.response.result.profileCompleted).toBe(true);
  return { ...user, name, userName };
}

/** A day's full name as the calendar says it in `zone`: 'Friday 11 December 2026'. */
export const dayNameIn = (at: Date, zone: string) =>
  at
    .toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: zone })
    .replace(',', '');

/** A moment's time on the clock of `zone`: '02:00'. */
export const timeIn = (at: Date, zone: string) =>
  at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone });
