import { CAMPAIGN_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema';
import { buildTestApp, call, freshToken, givePlan, type TTestApp } from '../../test/helpers';
import { linkAll, postBody, publishDue, scheduleIn, uploadPhoto } from '../posts/posts-test-kit';
import { brand, createCampaign, influencer, NOW } from './campaigns-test-kit';

/**
 * Posts made for a campaign: a post naming a campaign (CampaignSourceID) must name one its author accepted and that
 * runs today, else nothing is written; the campaign then shows those posts (to its owner all of them, to an
 * influencer their own).
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.setOffset(NOW - Date.now());
});
afterAll(async () => t?.close());

/** An influencer with a plan, an X and an Instagram account and a photo, and a way to post now or schedule. */
async function author(userName: string, name: string) {
  const who = await influencer(t, userName, name);
  await givePlan(t, who.user.id);
  const ids = await linkAll(t, who.token, ['twitter', 'instagram']);
  const photo = await uploadPhoto(t, who.token);
  const post = (caption: string, campaignId: string | undefined, more: Record<string, unknown> = {}) =>
    call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: who.token,
      body: postBody(caption, [photo], [{ UserSocialMediaID: ids.twitter }, { UserSocialMediaID: ids.instagram }], {
        ...(campaignId ? { CampaignSourceID: campaignId } : {}),
        ...more,
      }),
    });
  return { ...who, ids, photo, post };
}
const postsBy = (userId: string) => t.database.db.select().from(posts).where(eq(posts.userId, userId));
const accept = async (token: string, id: string) =>
  expect((await call(t, 'POST', `/api/campaigns/${id}/respond`, { token, body: { accept: true } })).status).toBe(200);

