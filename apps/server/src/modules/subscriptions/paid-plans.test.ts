import { addUtcMonths, PAY_MSG, POST_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { buildTestApp, buildUser, call, freshToken, givePlan, type TTestApp, withClockAhead } from '../../test/helpers';
import { linkAll, postBody, uploadPhoto } from '../posts/posts-test-kit';
import { makeTeam } from '../team/team-test-kit';
import { PLANS_DAILY_QUEUE } from './jobs';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;

/** Sets the posts used (test set-up), telling the caches as a repository would. */
async function setPostCount(userId: string, postCount: number) {
  await t.container.db.update(subscriptions).set({ postCount }).where(eq(subscriptions.userId, userId));
  await t.container.changes.changed('subscription', userId);
}
const stored = async (userId: string) =>
  (await t.container.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
const track = (token: string) => call(t, 'GET', '/api/subscription/postCountTrack', { token });

describe('GET /api/subscription/postCountTrack counts each plan’s limit', () => {
  it.each([
    [19, 200, 1],
    [20, 429, null],
    [21, 429, null],
  ])('Starter (20 a month) with %i posts used: %i', async (used, status, remaining) => {
    const { user, token } = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, user.id, 'Starter');
    await setPostCount(user.id, used);
    const res = await track(token);
    expect(res.status).toBe(status);
    if (status === 200) expect(res.json.response).toEqual({ postCount: used, postLimit: 20, remaining });
    else expect(res.json).toMatchObject({ status: false, message: POST_MSG.limitExceeded });
  });

  it.each(['Professional', 'Enterprise'] as const)('%s has no limit', async (planType) => {
    const { user, token } = await buildUser(t, { profileType: 'IMC' });
    await givePlan(t, user.id, planType);
    await setPostCount(user.id, 5000);
    const res = await track(token);
    expect(res.status).toBe(200);
    expect(res.json.response).toEqual({ postCount: 5000, postLimit: null, remaining: null });
  });

  it.each([
    [4, 200],
    [5, 429],
    [6, 429],
  ])('the free tier (5) with %i posts used: %i', async (used, status) => {
    const { user, token } = await buildUser(t, { profileType: 'INFLUENCER' });
    await call(t, 'POST', '/api/subscription/AddInfSubs', { token, body: {} });
    await setPostCount(user.id, used);
    expect((await track(token)).status).toBe(status);
  });

  it("a manager's check counts the business's plan", async () => {
    const { owner, manager } = await makeTeam(t);
    await givePlan(t, owner.user.id, 'Starter');
    await setPostCount(owner.user.id, 20);
    expect((await track(manager.token)).status).toBe(429);
    await setPostCount(owner.user.id, 3);
    expect((await track(manager.token)).json.response).toEqual({ postCount: 3, postLimit: 20, remaining: 17 });
  });

  it('counting a post stops at the limit: the 21st Starter post is refused', async () => {
    const { user } = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, user.id, 'Starter');
    await setPostCount(user.id, 19);
    expect(await t.services.subscriptions.takePost(user.id)).toBe(true);
    await expect(t.services.subscriptions.takePost(user.id)).rejects.toMatchObject({ statusCode: 429 });
    expect((await stored(user.id)).postCount).toBe(20);
  });
});

describe('an account without a plan', () => {
  it.each(['BUSINESS', 'BRANDS', 'IMC'] as const)(
    'a %s owner is refused a post with 402 until it subscribes',
    async (profileType) => {
      const { user, token } = await buildUser(t, { profileType });
      const res = await track(token);
      expect(res.status).toBe(402);
      expect(res.json).toMatchObject({ status: false, message: PAY_MSG.noActivePlan, code: 'PLAN_REQUIRED' });
      await givePlan(t, user.id, 'Starter');
      expect((await track(token)).status).toBe(200);
    },
  );

  it('a business without a plan cannot send a post around the check: single-post answers 402 and nothing goes out', async () => {
    const { user, token } = await buildUser(t, { profileType: 'BUSINESS' });
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const body = postBody('No plan yet', [photo], [{ UserSocialMediaID: ids.twitter }]);
    const refused = await call(t, 'POST', '/sph/social-media-manager/single-post/', { token, body });
    expect(refused.status).toBe(402);
    expect(refused.json.response_message).toBe(PAY_MSG.noActivePlan);
    const totals = await call(t, 'GET', `/sph/totaluserposts/${user.id}/`, { token });
    expect(totals.json.response_data.TotalPosts).toBe(0);
    // with a plan the same post goes
    await givePlan(t, user.id, 'Starter');
    expect((await call(t, 'POST', '/sph/social-media-manager/single-post/', { token, body })).status).toBe(200);
  });

  it('an influencer is never refused for want of a plan (its free tier is made at onboarding)', async () => {
    const { token } = await buildUser(t, { profileType: 'INFLUENCER' });
    expect((await track(token)).status).toBe(200);
  });
});

