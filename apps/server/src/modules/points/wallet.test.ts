import { MSG, POINTS_MSG } from '@virality/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsLedger, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, buildUser, call, type TTestApp } from '../../test/helpers';

/**
 * The point wallet's calls: the wallet, and a period's earnings (filters read in the caller's zone, 10 a page, a
 * chart), for the roles with a point wallet and only about the caller.
 */
let t: TTestApp;
// the product's "now" for this file: 31 March 2024, 20:00 UTC (already 1 April in India)
const NOW = Date.parse('2024-03-31T20:00:00.000Z');
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.setOffset(NOW - Date.now());
});
afterAll(async () => t?.close());

const ledger = (userId: string, at: string, points = 1) =>
  t.database.db
    .insert(pointsLedger)
    .values({ id: newId(), userId, postId: null, network: 'twitter', points, reason: 'post', earnedAt: new Date(at) });

const filter = (token: string, query: string) => call(t, 'GET', `/api/wallet/getUserFillterWallet?${query}`, { token });

describe('GET wallet/getUserWallet', () => {
  it('a new wallet: no points, Maker, the progress bar empty and the Visionary marker still to earn', async () => {
    const { token, user } = await buildUser(t, { profileType: 'INFLUENCER' });
    const res = await call(t, 'GET', `/api/wallet/getUserWallet?userId=${user.id}&timeZone=Asia/Kolkata`, { token });
    expect(res.status).toBe(200);
    expect(res.json.response).toEqual({
      user: {
        _id: user.id,
        totalPoints: 0,
        viralityLevel: 'Maker',
        levelPoints: 0,
        levelReachedAt: null,
        levelHeldUntil: null,
      },
      achievements: [
        { name: 'Maker', minPoints: 0, maxPoints: 143, achieved: true, current: true },
        { name: 'Trailblazer', minPoints: 144, maxPoints: 287, achieved: false, current: false },
        { name: 'Visionary', minPoints: 288, maxPoints: null, achieved: false, current: false },
      ],
      progress: { percent: 0, visionaryMarker: 'Earn 288 Points more' },
      pointsEarned: [],
      totalPages: 0,
    });
  });

  it('is for the caller only, for influencers, businesses and their managers; a zone must be real', async () => {
    const { token } = await buildUser(t, { profileType: 'BUSINESS' });
    const other = await buildUser(t, { profileType: 'INFLUENCER' });
    const res = await call(t, 'GET', `/api/wallet/getUserWallet?userId=${other.user.id}`, { token });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(MSG.forbidden);
    for (const profileType of ['BRANDS', 'IMC'] as const) {
      const who = await buildUser(t, { profileType });
      expect((await call(t, 'GET', '/api/wallet/getUserWallet', { token: who.token })).status).toBe(403);
      expect((await filter(who.token, 'filterType=Weekly')).status).toBe(403);
      expect((await call(t, 'POST', '/api/wallet/getUserFillterWallet', { token: who.token, body: {} })).status).toBe(403);
    }
    expect((await call(t, 'GET', '/api/wallet/getUserWallet')).status).toBe(401);
    const manager = await buildUser(t, { profileType: 'BUSINESS_MANAGER' });
    expect((await call(t, 'GET', '/api/wallet/getUserWallet', { token: manager.token })).status).toBe(200);
    const zone = await call(t, 'GET', '/api/wallet/getUserWallet?timeZone=Mars/Olympus', { token });
    expect(zone.status).toBe(400);
    expect(zone.json.message).toBe(POINTS_MSG.badTimeZone);
  });

  it('the progress bar and its marker count the 12 months’ points against the levels (288 for Visionary), not the total', async () => {
    const { token, user } = await buildUser(t, { profileType: 'INFLUENCER' });
    // a large total of old points and 5 in the last 12 months: the bar is 5 of 288, 283 still to earn
    await t.database.db.update(users).set({ totalPoints: 125 }).where(eq(users.id, user.id));
    await ledger(user.id, '2024-03-30T10:00:00.000Z', 5);
    const res = await call(t, 'GET', '/api/wallet/getUserWallet', { token });
    expect(res.json.response.user).toMatchObject({ totalPoints: 125, levelPoints: 5, viralityLevel: 'Maker' });
    expect(res.json.response.progress).toEqual({ percent: 1.7, visionaryMarker: 'Earn 283 Points more' });
  });
});

