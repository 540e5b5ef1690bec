import { CAMPAIGN_MSG, REVIEW_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { posts, postTargets } from '../../db/schema';
import { buildTestApp, call, givePlan, type TTestApp } from '../../test/helpers';
import { copiesOn, linkAll, postBody, publishDue, scheduleIn, uploadPhoto } from '../posts/posts-test-kit';
import { brand, createCampaign, influencer, NOW, notificationsOf } from './campaigns-test-kit';

/**
 * The brand approves the content: a post made for a campaign that asks for approval goes to the campaign's owner
 * first (a draft on no network, counted by no plan), who approves it (it goes out as its author meant, once) or asks
 * for changes with a remark (the influencer edits it and sends it again); every step is kept and both sides told.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  t.clock.setOffset(NOW - Date.now());
});
afterAll(async () => t?.close());

let n = 0;
/** A brand's campaign (approval on, as new campaigns are) with one influencer who accepted it and can post. */
async function setup() {
  n += 1;
  const owner = await brand(t, `Approver ${n}`);
  const who = await influencer(t, `approval_${n}`, `Ina ${n}`);
  await givePlan(t, who.user.id);
  const ids = await linkAll(t, who.token, ['twitter']);
  const photo = await uploadPhoto(t, who.token);
  const c = await createCampaign(t, owner.token, { influencerIds: [who.user.id] });
  expect(c.approvalRequired).toBe(true);
  expect((await call(t, 'POST', `/api/campaigns/${c._id}/respond`, { token: who.token, body: { accept: true } })).status).toBe(
    200,
  );
  const post = (caption: string, more: Record<string, unknown> = {}) =>
    call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: who.token,
      body: postBody(caption, [photo], [{ UserSocialMediaID: ids.twitter }], { CampaignSourceID: c._id, ...more }),
    });
  const review =
    (body: object, token = owner.token, postId?: string) =>
    (id: string) =>
      call(t, 'POST', `/api/campaigns/${c._id}/posts/${postId ?? id}/review`, { token, body });
  const detail = async (token = owner.token) => (await call(t, 'GET', `/api/campaigns/${c._id}`, { token })).json.response;
  return { owner, who, ids, photo, c, post, review, detail };
}
const rowOf = async (id: string) => (await t.database.db.select().from(posts).where(eq(posts.id, id)))[0];
const targetsOf = (id: string) => t.database.db.select().from(postTargets).where(eq(postTargets.postId, id));

