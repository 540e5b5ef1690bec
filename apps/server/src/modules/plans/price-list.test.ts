import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/helpers';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const priceList = async (query = '', remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/payment/getPriceList${query}`, remoteAddress, headers });
  return { status: res.statusCode, json: res.json() };
};

describe('GET /api/payment/getPriceList', () => {
  it('lists the plans on sale by level in the currency asked for, without a token', async () => {
    const res = await priceList('?currency=usd');
    expect(res.status).toBe(200);
    expect(res.json.status).toBe(true);
    const { currency, symbol, plans } = res.json.response;
    expect([currency, symbol]).toEqual(['usd', '$']);
    expect(plans.map((p: { planType: string }) => p.planType)).toEqual(['Starter', 'Professional', 'Enterprise']);
    expect(plans[0]).toEqual({
      planId: 'plan_starter',
      planName: 'Starter',
      planLevel: 1,
      planAmount: 19,
      planCurrency: 'usd',
      planFeature: expect.arrayContaining(['20 posts a month']),
      PlanPostLimit: 20,
      planType: 'Starter',
      priceId: 'price_starter_usd',
    });
    expect(plans[1]).toMatchObject({ planType: 'Professional', planAmount: 49, PlanPostLimit: null });
    // the plan the web app hides in dollars
    expect(plans[2]).toMatchObject({ planType: 'Enterprise', planAmount: 17499, PlanPostLimit: null });
  });

  it.each([
    ['inr', '₹', [1499, 3999, 17499]],
    ['gbp', '£', [15, 39, 159]],
    ['eur', '€', [17, 45, 179]],
    ['EUR', '€', [17, 45, 179]],
  ])('answers each plan in %s', async (asked, symbol, amounts) => {
    const res = await priceList(`?currency=${asked}`);
    expect(res.status).toBe(200);
    expect(res.json.response.currency).toBe(asked.toLowerCase());
    expect(res.json.response.symbol).toBe(symbol);
    expect(res.json.response.plans.map((p: { planAmount: number }) => p.planAmount)).toEqual(amounts);
    for (const p of res.json.response.plans) {
      expect(p.planCurrency).toBe(asked.toLowerCase());
      expect(p.priceId).toBe(`price_${p.planType.toLowerCase()}_${asked.toLowerCase()}`);
    }
  });

  it('never lists the free tier: it is given, not sold', async () => {
    const res = await priceList('?currency=inr');
    expect(res.json.response.plans.some((p: { planType: string }) => p.planType === 'FreeTier')).toBe(false);
  });

  it.each([
    ['49.36.0.1', 'an Indian', 'inr'],
    ['81.2.69.142', 'a British', 'gbp'],
    ['85.214.132.117', 'a German', 'eur'],
    ['90.0.0.1', 'a French', 'eur'],
    ['80.58.0.1', 'a Spanish', 'eur'],
    ['79.0.0.1', 'an Italian', 'eur'],
    ['8.8.8.8', 'an American', 'usd'],
    ['2a00:1450:4009::1', 'a British IPv6', 'gbp'],
    ['127.0.0.1', 'an unknown (local)', 'usd'],
  ])('without a currency, %s (%s address) is answered in %s', async (ip, _who, currency) => {
    const res = await priceList('', ip);
    expect(res.status).toBe(200);
    expect(res.json.response.currency).toBe(currency);
    expect(res.json.response.plans[0].planCurrency).toBe(currency);
  });

  it('the currency asked for wins over the address', async () => {
    const res = await priceList('?currency=usd', '49.36.0.1');
    expect(res.json.response.currency).toBe('usd');
  });

  it('X-Forwarded-For is not believed unless a proxy is trusted (TRUST_PROXY)', async () => {
    const res = await priceList('', '8.8.8.8', { 'x-forwarded-for': '49.36.0.1' });
    expect(res.json.response.currency).toBe('usd');
  });

  it('400 for a currency it does not sell in', async () => {
    const res = await priceList('?currency=jpy');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: false, message: 'Currency must be one of usd, inr, gbp, eur' });
  });
});

describe('the visitor address behind a trusted proxy', () => {
  let proxied: TTestApp;
  beforeAll(async () => {
    proxied = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => proxied?.close());

  it('is read from X-Forwarded-For when the proxy is trusted', async () => {
    const res = await proxied.app.inject({
      method: 'GET',
      url: '/api/payment/getPriceList',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '81.2.69.142' },
    });
    expect(res.json().response.currency).toBe('gbp');
  });
});