describe('a post naming a campaign (CampaignSourceID)', () => {
  it('is taken for a campaign the author accepted that runs today, and the campaign shows it', async () => {
    const owner = await brand(t, 'Poster');
    const a = await author('post-a', 'Ana');
    const b = await author('post-b', 'Bo');
    const c = await createCampaign(t, owner.token, { influencerIds: [a.user.id, b.user.id] });
    // a campaign without the owner's approval of content: its posts go out as made (approval: campaign-approval.test)
    const off = await call(t, 'PUT', `/api/campaigns/${c._id}/approval`, { token: owner.token, body: { required: false } });
    expect(off.status).toBe(200);
    await accept(a.token, c._id);
    await accept(b.token, c._id);

    const long = `${'Spring is here! '.repeat(12)}#ad`;
    const now = await a.post(long, c._id);
    expect(now.status, JSON.stringify(now.json)).toBe(200);
    const later = await a.post('Later', c._id, { IsScheduled: true, ...scheduleIn(t, 3 * 3600_000) });
    expect(later.status, JSON.stringify(later.json)).toBe(200);
    const draft = await a.post('A draft', c._id, { IsDraft: true });
    expect(draft.status).toBe(200);
    const elsewhere = await a.post('Not for the campaign', undefined);
    expect(elsewhere.status).toBe(200);
    const byB = await b.post('From Bo', c._id);
    expect(byB.status).toBe(200);

    const seenByOwner = await call(t, 'GET', `/api/campaigns/${c._id}`, { token: owner.token });
    expect(seenByOwner.status).toBe(200);
    const shown = seenByOwner.json.response.posts;
    // newest first; drafts and posts for nothing else are not the campaign's
    expect(shown.map((p: { caption: string }) => p.caption)).toEqual(['From Bo', 'Later', long.slice(0, 140)]);
    expect(shown[2]).toEqual({
      _id: now.json.response_data.CommonPostID,
      caption: long.slice(0, 140),
      author: { _id: a.user.id, name: 'Ana', userName: 'post-a', profileImage: null },
      networks: ['instagram', 'twitter'],
      status: 'Publishing',
      scheduledAt: null,
      createdAt: expect.any(String),
      review: null,
      remark: null,
      reviews: [],
    });
    expect(shown[1]).toMatchObject({ status: 'Scheduled', scheduledAt: expect.any(String) });

    // an influencer sees their own posts only
    const seenByA = await call(t, 'GET', `/api/campaigns/${c._id}`, { token: a.token });
    expect(seenByA.json.response.posts.map((p: { caption: string }) => p.caption)).toEqual(['Later', long.slice(0, 140)]);

    // once the networks have it, the status says so, in the post status rule's words
    await publishDue(t);
    const after = await call(t, 'GET', `/api/campaigns/${c._id}`, { token: owner.token });
    expect(after.json.response.posts.find((p: { _id: string }) => p._id === now.json.response_data.CommonPostID).status).toBe(
      'Posted',
    );
  });

  it('is refused (400) with nothing written for a campaign not accepted, not running today, not there or not tagged', async () => {
    const owner = await brand(t, 'Refuser');
    const a = await author('post-c', 'Cy');
    const invited = await createCampaign(t, owner.token, { influencerIds: [a.user.id] });
    const declined = await createCampaign(t, owner.token, { influencerIds: [a.user.id] });
    expect(
      (await call(t, 'POST', `/api/campaigns/${declined._id}/respond`, { token: a.token, body: { accept: false } })).status,
    ).toBe(200);
    const future = await createCampaign(t, owner.token, {
      startDate: '2027-03-20',
      endDate: '2027-03-25',
      influencerIds: [a.user.id],
    });
    await accept(a.token, future._id);
    const notTagged = await createCampaign(t, owner.token);
    const before = (await postsBy(a.user.id)).length;
    for (const id of [invited._id, declined._id, future._id, notTagged._id, 'no-such-campaign']) {
      for (const more of [{}, { IsDraft: true }]) {
        const res = await a.post('For a campaign', id, more);
        expect(res.status, id).toBe(400);
        expect(res.json.response_message).toBe(CAMPAIGN_MSG.notForPost);
      }
    }
    expect(await postsBy(a.user.id)).toHaveLength(before);
  });

  it('a campaign that has ended takes no more posts', async () => {
    const owner = await brand(t, 'Short one');
    const a = await author('post-d', 'Di');
    const c = await createCampaign(t, owner.token, {
      startDate: '2027-03-10',
      endDate: '2027-03-10',
      influencerIds: [a.user.id],
    });
    await accept(a.token, c._id);
    // two days on, the campaign's only day is over everywhere
    t.clock.advance(2 * 24 * 3600_000);
    try {
      const token = await freshToken(t, a.user);
      const before = (await postsBy(a.user.id)).length;
      const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
        token,
        body: postBody('Too late', [a.photo], [{ UserSocialMediaID: a.ids.twitter }], { CampaignSourceID: c._id }),
      });
      expect(res.status).toBe(400);
      expect(res.json.response_message).toBe(CAMPAIGN_MSG.notForPost);
      expect(await postsBy(a.user.id)).toHaveLength(before);
    } finally {
      t.clock.advance(-2 * 24 * 3600_000);
    }
  });

  it("is taken on the campaign's first day wherever the author is: the day has begun somewhere on earth", async () => {
    // 10 March 2027, 12:00 UTC: 11 March has begun in Kiritimati, so a campaign starting on 11 March takes posts already
    const owner = await brand(t, 'Early');
    const a = await author('post-e', 'Ed');
    const c = await createCampaign(t, owner.token, {
      startDate: '2027-03-11',
      endDate: '2027-03-12',
      influencerIds: [a.user.id],
    });
    await accept(a.token, c._id);
    expect((await a.post('First day in Kiribati', c._id)).status).toBe(200);
    await expect(t.services.campaigns.checkPostCampaign(a.user.id, c._id, '2027-03-10')).rejects.toThrow(CAMPAIGN_MSG.notForPost);
    await expect(t.services.campaigns.checkPostCampaign(a.user.id, c._id, '2027-03-12')).resolves.toBeUndefined();
  });
});
