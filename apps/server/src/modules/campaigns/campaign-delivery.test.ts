import { DELIVERY_MSG } from '@virality/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, freshToken, givePlan, type TTestApp } from '../../test/helpers';
import { linkAll, postBody, publishDue, uploadPhoto } from '../posts/posts-test-kit';
import { brand, createCampaign, influencer, NOW, notificationsOf } from './campaigns-test-kit';

/**
 * Paid on delivery: an influencer's deliverables count the posts they publish for the campaign (each published
 * target on its network in its format); each is done, still due or late; when all are done the owner is told once,
 * with the fee still to pay.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(() => {
  t.clock.setOffset(NOW - Date.now());
});
afterAll(async () => t?.close());

async function setup(name: string) {
  const owner = await brand(t, `Payer ${name}`);
  const who = await influencer(t, `delivery_${name}`, `Del ${name}`);
  await givePlan(t, who.user.id);
  const ids = await linkAll(t, who.token, ['twitter', 'instagram']);
  const photo = await uploadPhoto(t, who.token);
  const c = await createCampaign(t, owner.token, { budget: 1000 });
  // this campaign takes posts without the owner's approval (approval: campaign-approval.test)
  await call(t, 'PUT', `/api/campaigns/${c._id}/approval`, { token: owner.token, body: { required: false } });
  const tag = await call(t, 'POST', `/api/campaigns/${c._id}/tag`, {
    token: owner.token,
    body: {
      influencerIds: [who.user.id],
      terms: {
        deliverables: [
          { network: 'twitter', postType: 'post', count: 2, dueDate: '2027-03-20' },
          { network: 'instagram', postType: 'post', count: 1, dueDate: '2027-03-25' },
        ],
        fee: 400,
      },
    },
  });
  expect(tag.status, JSON.stringify(tag.json)).toBe(200);
  expect((await call(t, 'POST', `/api/campaigns/${c._id}/respond`, { token: who.token, body: { accept: true } })).status).toBe(
    200,
  );
  const post = async (caption: string, accounts: string[]) => {
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: who.token,
      body: postBody(
        caption,
        [photo],
        accounts.map((id) => ({ UserSocialMediaID: id })),
        { CampaignSourceID: c._id },
      ),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await publishDue(t);
  };
  // a fresh session each time: some tests move the clock days on
  const delivery = async () =>
    (await call(t, 'GET', `/api/campaigns/${c._id}`, { token: await freshToken(t, owner.user) })).json.response.influencers[0]
      .delivery;
  const told = async () =>
    (await notificationsOf(t, owner.token)).filter((x) => x.title === DELIVERY_MSG.deliveredTitle(`Del ${name}`, 'Campaign'));
  return { owner, who, ids, c, post, delivery, told };
}

describe('deliverables counted as the posts go out', () => {
  it('each published target counts once on its network; all done tells the owner once, with the fee to pay', async () => {
    const s = await setup('a');
    let d = await s.delivery();
    expect(d).toMatchObject({ complete: false, completedAt: null, feeDue: 400 });
    expect(d.items.map((i: { done: number; state: string }) => [i.done, i.state])).toEqual([
      [0, 'due'],
      [0, 'due'],
    ]);
    await s.post('First, on both', [s.ids.twitter, s.ids.instagram]);
    d = await s.delivery();
    expect(d.items.map((i: { done: number; state: string }) => [i.done, i.state])).toEqual([
      [1, 'due'],
      [1, 'done'],
    ]);
    expect(await s.told()).toEqual([]);

    await s.post('Second, on X', [s.ids.twitter]);
    d = await s.delivery();
    expect(d.complete).toBe(true);
    expect(d.completedAt).not.toBeNull();
    expect(d.items.every((i: { state: string }) => i.state === 'done')).toBe(true);
    const told = await s.told();
    expect(told).toHaveLength(1);
    expect(told[0].description).toBe(DELIVERY_MSG.deliveredBody('$400.00'));

    // more posts count no further and tell nothing again
    await s.post('Third, on X', [s.ids.twitter]);
    expect((await s.delivery()).items[0].done).toBe(2);
    expect(await s.told()).toHaveLength(1);
  });

  it('a deliverable past its due date with too few posts is late, for the owner and the influencer alike', async () => {
    const s = await setup('b');
    await s.post('Only on Instagram', [s.ids.instagram]);
    t.clock.setOffset(Date.parse('2027-03-22T12:00:00Z') - Date.now());
    const d = await s.delivery();
    expect(d.items.map((i: { state: string }) => i.state)).toEqual(['late', 'done']);
    expect(d.complete).toBe(false);
    // the influencer sees their own delivery too
    const mine = (await call(t, 'GET', `/api/campaigns/${s.c._id}`, { token: await freshToken(t, s.who.user) })).json.response
      .influencers[0];
    expect(mine.delivery.items.map((i: { state: string }) => i.state)).toEqual(['late', 'done']);
  });
});