describe('a post for a campaign that asks for approval', () => {
  it('waits for the owner: on no network, counted by no plan; changes asked, edited, sent again, approved, published once', async () => {
    const s = await setup();
    const caption = `For the brand ${Date.now()}`;
    const made = await s.post(caption);
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json.response_message).toBe(REVIEW_MSG.sentForApproval(`Approver ${n}`));
    const id = made.json.response_data.CommonPostID as string;
    expect(await rowOf(id)).toMatchObject({ isDraft: true, campaignReview: 'awaiting', counted: false });
    expect((await targetsOf(id)).map((x) => x.state)).toEqual(['draft']);
    await publishDue(t);
    expect(await copiesOn(t, s.ids.twitter, caption)).toBe(0);
    // the owner is told, and sees it awaiting approval with its whole text
    expect((await notificationsOf(t, s.owner.token)).map((x) => x.title)).toContain(
      REVIEW_MSG.submittedTitle(`Ina ${n}`, 'Campaign'),
    );
    let shown = (await s.detail()).posts[0];
    expect(shown).toMatchObject({ _id: id, status: REVIEW_MSG.awaitingLabel, review: 'awaiting', remark: null });
    expect(shown.reviews.map((r: { action: string }) => r.action)).toEqual(['submitted']);
    const preview = await call(t, 'GET', `/api/campaigns/${s.c._id}/posts/${id}`, { token: s.owner.token });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    expect(preview.json.response).toMatchObject({ text: caption, targets: [{ network: 'twitter', format: 'post' }] });
    expect(preview.json.response.media).toHaveLength(1);

    // while it waits, the influencer can neither send it past the owner nor change it under them
    const sendPast = await call(t, 'POST', '/sph/social-media-manager/post-now/', {
      token: s.who.token,
      body: { CommonPostID: id },
    });
    expect(sendPast.status).toBe(400);
    expect(sendPast.json.response_message ?? sendPast.json.message).toBe(REVIEW_MSG.waitingForOwner);
    const editPast = await call(t, 'PUT', '/sph/drafts/update-draft/', {
      token: s.who.token,
      body: postBody('Changed under the owner', [s.photo], [{ UserSocialMediaID: s.ids.twitter }], {
        CommonPostID: id,
        CampaignSourceID: s.c._id,
      }),
    });
    expect(editPast.status).toBe(400);
    expect(editPast.json.response_message ?? editPast.json.message).toBe(REVIEW_MSG.waitingForOwner);

    // changes need a remark
    const bare = await s.review({ approve: false })(id);
    expect(bare.status).toBe(400);
    expect(bare.json.message).toBe(REVIEW_MSG.remarkRequired);
    const changes = await s.review({ approve: false, remark: 'Tag us @acme, please' })(id);
    expect(changes.status, JSON.stringify(changes.json)).toBe(200);
    expect(changes.json.message).toBe(REVIEW_MSG.changesRequested);
    expect(changes.json.response.posts[0]).toMatchObject({ review: 'changes_requested', remark: 'Tag us @acme, please' });
    expect((await notificationsOf(t, s.who.token)).map((x) => x.title)).toContain(REVIEW_MSG.changesTitle('Campaign'));
    expect((await s.detail(s.who.token)).posts[0]).toMatchObject({ review: 'changes_requested', remark: 'Tag us @acme, please' });

    // the influencer edits it, then sends it again
    const edited = await call(t, 'PUT', '/sph/drafts/update-draft/', {
      token: s.who.token,
      body: postBody(`${caption} @acme`, [s.photo], [{ UserSocialMediaID: s.ids.twitter }], {
        CommonPostID: id,
        CampaignSourceID: s.c._id,
      }),
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    const again = await call(t, 'POST', '/sph/social-media-manager/post-now/', {
      token: s.who.token,
      body: { CommonPostID: id },
    });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.response_message).toBe(REVIEW_MSG.resent(`Approver ${n}`));
    expect(await rowOf(id)).toMatchObject({ campaignReview: 'awaiting', isDraft: true });

    // approved: it goes out now, once; the answer lost and the approval sent again sends nothing more
    const approved = await s.review({ approve: true })(id);
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect(approved.json.message).toBe(REVIEW_MSG.approvedNow);
    const replay = await s.review({ approve: true })(id);
    expect(replay.status).toBe(200);
    await publishDue(t);
    expect(await copiesOn(t, s.ids.twitter, `${caption} @acme`)).toBe(1);
    expect(await rowOf(id)).toMatchObject({ isDraft: false, campaignReview: 'approved', counted: true });
    expect((await notificationsOf(t, s.who.token)).map((x) => x.title)).toContain(REVIEW_MSG.approvedTitle('Campaign'));
    shown = (await s.detail()).posts[0];
    expect(shown.review).toBe('approved');
    expect(shown.reviews.map((r: { action: string; remark: string | null }) => [r.action, r.remark])).toEqual([
      ['submitted', null],
      ['changes_requested', 'Tag us @acme, please'],
      ['submitted', null],
      ['approved', null],
    ]);
    // once approved, changes cannot be asked
    expect((await s.review({ approve: false, remark: 'Too late' })(id)).json.message).toBe(REVIEW_MSG.notAwaiting);
  });

  it('two approvals at once send it once', async () => {
    const s = await setup();
    const caption = `Twice approved ${Date.now()}`;
    const id = (await s.post(caption)).json.response_data.CommonPostID as string;
    const both = await Promise.all([s.review({ approve: true })(id), s.review({ approve: true })(id)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    await publishDue(t);
    expect(await copiesOn(t, s.ids.twitter, caption)).toBe(1);
    const steps = (await s.detail()).posts[0].reviews.map((r: { action: string }) => r.action);
    expect(steps).toEqual(['submitted', 'approved']);
  });

  it('a scheduled post goes out at its time once approved, or now when its time passed while it waited', async () => {
    const s = await setup();
    const onTime = await s.post('At its time', { IsScheduled: true, ...scheduleIn(t, 3 * 3600_000) });
    const late = await s.post('Its time passed', { IsScheduled: true, ...scheduleIn(t, 30 * 60_000) });
    const onTimeId = onTime.json.response_data.CommonPostID as string;
    const lateId = late.json.response_data.CommonPostID as string;
    const first = await s.review({ approve: true })(onTimeId);
    expect(first.json.message).toBe(REVIEW_MSG.approvedScheduled);
    expect((await targetsOf(onTimeId))[0]).toMatchObject({ state: 'scheduled' });
    t.clock.setOffset(NOW + 3600_000 - Date.now());
    const second = await s.review({ approve: true })(lateId);
    expect(second.json.message).toBe(REVIEW_MSG.approvedNow);
    await publishDue(t);
    expect(await copiesOn(t, s.ids.twitter, 'Its time passed')).toBe(1);
    expect(await copiesOn(t, s.ids.twitter, 'At its time')).toBe(0);
  });
});

describe('who reviews, and the owner’s switch', () => {
  it('only the campaign’s owner reviews; another brand finds nothing; the author reads the preview, a stranger not', async () => {
    const s = await setup();
    const other = await brand(t, 'Other approver');
    const id = (await s.post('Mine to review')).json.response_data.CommonPostID as string;
    expect((await s.review({ approve: true }, s.who.token)(id)).status).toBe(403);
    const stranger = await s.review({ approve: true }, other.token)(id);
    expect(stranger.status).toBe(404);
    expect(stranger.json.message).toBe(CAMPAIGN_MSG.notFound);
    expect((await s.review({ approve: true }, s.owner.token, 'no-such-post')(id)).json.message).toBe(
      REVIEW_MSG.postNotInCampaign,
    );
    expect((await call(t, 'GET', `/api/campaigns/${s.c._id}/posts/${id}`, { token: s.who.token })).status).toBe(200);
    expect((await call(t, 'GET', `/api/campaigns/${s.c._id}/posts/${id}`, { token: other.token })).status).toBe(404);
    expect(await rowOf(id)).toMatchObject({ campaignReview: 'awaiting' });
  });

  it('with approval off, posts for the campaign go out as made; those already waiting still wait', async () => {
    const s = await setup();
    const waiting = (await s.post('Sent before the switch')).json.response_data.CommonPostID as string;
    const off = await call(t, 'PUT', `/api/campaigns/${s.c._id}/approval`, { token: s.owner.token, body: { required: false } });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    expect(off.json.message).toBe(REVIEW_MSG.approvalOff);
    expect(off.json.response.approvalRequired).toBe(false);
    const caption = `Straight out ${Date.now()}`;
    const direct = await s.post(caption);
    expect(direct.json.response_message).not.toBe(REVIEW_MSG.sentForApproval(`Approver ${n}`));
    await publishDue(t);
    expect(await copiesOn(t, s.ids.twitter, caption)).toBe(1);
    expect(await rowOf(waiting)).toMatchObject({ campaignReview: 'awaiting' });
    expect(
      (await call(t, 'PUT', `/api/campaigns/${s.c._id}/approval`, { token: s.who.token, body: { required: true } })).status,
    ).toBe(403);
  });
});
