import { addUtcMonths, NOTIFICATION_MSG, POST_MSG, SOCIAL_MSG, type TActivity } from '@virality/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, posts } from '../../db/schema';
import { buildTestApp, buildUser, call, freshToken, givePlan, type TTestApp, withClockAhead } from '../../test/helpers';
import { deliver, ownerWithCheckout, sessionObject, signedEvent, startCheckout } from '../payments/payments-test-kit';
import { failNext, linkAll, postBody, postNow, publishDue, uploadPhoto } from '../posts/posts-test-kit';
import { PLANS_DAILY_QUEUE } from '../subscriptions/jobs';
import { makeTeam, perms } from '../team/team-test-kit';

/**
 * What tells a user something, and that each thing is told once: a post's result (again after a retry, never for
 * a replayed settle), an account to reconnect (once per disconnection), a draft's review and its answer, a plan
 * paid, renewed, about to end and ended (never twice for a replayed webhook or a second run of the daily job).
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const DAY = 86_400_000;
/** The caller's notifications as the list answers them (first page, newest first), of one type when given. */
async function listOf(token: string, type?: string): Promise<TActivity[]> {
  const res = await call(t, 'GET', '/api/activity/getAllActivityById?page=1', { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const docs: TActivity[] = res.json.response.docs;
  return type ? docs.filter((d) => d.type === type) : docs;
}
const ofType = (userId: string, type: string) =>
  t.database.db
    .select()
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.type, type)));

describe('a post that finished', () => {
  it('tells its writer once with the result and the post it opens; a replayed settle adds nothing, a retry tells again', async () => {
    const { token, user } = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, user.id);
    const ids = await linkAll(t, token, ['instagram', 'twitter']);
    const photo = await uploadPhoto(t, token);
    await failNext(t, 'twitter', 'processing_error', 5);
    const postId = await postNow(t, token, photo, [ids.instagram, ids.twitter], `Result ${Date.now()}`);
    await publishDue(t);
    await t.app.inject({ method: 'POST', url: '/sandbox/twitter/_control', payload: { clear: true } });

    const [told] = await listOf(token, 'POST_NOTIFICATION');
    expect(told).toMatchObject({ type: 'POST_NOTIFICATION', title: POST_MSG.failedOn('X'), payload: { payloadId: postId } });
    expect(told.postResData?.success.map((s) => s.SocialMediaName)).toEqual(['Instagram']);
    expect(told.postResData?.failure).toHaveLength(1);
    expect(told.postResData?.failure[0]).toMatchObject({ SocialMediaName: 'X', UserSocialMediaID: ids.twitter });
    expect(told.postResData?.failure[0].CustomUserError).toBeTruthy();

    // the same settle replayed (its flag lost, say): the same attempts name it, nothing is written
    await t.database.db.update(posts).set({ settledAt: null }).where(eq(posts.id, postId));
    await t.services.publishing.settle(postId);
    expect(await ofType(user.id, 'POST_NOTIFICATION')).toHaveLength(1);

    // a retry of the failed account settles again: told again, this time that it is out
    const retry = await call(t, 'POST', '/sph/social-media-manager/retry-failed/', { token, body: { CommonPostID: postId } });
    expect(retry.status, JSON.stringify(retry.json)).toBe(200);
    await publishDue(t);
    const [again, first] = await listOf(token, 'POST_NOTIFICATION');
    expect(first._id).toBe(told._id);
    expect(again).toMatchObject({ title: POST_MSG.sent, payload: { payloadId: postId } });
    expect(again.postResData?.failure).toEqual([]);
    expect(await ofType(user.id, 'POST_NOTIFICATION')).toHaveLength(2);
  });

  it('a post that failed on every account says so in postMessage', async () => {
    const { token, user } = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, user.id);
    const ids = await linkAll(t, token, ['facebook', 'twitter']);
    const photo = await uploadPhoto(t, token);
    await failNext(t, 'twitter', 'processing_error', 5);
    await failNext(t, 'facebook', 'processing_error', 5);
    await postNow(t, token, photo, [ids.facebook, ids.twitter], `Nowhere ${Date.now()}`);
    await publishDue(t);
    await t.app.inject({ method: 'POST', url: '/sandbox/twitter/_control', payload: { clear: true } });
    await t.app.inject({ method: 'POST', url: '/sandbox/facebook/_control', payload: { clear: true } });
    const [told] = await listOf(token, 'POST_NOTIFICATION');
    expect(told).toMatchObject({ type: 'POST_NOTIFICATION', postMessage: POST_MSG.multiFailed });
    expect(told.postResData?.success).toEqual([]);
    expect(told.postResData?.failure).toHaveLength(2);
  });
});

