import { CAMPAIGN_MSG, INSIGHTS_MSG } from '@virality/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, campaignInfluencers, campaigns } from '../../db/schema';
import { buildTestApp, call, setUserFields, type TTestApp } from '../../test/helpers';
import { brand, createCampaign, imc, influencer, NOW, notificationsOf } from './campaigns-test-kit';

/**
 * Running a campaign: an IMC or a brand creates one (its fields checked by the domain's rules, "today" in the
 * caller's zone), tags influencers (each told once), and each tagged influencer answers once (the owner is told).
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.setOffset(NOW - Date.now());
});
afterAll(async () => t?.close());

const campaignsOf = (ownerId: string) => t.database.db.select().from(campaigns).where(eq(campaigns.ownerId, ownerId));
const tagsOf = (campaignId: string) =>
  t.database.db.select().from(campaignInfluencers).where(eq(campaignInfluencers.campaignId, campaignId));

describe('POST campaigns/create', () => {
  it('a brand creates a campaign: the budget in USD kept in cents, the influencers given tagged and told', async () => {
    const owner = await brand(t, 'Acme');
    const a = await influencer(t, 'ana');
    const b = await influencer(t, 'bob');
    const res = await call(t, 'POST', '/api/campaigns/create', {
      token: owner.token,
      body: {
        name: ' Spring launch ',
        brief: 'Show the new shoes',
        budget: '1250.5',
        startDate: '2027-03-10',
        endDate: '2027-03-31',
        influencerIds: [a.user.id, b.user.id, a.user.id],
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.message).toBe(CAMPAIGN_MSG.created);
    const c = res.json.response;
    expect(c).toMatchObject({
      name: 'Spring launch',
      brief: 'Show the new shoes',
      budget: 1250.5,
      spent: 0,
      left: 1250.5,
      currency: 'USD',
      startDate: '2027-03-10',
      endDate: '2027-03-31',
      owner: { _id: owner.user.id, name: 'Acme' },
      myRole: 'owner',
      influencerCount: 2,
      acceptedCount: 0,
      posts: [],
      payments: [],
    });
    expect(
      c.influencers.map((i: { user: { _id: string }; status: string; paid: number }) => [i.user._id, i.status, i.paid]),
    ).toEqual([
      [a.user.id, 'invited', 0],
      [b.user.id, 'invited', 0],
    ]);
    const [row] = await campaignsOf(owner.user.id);
    expect(row.budgetMinor).toBe(125050);
    for (const who of [a, b]) {
      const told = await notificationsOf(t, who.token);
      expect(told).toEqual([
        expect.objectContaining({
          type: 'CAMPAIGN_TAGGED',
          title: 'Acme tagged you in Spring launch',
          description: CAMPAIGN_MSG.taggedBody,
          payload: { payloadId: c._id },
          senderId: expect.objectContaining({ _id: owner.user.id }),
        }),
      ]);
    }
  });

  it('an IMC creates one too, with no influencers yet', async () => {
    const owner = await imc(t);
    const c = await createCampaign(t, owner.token, { influencerIds: undefined });
    expect(c).toMatchObject({ myRole: 'owner', influencerCount: 0, influencers: [] });
  });

  it('only IMCs and brands create campaigns (403), with nothing written', async () => {
    for (const profileType of ['INFLUENCER', 'BUSINESS'] as const) {
      const who = profileType === 'INFLUENCER' ? await influencer(t, `inf${Date.now()}`) : await brand(t, 'x', 'BUSINESS');
      const res = await call(t, 'POST', '/api/campaigns/create', {
        token: who.token,
        body: { name: 'x', brief: 'y', budget: 10, startDate: '2027-03-10', endDate: '2027-03-11' },
      });
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(CAMPAIGN_MSG.ownersOnly);
      expect(await campaignsOf(who.user.id)).toEqual([]);
    }
    const anonymous = await call(t, 'POST', '/api/campaigns/create', { body: {} });
    expect(anonymous.status).toBe(401);
  });

  it("refuses a field the rules refuse, in the rules' words, per field, with nothing written", async () => {
    const owner = await brand(t, 'Rules');
    const base = { name: 'Camp', brief: 'Brief', budget: 100, startDate: '2027-03-10', endDate: '2027-03-12' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', CAMPAIGN_MSG.nameRequired],
      [{ name: 'n'.repeat(101) }, 'name', CAMPAIGN_MSG.nameTooLong],
      [{ brief: undefined }, 'brief', CAMPAIGN_MSG.briefRequired],
      [{ budget: undefined }, 'budget', CAMPAIGN_MSG.budgetRequired],
      [{ budget: '12.345' }, 'budget', CAMPAIGN_MSG.budgetInvalid],
      [{ budget: 0.5 }, 'budget', CAMPAIGN_MSG.budgetMin],
      [{ budget: 1_000_000.01 }, 'budget', CAMPAIGN_MSG.budgetMax],
      [{ startDate: '2027-03-09' }, 'startDate', CAMPAIGN_MSG.startInPast],
      [{ startDate: '2027-02-30' }, 'startDate', CAMPAIGN_MSG.badDate],
      [{ endDate: '2027-03-09' }, 'endDate', CAMPAIGN_MSG.endBeforeStart],
      [{ endDate: '' }, 'endDate', CAMPAIGN_MSG.endRequired],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', INSIGHTS_MSG.badTimeZone],
      [{ influencerIds: Array.from({ length: 51 }, (_, i) => `id${i}`) }, 'influencerIds', CAMPAIGN_MSG.tooManyInfluencers],
    ];
    for (const [patch, field, message] of cases) {
      const res = await call(t, 'POST', '/api/campaigns/create', { token: owner.token, body: { ...base, ...patch } });
      expect(res.status, `${field}: ${JSON.stringify(res.json)}`).toBe(400);
      expect(res.json.message).toBe(message);
      expect(res.json.response.errors[field]).toBe(message);
    }
    expect(await campaignsOf(owner.user.id)).toEqual([]);
  });

  it("reads 'today' in the caller's zone: 10 March is already past in Kiribati, still to come in Honolulu", async () => {
    // the file's now is 10 March 2027, 12:00 UTC: 11 March in Kiritimati (UTC+14), 10 March in Honolulu (UTC-10)
    const owner = await brand(t, 'Zones');
    const body = { name: 'Z', brief: 'B', budget: 5, startDate: '2027-03-10', endDate: '2027-03-10' };
    const east = await call(t, 'POST', '/api/campaigns/create', {
      token: owner.token,
      body: { ...body, timeZone: 'Pacific/Kiritimati' },
    });
    expect(east.status).toBe(400);
    expect(east.json.message).toBe(CAMPAIGN_MSG.startInPast);
    const west = await call(t, 'POST', '/api/campaigns/create', {
      token: owner.token,
      body: { ...body, timeZone: 'Pacific/Honolulu' },
    });
    expect(west.status).toBe(200);
    const early = await call(t, 'POST', '/api/campaigns/create', {
      token: owner.token,
      body: { ...body, startDate: '2027-03-09', endDate: '2027-03-09', timeZone: 'Pacific/Honolulu' },
    });
    expect(early.json.message).toBe(CAMPAIGN_MSG.startInPast);
  });

  it('an influencer id that is not an active influencer refuses the whole call (404), with nothing written', async () => {
    const owner = await brand(t, 'Strict');
    const ok = await influencer(t, 'okay');
    const closed = await influencer(t, 'closed');
    await setUserFields(t, closed.user.id, { deletedAt: t.clock.now() });
    const inactive = await influencer(t, 'inactive');
    await setUserFields(t, inactive.user.id, { userStatus: false });
    const notInfluencer = await imc(t);
    for (const bad of ['no-such-user', closed.user.id, inactive.user.id, notInfluencer.user.id]) {
      const res = await call(t, 'POST', '/api/campaigns/create', {
        token: owner.token,
        body: {
          name: 'N',
          brief: 'B',
          budget: 5,
          startDate: '2027-03-10',
          endDate: '2027-03-10',
          influencerIds: [ok.user.id, bad],
        },
      });
      expect(res.status).toBe(404);
      expect(res.json.message).toBe(CAMPAIGN_MSG.influencerNotFound);
    }
    expect(await campaignsOf(owner.user.id)).toEqual([]);
    expect(await notificationsOf(t, ok.token)).toEqual([]);
  });
});

describe('POST campaigns/:id/tag', () => {
  it('the owner tags more influencers; each is told once, and tagging again keeps their answer and tells nobody', async () => {
    const owner = await brand(t, 'Tagger');
    const a = await influencer(t, 'tag-a');
    const b = await influencer(t, 'tag-b');
    const c = await createCampaign(t, owner.token, { influencerIds: [a.user.id] });
    expect((await call(t, 'POST', `/api/campaigns/${c._id}/respond`, { token: a.token, body: { accept: true } })).status).toBe(
      200,
    );

    const res = await call(t, 'POST', `/api/campaigns/${c._id}/tag`, {
      token: owner.token,
      body: { influencerIds: [a.user.id, b.user.id] },
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(CAMPAIGN_MSG.tagged);
    expect(res.json.response.influencers.map((i: { status: string }) => i.status)).toEqual(['accepted', 'invited']);
    const again = await call(t, 'POST', `/api/campaigns/${c._id}/tag`, {
      token: owner.token,
      body: { influencerIds: [a.user.id, b.user.id] },
    });
    expect(again.status).toBe(200);
    expect(again.json.response).toEqual({ ...res.json.response });
    expect((await notificationsOf(t, a.token)).filter((n) => n.type === 'CAMPAIGN_TAGGED')).toHaveLength(1);
    expect((await notificationsOf(t, b.token)).filter((n) => n.type === 'CAMPAIGN_TAGGED')).toHaveLength(1);
  });

  it("another owner's campaign is not found (404), and only IMCs and brands tag (403); nothing is written", async () => {
    const owner = await brand(t, 'Mine');
    const other = await imc(t);
    const a = await influencer(t, 'tag-c');
    const c = await createCampaign(t, owner.token);
    const res = await call(t, 'POST', `/api/campaigns/${c._id}/tag`, {
      token: other.token,
      body: { influencerIds: [a.user.id] },
    });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe(CAMPAIGN_MSG.notFound);
    const byInfluencer = await call(t, 'POST', `/api/campaigns/${c._id}/tag`, {
      token: a.token,
      body: { influencerIds: [a.user.id] },
    });
    expect(byInfluencer.status).toBe(403);
    const missing = await call(t, 'POST', '/api/campaigns/nope/tag', {
      token: owner.token,
      body: { influencerIds: [a.user.id] },
    });
    expect(missing.status).toBe(404);
    expect(await tagsOf(c._id)).toEqual([]);
    expect(await notificationsOf(t, a.token)).toEqual([]);
  });

  it('bad input is refused with nothing written: no ids, an unknown id, an unknown zone', async () => {
    const owner = await brand(t, 'BadTag');
    const a = await influencer(t, 'tag-d');
    const c = await createCampaign(t, owner.token);
    const empty = await call(t, 'POST', `/api/campaigns/${c._id}/tag`, { token: owner.token, body: { influencerIds: [] } });
    expect(empty.status).toBe(400);
    const unknown = await call(t, 'POST', `/api/campaigns/${c._id}/tag`, {
      token: owner.token,
      body: { influencerIds: [a.user.id, 'ghost'] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe(CAMPAIGN_MSG.influencerNotFound);
    const zone = await call(t, 'POST', `/api/campaigns/${c._id}/tag`, {
      token: owner.token,
      body: { influencerIds: [a.user.id], timeZone: 'Nowhere/City' },
    });
    expect(zone.status).toBe(400);
    expect(zone.json.message).toBe(INSIGHTS_MSG.badTimeZone);
    expect(await tagsOf(c._id)).toEqual([]);
  });

  it('a campaign that has ended takes no new tags (400)', async () => {
    const owner = await brand(t, 'Ended');
    const a = await influencer(t, 'tag-e');
    const c = await createCampaign(t, owner.token, { startDate: '2027-03-10', endDate: '2027-03-10' });
    // 11 March in Kiritimati already; still 10 March in UTC
    const ended = await call(t, 'POST', `/api/campaigns/${c._id}/tag`, {
      token: owner.token,
      body: { influencerIds: [a.user.id], timeZone: 'Pacific/Kiritimati' },
    });
    expect(ended.status).toBe(400);
    expect(ended.json.message).toBe(CAMPAIGN_MSG.ended);
    expect(await tagsOf(c._id)).toEqual([]);
    const stillOn = await call(t, 'POST', `/api/campaigns/${c._id}/tag`, {
      token: owner.token,
      body: { influencerIds: [a.user.id] },
    });
    expect(stillOn.status).toBe(200);
  });

  it('a campaign tags at most 50 influencers in all', async () => {
    const owner = await brand(t, 'Many');
    const first = await Promise.all(Array.from({ length: 50 }, (_, i) => influencer(t, `many${i}`)));
    const c = await createCampaign(t, owner.token, { influencerIds: first.map((x) => x.user.id) });
    expect(c.influencerCount).toBe(50);
    const one = await influencer(t, 'many-last');
    const res = await call(t, 'POST', `/api/campaigns/${c._id}/tag`, {
      token: owner.token,
      body: { influencerIds: [one.user.id] },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(CAMPAIGN_MSG.tooManyInfluencers);
    expect(await tagsOf(c._id)).toHaveLength(50);
    expect(await notificationsOf(t, one.token)).toEqual([]);
  }, 60_000);
});

describe('POST campaigns/:id/respond', () => {
  it('a tagged influencer accepts once; the owner is told in plain words; a second answer is refused', async () => {
    const owner = await brand(t, 'Answers');
    const a = await influencer(t, 'resp-a', 'Ana Lima');
    const c = await createCampaign(t, owner.token, { name: 'Summer', influencerIds: [a.user.id] });
    const res = await call(t, 'POST', `/api/campaigns/${c._id}/respond`, { token: a.token, body: { accept: true } });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(CAMPAIGN_MSG.accepted);
    expect(res.json.response).toMatchObject({ myRole: 'accepted', acceptedCount: 1 });
    expect(res.json.response.influencers).toEqual([
      expect.objectContaining({ status: 'accepted', answeredAt: expect.any(String) }),
    ]);
    const told = await notificationsOf(t, owner.token);
    expect(told).toEqual([
      expect.objectContaining({
        type: 'CAMPAIGN_ANSWERED',
        title: 'Ana Lima accepted Summer',
        payload: { payloadId: c._id },
        senderId: expect.objectContaining({ _id: a.user.id }),
      }),
    ]);
    for (const accept of [true, false]) {
      const again = await call(t, 'POST', `/api/campaigns/${c._id}/respond`, { token: a.token, body: { accept } });
      expect(again.status).toBe(400);
      expect(again.json.message).toBe(CAMPAIGN_MSG.alreadyAnswered);
    }
    const [tag] = await tagsOf(c._id);
    expect(tag.status).toBe('accepted');
    expect(await notificationsOf(t, owner.token)).toHaveLength(1);
  });

  it('declining says so, to the influencer and the owner', async () => {
    const owner = await imc(t, 'Agency');
    const a = await influencer(t, 'resp-b', 'Bo');
    const c = await createCampaign(t, owner.token, { name: 'Winter', influencerIds: [a.user.id] });
    const res = await call(t, 'POST', `/api/campaigns/${c._id}/respond`, { token: a.token, body: { accept: false } });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(CAMPAIGN_MSG.declined);
    expect(res.json.response.myRole).toBe('declined');
    expect((await notificationsOf(t, owner.token))[0].title).toBe('Bo declined Winter');
  });

  it('an influencer not tagged gets 404, another role 403, a bad body 400; nothing changes', async () => {
    const owner = await brand(t, 'Closed');
    const tagged = await influencer(t, 'resp-c');
    const stranger = await influencer(t, 'resp-d');
    const c = await createCampaign(t, owner.token, { influencerIds: [tagged.user.id] });
    const res = await call(t, 'POST', `/api/campaigns/${c._id}/respond`, { token: stranger.token, body: { accept: true } });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe(CAMPAIGN_MSG.notFound);
    const byOwner = await call(t, 'POST', `/api/campaigns/${c._id}/respond`, { token: owner.token, body: { accept: true } });
    expect(byOwner.status).toBe(403);
    const bad = await call(t, 'POST', `/api/campaigns/${c._id}/respond`, { token: tagged.token, body: { accept: 'yes' } });
    expect(bad.status).toBe(400);
    const [tag] = await tagsOf(c._id);
    expect(tag.status).toBe('invited');
    expect(await notificationsOf(t, owner.token)).toEqual([]);
  });
});

describe('GET campaigns/influencers/search', () => {
  it('finds active influencers with a completed profile by username prefix (any case), at most 10, e-mails hidden', async () => {
    const owner = await brand(t, 'Finder');
    const found = await Promise.all(Array.from({ length: 12 }, (_, i) => influencer(t, `Zeta${String(i).padStart(2, '0')}`)));
    const incomplete = await influencer(t, 'zetaincomplete', null, { profileCompleted: false });
    const res = await call(t, 'GET', '/api/campaigns/influencers/search?q=zeta', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.json.response).toHaveLength(10);
    expect(res.json.response[0]).toEqual({
      _id: found[0].user.id,
      name: null,
      userName: 'Zeta00',
      profileImage: null,
      email: null,
    });
    expect(res.json.response.map((h: { _id: string }) => h._id)).not.toContain(incomplete.user.id);
    expect(res.json.response.every((h: { email: string | null }) => h.email === null)).toBe(true);
  });

  it('finds one by exact e-mail (any case) and only then answers the e-mail; other kinds of accounts never', async () => {
    const owner = await imc(t);
    const a = await influencer(t, 'mailme');
    const notInfluencer = await brand(t, 'Hidden');
    const res = await call(t, 'GET', `/api/campaigns/influencers/search?q=${encodeURIComponent(a.email.toUpperCase())}`, {
      token: owner.token,
    });
    expect(res.json.response).toEqual([expect.objectContaining({ _id: a.user.id, email: a.email })]);
    const partial = await call(t, 'GET', `/api/campaigns/influencers/search?q=${encodeURIComponent(a.email.slice(0, 6))}`, {
      token: owner.token,
    });
    expect(partial.json.response.every((h: { email: string | null }) => h.email === null)).toBe(true);
    const brandHit = await call(t, 'GET', `/api/campaigns/influencers/search?q=${encodeURIComponent(notInfluencer.email)}`, {
      token: owner.token,
    });
    expect(brandHit.json.response).toEqual([]);
    const wildcard = await call(t, 'GET', '/api/campaigns/influencers/search?q=%25%25', { token: owner.token });
    expect(wildcard.json.response).toEqual([]);
  });

  it('is for IMCs and brands (403), and needs 2 characters at least (400)', async () => {
    const a = await influencer(t, 'searcher');
    expect((await call(t, 'GET', '/api/campaigns/influencers/search?q=ze', { token: a.token })).status).toBe(403);
    const owner = await brand(t, 'Short');
    expect((await call(t, 'GET', '/api/campaigns/influencers/search?q=z', { token: owner.token })).status).toBe(400);
    expect((await call(t, 'GET', '/api/campaigns/influencers/search?q=ze')).status).toBe(401);
  });
});

describe('notifications', () => {
  it('an influencer is told of a campaign once, however often they are tagged in it', async () => {
    const owner = await brand(t, 'Once');
    const a = await influencer(t, 'once-a');
    const c = await createCampaign(t, owner.token, { influencerIds: [a.user.id] });
    await call(t, 'POST', `/api/campaigns/${c._id}/tag`, { token: owner.token, body: { influencerIds: [a.user.id] } });
    const rows = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.userId, a.user.id), eq(activities.type, 'CAMPAIGN_TAGGED')));
    expect(rows).toHaveLength(1);
    expect(rows[0].dedupeKey).toBe(`campaign-tagged:${c._id}:${a.user.id}`);
  });
});
