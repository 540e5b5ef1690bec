import { CURRENCIES, SOCIAL_NETWORK_KEYS, type TAdminOverview, type TCurrency } from '@virality/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, posts, postTargets } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, buildUser, call, setUserFields, type TTestApp } from '../../test/helpers';
import { buildAdmin, expectAdminOnly } from '../admin/admin-test-kit';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const at = (iso: string) => new Date(iso);
/** Sets the product clock to `iso` (the figures are read on it). */
const setNow = (iso: string) => t.clock.setOffset(Date.parse(iso) - Date.now());

/** A verified account of `profileType` signed up at `iso` (the product clock moved there for it). */
async function signUpAt(iso: string, profileType: 'INFLUENCER' | 'BUSINESS' | 'IMC' | 'BRANDS' = 'INFLUENCER') {
  setNow(iso);
  return (await buildUser(t, { profileType })).user;
}

async function paid(
  userId: string,
  o: { paidAt: string; periodEnd: string; currency: TCurrency; amount: number; status?: 'paid' | 'pending' | 'failed' },
) {
  const status = o.status ?? 'paid';
  await t.container.db.insert(payments).values({
    id: newId(),
    userId,
    planId: 'plan_starter',
    priceId: `price_starter_${o.currency}`,
    kind: 'new',
    currency: o.currency,
    listAmountMinor: o.amount,
    amountDueMinor: o.amount,
    amountPaidMinor: status === 'paid' ? o.amount : null,
    status,
    periodEnd: status === 'paid' ? at(o.periodEnd) : null,
    createdAt: at(o.paidAt),
    updatedAt: at(o.paidAt),
    paidAt: status === 'paid' ? at(o.paidAt) : null,
  });
}

/** A post of `user` to one account of `network` whose target is in `state`, last changed (or published) at `iso`. */
async function target(user: { id: string; orgId: string }, network: string, state: string, iso: string) {
  const postId = newId();
  const when = at(iso);
  await t.container.db.insert(posts).values({
    id: postId,
    orgId: user.orgId,
    userId: user.id,
    postType: 'IMAGE',
    caption: 'A post',
    media: [],
    isPostDone: state === 'published',
    postedAt: state === 'published' ? when : null,
    createdAt: when,
    updatedAt: when,
  });
  await t.container.db.insert(postTargets).values({
    id: newId(),
    postId,
    orgId: user.orgId,
    accountId: null,
    network,
    accountName: `${network} account`,
    state,
    publishedAt: state === 'published' ? when : null,
    createdAt: when,
    updatedAt: when,
  });
}

async function overview(): Promise<TAdminOverview> {
  const admin = await buildAdmin(t);
  const r = await call(t, 'GET', '/api/admin/overview', { token: admin.token });
  expect(r.status).toBe(200);
  return r.json.response;
}
const monthOf = (o: TAdminOverview, month: string) => {
  const m = o.months.find((x) => x.month === month);
  if (!m) throw new Error(`no ${month} in ${o.months.map((x) => x.month).join(', ')}`);
  return m;
};
const revenueOf = (o: TAdminOverview, month: string) =>
  Object.fromEntries(monthOf(o, month).revenue.map((r) => [r.currency, r.amountMinor]));
const zeroRevenue = Object.fromEntries(CURRENCIES.map((c) => [c, 0]));

describe('GET admin/overview: who may read it', () => {
  it('is refused without a token (401) and to every profile type (403)', async () => {
    await expectAdminOnly(t, 'GET', '/api/admin/overview');
  });
});