describe('an account the network no longer accepts', () => {
  it('tells its owner once per disconnection, naming the network; linked again and refused again, told again', async () => {
    const { token, user } = await buildUser(t);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const postTo = async () => {
      await call(t, 'POST', '/sph/social-media-manager/single-post/', {
        token,
        body: postBody(`Revoked ${Date.now()} ${Math.random()}`, [photo], [{ UserSocialMediaID: ids.twitter }]),
      });
      await publishDue(t);
    };
    await failNext(t, 'twitter', 'revoked', 1);
    await postTo();
    await postTo();
    const reconnects = await listOf(token, 'ACCOUNT_RECONNECT');
    expect(reconnects).toHaveLength(1);
    expect(reconnects[0]).toMatchObject({ title: SOCIAL_MSG.reconnectTitle('X'), payload: { network: 'twitter' } });

    // linked again (a new access), then refused again: a new disconnection
    expect((await linkAll(t, token, ['twitter'])).twitter).toBe(ids.twitter);
    await failNext(t, 'twitter', 'revoked', 1);
    await postTo();
    expect(await ofType(user.id, 'ACCOUNT_RECONNECT')).toHaveLength(2);
  });
});

describe("a business manager's draft", () => {
  it('asks the owner to review (from the manager), answers the manager (from the owner), each once', async () => {
    const { owner, manager, sub } = await makeTeam(t, 'Acme Foods', perms({ '1': { Post: true } }));
    const ids = await linkAll(t, owner.token, ['instagram']);
    const photo = await uploadPhoto(t, manager.token);
    const body = (caption: string, more = {}) => postBody(caption, [photo], [{ UserSocialMediaID: ids.instagram }], more);
    const saved = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: manager.token,
      body: body('Draft one'),
    });
    const postId = saved.json.response_data.CommonPostID as string;

    const [asked] = await listOf(owner.token, 'DRAFT_REVIEW');
    expect(asked).toMatchObject({
      type: 'DRAFT_REVIEW',
      title: NOTIFICATION_MSG.draftWaiting,
      senderId: { _id: sub.id },
      payload: { payloadId: postId },
    });
    // the older clients' "tell the owner" call asks nothing twice
    expect(
      (await call(t, 'POST', '/api/activity/PostDraft', { token: manager.token, body: { CommonPostID: postId } })).status,
    ).toBe(200);
    expect(await ofType(owner.user.id, 'DRAFT_REVIEW')).toHaveLength(1);
    expect(await listOf(manager.token, 'DRAFT_REVIEW')).toEqual([]);

    const back = await call(t, 'POST', '/sph/drafts/review-draft/', {
      token: owner.token,
      body: { CommonPostID: postId, Decision: 'sendBack', Remark: 'Add the price' },
    });
    expect(back.status).toBe(200);
    const [sentBack] = await listOf(manager.token, 'DRAFT_SENT_BACK');
    expect(sentBack).toMatchObject({
      type: 'DRAFT_SENT_BACK',
      title: NOTIFICATION_MSG.draftSentBack,
      remarks: 'Add the price',
      status: 'sent_back',
      senderId: { _id: owner.user.id },
      payload: { payloadId: postId },
    });

    // changed by the manager, it is back in the owner's queue: asked once more
    const changed = await call(t, 'PUT', '/sph/drafts/update-draft/', {
      token: manager.token,
      body: body('Draft two: 9.99', { CommonPostID: postId }),
    });
    expect(changed.status).toBe(200);
    const [askedAgain] = await listOf(owner.token, 'DRAFT_REVIEW');
    expect(askedAgain).toMatchObject({ type: 'DRAFT_REVIEW', title: NOTIFICATION_MSG.draftBack, senderId: { _id: sub.id } });
    // changed again while it waits: not asked a third time
    await call(t, 'PUT', '/sph/drafts/update-draft/', {
      token: manager.token,
      body: body('Draft three', { CommonPostID: postId }),
    });
    expect(await ofType(owner.user.id, 'DRAFT_REVIEW')).toHaveLength(2);

    const approved = await call(t, 'POST', '/sph/drafts/review-draft/', {
      token: owner.token,
      body: { CommonPostID: postId, Decision: 'approve' },
    });
    expect(approved.status).toBe(200);
    const twice = await call(t, 'POST', '/sph/drafts/review-draft/', {
      token: owner.token,
      body: { CommonPostID: postId, Decision: 'approve' },
    });
    expect(twice.status).toBe(400);
    await publishDue(t);
    const managerList = await listOf(manager.token);
    expect(managerList.filter((n) => n.type === 'DRAFT_APPROVED')).toEqual([
      expect.objectContaining({
        title: NOTIFICATION_MSG.draftApproved,
        senderId: expect.objectContaining({ _id: owner.user.id }),
      }),
    ]);
    // the post's result goes to its writer and to the owner who sent it
    expect(managerList.filter((n) => n.type === 'POST_NOTIFICATION')).toHaveLength(1);
    expect(await listOf(owner.token, 'POST_NOTIFICATION')).toEqual([
      expect.objectContaining({ title: POST_MSG.sent, payload: { payloadId: postId } }),
    ]);
  });
});

