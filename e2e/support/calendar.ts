import type { APIRequestContext } from '@playwright/test';
import { completeCompanyProfile, createVerifiedUser, type TApiUser, uniqueUserName } from './api';

/** Calendar journeys: an IMC user with a finished registration, and days and times as a browser in a zone shows them. */

/** A verified IMC user whose registration is finished (company profile, three interests). */
export async function createCompletedImc(request: APIRequestContext): Promise<TApiUser> {
  const user = await createVerifiedUser(request, { profileType: 'IMC' });
  const name = 'Reach Agency';
  const userName = uniqueUserName('imc');
  await completeCompanyProfile(request, user, { name, userName, industryType: 'Marketing and Advertising' });
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
