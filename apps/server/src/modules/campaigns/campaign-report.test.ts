import { dayInZone, REPORT_CSV_COLUMNS, REPORT_MSG } from '@virality/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { targetMetrics } from '../../db/schema';
import { buildTestApp, call, givePlan, type TTestApp } from '../../test/helpers';
import { approvedOrder, campaignWithInfluencer, payCapture } from '../money/money-test-kit';
import { linkAll, postBody, publishDue, targetsOf, uploadPhoto } from '../posts/posts-test-kit';
import { brand } from './campaigns-test-kit';

/**
 * The campaign report: each published post and account with its figures as last read, per influencer deliverables,
 * figures and payments; sums that are the sums of the rows; spend and its cost per engagement and per 1,000 views;
 * the same as CSV (formulas never run) and as a PDF; only the owner reads it.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function withPosts() {
  const c = { ...(await campaignWithInfluencer(t, { budget: 1000 })), today: dayInZone(t.clock.now(), 'UTC') };
  await call(t, 'PUT', `/api/campaigns/${c.campaignId}/approval`, { token: c.brand.token, body: { required: false } });
  const terms = await call(t, 'PUT', `/api/campaigns/${c.campaignId}/influencers/${c.influencer.user.id}/terms`, {
    token: c.brand.token,
    body: {
      deliverables: [{ network: 'twitter', postType: 'post', count: 2, dueDate: c.today }],
      fee: 300,
    },
  });
  expect(terms.status, JSON.stringify(terms.json)).toBe(200);
  await call(t, 'POST', `/api/campaigns/${c.campaignId}/respond`, { token: c.influencer.token, body: { accept: true } });
  await givePlan(t, c.influencer.user.id);
  const ids = await linkAll(t, c.influencer.token, ['twitter', 'instagram']);
  const photo = await uploadPhoto(t, c.influencer.token);
  const made: string[] = [];
  // captions of their own in each test: a network refuses the same text twice from one account
  const run = Math.random().toString(36).slice(2, 8);
  for (const [caption, accounts] of [
    [`=HYPERLINK("http://evil.example","click") summer ${run}`, [ids.twitter, ids.instagram]],
    [`Second, "quoted", on X ${run}`, [ids.twitter]],
  ] as const) {
    const res = await call(t, 'POST', '/sph/social-media-manager/single-post/', {
      token: c.influencer.token,
      body: postBody(
        caption,
        [photo],
        accounts.map((id) => ({ UserSocialMediaID: id })),
        { CampaignSourceID: c.campaignId },
      ),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    made.push(res.json.response_data.CommonPostID);
  }
  await publishDue(t);
  // the figures the analytics job read: views 1000/2000/500, likes 40/60/10, comments 5/5/0, shares 5/0/0
  const figures = [
    { views: 1000, likes: 40, comments: 5, shares: 5, reach: 800 },
    { views: 2000, likes: 60, comments: 5, shares: 0 },
    { views: 500, likes: 10, comments: 0, shares: 0, reach: 400 },
  ];
  const targets = [...(await targetsOf(t, made[0])), ...(await targetsOf(t, made[1]))];
  expect(targets).toHaveLength(3);
  for (const [i, target] of targets.entries())
    await t.database.db
      .insert(targetMetrics)
      .values({ targetId: target.id, postId: target.postId, orgId: target.orgId, metrics: figures[i], fetchedAt: t.clock.now() })
      .onConflictDoUpdate({ target: targetMetrics.targetId, set: { metrics: figures[i], fetchedAt: t.clock.now() } });
  // the brand pays 100 USD of the fee
  const order = await approvedOrder(t, c, 100);
  expect((await payCapture(t, c.brand.token, { orderId: order.orderId })).status).toBe(200);
  return c;
}

const reportOf = (token: string, id: string, ext = '') =>
  t.app.inject({ method: 'GET', url: `/api/campaigns/${id}/report${ext}`, headers: { authorization: `Bearer ${token}` } });

describe('a campaign’s report', () => {
  it('lists each post and account with its figures; its sums are the sums of its rows; spend and its costs', async () => {
    const c = await withPosts();
    const res = await reportOf(c.brand.token, c.campaignId);
    expect(res.statusCode, res.body).toBe(200);
    const { response: r, message } = res.json();
    expect(message).toBe(REPORT_MSG.read);
    expect(r.posts).toHaveLength(3);
    const sum = (k: string) => r.posts.reduce((n: number, p: Record<string, number | null>) => n + (p[k] ?? 0), 0);
    for (const k of ['views', 'reach', 'likes', 'comments', 'shares', 'engagement']) {
      expect(r.totals[k], k).toBe(sum(k));
      expect(
        r.influencers.reduce((n: number, i: Record<string, number>) => n + i[k], 0),
        k,
      ).toBe(r.totals[k]);
    }
    expect(r.totals).toMatchObject({
      posts: 3,
      views: 3500,
      reach: 1200,
      likes: 110,
      comments: 10,
      shares: 5,
      engagement: 125,
      spent: 100,
    });
    expect(r.totals.costPerEngagement).toBe(0.8);
    expect(r.totals.costPerThousandViews).toBe(28.57);
    expect(r.totals.deliverables).toEqual({ done: 1, due: 0, late: 0 });
    expect(r.influencers[0]).toMatchObject({ influencerId: c.influencer.user.id, fee: 300, spent: 100, posts: 3 });
    // a network that gives no reach shows none, rather than 0
    expect(r.posts.filter((p: { reach: number | null }) => p.reach === null)).toHaveLength(1);
    expect(r.days).toEqual([{ date: c.today, views: 3500, engagement: 125, spent: 100 }]);
  });

  it('downloads as CSV (a formula is shown, never run) and as a PDF', async () => {
    const c = await withPosts();
    const csv = await reportOf(c.brand.token, c.campaignId, '.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="Summer-launch-report.csv"');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(REPORT_CSV_COLUMNS.join(','));
    expect(lines, csv.body).toHaveLength(1 + 3 + 1);
    expect(lines.at(-1)).toMatch(/^Total,,,,,3500,1200,110,10,5,125,,Spent 100 USD$/);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"") summer `);
    expect(csv.body).not.toMatch(/(^|,)=HYPERLINK/m);

    const pdf = await reportOf(c.brand.token, c.campaignId, '.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.subarray(-6).toString()).toContain('%%EOF');
  });

  it('an empty campaign has a report with no rows, an empty CSV with its total, and a PDF that says so', async () => {
    const owner = await brand(t, 'Empty Reports');
    const made = await call(t, 'POST', '/api/campaigns/create', {
      token: owner.token,
      body: { name: 'Nothing yet', brief: 'Soon', budget: 50, startDate: '2030-01-01', endDate: '2030-01-03' },
    });
    const id = made.json.response._id;
    const r = (await reportOf(owner.token, id)).json().response;
    expect(r.posts).toEqual([]);
    expect(r.totals).toMatchObject({
      posts: 0,
      views: 0,
      engagement: 0,
      spent: 0,
      costPerEngagement: null,
      costPerThousandViews: null,
    });
    // its days are still to come: no day has figures yet (not figures of 0)
    expect(r.days).toEqual([]);
    const csv = await reportOf(owner.token, id, '.csv');
    expect(csv.body.trimEnd().split('\r\n')).toEqual([REPORT_CSV_COLUMNS.join(','), 'Total,,,,,0,0,0,0,0,0,,Spent 0 USD']);
    const pdf = await reportOf(owner.token, id, '.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the public API answers the same report to the owner’s key; another organization’s key finds nothing', async () => {
    const c = await withPosts();
    const keyOf = async (token: string) =>
      (await call(t, 'POST', '/api/apiKeys', { token, body: { name: 'Reports', scope: 'read' } })).json.response.key as string;
    const v1 = (key: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/campaigns/${c.campaignId}/report`,
        headers: { authorization: `Bearer ${key}` },
      });
    const mine = await v1(await keyOf(c.brand.token));
    expect(mine.statusCode, mine.body).toBe(200);
    const app = (await reportOf(c.brand.token, c.campaignId)).json().response;
    expect({ ...mine.json(), generatedAt: null }).toEqual({ ...app, generatedAt: null });
    const other = await v1(await keyOf((await brand(t, 'Other keys')).token));
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('only the owner reads it: the influencer is refused, another brand finds nothing, no session is 401', async () => {
    const c = await campaignWithInfluencer(t);
    const other = await brand(t, 'Not the owner');
    for (const ext of ['', '.csv', '.pdf']) {
      expect((await reportOf(c.influencer.token, c.campaignId, ext)).statusCode, ext).toBe(403);
      expect((await reportOf(other.token, c.campaignId, ext)).statusCode, ext).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/campaigns/${c.campaignId}/report${ext}` })).statusCode).toBe(401);
    }
  });
});