describe('GET admin/overview: the figures, computed by the database on the product clock', () => {
  beforeAll(async () => {
    // sign-ups either side of the turn of January into February (UTC), and one this month (March 2031)
    const a = await signUpAt('2031-01-31T23:59:00Z');
    const b = await signUpAt('2031-02-01T00:01:00Z', 'BUSINESS');
    const c = await signUpAt('2031-02-14T10:00:00Z', 'IMC');
    const closed = await signUpAt('2031-02-20T10:00:00Z');
    await setUserFields(t, closed.id, { deletedAt: at('2031-03-02T00:00:00Z'), userStatus: false });
    const poster = await signUpAt('2031-03-01T08:00:00Z', 'BUSINESS');
    // not sign-ups: an address never verified, a brand (made by an admin), an account from before the 12 months
    const unverified = await signUpAt('2031-02-10T10:00:00Z');
    await setUserFields(t, unverified.id, { emailVerified: false, mobileVerified: false });
    await signUpAt('2031-02-11T10:00:00Z', 'BRANDS');
    await signUpAt('2030-03-31T23:00:00Z');

    // a: paid in January for a month, ended 10 February; b: paid in February in rupees, running on 15 March;
    // c: paid in pounds an hour before February, then upgraded in dollars (one subscriber, counted once);
    // closed: paid in euros, running until April, but the account was closed on 2 March
    await paid(a.id, { paidAt: '2031-01-10T09:00:00Z', periodEnd: '2031-02-10T09:00:00Z', currency: 'usd', amount: 1900 });
    await paid(b.id, { paidAt: '2031-02-20T09:00:00Z', periodEnd: '2031-03-20T09:00:00Z', currency: 'inr', amount: 149900 });
    await paid(c.id, { paidAt: '2031-01-31T23:00:00Z', periodEnd: '2031-04-30T00:00:00Z', currency: 'gbp', amount: 4200 });
    await paid(c.id, { paidAt: '2031-02-15T12:00:00Z', periodEnd: '2031-04-30T00:00:00Z', currency: 'usd', amount: 2900 });
    await paid(closed.id, { paidAt: '2031-02-25T12:00:00Z', periodEnd: '2031-04-05T00:00:00Z', currency: 'eur', amount: 1500 });
    // neither brings anything in
    const pendingAt = { paidAt: '2031-03-05T12:00:00Z', periodEnd: '2031-04-05T12:00:00Z' };
    await paid(poster.id, { ...pendingAt, currency: 'usd', amount: 9900, status: 'pending' });
    await paid(poster.id, { ...pendingAt, currency: 'usd', amount: 9900, status: 'failed' });

    // the 30 days up to 15 March 12:00 start on 13 February 12:00
    await target(poster, 'instagram', 'published', '2031-03-14T10:00:00Z');
    await target(poster, 'instagram', 'published', '2031-02-13T12:30:00Z');
    await target(poster, 'instagram', 'failed', '2031-03-10T10:00:00Z');
    await target(poster, 'instagram', 'published', '2031-02-13T11:30:00Z'); // 30 days and a half-hour ago
    await target(poster, 'instagram', 'scheduled', '2031-03-14T10:00:00Z');
    await target(poster, 'linkedin', 'published', '2031-02-20T10:00:00Z');
    await target(poster, 'linkedin', 'failed', '2031-03-01T10:00:00Z');
    await target(poster, 'linkedin', 'needs_reconnect', '2031-03-12T10:00:00Z');
    await target(poster, 'linkedin', 'failed', '2031-01-30T10:00:00Z');
    await target(poster, 'linkedin', 'canceled', '2031-03-12T10:00:00Z');
  });

  it('gives the last 12 UTC months, oldest first, the empty ones with zeros in every currency', async () => {
    setNow('2031-03-15T12:00:00Z');
    const o = await overview();
    expect(o.asOf.slice(0, 13)).toBe('2031-03-15T12');
    expect(o.months.map((m) => m.month)).toEqual([
      '2030-04',
      '2030-05',
      '2030-06',
      '2030-07',
      '2030-08',
      '2030-09',
      '2030-10',
      '2030-11',
      '2030-12',
      '2031-01',
      '2031-02',
      '2031-03',
    ]);
    for (const m of o.months.slice(0, 9)) {
      expect(m.signUps, m.month).toBe(0);
      expect(m.activeSubscriptions, m.month).toBe(0);
      expect(revenueOf(o, m.month), m.month).toEqual(zeroRevenue);
    }
  });

  it('counts verified self-registered sign-ups in their UTC month (closed ones too), never brands, admins or unverified ones', async () => {
    setNow('2031-03-15T12:00:00Z');
    const o = await overview();
    expect(monthOf(o, '2031-01').signUps).toBe(1);
    expect(monthOf(o, '2031-02').signUps).toBe(3);
    // the poster; the admins who read the overview are not counted
    expect(monthOf(o, '2031-03').signUps).toBe(1);
  });

  it("counts subscribers whose paid time covers each month's end (now for this month), each once, not after their account closed", async () => {
    setNow('2031-03-15T12:00:00Z');
    const o = await overview();
    expect(monthOf(o, '2030-12').activeSubscriptions).toBe(0);
    expect(monthOf(o, '2031-01').activeSubscriptions).toBe(2); // a and c
    expect(monthOf(o, '2031-02').activeSubscriptions).toBe(3); // b, c and the account closed later; a ended
    expect(monthOf(o, '2031-03').activeSubscriptions).toBe(2); // b and c
  });

  it('sums paid payments by the UTC month they were paid in, per currency in minor units; pending and failed ones bring nothing', async () => {
    setNow('2031-03-15T12:00:00Z');
    const o = await overview();
    expect(revenueOf(o, '2031-01')).toEqual({ ...zeroRevenue, usd: 1900, gbp: 4200 });
    expect(revenueOf(o, '2031-02')).toEqual({ ...zeroRevenue, usd: 2900, inr: 149900, eur: 1500 });
    expect(revenueOf(o, '2031-03')).toEqual(zeroRevenue);
  });

  it('counts targets published and failed on each network over the last 30 days, every network listed', async () => {
    setNow('2031-03-15T12:00:00Z');
    const o = await overview();
    expect(o.postsFrom.slice(0, 16)).toBe('2031-02-13T12:00');
    expect(o.networks.map((n) => n.network)).toEqual([...SOCIAL_NETWORK_KEYS]);
    const byNetwork = Object.fromEntries(o.networks.map((n) => [n.network, { published: n.published, failed: n.failed }]));
    expect(byNetwork).toEqual({
      instagram: { published: 2, failed: 1 },
      facebook: { published: 0, failed: 0 },
      youtube: { published: 0, failed: 0 },
      linkedin: { published: 1, failed: 2 },
      tiktok: { published: 0, failed: 0 },
      twitter: { published: 0, failed: 0 },
      threads: { published: 0, failed: 0 },
    });
  });

  it('counts by UTC months whatever time zone the database session is in', async () => {
    setNow('2031-03-15T12:00:00Z');
    // 14 hours ahead of UTC, the January sign-up at 23:59 UTC would fall in February
    const o = await t.container.unitOfWork(async () => {
      await t.container.db.execute(sql`SET LOCAL TIME ZONE 'Pacific/Kiritimati'`);
      return t.services.adminOverview.overview();
    });
    expect(monthOf(o, '2031-01').signUps).toBe(1);
    expect(monthOf(o, '2031-02').signUps).toBe(3);
    expect(revenueOf(o, '2031-01')).toEqual({ ...zeroRevenue, usd: 1900, gbp: 4200 });
    expect(monthOf(o, '2031-01').activeSubscriptions).toBe(2);
  });

  it('follows the clock: moved to May, the months shift, subscriptions that ended drop out and older posts leave the 30 days', async () => {
    setNow('2031-05-02T12:00:00Z');
    const o = await overview();
    expect(o.months[0].month).toBe('2030-06');
    expect(o.months[11].month).toBe('2031-05');
    expect(monthOf(o, '2031-02').signUps).toBe(3);
    expect(monthOf(o, '2031-02').activeSubscriptions).toBe(3);
    expect(monthOf(o, '2031-03').activeSubscriptions).toBe(1); // only c runs into April
    expect(monthOf(o, '2031-04').activeSubscriptions).toBe(0);
    expect(monthOf(o, '2031-05').activeSubscriptions).toBe(0);
    expect(revenueOf(o, '2031-02')).toEqual({ ...zeroRevenue, usd: 2900, inr: 149900, eur: 1500 });
    expect(o.networks.every((n) => n.published === 0 && n.failed === 0)).toBe(true);
  });
});