describe('a plan', () => {
  const paidEvent = (c: { sessionId: string; orderId: string; user: { id: string } }) =>
    signedEvent('checkout.session.completed', sessionObject(c.sessionId, { orderId: c.orderId, userId: c.user.id }));
  const runDaily = async () => {
    await t.container.enqueue(PLANS_DAILY_QUEUE, {});
    const ran = await t.runDueJobs(PLANS_DAILY_QUEUE);
    expect(ran.map((j) => j.error)).toEqual([undefined]);
  };

  it('paid tells its buyer once, whatever is replayed; a renewal says renewed', async () => {
    const c = await ownerWithCheckout(t, 'BUSINESS');
    const event = paidEvent(c);
    expect((await deliver(t, event.payload, event.header)).status).toBe(200);
    await deliver(t, event.payload, event.header);
    const sameCheckout = paidEvent(c);
    await deliver(t, sameCheckout.payload, sameCheckout.header);
    const [paid] = await listOf(c.token, 'PLAN_PAID');
    expect(paid).toMatchObject({
      type: 'PLAN_PAID',
      title: NOTIFICATION_MSG.planPaid,
      description: NOTIFICATION_MSG.planPaidBody('Starter'),
    });
    expect(await ofType(c.user.id, 'PLAN_PAID')).toHaveLength(1);

    await withClockAhead(t, 29 * DAY, async () => {
      const token = await freshToken(t, c.user);
      const res = await startCheckout(t, token, { priceId: 'price_starter_usd', planType: 'Starter' });
      const renewal = {
        ...c,
        orderId: res.json.response.orderId,
        sessionId: new URL(res.json.response.urlRedirect).pathname.split('/').pop()!,
      };
      const e = paidEvent(renewal);
      expect((await deliver(t, e.payload, e.header)).status).toBe(200);
      await deliver(t, e.payload, e.header);
      const [renewed] = await listOf(token, 'PLAN_RENEWED');
      expect(renewed).toMatchObject({ type: 'PLAN_RENEWED', description: NOTIFICATION_MSG.planRenewedBody('Starter') });
      expect(await ofType(c.user.id, 'PLAN_RENEWED')).toHaveLength(1);
    });
  });

  it('about to end reminds its owner once, four days before; ended tells once; the free tier never', async () => {
    const business = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, business.user.id, 'Starter');
    const influencer = await buildUser(t, { profileType: 'INFLUENCER' });
    await call(t, 'POST', '/api/subscription/AddInfSubs', { token: influencer.token, body: {} });
    const now = t.clock.now();
    await t.services.subscriptions.recordPurchase(
      {
        userId: influencer.user.id,
        planType: 'Professional',
        postLimit: null,
        periodStart: now,
        planEndDate: addUtcMonths(now, 1),
      },
      null,
      now,
    );
    const freeOnly = await buildUser(t, { profileType: 'INFLUENCER' });
    await call(t, 'POST', '/api/subscription/AddInfSubs', { token: freeOnly.token, body: {} });
    const end = addUtcMonths(now, 1).getTime();

    // five days before the end: nothing yet
    await withClockAhead(t, end - now.getTime() - 5 * DAY, async () => {
      await runDaily();
      expect(await ofType(business.user.id, 'PLAN_ENDING')).toHaveLength(0);
    });
    // within four days: reminded, once however often the job runs
    await withClockAhead(t, end - now.getTime() - 3.5 * DAY, async () => {
      await runDaily();
      await runDaily();
      const [ending] = await ofType(business.user.id, 'PLAN_ENDING');
      expect(ending).toMatchObject({
        title: NOTIFICATION_MSG.planEnding,
        description: NOTIFICATION_MSG.planEndingBody('Starter', 4, false),
      });
      expect(await ofType(business.user.id, 'PLAN_ENDING')).toHaveLength(1);
      const [influencerEnding] = await ofType(influencer.user.id, 'PLAN_ENDING');
      expect(influencerEnding.description).toBe(NOTIFICATION_MSG.planEndingBody('Professional', 4, true));
      expect(await ofType(freeOnly.user.id, 'PLAN_ENDING')).toHaveLength(0);
    });
    // ended: the daily pass and a reader both move it on; told once
    await withClockAhead(t, end - now.getTime() + DAY, async () => {
      await runDaily();
      await runDaily();
      const token = await freshToken(t, business.user);
      await call(t, 'GET', '/api/user/getUserStatus', { token });
      const [ended] = await ofType(business.user.id, 'PLAN_ENDED');
      expect(ended).toMatchObject({
        title: NOTIFICATION_MSG.planEnded,
        description: NOTIFICATION_MSG.planEndedBody('Starter', false),
      });
      expect(await ofType(business.user.id, 'PLAN_ENDED')).toHaveLength(1);
      const [back] = await ofType(influencer.user.id, 'PLAN_ENDED');
      expect(back.description).toBe(NOTIFICATION_MSG.planEndedBody('Professional', true));
      expect(await ofType(freeOnly.user.id, 'PLAN_ENDED')).toHaveLength(0);
      expect(await ofType(freeOnly.user.id, 'PLAN_ENDING')).toHaveLength(0);
    });
  });
});
