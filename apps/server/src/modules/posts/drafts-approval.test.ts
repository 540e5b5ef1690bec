import { NO_POST_ACCESS, NO_SCHEDULER_ACCESS, POST_MSG } from '@virality/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../db/schema';
import { buildTestApp, buildUser, call, givePlan, type TTestApp } from '../../test/helpers';
import { makeTeam, perms } from '../team/team-test-kit';
import { linkAll, postBody, postsOn, publishDue, readPost, uploadPhoto } from './posts-test-kit';

/**
 * Drafts and a manager's drafts: a manager always saves a draft the owner reviews (approve: it goes out; send
 * back: the manager reads the remark); the drafts list pages through the server; the plan's post limit stops a
 * FreeTier influencer at 5.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const notes = (userId: string, type: string) =>
  t.database.db
    .select()
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.type, type)));

describe("a business manager's drafts", () => {
  it('are always drafts for approval; the owner is asked to review, approves, and the post goes out', async () => {
    const team = await makeTeam(t, 'Acme Foods', perms({ '1': { Post: true } }));
    const ids = await linkAll(t, team.owner.token, ['instagram']);
    const photo = await uploadPhoto(t, team.manager.token);
    const caption = `Manager draft ${Date.now()}`;
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: team.manager.token,
      body: postBody(caption, [photo], [{ UserSocialMediaID: ids.instagram }], { IsDraft: false }),
    });
    expect(res.status).toBe(200);
    expect(res.json.response_message).toBe(POST_MSG.draftSaved);
    const postId = res.json.response_data.CommonPostID;
    const draft = await readPost(t, team.manager.token, postId);
    expect(draft).toMatchObject({ IsDraft: true, ApprovalStatus: 'pending' });
    expect(await notes(team.owner.user.id, 'DRAFT_REVIEW')).toHaveLength(1);
    await publishDue(t);
    expect((await postsOn(t, ids.instagram)).filter((p) => p.text.includes(caption))).toHaveLength(0);

    // only the owner reviews
    const byManager = await call(t, 'POST', '/sph/drafts/review-draft/', {
      token: team.manager.token,
      body: { CommonPostID: postId, Decision: 'approve' },
    });
    expect(byManager.status).toBe(403);
    const approved = await call(t, 'POST', '/sph/drafts/review-draft/', {
      token: team.owner.token,
      body: { CommonPostID: postId, Decision: 'approve' },
    });
    expect(approved.status).toBe(200);
    expect(approved.json.response_message).toBe(POST_MSG.sent);
    await publishDue(t);
    expect((await postsOn(t, ids.instagram)).filter((p) => p.text.includes(caption))).toHaveLength(1);
    expect((await readPost(t, team.owner.token, postId)).ApprovalStatus).toBe('approved');
    expect(await notes(team.sub.id, 'DRAFT_APPROVED')).toHaveLength(1);
    // approved once: a second approval is refused
    const twice = await call(t, 'POST', '/sph/drafts/review-draft/', {
      token: team.owner.token,
      body: { CommonPostID: postId, Decision: 'approve' },
    });
    expect(twice.status).toBe(400);
  });

  it('sent back with a remark: the manager reads the remark, changes the draft, and it waits for approval again', async () => {
    const team = await makeTeam(t, 'Acme Foods', perms({ '1': { Post: true } }));
    const ids = await linkAll(t, team.owner.token, ['instagram']);
    const photo = await uploadPhoto(t, team.manager.token);
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: team.manager.token,
      body: postBody('First try', [photo], [{ UserSocialMediaID: ids.instagram }]),
    });
    const postId = res.json.response_data.CommonPostID;
    const noRemark = await call(t, 'POST', '/sph/drafts/review-draft/', {
      token: team.owner.token,
      body: { CommonPostID: postId, Decision: 'sendBack' },
    });
    expect(noRemark.status).toBe(400);
    expect(noRemark.json.response_message).toBe(POST_MSG.remarkRequired);
    const back = await call(t, 'POST', '/sph/drafts/review-draft/', {
      token: team.owner.token,
      body: { CommonPostID: postId, Decision: 'sendBack', Remark: 'Add the price' },
    });
    expect(back.status).toBe(200);
    const seen = await readPost(t, team.manager.token, postId);
    expect(seen).toMatchObject({ ApprovalStatus: 'sent_back', Remark: 'Add the price' });
    const [note] = await notes(team.sub.id, 'DRAFT_SENT_BACK');
    expect(note.description).toBe('Add the price');

    const changed = await call(t, 'PUT', '/sph/drafts/update-draft/', {
      token: team.manager.token,
      body: postBody('Second try: now 9.99', [photo], [{ UserSocialMediaID: ids.instagram }], { CommonPostID: postId }),
    });
    expect(changed.status).toBe(200);
    const again = await readPost(t, team.manager.token, postId);
    expect(again).toMatchObject({ ApprovalStatus: 'pending', Remark: null, CaptionDescription: 'Second try: now 9.99' });
  });

  it('posts only where its role gives Post, schedules only with Scheduler, and cannot send or move posts itself', async () => {
    const team = await makeTeam(t, 'Acme Foods', perms({ '1': { Post: true }, '2': { Analytics: true } }));
    const ids = await linkAll(t, team.owner.token, ['instagram', 'facebook']);
    const photo = await uploadPhoto(t, team.manager.token);
    const toFacebook = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: team.manager.token,
      body: postBody('No access', [photo], [{ UserSocialMediaID: ids.facebook }]),
    });
    expect(toFacebook.status).toBe(403);
    expect(toFacebook.json.response_message).toBe(NO_POST_ACCESS);
    const scheduledDraft = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: team.manager.token,
      body: postBody('Later', [photo], [{ UserSocialMediaID: ids.instagram }], {
        IsScheduled: true,
        ScheduledDate: '2099-01-01',
        ScheduledTime: '12:00',
      }),
    });
    expect(scheduledDraft.status).toBe(403);
    expect(scheduledDraft.json.response_message).toBe(NO_SCHEDULER_ACCESS);

    const draft = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: team.manager.token,
      body: postBody('Mine', [photo], [{ UserSocialMediaID: ids.instagram }]),
    });
    const postId = draft.json.response_data.CommonPostID;
    const send = await call(t, 'POST', '/sph/social-media-manager/post-handler/', {
      token: team.manager.token,
      body: { CommonPostID: postId },
    });
    expect(send.status).toBe(403);
    expect(send.json.response_message).toBe(POST_MSG.managerDraftsOnly);
  });
});

describe('drafts', () => {
  it('are listed 9 a page, newest first, filtered by network, and deleted', async () => {
    const { token } = await buildUser(t, { profileType: 'BUSINESS' });
    const ids = await linkAll(t, token, ['instagram', 'twitter']);
    const photo = await uploadPhoto(t, token);
    for (let i = 0; i < 10; i++)
      await call(t, 'POST', '/sph/social-media-manager/single-post/', {
        token,
        body: postBody(`Draft ${i}`, [photo], [{ UserSocialMediaID: i < 7 ? ids.instagram : ids.twitter }], { IsDraft: true }),
      });
    const first = await call(t, 'POST', '/sph/drafts/get-all-drafts/', { token, body: { page: 1, limit: 9 } });
    expect(first.status).toBe(200);
    expect(first.json.response_data).toHaveLength(9);
    expect(first.json.pages).toBe(2);
    expect(first.json.response_data[0].CaptionDescription).toBe('Draft 9');
    const second = await call(t, 'POST', '/sph/drafts/get-all-drafts/', { token, body: { page: 2, limit: 9 } });
    expect(second.json.response_data).toHaveLength(1);
    const onX = await call(t, 'POST', '/sph/drafts/get-all-drafts/', { token, body: { page: 1, limit: 9, social_media_id: 6 } });
    expect(onX.json.response_data.map((d: { CaptionDescription: string }) => d.CaptionDescription)).toEqual([
      'Draft 9',
      'Draft 8',
      'Draft 7',
    ]);

    const id = onX.json.response_data[0].CommonPostID;
    const stranger = await buildUser(t);
    expect(
      (await call(t, 'PUT', '/sph/drafts/delete-draft/', { token: stranger.token, body: { CommonPostID: id, IsActive: false } }))
        .status,
    ).toBe(404);
    expect((await call(t, 'GET', `/sph/drafts/get-draft-details/${id}/`, { token: stranger.token })).status).toBe(404);
    const del = await call(t, 'PUT', '/sph/drafts/delete-draft/', { token, body: { CommonPostID: id, IsActive: false } });
    expect(del.json.response_message).toBe(POST_MSG.draftDeleted);
    const after = await call(t, 'POST', '/sph/drafts/get-all-drafts/', { token, body: { social_media_id: '6' } });
    expect(after.json.response_data).toHaveLength(2);
    expect((await call(t, 'POST', '/sph/drafts/get-all-drafts/', { token, body: { page: 0 } })).status).toBe(400);
  });

  it('a draft of the user’s own is sent with post-handler/ and goes out', async () => {
    const { token, user } = await buildUser(t, { profileType: 'BUSINESS' });
    await givePlan(t, user.id);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const caption = `Draft sent ${Date.now()}`;
    const draft = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token,
      body: postBody(caption, [photo], [{ UserSocialMediaID: ids.twitter }], { IsDraft: true }),
    });
    const sent = await call(t, 'POST', '/sph/social-media-manager/post-handler/', {
      token,
      body: { CommonPostID: draft.json.response_data.CommonPostID },
    });
    expect(sent.status).toBe(200);
    await publishDue(t);
    expect((await postsOn(t, ids.twitter)).filter((p) => p.text.includes(caption))).toHaveLength(1);
  });
});

describe('the FreeTier post limit', () => {
  it('stops an influencer at 5 posts with 429, checked by postCountTrack and by the post call itself', async () => {
    const { token, user } = await buildUser(t);
    expect((await call(t, 'POST', '/api/subscription/AddInfSubs', { token, body: { userId: user.id } })).status).toBe(200);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const post = (i: number, more: Record<string, unknown> = {}) =>
      call(t, 'POST', '/sph/social-media-manager/single-post/', {
        token,
        body: postBody(`Free ${i} ${Date.now()}`, [photo], [{ UserSocialMediaID: ids.twitter }], more),
      });
    for (let i = 0; i < 5; i++) {
      const check = await call(t, 'GET', '/api/subscription/postCountTrack', { token });
      expect(check.status).toBe(200);
      expect(check.json.response).toEqual({ postCount: i, postLimit: 5, remaining: 5 - i });
      expect((await post(i)).status).toBe(200);
    }
    const check = await call(t, 'GET', '/api/subscription/postCountTrack', { token });
    expect(check.status).toBe(429);
    expect(check.json.message).toBe(POST_MSG.limitExceeded);
    const sixth = await post(6);
    expect(sixth.status).toBe(429);
    expect(sixth.json.response_message).toBe(POST_MSG.limitExceeded);
    expect((await call(t, 'GET', '/api/subscription/postCountTrack')).status).toBe(401);
  });

  it('refuses a FreeTier influencer at 5 posts a draft too (429 "Post limit exceeded: you have used all your posts."), and writes nothing', async () => {
    const { token, user } = await buildUser(t);
    expect((await call(t, 'POST', '/api/subscription/AddInfSubs', { token, body: { userId: user.id } })).status).toBe(200);
    const ids = await linkAll(t, token, ['twitter']);
    const photo = await uploadPhoto(t, token);
    const post = (i: number, more: Record<string, unknown> = {}) =>
      call(t, 'POST', '/sph/social-media-manager/single-post/', {
        token,
        body: postBody(`Free draft ${i} ${Date.now()}`, [photo], [{ UserSocialMediaID: ids.twitter }], more),
      });
    const drafts = async () =>
      (await call(t, 'POST', '/sph/drafts/get-all-drafts/', { token, body: { page: 1, limit: 9 } })).json
        .response_data as unknown[];
    // below the limit a draft is saved, and it is not counted: five posts still go after it
    expect((await post(0, { IsDraft: true })).status).toBe(200);
    for (let i = 1; i <= 5; i++) expect((await post(i)).status).toBe(200);
    expect((await drafts()).length).toBe(1);
    const refused = await post(6, { IsDraft: true });
    expect(refused.status).toBe(429);
    expect(refused.json.response_message).toBe(POST_MSG.freeTierExceeded);
    expect((await drafts()).length).toBe(1);
  });
});
