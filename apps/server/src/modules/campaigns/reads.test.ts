import { CAMPAIGN_MSG, CAMPAIGN_PAGE_SIZE, INSIGHTS_MSG, MONEY_MSG, type TCampaignPayment } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { buildTestApp, call, type TTestApp } from '../../test/helpers';
import { brand, createCampaign, imc, influencer, NOW } from './campaigns-test-kit';

/**
 * What owners and influencers read of campaigns: a campaign (the owner everything, a tagged influencer their own
 * part, anyone else nothing), the lists, the calendar's ranges and days, and what the money module asks before a
 * payment.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.setOffset(NOW - Date.now());
});
afterAll(async () => t?.close());

const respond = async (token: string, id: string, accept: boolean) =>
  expect((await call(t, 'POST', `/api/campaigns/${id}/respond`, { token, body: { accept } })).status).toBe(200);
const ids = (res: { json: { response: { docs: { _id: string }[] } } }) => res.json.response.docs.map((d) => d._id);
const authOf = async (token: string) => (await t.services.auth.authenticate(token))!;

describe('GET campaigns/:id', () => {
  it('the owner sees every influencer with what each was paid, every payment; a tagged influencer only their own', async () => {
    const owner = await brand(t, 'Reader');
    const a = await influencer(t, 'read-a');
    const b = await influencer(t, 'read-b');
    const c = await createCampaign(t, owner.token, { budget: 500, influencerIds: [a.user.id, b.user.id] });
    await respond(a.token, c._id, true);
    const payment = (receiver: typeof a, amount: number): TCampaignPayment => ({
      _id: `pay-${receiver.user.id}`,
      amount,
      paymentStatus: 'Completed',
      receiver: { _id: receiver.user.id, name: null, userName: receiver.user.userName, profileImage: null },
      date: '2027-03-10T12:00:00.000Z',
    });
    const asked: (string | null)[] = [];
    t.services.campaigns.usePayments({
      async spent(campaignIds) {
        return new Map(
          campaignIds
            .filter((id) => id === c._id)
            .map((id) => [id, { spentMinor: 12_345, byInfluencer: new Map([[a.user.id, 12_345]]) }]),
        );
      },
      async payments(campaignId, receiverId) {
        asked.push(receiverId);
        const all = campaignId === c._id ? [payment(a, 123.45)] : [];
        return receiverId ? all.filter((p) => p.receiver._id === receiverId) : all;
      },
    });

    const mine = await call(t, 'GET', `/api/campaigns/${c._id}`, { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.json.response).toMatchObject({ budget: 500, spent: 123.45, left: 376.55, myRole: 'owner', acceptedCount: 1 });
    expect(
      mine.json.response.influencers.map((i: { user: { _id: string }; status: string; paid: number }) => [
        i.user._id,
        i.status,
        i.paid,
      ]),
    ).toEqual([
      [a.user.id, 'accepted', 123.45],
      [b.user.id, 'invited', 0],
    ]);
    expect(mine.json.response.payments).toEqual([payment(a, 123.45)]);

    const theirs = await call(t, 'GET', `/api/campaigns/${c._id}`, { token: b.token });
    expect(theirs.status).toBe(200);
    expect(theirs.json.response).toMatchObject({ myRole: 'invited', influencerCount: 2 });
    expect(theirs.json.response.influencers).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ _id: b.user.id }), paid: 0 }),
    ]);
    expect(theirs.json.response.payments).toEqual([]);
    expect(asked).toEqual([null, b.user.id]);
  });

  it('anyone else, another owner included, is told it is not found (404); so is an id that does not exist', async () => {
    const owner = await brand(t, 'Secret');
    const c = await createCampaign(t, owner.token);
    for (const who of [await imc(t), await brand(t, 'Rival'), await influencer(t, 'read-c')]) {
      const res = await call(t, 'GET', `/api/campaigns/${c._id}`, { token: who.token });
      expect(res.status).toBe(404);
      expect(res.json.message).toBe(CAMPAIGN_MSG.notFound);
    }
    expect((await call(t, 'GET', '/api/campaigns/does-not-exist', { token: owner.token })).status).toBe(404);
    expect((await call(t, 'GET', `/api/campaigns/${c._id}`)).status).toBe(401);
  });
});

describe('the lists', () => {
  it("GET campaigns/list: the owner's own campaigns, 10 a page, newest first", async () => {
    const owner = await imc(t, 'Pager');
    const other = await brand(t, 'Other');
    await createCampaign(t, other.token);
    const made: string[] = [];
    for (let i = 0; i < CAMPAIGN_PAGE_SIZE + 1; i++) {
      made.push((await createCampaign(t, owner.token, { name: `C${i}` }))._id);
      t.clock.advance(1000);
    }
    const first = await call(t, 'GET', '/api/campaigns/list', { token: owner.token });
    expect(first.status).toBe(200);
    expect(first.json.response).toMatchObject({ page: 1, pages: 2, total: 11 });
    expect(ids(first)).toEqual(made.slice(1).reverse());
    const second = await call(t, 'GET', '/api/campaigns/list?page=2', { token: owner.token });
    expect(ids(second)).toEqual([made[0]]);
    expect((await call(t, 'GET', '/api/campaigns/list?page=0', { token: owner.token })).status).toBe(400);
    const inf = await influencer(t, 'list-a');
    expect((await call(t, 'GET', '/api/campaigns/list', { token: inf.token })).status).toBe(403);
  });

  it('GET campaigns/tagged: every campaign the influencer is tagged in, whatever the answer; any role may ask', async () => {
    const owner = await brand(t, 'Tags');
    const a = await influencer(t, 'list-b');
    const x = await createCampaign(t, owner.token, { name: 'X', influencerIds: [a.user.id] });
    t.clock.advance(1000);
    const y = await createCampaign(t, owner.token, { name: 'Y', influencerIds: [a.user.id] });
    await createCampaign(t, owner.token, { name: 'Z' });
    await respond(a.token, x._id, false);
    const res = await call(t, 'GET', '/api/campaigns/tagged', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.json.response.docs.map((d: { _id: string; myRole: string }) => [d._id, d.myRole])).toEqual([
      [y._id, 'invited'],
      [x._id, 'declined'],
    ]);
    expect(res.json.response).toMatchObject({ page: 1, pages: 1, total: 2 });
    // /tagged lets every role in: one that is never tagged (a brand, an IMC) is answered an empty list, not refused
    for (const other of [owner, await imc(t, 'Tags agency')]) {
      const theirs = await call(t, 'GET', '/api/campaigns/tagged', { token: other.token });
      expect(theirs.status).toBe(200);
      expect(theirs.json.response).toMatchObject({ docs: [], total: 0 });
    }
    expect((await call(t, 'GET', '/api/campaigns/tagged', {})).status).toBe(401);
  });

  it("GET campaigns/active: the accepted campaigns running today in the caller's zone (UTC without one)", async () => {
    const owner = await brand(t, 'Active');
    const a = await influencer(t, 'list-c');
    const now = await createCampaign(t, owner.token, {
      startDate: '2027-03-10',
      endDate: '2027-03-31',
      influencerIds: [a.user.id],
    });
    const tomorrow = await createCampaign(t, owner.token, {
      startDate: '2027-03-11',
      endDate: '2027-03-11',
      influencerIds: [a.user.id],
    });
    const declined = await createCampaign(t, owner.token, {
      startDate: '2027-03-10',
      endDate: '2027-03-31',
      influencerIds: [a.user.id],
    });
    const unanswered = await createCampaign(t, owner.token, { influencerIds: [a.user.id] });
    await respond(a.token, now._id, true);
    await respond(a.token, tomorrow._id, true);
    await respond(a.token, declined._id, false);
    const utc = await call(t, 'GET', '/api/campaigns/active', { token: a.token });
    expect(utc.status).toBe(200);
    expect(ids(utc)).toEqual([now._id]);
    const kiribati = await call(t, 'GET', '/api/campaigns/active?timeZone=Pacific/Kiritimati', { token: a.token });
    expect(new Set(ids(kiribati))).toEqual(new Set([now._id, tomorrow._id]));
    expect(ids(kiribati)).not.toContain(unanswered._id);
    const bad = await call(t, 'GET', '/api/campaigns/active?timeZone=Moon/Base', { token: a.token });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(INSIGHTS_MSG.badTimeZone);
    expect((await call(t, 'GET', '/api/campaigns/active', { token: owner.token })).status).toBe(403);
  });
});

describe('the calendar', () => {
  it('POST campaigns/campaignsByDate: campaigns overlapping the range that the caller runs or has accepted', async () => {
    const owner = await brand(t, 'Calendar');
    const a = await influencer(t, 'cal-a');
    const march = await createCampaign(t, owner.token, {
      startDate: '2027-03-12',
      endDate: '2027-03-31',
      influencerIds: [a.user.id],
    });
    const mid = await createCampaign(t, owner.token, {
      startDate: '2027-03-15',
      endDate: '2027-03-20',
      influencerIds: [a.user.id],
    });
    const april = await createCampaign(t, owner.token, {
      startDate: '2027-04-20',
      endDate: '2027-04-25',
      influencerIds: [a.user.id],
    });
    await respond(a.token, march._id, true);
    await respond(a.token, april._id, true);
    const range = (token: string, startDate: string, endDate: string) =>
      call(t, 'POST', '/api/campaigns/campaignsByDate', { token, body: { startDate, endDate } });

    expect(ids(await range(owner.token, '2027-03-01', '2027-03-31'))).toEqual([march._id, mid._id]);
    expect(ids(await range(owner.token, '2027-03-31', '2027-04-20'))).toEqual([march._id, april._id]);
    expect(ids(await range(owner.token, '2027-03-21', '2027-04-19'))).toEqual([march._id]);
    // the influencer sees what they accepted, not what they were only asked to
    expect(ids(await range(a.token, '2027-03-01', '2027-04-30'))).toEqual([march._id, april._id]);
    // a role with no campaigns gets an empty list
    const business = await brand(t, 'Biz', 'BUSINESS');
    const none = await range(business.token, '2027-03-01', '2027-03-31');
    expect(none.status).toBe(200);
    expect(none.json.response).toEqual({ docs: [], page: 1, pages: 0, total: 0 });
    // 62 days at most
    expect((await range(owner.token, '2027-03-01', '2027-05-01')).status).toBe(200);
    const long = await range(owner.token, '2027-03-01', '2027-05-02');
    expect(long.status).toBe(400);
    expect(long.json.message).toBe(INSIGHTS_MSG.rangeTooLong);
    const reversed = await range(owner.token, '2027-03-31', '2027-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.json.message).toBe(INSIGHTS_MSG.rangeOrder);
    const bad = await range(owner.token, '2027-02-30', '2027-03-01');
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ message: CAMPAIGN_MSG.badDate, response: { errors: { startDate: CAMPAIGN_MSG.badDate } } });
    expect((await call(t, 'POST', '/api/campaigns/campaignsByDate', { token: owner.token, body: {} })).status).toBe(400);
    expect(
      (await call(t, 'POST', '/api/campaigns/campaignsByDate', { body: { startDate: '2027-03-01', endDate: '2027-03-02' } }))
        .status,
    ).toBe(401);
  });

  it("POST campaigns/campaignByDay: those starting that day; none says 'No campaigns starting today'", async () => {
    const owner = await imc(t, 'Days');
    const a = await influencer(t, 'cal-b');
    const first = await createCampaign(t, owner.token, {
      startDate: '2027-03-14',
      endDate: '2027-03-20',
      influencerIds: [a.user.id],
    });
    await createCampaign(t, owner.token, { startDate: '2027-03-13', endDate: '2027-03-20', influencerIds: [a.user.id] });
    const day = (token: string, date: string) => call(t, 'POST', '/api/campaigns/campaignByDay', { token, body: { date } });
    expect(ids(await day(owner.token, '2027-03-14'))).toEqual([first._id]);
    const invitedOnly = await day(a.token, '2027-03-14');
    expect(invitedOnly.json).toMatchObject({ message: CAMPAIGN_MSG.noneToday, response: { docs: [], total: 0 } });
    await respond(a.token, first._id, true);
    expect(ids(await day(a.token, '2027-03-14'))).toEqual([first._id]);
    expect((await day(owner.token, '2027-03-15')).json.message).toBe(CAMPAIGN_MSG.noneToday);
    const bad = await day(owner.token, '14/03/2026');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(CAMPAIGN_MSG.badDate);
  });
});

describe('payable(): what the money module asks before a brand pays', () => {
  it('the owner, and an influencer tagged who has accepted: the campaign and the influencer', async () => {
    const owner = await brand(t, 'Payer');
    const a = await influencer(t, 'pay-a', 'Ana');
    const c = await createCampaign(t, owner.token, { name: 'Paid', budget: 250.5, influencerIds: [a.user.id] });
    await respond(a.token, c._id, true);
    expect(await t.services.campaigns.payable(await authOf(owner.token), c._id, a.user.id)).toEqual({
      campaignId: c._id,
      name: 'Paid',
      ownerId: owner.user.id,
      budgetMinor: 25_050,
      influencer: { id: a.user.id, name: 'Ana' },
    });
  });

  it('not the owner: not found; an influencer not tagged, only invited or declined: not accepted', async () => {
    const owner = await brand(t, 'Payer2');
    const invited = await influencer(t, 'pay-b');
    const declined = await influencer(t, 'pay-c');
    const stranger = await influencer(t, 'pay-d');
    const c = await createCampaign(t, owner.token, { influencerIds: [invited.user.id, declined.user.id] });
    await respond(declined.token, c._id, false);
    const refused = async (token: string, influencerId: string) => {
      const err = await t.services.campaigns.payable(await authOf(token), c._id, influencerId).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      return { status: (err as AppError).statusCode, message: (err as AppError).message };
    };
    const rival = await brand(t, 'Rival payer');
    expect(await refused(rival.token, invited.user.id)).toEqual({ status: 404, message: CAMPAIGN_MSG.notFound });
    expect(await refused(invited.token, invited.user.id)).toEqual({ status: 404, message: CAMPAIGN_MSG.notFound });
    for (const who of [invited, declined, stranger])
      expect(await refused(owner.token, who.user.id)).toEqual({ status: 400, message: MONEY_MSG.notAccepted });
  });
});