describe('wallet/getUserFillterWallet', () => {
  it('each filter covers the days up to today in the caller’s zone (UTC without one)', async () => {
    const { token, user } = await buildUser(t, { profileType: 'INFLUENCER' });
    await ledger(user.id, '2024-03-25T18:00:00.000Z', 1); // 25 March in UTC, 25 March 23:30 in India
    await ledger(user.id, '2024-03-25T19:00:00.000Z', 2); // 26 March 00:30 in India
    await ledger(user.id, '2024-03-01T00:30:00.000Z', 4); // 1 March (both)
    await ledger(user.id, '2024-01-01T10:00:00.000Z', 8); // 1 January (15:30 in India)
    await ledger(user.id, '2023-04-01T10:00:00.000Z', 16); // a year ago
    const utcWeek = await filter(token, 'filterType=Weekly');
    expect(utcWeek.status).toBe(200);
    expect(utcWeek.json.response).toMatchObject({
      startDate: '2024-03-25',
      endDate: '2024-03-31',
      timeZone: 'UTC',
      periodPoints: 3,
    });
    const indiaWeek = await filter(token, 'filterType=Weekly&timeZone=Asia/Kolkata');
    expect(indiaWeek.json.response).toMatchObject({
      startDate: '2024-03-26',
      endDate: '2024-04-01',
      periodPoints: 2,
      totalCount: 1,
    });
    expect(indiaWeek.json.response.chart.unit).toBe('day');
    expect(indiaWeek.json.response.chart.points).toEqual([
      { startDate: '2024-03-26', points: 2 },
      ...['27', '28', '29', '30', '31'].map((d) => ({ startDate: `2024-03-${d}`, points: 0 })),
      { startDate: '2024-04-01', points: 0 },
    ]);
    expect((await filter(token, 'filterType=Monthly')).json.response).toMatchObject({ startDate: '2024-03-01', periodPoints: 7 });
    expect((await filter(token, 'filterType=Monthly&timeZone=Asia/Kolkata')).json.response).toMatchObject({
      startDate: '2024-03-02',
      periodPoints: 3,
    });
    expect((await filter(token, 'filterType=3-Months')).json.response).toMatchObject({
      startDate: '2024-01-01',
      periodPoints: 15,
    });
    expect((await filter(token, 'filterType=3-Months&timeZone=Asia/Kolkata')).json.response).toMatchObject({
      startDate: '2024-01-02',
      periodPoints: 7,
    });
    expect((await filter(token, 'filterType=6-Months')).json.response.periodPoints).toBe(15);
    const year = (await filter(token, 'filterType=One-Year')).json.response;
    expect(year).toMatchObject({ startDate: '2023-04-01', periodPoints: 31 });
    expect(year.chart.unit).toBe('month');
    expect(year.chart.points).toHaveLength(12);
    expect(year.chart.points[0]).toEqual({ startDate: '2023-04-01', points: 16 });
    const all = (await filter(token, '')).json.response;
    expect(all).toMatchObject({ filterType: null, startDate: null, periodPoints: 31, totalCount: 5 });
  });

  it('Custom: both days, within 2022-01-01 and today, the end not before the start, in the same words as the form', async () => {
    const { token, user } = await buildUser(t, { profileType: 'INFLUENCER' });
    await ledger(user.id, '2024-02-10T12:00:00.000Z', 5);
    const ok = await filter(token, 'filterType=Custom&startDate=2024-02-10&endDate=2024-02-10');
    expect(ok.status).toBe(200);
    expect(ok.json.response).toMatchObject({ startDate: '2024-02-10', endDate: '2024-02-10', periodPoints: 5 });
    const cases: [string, string][] = [
      ['startDate=2024-04-01&endDate=2024-03-31', POINTS_MSG.startAfterToday],
      ['startDate=2021-12-31&endDate=2024-03-01', POINTS_MSG.startBeforeMin],
      ['startDate=2024-03-01&endDate=2024-04-01', POINTS_MSG.endAfterToday],
      ['startDate=2024-03-02&endDate=2024-03-01', POINTS_MSG.endBeforeStart],
      ['endDate=2024-03-01', POINTS_MSG.startRequired],
      ['startDate=2024-03-01', POINTS_MSG.endRequired],
    ];
    for (const [query, message] of cases) {
      const res = await filter(token, `filterType=Custom&${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.message).toBe(message);
    }
    // 1 April is today in India, so the same end is allowed there
    expect((await filter(token, 'filterType=Custom&startDate=2024-03-01&endDate=2024-04-01&timeZone=Asia/Kolkata')).status).toBe(
      200,
    );
  });

  it('pages of 10, newest first; the body form of the call reads pageNo; bad filters and pages are refused', async () => {
    const { token, user } = await buildUser(t, { profileType: 'BUSINESS_MANAGER' });
    for (let i = 0; i < 23; i++) await ledger(user.id, new Date(NOW - (i + 1) * 3_600_000).toISOString(), 1 + (i % 2));
    const first = await filter(token, 'filterType=Weekly');
    expect(first.json.response).toMatchObject({ page: 1, totalPages: 3, totalCount: 23 });
    const dates = first.json.response.pointsEarned.map((e: { earnDate: string }) => e.earnDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(first.json.response.pointsEarned).toHaveLength(10);
    const last = await call(t, 'POST', '/api/wallet/getUserFillterWallet', {
      token,
      body: { filterType: 'Weekly', pageNo: 3, startDate: null, endDate: null },
    });
    expect(last.status).toBe(200);
    expect(last.json.response).toMatchObject({ page: 3, totalPages: 3 });
    expect(last.json.response.pointsEarned).toHaveLength(3);
    const custom = await call(t, 'POST', '/api/wallet/getUserFillterWallet', {
      token,
      body: { filterType: 'Custom', pageNo: 1, startDate: '2024-03-31', endDate: '2024-03-30' },
    });
    expect(custom.status).toBe(400);
    expect(custom.json.message).toBe(POINTS_MSG.endBeforeStart);
    expect((await filter(token, 'filterType=Daily')).json.message).toBe(POINTS_MSG.badFilter);
    expect((await filter(token, 'page=0')).status).toBe(400);
    expect((await filter(token, 'page=abc')).status).toBe(400);
    expect((await filter(token, 'timeZone=Nowhere/City')).status).toBe(400);
  });

  it("another user's earnings are never read", async () => {
    const { token } = await buildUser(t, { profileType: 'INFLUENCER' });
    const other = await buildUser(t, { profileType: 'INFLUENCER' });
    await ledger(other.user.id, '2024-03-30T10:00:00.000Z', 3);
    const res = await filter(token, `userId=${other.user.id}&filterType=Weekly`);
    expect(res.status).toBe(403);
    const body = await call(t, 'POST', '/api/wallet/getUserFillterWallet', { token, body: { userId: other.user.id } });
    expect(body.status).toBe(403);
    expect((await filter(token, 'filterType=Weekly')).json.response.periodPoints).toBe(0);
  });
});
