import { ACCOUNT_DELETED, CAMPAIGN_MSG, CAMPAIGN_TAGS_PER_DAY, CAMPAIGNS_PER_DAY } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignInfluencers, campaigns } from '../../db/schema';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';
import { brand, createCampaign, imc, influencer, NOW, notificationsOf } from './campaigns-test-kit';

/**
 * What keeps campaigns from being used to spam influencers: daily limits per owner, an influencer's mute, an owner
 * who must be named; and what happens to a campaign when its owner closes their account.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.setOffset(NOW - Date.now());
});
afterAll(async () => t?.close());

const campaignsOf = (ownerId: string) => t.database.db.select().from(campaigns).where(eq(campaigns.ownerId, ownerId));
const createBody = (influencerIds: string[] = []) => ({
  name: 'Daily',
  brief: 'Brief',
  budget: 100,
  startDate: '2027-03-10',
  endDate: '2027-03-31',
  influencerIds,
});

/** `n` taggable influencers, made straight through the users service (no password to hash). */
async function manyInfluencers(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const row = await t.services.users.createAccount({
      email: `many${i}.${Math.random().toString(36).slice(2, 8)}@example.com`,
      emailVerified: true,
      passwordHash: null,
      profileType: 'INFLUENCER',
      authType: 'LOCAL',
      profileCompleted: true,
    });
    ids.push(row.id);
  }
  return ids;
}

describe('an owner’s campaigns and tags are bounded per 24 hours', () => {
  it(`at most ${CAMPAIGNS_PER_DAY} campaigns in 24 hours: the next is refused (429) and nothing is written; a day on, they may again`, async () => {
    const owner = await imc(t, 'Busy Agency');
    for (let i = 0; i < CAMPAIGNS_PER_DAY; i++) await createCampaign(t, owner.token, { name: `C${i}` });
    const one = await influencer(t, 'limited1');
    const res = await call(t, 'POST', '/api/campaigns/create', { token: owner.token, body: createBody([one.user.id]) });
    expect(res.status).toBe(429);
    expect(res.json.message).toBe(CAMPAIGN_MSG.tooManyCampaigns);
    expect(await campaignsOf(owner.user.id)).toHaveLength(CAMPAIGNS_PER_DAY);
    expect(await notificationsOf(t, one.token)).toHaveLength(0);
    t.clock.advance(24 * 3_600_000 + 1000);
    try {
      const later = await call(t, 'POST', '/api/campaigns/create', {
        token: owner.token,
        body: { ...createBody(), startDate: '2027-03-11' },
      });
      expect(later.status, JSON.stringify(later.json)).toBe(200);
    } finally {
      t.clock.advance(-(24 * 3_600_000 + 1000));
    }
  });

  it(`at most ${CAMPAIGN_TAGS_PER_DAY} influencers tagged in 24 hours: the next tag is refused (429), untagged and untold`, async () => {
    const owner = await brand(t, 'Tag Heavy');
    const ids = await manyInfluencers(CAMPAIGN_TAGS_PER_DAY);
    for (let i = 0; i < CAMPAIGN_TAGS_PER_DAY; i += 50)
      await createCampaign(t, owner.token, { name: `T${i}`, influencerIds: ids.slice(i, i + 50) });
    const last = await createCampaign(t, owner.token, { name: 'One more' });
    const extra = await influencer(t, 'onetoomany');
    const res = await call(t, 'POST', `/api/campaigns/${last._id}/tag`, {
      token: owner.token,
      body: { influencerIds: [extra.user.id] },
    });
    expect(res.status).toBe(429);
    expect(res.json.message).toBe(CAMPAIGN_MSG.tooManyTags);
    const tags = await t.database.db.select().from(campaignInfluencers).where(eq(campaignInfluencers.campaignId, last._id));
    expect(tags).toHaveLength(0);
    expect(await notificationsOf(t, extra.token)).toHaveLength(0);
  });

  it('an owner with no name, company name or username is asked to add one before tagging, and nothing is written', async () => {
    const nameless = await buildUser(t, { profileType: 'BRANDS', profileCompleted: true });
    const one = await influencer(t, 'namedless1');
    const res = await call(t, 'POST', '/api/campaigns/create', { token: nameless.token, body: createBody([one.user.id]) });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(CAMPAIGN_MSG.ownerNameRequired);
    expect(await campaignsOf(nameless.user.id)).toHaveLength(0);
    expect(await notificationsOf(t, one.token)).toHaveLength(0);
  });
});

