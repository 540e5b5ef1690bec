import type { TActivity, TCampaignDetail, TProfileType } from '@virality/domain';
import { expect } from 'vitest';
import { buildUser, call, type TTestApp } from '../../test/helpers';

/** Tests' way to run campaigns: owners and influencers with sessions, a campaign made through its call. */

/** The campaign tests' "now": 10 March 2027, 12:00 UTC (already 11 March in Kiritimati, UTC+14). */
export const NOW = Date.parse('2027-03-10T12:00:00.000Z');

/** A brand (or another owner-like account) with a session, named `name`. */
export const brand = (t: TTestApp, name: string, profileType: TProfileType = 'BRANDS') =>
  buildUser(t, { profileType, name, profileCompleted: true });

/** An influencer marketing company with a session. */
export const imc = (t: TTestApp, name = 'Agency') => buildUser(t, { profileType: 'IMC', name, profileCompleted: true });

/** An active influencer with a completed profile (unless told) and this username (unique in a test file). */
export const influencer = (
  t: TTestApp,
  userName: string,
  name: string | null = null,
  opts: { profileCompleted?: boolean } = {},
) =>
  buildUser(t, {
    profileType: 'INFLUENCER',
    userName,
    name: name ?? undefined,
    profileCompleted: opts.profileCompleted ?? true,
  });

/** Creates a campaign through its call (running from the tests' today for three weeks unless told): its detail. */
export async function createCampaign(
  t: TTestApp,
  token: string,
  patch: Partial<{
    name: string;
    brief: string;
    budget: number | string;
    startDate: string;
    endDate: string;
    influencerIds: string[] | undefined;
    timeZone: string;
  }> = {},
): Promise<TCampaignDetail> {
  const res = await call(t, 'POST', '/api/campaigns/create', {
    token,
    body: { name: 'Campaign', brief: 'Brief', budget: 500, startDate: '2027-03-10', endDate: '2027-03-31', ...patch },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.response;
}

/** The caller's notifications, newest first (the first page). */
export async function notificationsOf(t: TTestApp, token: string): Promise<TActivity[]> {
  const res = await call(t, 'GET', '/api/activity/getAllActivityById', { token });
  expect(res.status).toBe(200);
  return res.json.response.docs;
}
