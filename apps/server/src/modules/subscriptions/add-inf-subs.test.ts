import { MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
const addInfSubs = (token: string | undefined, body: unknown) => call(t, 'POST', '/api/subscription/AddInfSubs', { token, body });

/** The same day of the next month (UTC), clamped to the month's end, as the FreeTier renews monthly from sign-up. */
const oneMonthAfter = (d: Date) => {
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 2, 0)).getUTCDate();
  const x = new Date(d);
  x.setUTCFullYear(d.getUTCFullYear(), d.getUTCMonth() + 1, Math.min(d.getUTCDate(), lastDay));
  return x;
};

describe('POST /api/subscription/AddInfSubs', () => {
  it('gives an influencer the FreeTier: 5 posts, ACTIVE, ending one month later', async () => {
    const { user, token } = await buildUser(t, { profileType: 'INFLUENCER' });
    const before = t.clock.now();
    const res = await addInfSubs(token, { userId: user.id });
    const after = t.clock.now();
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.status).toBe(true);
    const details = res.json.response.subscriptionDetails;
    expect(details).toMatchObject({
      planType: 'FreeTier',
      planStatus: 'ACTIVE',
      subscriptionVerify: true,
      postLimit: 5,
      postCount: 0,
    });
    const start = new Date(details.planStartDate);
    expect(start.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(start.getTime()).toBeLessThanOrEqual(after.getTime() + 1000);
    expect(details.planEndDate).toBe(oneMonthAfter(start).toISOString());
    expect(new Date(details.bufferEndDate).getTime() - new Date(details.planEndDate).getTime()).toBe(7 * DAY);
  });

  it('is idempotent: a second call returns the same record', async () => {
    const { user, token } = await buildUser(t, { profileType: 'INFLUENCER' });
    const first = await addInfSubs(token, { userId: user.id });
    t.clock.advance(2 * DAY);
    try {
      const second = await addInfSubs(token, { userId: user.id });
      expect(second.status).toBe(200);
      expect(second.json.response.subscriptionDetails).toEqual(first.json.response.subscriptionDetails);
    } finally {
      t.clock.advance(-2 * DAY);
    }
  });

  it('getUserStatus shows subscriptionDetails afterwards (null before)', async () => {
    const { user, token } = await buildUser(t, { profileType: 'INFLUENCER' });
    const before = await call(t, 'GET', '/api/user/getUserStatus', { token });
    expect(before.json.response.result.subscriptionDetails).toBeNull();
    const res = await addInfSubs(token, { userId: user.id });
    const after = await call(t, 'GET', '/api/user/getUserStatus', { token });
    expect(after.json.response.result.subscriptionDetails).toEqual(res.json.response.subscriptionDetails);
  });

  it('renews monthly from sign-up: after the period ends it shows the next period, ACTIVE, 0 posts used', async () => {
    const { user, token } = await buildUser(t, { profileType: 'INFLUENCER' });
    const first = (await addInfSubs(token, { userId: user.id })).json.response.subscriptionDetails;
    const created = new Date(first.planStartDate);
    t.clock.advance(40 * DAY);
    try {
      // the first session has run out by now; log in again as the user would
      const { accessToken } = await t.services.auth.issueSession(user);
      const status = await call(t, 'GET', '/api/user/getUserStatus', { token: accessToken });
      expect(status.status).toBe(200);
      const details = status.json.response.result.subscriptionDetails;
      expect(details).toMatchObject({ planType: 'FreeTier', planStatus: 'ACTIVE', postLimit: 5, postCount: 0 });
      expect(details.planStartDate).toBe(first.planEndDate);
      expect(details.planEndDate).toBe(oneMonthAfter(oneMonthAfter(created)).toISOString());
      // AddInfSubs again returns the same (renewed) record
      const again = await addInfSubs(accessToken, { userId: user.id });
      expect(again.json.response.subscriptionDetails).toEqual(details);
    } finally {
      t.clock.advance(-40 * DAY);
    }
  });

  it('works without a userId in the body (the caller)', async () => {
    const { token } = await buildUser(t, { profileType: 'INFLUENCER' });
    const res = await addInfSubs(token, {});
    expect(res.status).toBe(200);
    expect(res.json.response.subscriptionDetails.planType).toBe('FreeTier');
  });

  it.each(['BUSINESS', 'IMC'] as const)('refuses a %s account with 403 MSG.freeTierInfluencerOnly', async (profileType) => {
    const { user, token } = await buildUser(t, { profileType });
    const res = await addInfSubs(token, { userId: user.id });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ status: false, message: MSG.freeTierInfluencerOnly });
    const status = await call(t, 'GET', '/api/user/getUserStatus', { token });
    expect(status.json.response.result.subscriptionDetails).toBeNull();
  });

  it("403 for another user's id: neither user gets a plan", async () => {
    const me = await buildUser(t, { profileType: 'INFLUENCER' });
    const other = await buildUser(t, { profileType: 'INFLUENCER' });
    const res = await addInfSubs(me.token, { userId: other.user.id });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ status: false, message: MSG.forbidden });
    expect(await t.services.subscriptions.detailsFor(other.user.id)).toBeNull();
    expect(await t.services.subscriptions.detailsFor(me.user.id)).toBeNull();
  });

  it('400 for a userId that is not a string', async () => {
    const { token } = await buildUser(t, { profileType: 'INFLUENCER' });
    const res = await addInfSubs(token, { userId: 12 });
    expect(res.status).toBe(400);
    expect(res.json.status).toBe(false);
  });

  it('401 without a token', async () => {
    const { user } = await buildUser(t, { profileType: 'INFLUENCER' });
    const res = await addInfSubs(undefined, { userId: user.id });
    expect(res).toMatchObject({
      status: 401,
      json: { status: false, message: MSG.unauthorized, response: null, code: 'UNAUTHORIZED' },
    });
    expect(await t.services.subscriptions.detailsFor(user.id)).toBeNull();
  });
});
