import { CAMPAIGN_MSG, TERMS_MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TTestApp } from '../../test/helpers';
import { brand, createCampaign, imc, influencer, NOW, notificationsOf } from './campaigns-test-kit';

/**
 * An influencer's terms in a campaign: deliverables (network, post type, count, due date) and a fee, set by the owner
 * when tagging or later; the influencer reads them before answering, accepting agrees to them, and terms changed
 * after an answer ask again. Only the owner sets them; they are checked against the campaign's days and budget.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.setOffset(NOW - Date.now());
});
afterAll(async () => t?.close());

const twoReels = {
  deliverables: [
    { network: 'instagram', postType: 'reel', count: 2, dueDate: '2027-03-20' },
    { network: 'tiktok', postType: 'post', count: 1, dueDate: '2027-03-25' },
  ],
  fee: '400',
};
const putTerms = (token: string, campaignId: string, influencerId: string, body: unknown) =>
  call(t, 'PUT', `/api/campaigns/${campaignId}/influencers/${influencerId}/terms`, { token, body });
const detail = async (token: string, id: string) => {
  const res = await call(t, 'GET', `/api/campaigns/${id}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.response;
};
const respond = (token: string, id: string, body: object) => call(t, 'POST', `/api/campaigns/${id}/respond`, { token, body });

describe('terms given with a tag, read before answering, agreed by accepting', () => {
  it('the influencer sees the deliverables and fee; accepting with the terms read agrees to them', async () => {
    const owner = await imc(t, 'Agency One');
    const ana = await influencer(t, 'terms_ana');
    const c = await createCampaign(t, owner.token, { budget: 1000 });
    const tagged = await call(t, 'POST', `/api/campaigns/${c._id}/tag`, {
      token: owner.token,
      body: { influencerIds: [ana.user.id], terms: twoReels },
    });
    expect(tagged.status, JSON.stringify(tagged.json)).toBe(200);
    const seen = await detail(ana.token, c._id);
    const terms = seen.influencers[0].terms;
    expect(terms).toMatchObject({ deliverables: twoReels.deliverables, fee: 400, agreedAt: null });
    expect(Math.abs(Date.parse(terms.setAt) - NOW)).toBeLessThan(60_000);

    const yes = await respond(ana.token, c._id, { accept: true, termsAt: terms.setAt });
    expect(yes.status, JSON.stringify(yes.json)).toBe(200);
    expect(yes.json.response.influencers[0]).toMatchObject({ status: 'accepted', terms: { agreedAt: expect.any(String) } });
    // the owner sees them agreed
    expect((await detail(owner.token, c._id)).influencers[0].terms.agreedAt).not.toBeNull();
  });

  it('terms changed after accepting ask again: the answer is cleared, the influencer told; the old terms cannot be accepted', async () => {
    const owner = await brand(t, 'Acme Terms');
    const bo = await influencer(t, 'terms_bo');
    const c = await createCampaign(t, owner.token, { budget: 1000, influencerIds: [bo.user.id] });
    expect((await detail(bo.token, c._id)).influencers[0].terms).toBeNull();
    // no terms yet: accepting is as before
    expect((await respond(bo.token, c._id, { accept: true })).status).toBe(200);

    t.clock.setOffset(NOW + 60_000 - Date.now());
    const first = await putTerms(owner.token, c._id, bo.user.id, twoReels);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json.message).toBe(TERMS_MSG.savedAskAgain('terms_bo'));
    const asked = first.json.response.influencers[0];
    expect(asked).toMatchObject({ status: 'invited', answeredAt: null, terms: { fee: 400, agreedAt: null } });
    const told = await notificationsOf(t, bo.token);
    expect(told.map((n) => n.title)).toContain(TERMS_MSG.changedTitle('Acme Terms', 'Campaign'));

    // the owner changes them again before the influencer answers: an answer to the first version is refused
    t.clock.setOffset(NOW + 120_000 - Date.now());
    const second = await putTerms(owner.token, c._id, bo.user.id, { ...twoReels, fee: 450 });
    expect(second.json.message).toBe(TERMS_MSG.saved);
    const stale = await respond(bo.token, c._id, { accept: true, termsAt: asked.terms.setAt });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe(TERMS_MSG.changedSinceRead);
    expect((await detail(bo.token, c._id)).influencers[0].status).toBe('invited');
    const now = (await detail(bo.token, c._id)).influencers[0].terms;
    expect(now.fee).toBe(450);
    expect((await respond(bo.token, c._id, { accept: true, termsAt: now.setAt })).status).toBe(200);
    t.clock.setOffset(NOW - Date.now());
  });
});

describe('the terms’ rules', () => {
  it('each field is checked against the networks, the campaign’s days and budget, and nothing is saved', async () => {
    const owner = await brand(t, 'Acme Rules');
    const cy = await influencer(t, 'terms_cy');
    const c = await createCampaign(t, owner.token, { budget: 300, influencerIds: [cy.user.id] });
    const bad = await putTerms(owner.token, c._id, cy.user.id, {
      deliverables: [
        { network: 'twitter', postType: 'story', count: 1, dueDate: '2027-03-15' },
        { network: 'instagram', postType: 'post', count: 1, dueDate: '2027-04-15' },
        { network: 'instagram', postType: 'post', count: 2, dueDate: '2027-03-15' },
      ],
      fee: 301,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.response.errors).toEqual({
      'deliverables.0.postType': TERMS_MSG.postTypeNotOnNetwork('X', 'story'),
      'deliverables.1.dueDate': TERMS_MSG.dueDateOutside,
      'deliverables.2.network': TERMS_MSG.duplicate,
      fee: TERMS_MSG.feeOverBudget,
    });
    const shapes: [unknown, string][] = [
      [{ deliverables: [], fee: 10 }, TERMS_MSG.deliverablesRequired],
      [{ deliverables: [{ ...twoReels.deliverables[0], count: 0 }], fee: 10 }, TERMS_MSG.countInvalid],
      [{ deliverables: [{ ...twoReels.deliverables[0], network: 'myspace' }], fee: 10 }, TERMS_MSG.networkRequired],
      [{ deliverables: twoReels.deliverables, fee: '12.345' }, TERMS_MSG.feeInvalid],
      [{ deliverables: twoReels.deliverables, fee: -5 }, TERMS_MSG.feeInvalid],
    ];
    for (const [body, message] of shapes) {
      const res = await putTerms(owner.token, c._id, cy.user.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json)).toContain(message);
    }
    expect((await detail(owner.token, c._id)).influencers[0].terms).toBeNull();
    // a fee of 0 is a deal without money
    expect((await putTerms(owner.token, c._id, cy.user.id, { ...twoReels, fee: 0 })).status).toBe(200);
  });

  it('only the campaign’s owner sets terms, and only for an influencer tagged in it', async () => {
    const owner = await brand(t, 'Acme Owner');
    const other = await brand(t, 'Other Brand');
    const di = await influencer(t, 'terms_di');
    const stranger = await influencer(t, 'terms_ed');
    const c = await createCampaign(t, owner.token, { influencerIds: [di.user.id] });
    expect((await putTerms(other.token, c._id, di.user.id, twoReels)).status).toBe(404);
    expect((await putTerms(di.token, c._id, di.user.id, twoReels)).status).toBe(403);
    const notTagged = await putTerms(owner.token, c._id, stranger.user.id, twoReels);
    expect(notTagged.status).toBe(404);
    expect(notTagged.json.message).toBe(TERMS_MSG.notTagged);
    expect((await putTerms('', c._id, di.user.id, twoReels)).status).toBe(401);
    expect((await detail(owner.token, c._id)).influencers[0].terms).toBeNull();
  });

  it('an ended campaign takes no new terms', async () => {
    const owner = await brand(t, 'Acme Ended');
    const fi = await influencer(t, 'terms_fi');
    const c = await createCampaign(t, owner.token, {
      startDate: '2027-03-10',
      endDate: '2027-03-12',
      influencerIds: [fi.user.id],
    });
    t.clock.setOffset(NOW + 5 * 86_400_000 - Date.now());
    const res = await putTerms(owner.token, c._id, fi.user.id, {
      deliverables: [{ network: 'instagram', postType: 'post', count: 1, dueDate: '2027-03-11' }],
      fee: 10,
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(CAMPAIGN_MSG.ended);
    t.clock.setOffset(NOW - Date.now());
  });
});
