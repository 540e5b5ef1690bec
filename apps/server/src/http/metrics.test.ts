import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { defineJob } from '../jobs/registry';
import { MODULES } from '../modules';
import { PAYOUT_SEND_QUEUE } from '../modules/money/jobs';
import { approvedOrder, campaignWithInfluencer, payCapture, payoutRow, waitFor, withdraw } from '../modules/money/money-test-kit';
import { PUBLISH_QUEUE } from '../modules/posts/engine';
import { publishDue, xAuthor } from '../modules/posts/posts-test-kit';
import { buildTestApp, buildUser, givePlan, type TTestApp } from '../test/helpers';
import { serveWorkerMetrics } from './metrics';

// The process's metrics as Prometheus reads them: what the product counts, under fixed names, and who may read them.

let failJob = false;
const failingModule = {
  name: 'test-metrics',
  jobs: () => [
    defineJob({
      queue: 'test-metrics-fails',
      async handle() {
        if (failJob) throw new Error('this job fails');
      },
    }),
  ],
};

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { modules: [...MODULES, failingModule] });
}, 60_000);
afterAll(async () => t?.close());

const scrape = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

/** The value of one sample of the exposition (a line `name{labels} value`), or null when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const [, given = '', value] = /^[^{\s]+(?:\{([^}]*)\})?\s+(\S+)/.exec(line) ?? [];
    const has = Object.entries(labels).every(([k, v]) => given.split(',').includes(`${k}="${v}"`));
    if (has) return Number(value);
  }
  return null;
}

describe('GET /metrics', () => {
  it('after a scheduled post went out: its lateness and its target counted for its network, in the text format', async () => {
    const author = await buildUser(t);
    await givePlan(t, author.user.id);
    const who = await xAuthor(t, author.token);
    const res = await who.schedule('Counted once it went out', 15);
    expect(res.status, JSON.stringify(res.json)).toBe(200);

    // waiting: its job is in the queue
    const before = await scrape();
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(before.body, 'virality_jobs_queued', { queue: PUBLISH_QUEUE })).toBeGreaterThanOrEqual(1);

    t.clock.advance(15 * 60_000 + 30_000);
    await publishDue(t);
    const text = (await scrape()).body;
    expect(sample(text, 'virality_publish_lateness_seconds_count', { network: 'twitter' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'virality_publish_targets_total', { network: 'twitter', outcome: 'published' })).toBeGreaterThanOrEqual(
      1,
    );
    // it ran 30 s after its due time by the product's clock, at the earliest
    expect(sample(text, 'virality_publish_lateness_seconds_sum', { network: 'twitter' })).toBeGreaterThanOrEqual(30);
    // the process's own, and the requests answered by their route's pattern
    expect(sample(text, 'process_cpu_user_seconds_total')).not.toBeNull();
    expect(sample(text, 'nodejs_heap_size_used_bytes')).not.toBeNull();
    expect(
      sample(text, 'virality_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/sph/social-media-manager/single-post/',
        status_class: '2xx',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts the job runs that failed, the webhooks refused, the payouts that ended and the ledger checks that failed', async () => {
    failJob = true;
    await t.container.enqueue('test-metrics-fails', {});
    const failedRuns = (await t.runDueJobs('test-metrics-fails')).filter((r) => r.error).length;
    expect(failedRuns).toBeGreaterThanOrEqual(1);
    failJob = false;

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/payment/stripeWebhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{"id":"evt_forged"}',
    });
    expect(refused.statusCode).toBe(400);

    // an influencer paid by a brand withdraws; PayPal pays it a minute later
    const c = await campaignWithInfluencer(t, { budget: 10_000, influencerPaypalId: 'counted@example.com' });
    const order = await approvedOrder(t, c, 20);
    expect((await payCapture(t, c.brand.token, { orderId: order.orderId })).json.response.paymentStatus).toBe('COMPLETED');
    const out = await withdraw(t, c.influencer.token, 20);
    expect(out.status, JSON.stringify(out.json)).toBe(200);
    await t.runDueJobs(PAYOUT_SEND_QUEUE);
    t.clock.advance(61_000);
    await t.services.money.pollPayouts();
    await waitFor('the payout paid', async () => (await payoutRow(t, out.json.response._id)).status === 'COMPLETED');

    // a wallet that is not the sum of its entries
    await t.database.db
      .update(users)
      .set({ walletMinor: sql`${users.walletMinor} + 1` })
      .where(eq(users.id, c.influencer.user.id));
    expect((await t.services.money.checkLedger()).ok).toBe(false);

    const text = (await scrape()).body;
    expect(sample(text, 'virality_jobs_failed_total', { queue: 'test-metrics-fails' })).toBe(failedRuns);
    expect(sample(text, 'virality_webhooks_received_total', { provider: 'stripe', outcome: 'refused' })).toBe(1);
    expect(sample(text, 'virality_payouts_total', { outcome: 'completed' })).toBe(1);
    expect(sample(text, 'virality_ledger_check_failures_total')).toBe(1);
    await t.database.db
      .update(users)
      .set({ walletMinor: sql`${users.walletMinor} - 1` })
      .where(eq(users.id, c.influencer.user.id));
  });

  it('without METRICS_TOKEN: only from this machine, not through a proxy (403 in words otherwise)', async () => {
    expect((await scrape({}, '::1')).statusCode).toBe(200);
    expect((await scrape({}, '::ffff:127.0.0.1')).statusCode).toBe(200);
    for (const [headers, from] of [
      [{}, '10.0.0.7'],
      [{}, '203.0.113.9'],
      [{ 'x-forwarded-for': '203.0.113.9' }, '127.0.0.1'],
      [{ forwarded: 'for=203.0.113.9' }, '127.0.0.1'],
    ] as const) {
      const res = await scrape(headers, from);
      expect(res.statusCode, `${from} ${JSON.stringify(headers)}`).toBe(403);
      expect(res.json()).toMatchObject({
        status: false,
        message: 'The metrics are read from this machine only, or with METRICS_TOKEN',
      });
      expect(res.body).not.toContain('virality_');
    }
  });

  it('is in the API document, with its errors and its token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const op = doc.paths['/metrics'].get;
    // 400: invalid text in the query, refused for every call (http/hygiene), added by http/openapi
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403']);
    expect((await t.app.inject({ method: 'GET', url: '/metrics?x=%00' })).statusCode).toBe(400);
    expect(op.security).toEqual([{ metricsToken: [] }]);
    expect(doc.components.securitySchemes.metricsToken).toEqual({ type: 'http', scheme: 'bearer' });
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const TOKEN = 'a-long-metrics-token-0123456789';
  let guarded: TTestApp;
  beforeAll(async () => {
    guarded = await buildTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => guarded?.close());

  it('answers 401 without the token or with another, from anywhere; the token reads them from anywhere', async () => {
    const get = (authorization: string | null, remoteAddress: string) =>
      guarded.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress,
        headers: authorization ? { authorization } : {},
      });
    for (const [authorization, from] of [
      [null, '127.0.0.1'],
      [`Bearer ${TOKEN}x`, '127.0.0.1'],
      [`Bearer ${TOKEN.slice(0, -1)}`, '203.0.113.9'],
      [`Basic ${TOKEN}`, '203.0.113.9'],
    ] as const) {
      const res = await get(authorization, from);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ status: false, message: 'The metrics need their token' });
    }
    const ok = await get(`Bearer ${TOKEN}`, '203.0.113.9');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('# TYPE virality_publish_targets_total counter');
  });

  it('a token shorter than 16 characters is refused at start', async () => {
    await expect(buildTestApp({ METRICS_TOKEN: 'short' })).rejects.toThrow(/METRICS_TOKEN/);
  });
});

describe("a worker's metrics (METRICS_PORT)", () => {
  it('are served on their port with the same rule: the token, else this machine; anything else is 404', async () => {
    const served = await serveWorkerMetrics(t.container.metrics, {
      port: 0,
      host: '127.0.0.1',
      token: 'worker-metrics-token-0123',
    });
    try {
      const base = `http://127.0.0.1:${served.port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer worker-metrics-token-0123' } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('virality_jobs_queued');
      expect((await fetch(`${base}/other`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await served.close();
    }
    const open = await serveWorkerMetrics(t.container.metrics, { port: 0, host: '127.0.0.1', token: null });
    try {
      const res = await fetch(`http://127.0.0.1:${open.port}/metrics`);
      expect(res.status).toBe(200);
      const proxied = await fetch(`http://127.0.0.1:${open.port}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(proxied.status).toBe(403);
    } finally {
      await open.close();
    }
  });
});