describe('a plan that has ended', () => {
  it("a business keeps posting through the 7 days of grace (shown EXPIRED), then gets 402 'Your Subscription is Expired'", async () => {
    const { user } = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, user.id, 'Professional');
    const end = (await stored(user.id)).planEndDate;
    const sinceNow = end.getTime() - t.clock.nowMs();
    await withClockAhead(t, sinceNow + 2 * DAY, async () => {
      const token = await freshToken(t, user);
      const status = await call(t, 'GET', '/api/user/getUserStatus', { token });
      expect(status.json.response.result.subscriptionDetails.planStatus).toBe('EXPIRED');
      expect((await track(token)).status).toBe(200);
    });
    await withClockAhead(t, sinceNow + 8 * DAY, async () => {
      const token = await freshToken(t, user);
      const res = await track(token);
      expect(res).toMatchObject({ status: 402, json: { status: false, message: PAY_MSG.planExpired } });
      await expect(t.services.subscriptions.takePost(user.id)).rejects.toMatchObject({ statusCode: 402 });
    });
  });

  it("an influencer's paid plan falls back to the free tier when it ends (5 posts, counted from 0)", async () => {
    const { user } = await buildUser(t, { profileType: 'INFLUENCER' });
    await givePlan(t, user.id, 'Starter');
    await setPostCount(user.id, 20);
    await withClockAhead(t, 32 * DAY, async () => {
      const token = await freshToken(t, user);
      const details = (await call(t, 'GET', '/api/user/getUserStatus', { token })).json.response.result.subscriptionDetails;
      expect(details).toMatchObject({ planType: 'FreeTier', planStatus: 'ACTIVE', postLimit: 5, postCount: 0 });
      expect(new Date(details.planEndDate).getTime()).toBeGreaterThan(t.clock.nowMs());
      expect((await track(token)).status).toBe(200);
    });
  });

  it('a paid plan starts each monthly post period at 0 (a plan renewed for two months)', async () => {
    const { user } = await buildUser(t, { profileType: 'BUSINESS' });
    const now = t.clock.now();
    await t.services.subscriptions.recordPurchase(
      { userId: user.id, planType: 'Starter', postLimit: 20, periodStart: now, planEndDate: addUtcMonths(now, 2) },
      null,
      now,
    );
    await setPostCount(user.id, 20);
    await withClockAhead(t, 33 * DAY, async () => {
      const token = await freshToken(t, user);
      expect((await track(token)).json.response).toEqual({ postCount: 0, postLimit: 20, remaining: 20 });
    });
  });
});

describe('the daily plans job (product clock)', () => {
  const runDaily = async () => {
    await t.container.enqueue(PLANS_DAILY_QUEUE, {});
    const ran = await t.runDueJobs(PLANS_DAILY_QUEUE);
    expect(ran.map((j) => j.error)).toEqual([undefined]);
  };

  it('is a stately queue on a daily cron', () => {
    expect(t.container.jobs.definition(PLANS_DAILY_QUEUE)?.cron).toMatch(/^\d+ \d+ \* \* \*$/);
  });

  it('expires ended plans, renews the free tier and turns paid post periods, for users nobody looks at', async () => {
    const business = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, business.user.id, 'Starter');
    const influencer = await buildUser(t, { profileType: 'INFLUENCER' });
    await call(t, 'POST', '/api/subscription/AddInfSubs', { token: influencer.token, body: {} });
    await setPostCount(influencer.user.id, 5);
    const longRunner = await buildUser(t, { profileType: 'BRANDS' });
    const now = t.clock.now();
    await t.services.subscriptions.recordPurchase(
      {
        userId: longRunner.user.id,
        planType: 'Professional',
        postLimit: null,
        periodStart: now,
        planEndDate: addUtcMonths(now, 3),
      },
      null,
      now,
    );
    await setPostCount(longRunner.user.id, 40);
    const freeEnd = (await stored(influencer.user.id)).planEndDate;

    await withClockAhead(t, 35 * DAY, async () => {
      await runDaily();
      expect((await stored(business.user.id)).planStatus).toBe('EXPIRED');
      const free = await stored(influencer.user.id);
      expect(free).toMatchObject({ planType: 'FreeTier', planStatus: 'ACTIVE', postCount: 0 });
      expect(free.planStartDate.getTime()).toBe(freeEnd.getTime());
      const pro = await stored(longRunner.user.id);
      expect(pro).toMatchObject({ planStatus: 'ACTIVE', postCount: 0 });
      expect(pro.planStartDate.getTime()).toBe(addUtcMonths(now, 1).getTime());
      // a second run the same day changes nothing
      await runDaily();
      expect(await stored(longRunner.user.id)).toEqual(pro);
    });
  });
});