describe('an influencer mutes a campaign owner', () => {
  it('a muted owner’s tags are listed but never notified; unmuted, the next tag is; the mute list shows the owner', async () => {
    const owner = await brand(t, 'Noisy Brand');
    const quiet = await influencer(t, 'quietone');
    const muted = await call(t, 'PUT', `/api/campaigns/mutes/${owner.user.id}`, { token: quiet.token });
    expect(muted.status, JSON.stringify(muted.json)).toBe(200);
    expect(muted.json.message).toBe(CAMPAIGN_MSG.muted('Noisy Brand'));
    expect(muted.json.response.owner).toMatchObject({ _id: owner.user.id, name: 'Noisy Brand' });
    // twice changes nothing: the mute keeps the time it was first made
    t.clock.advance(60_000);
    const again = await call(t, 'PUT', `/api/campaigns/mutes/${owner.user.id}`, { token: quiet.token });
    expect(again.status).toBe(200);
    expect(again.json.response.mutedAt).toBe(muted.json.response.mutedAt);
    const list = await call(t, 'GET', '/api/campaigns/mutes', { token: quiet.token });
    expect(list.json.response.map((m: { owner: { _id: string } }) => m.owner._id)).toEqual([owner.user.id]);
    expect(list.json.response[0].mutedAt).toBe(muted.json.response.mutedAt);

    const first = await createCampaign(t, owner.token, { name: 'Quiet one', influencerIds: [quiet.user.id] });
    expect(await notificationsOf(t, quiet.token)).toHaveLength(0);
    const tagged = await call(t, 'GET', '/api/campaigns/tagged', { token: quiet.token });
    expect(tagged.json.response.docs).toEqual([expect.objectContaining({ _id: first._id, ownerMuted: true })]);

    const unmuted = await call(t, 'DELETE', `/api/campaigns/mutes/${owner.user.id}`, { token: quiet.token });
    expect(unmuted.status).toBe(200);
    expect(unmuted.json.message).toBe(CAMPAIGN_MSG.unmuted('Noisy Brand'));
    await createCampaign(t, owner.token, { name: 'Loud one', influencerIds: [quiet.user.id] });
    const told = await notificationsOf(t, quiet.token);
    expect(told.map((n) => n.type)).toEqual(['CAMPAIGN_TAGGED']);
    expect((await call(t, 'GET', '/api/campaigns/mutes', { token: quiet.token })).json.response).toEqual([]);
  });

  it('only an influencer mutes (403 for others, 401 without a session); an id that is not a brand’s or an IMC’s is 404', async () => {
    const owner = await brand(t, 'Some Brand');
    const other = await brand(t, 'Other Brand');
    const someone = await influencer(t, 'justone');
    expect((await call(t, 'PUT', `/api/campaigns/mutes/${owner.user.id}`, { token: other.token })).status).toBe(403);
    expect((await call(t, 'GET', '/api/campaigns/mutes', { token: other.token })).status).toBe(403);
    expect((await call(t, 'PUT', `/api/campaigns/mutes/${owner.user.id}`)).status).toBe(401);
    const notOwner = await call(t, 'PUT', `/api/campaigns/mutes/${someone.user.id}`, { token: someone.token });
    expect(notOwner.status).toBe(404);
    expect(notOwner.json.message).toBe(CAMPAIGN_MSG.ownerNotFound);
    expect((await call(t, 'GET', '/api/campaigns/mutes', { token: someone.token })).json.response).toEqual([]);
  });
});

describe('a campaign ends when its owner closes their account', () => {
  it('the influencers tagged in it (not those who declined) are told; it is no longer running or open for posts', async () => {
    const owner = await imc(t, 'Closing Agency');
    const yes = await influencer(t, 'saidyes');
    const waiting = await influencer(t, 'stillwaiting');
    const no = await influencer(t, 'saidno');
    const c = await createCampaign(t, owner.token, { name: 'Ending', influencerIds: [yes.user.id, waiting.user.id, no.user.id] });
    await call(t, 'POST', `/api/campaigns/${c._id}/respond`, { token: yes.token, body: { accept: true } });
    await call(t, 'POST', `/api/campaigns/${c._id}/respond`, { token: no.token, body: { accept: false } });
    const before = await call(t, 'GET', '/api/campaigns/active?timeZone=UTC', { token: yes.token });
    expect(before.status, JSON.stringify(before.json)).toBe(200);
    expect(before.json.response.docs.map((d: { _id: string }) => d._id)).toContain(c._id);

    const closed = await call(t, 'POST', '/api/user/deleteUserDetails', { token: owner.token, body: { remarks: 'done' } });
    expect(closed.json.message).toBe(ACCOUNT_DELETED);

    for (const who of [yes, waiting]) {
      const told = (await notificationsOf(t, who.token)).filter((n) => n.type === 'CAMPAIGN_ENDED');
      expect(told).toHaveLength(1);
      expect(told[0].title).toBe(CAMPAIGN_MSG.endedTitle('Ending'));
    }
    expect((await notificationsOf(t, no.token)).filter((n) => n.type === 'CAMPAIGN_ENDED')).toHaveLength(0);
    const after = await call(t, 'GET', '/api/campaigns/active?timeZone=UTC', { token: yes.token });
    expect(after.json.response.docs.map((d: { _id: string }) => d._id)).not.toContain(c._id);
    const detail = await call(t, 'GET', `/api/campaigns/${c._id}`, { token: yes.token });
    expect(detail.json.response.endedAt).not.toBeNull();
    await expect(t.services.campaigns.checkPostCampaign(yes.user.id, c._id)).rejects.toMatchObject({
      message: CAMPAIGN_MSG.notForPost,
    });
  });

  it('a running campaign keeps endedAt null', async () => {
    const owner = await brand(t, 'Open Brand');
    const c = await createCampaign(t, owner.token, { name: 'Open' });
    expect(c.endedAt).toBeNull();
  });
});
