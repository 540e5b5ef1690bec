import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { V1_MSG, WEBHOOK_ATTEMPTS_MAX, WEBHOOK_MSG, WEBHOOK_RETRY_MINUTES, WEBHOOKS_MAX } from '@virality/domain';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users, webhookDeliveries, webhookEvents } from '../../db/schema';
import { buildTestApp, call, type TTestApp } from '../../test/helpers';
import { PAYOUT_SEND_QUEUE } from '../money/jobs';
import { approvedOrder, payCapture, payoutRow, person, waitFor, withdraw } from '../money/money-test-kit';
import { linkAll, publishDue } from '../posts/posts-test-kit';
import { v1Kit } from '../public-api/public-api-test-kit';
import { makeTeam } from '../team/team-test-kit';
import { WEBHOOK_DELIVER_QUEUE, webhookSignature } from './service';

/**
 * Webhooks: made with a key (the secret answered once per Idempotency-Key), each event written with the change that
 * causes it, delivered signed (Stripe's own verifier accepts the signature) until the receiver answers 2xx, with
 * waits from a minute to a day, then failed; sent again by hand; a receiver that was down gets each event once it
 * answers; a dead attempt's delivery goes again.
 */
let t: TTestApp;
let receiver: Server;
let receiverUrl = '';
type TReceived = { path: string; headers: Record<string, string | string[] | undefined>; body: string };
const received: TReceived[] = [];
let answerStatus = 200;
const stripe = new Stripe('sk_test_webhooks');

beforeAll(async () => {
  t = await buildTestApp();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(answerStatus, { 'content-type': 'text/plain' }).end(answerStatus < 300 ? 'thanks' : 'down for maintenance');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});
beforeEach(() => {
  answerStatus = 200;
});

const { withKey, v1, expectProblem, uniqueKey, uploadV1 } = v1Kit(() => t);

/** A webhook made through v1 for `path` on the test receiver. */
async function hook(k: Awaited<ReturnType<typeof withKey>>, events: string[], path = `/${uniqueKey()}`) {
  const res = await v1('POST', '/webhooks', {
    key: k.key,
    idempotencyKey: uniqueKey(),
    body: { url: `${receiverUrl}${path}`, events },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { ...(res.json as { id: string; secret: string }), path };
}

/** A draft of `k`'s on a new X account, made through v1 (deleting it makes a post.deleted event). */
async function draftOf(k: Awaited<ReturnType<typeof withKey>>, text: string) {
  const ids = await linkAll(t, k.token, ['twitter']);
  const media = await uploadV1(k);
  const res = await v1('POST', '/posts', {
    key: k.key,
    idempotencyKey: uniqueKey(),
    body: { text, accountIds: [ids.twitter], mediaIds: [media.id], draft: true },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res;
}

/** Runs the delivery jobs due now (a delivery's job may send the next). */
const deliverDue = () => t.runDueJobs(WEBHOOK_DELIVER_QUEUE);
const at = (path: string) => received.filter((r) => r.path === path);
/** The events a receiver got, verified with Stripe's own verifier (which throws on a bad signature). */
const verified = (path: string, secret: string) =>
  at(path).map(
    (r) =>
      stripe.webhooks.constructEvent(r.body, String(r.headers['virality-signature']), secret) as unknown as {
        id: string;
        type: string;
        createdAt: string;
        data: Record<string, unknown>;
      },
  );

describe('making webhooks', () => {
  it('answers the secret once per Idempotency-Key (a repeat answers the same webhook and secret); lists without it; deletes', async () => {
    const k = await withKey();
    const key = uniqueKey();
    const body = { url: `${receiverUrl}/made`, events: ['post.published', 'post.failed', 'post.published'] };
    const first = await v1('POST', '/webhooks', { key: k.key, idempotencyKey: key, body });
    expect(first.status, JSON.stringify(first.json)).toBe(201);
    expect(first.json).toMatchObject({ url: body.url, events: ['post.published', 'post.failed'] });
    expect(first.json.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const again = await v1('POST', '/webhooks', { key: k.key, idempotencyKey: key, body });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    const list = await v1('GET', '/webhooks', { key: k.key });
    expect(list.json.data).toEqual([
      { id: first.json.id, url: body.url, events: first.json.events, createdAt: first.json.createdAt },
    ]);
    // the app's page reads the same
    const page = await call(t, 'GET', '/api/webhooks', { token: k.token });
    expect(page.json.response.map((w: { id: string }) => w.id)).toEqual([first.json.id]);
    // its log: empty, and a cursor not made by a page is refused
    expect((await v1('GET', `/webhooks/${first.json.id}/deliveries`, { key: k.key })).json).toEqual({
      data: [],
      nextCursor: null,
    });
    expectProblem(
      await v1('GET', `/webhooks/${first.json.id}/deliveries?cursor=nope`, { key: k.key }),
      400,
      WEBHOOK_MSG.cursorInvalid,
    );
    expect((await v1('DELETE', `/webhooks/${first.json.id}`, { key: k.key })).status).toBe(204);
    expect((await v1('GET', '/webhooks', { key: k.key })).json.data).toEqual([]);
    expectProblem(await v1('DELETE', `/webhooks/${first.json.id}`, { key: k.key }), 404, WEBHOOK_MSG.notFound);
  });

  it('refuses what is not a public https address, no events, an unknown event; nothing is made', async () => {
    const k = await withKey();
    const make = (body: unknown) => v1('POST', '/webhooks', { key: k.key, idempotencyKey: uniqueKey(), body });
    expectProblem(await make({ url: 'http://example.com/hook', events: ['post.published'] }), 400, WEBHOOK_MSG.urlInvalid);
    expectProblem(await make({ url: 'https://10.1.2.3/hook', events: ['post.published'] }), 400, WEBHOOK_MSG.urlPrivate);
    expectProblem(await make({ url: 'https://metadata.internal/hook', events: ['post.published'] }), 400, WEBHOOK_MSG.urlPrivate);
    expectProblem(await make({ url: 'http://localhost:9/hook', events: ['post.published'] }), 400, WEBHOOK_MSG.urlInvalid);
    expectProblem(await make({ url: 'https://hooks.example.com/x', events: [] }), 400, WEBHOOK_MSG.eventsRequired);
    expect((await make({ url: 'https://hooks.example.com/x', events: ['post.eaten'] })).status).toBe(400);
    expectProblem(
      await v1('POST', '/webhooks', { key: k.key, body: { url: 'https://hooks.example.com/x', events: ['post.published'] } }),
      400,
      V1_MSG.idempotencyKeyRequired,
    );
    expect((await make({ url: 'https://hooks.example.com/x', events: ['post.published'] })).status).toBe(201);
    expect((await v1('GET', '/webhooks', { key: k.key })).json.data).toHaveLength(1);
  });

  it(`a read key cannot make one; a business manager cannot manage them; at most ${WEBHOOKS_MAX}; another organization's is not found`, async () => {
    const reader = await withKey('read');
    expectProblem(
      await v1('POST', '/webhooks', {
        key: reader.key,
        idempotencyKey: uniqueKey(),
        body: { url: `${receiverUrl}/r`, events: ['post.published'] },
      }),
      403,
      V1_MSG.readOnly,
    );
    const { manager } = await makeTeam(t, 'Hooks Foods');
    const refused = await call(t, 'POST', '/api/webhooks', {
      token: manager.token,
      body: { url: `${receiverUrl}/m`, events: ['post.published'] },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(WEBHOOK_MSG.notForManagers);
    expect((await call(t, 'GET', '/api/webhooks', { token: manager.token })).status).toBe(403);

    const k = await withKey();
    for (let i = 0; i < WEBHOOKS_MAX; i++) await hook(k, ['post.published']);
    expectProblem(
      await v1('POST', '/webhooks', {
        key: k.key,
        idempotencyKey: uniqueKey(),
        body: { url: `${receiverUrl}/x`, events: ['post.published'] },
      }),
      400,
      WEBHOOK_MSG.tooMany,
    );
    const other = await withKey();
    const mine = (await v1('GET', '/webhooks', { key: k.key })).json.data[0].id;
    expectProblem(await v1('DELETE', `/webhooks/${mine}`, { key: other.key }), 404, WEBHOOK_MSG.notFound);
    expect((await call(t, 'GET', `/api/webhooks/${mine}/deliveries`, { token: other.token })).status).toBe(404);
  });
});

describe('delivering events', () => {
  it('a post that goes out is delivered as post.published, signed so that Stripe’s verifier accepts it, once', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const h = await hook(k, ['post.published']);
    const media = await uploadV1(k);
    const made = await v1('POST', '/posts', {
      key: k.key,
      idempotencyKey: uniqueKey(),
      body: { text: 'Tell the hook', accountIds: [ids.twitter], mediaIds: [media.id] },
    });
    await publishDue(t);
    await deliverDue();
    const events = verified(h.path, h.secret);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'post.published',
      data: { postId: made.json.id, accountId: ids.twitter, network: 'twitter', state: 'published', stateLabel: 'Published' },
    });
    expect(events[0].id).toMatch(/^evt_/);
    expect(String(events[0].data.url)).toMatch(/^https?:\/\//);
    const r = at(h.path)[0];
    expect(r.headers['virality-event-id']).toBe(events[0].id);
    expect(r.headers['content-type']).toBe('application/json');
    // a signature made with another secret is refused by the verifier
    expect(() =>
      stripe.webhooks.constructEvent(r.body, webhookSignature('whsec_other', Math.floor(Date.now() / 1000), r.body), h.secret),
    ).toThrow();
    // nothing more is sent
    t.clock.advance(2 * 86_400_000);
    await deliverDue();
    expect(at(h.path)).toHaveLength(1);
    const log = await call(t, 'GET', `/api/webhooks/${h.id}/deliveries`, { token: k.token });
    expect(log.json.response.data).toEqual([
      expect.objectContaining({
        eventId: events[0].id,
        type: 'post.published',
        state: 'delivered',
        attempts: 1,
        lastStatus: 200,
        lastResponse: 'thanks',
      }),
    ]);
  });

  it('a receiver down for a while gets the event once it answers 2xx: tried after 1, then 5 minutes, then delivered', async () => {
    const k = await withKey();
    const ids = await linkAll(t, k.token, ['twitter']);
    const h = await hook(k, ['post.published', 'post.deleted']);
    const media = await uploadV1(k);
    const draft = await v1('POST', '/posts', {
      key: k.key,
      idempotencyKey: uniqueKey(),
      body: { text: 'Gone soon', accountIds: [ids.twitter], mediaIds: [media.id], draft: true },
    });
    answerStatus = 503;
    expect((await v1('DELETE', `/posts/${draft.json.id}`, { key: k.key })).status).toBe(204);
    await deliverDue();
    expect(at(h.path)).toHaveLength(1);
    // not again before its wait
    t.clock.advance(WEBHOOK_RETRY_MINUTES[0] * 60_000 - 5_000);
    await deliverDue();
    expect(at(h.path)).toHaveLength(1);
    t.clock.advance(10_000);
    await deliverDue();
    expect(at(h.path)).toHaveLength(2);
    let log = (await call(t, 'GET', `/api/webhooks/${h.id}/deliveries`, { token: k.token })).json.response.data;
    expect(log[0]).toMatchObject({ state: 'pending', attempts: 2, lastStatus: 503, lastResponse: 'down for maintenance' });
    expect(Date.parse(log[0].nextAttemptAt) - t.clock.nowMs()).toBeGreaterThan((WEBHOOK_RETRY_MINUTES[1] - 1) * 60_000);
    answerStatus = 200;
    t.clock.advance(WEBHOOK_RETRY_MINUTES[1] * 60_000 + 1_000);
    await deliverDue();
    const events = verified(h.path, h.secret);
    expect(events).toHaveLength(3);
    // one event, sent three times: the same id each time (receivers keep it)
    expect(new Set(events.map((e) => e.id)).size).toBe(1);
    expect(events[0]).toMatchObject({ type: 'post.deleted', data: { postId: draft.json.id, draft: true } });
    log = (await call(t, 'GET', `/api/webhooks/${h.id}/deliveries`, { token: k.token })).json.response.data;
    expect(log[0]).toMatchObject({ state: 'delivered', attempts: 3, lastStatus: 200, nextAttemptAt: null });
    // the operator sees the attempts in the metrics
    const scraped = (await t.container.metrics.exposition()).body;
    expect(scraped).toMatch(/virality_webhook_attempts_total\{outcome="retry"\} [1-9]/);
    expect(scraped).toMatch(/virality_webhook_attempts_total\{outcome="delivered"\} [1-9]/);
  });

  it(`after ${WEBHOOK_ATTEMPTS_MAX} refused attempts over about a day it is failed; Send again delivers it`, async () => {
    const k = await withKey();
    const h = await hook(k, ['post.deleted']);
    const draft = await draftOf(k, 'Refused');
    answerStatus = 500;
    await v1('DELETE', `/posts/${draft.json.id}`, { key: k.key });
    await deliverDue();
    for (const minutes of WEBHOOK_RETRY_MINUTES) {
      t.clock.advance(minutes * 60_000 + 1_000);
      await deliverDue();
    }
    expect(at(h.path)).toHaveLength(WEBHOOK_ATTEMPTS_MAX);
    let [d] = (await call(t, 'GET', `/api/webhooks/${h.id}/deliveries`, { token: k.token })).json.response.data;
    expect(d).toMatchObject({ state: 'failed', attempts: WEBHOOK_ATTEMPTS_MAX, lastStatus: 500, nextAttemptAt: null });
    t.clock.advance(3 * 86_400_000);
    await deliverDue();
    expect(at(h.path)).toHaveLength(WEBHOOK_ATTEMPTS_MAX);

    answerStatus = 200;
    const again = await call(t, 'POST', `/api/webhooks/${h.id}/deliveries/${d.id}/redeliver`, { token: k.token });
    expect(again.status).toBe(200);
    expect(again.json.message).toBe(WEBHOOK_MSG.redelivered);
    expect(again.json.response).toMatchObject({ state: 'pending', attempts: 0 });
    await deliverDue();
    [d] = (await call(t, 'GET', `/api/webhooks/${h.id}/deliveries`, { token: k.token })).json.response.data;
    expect(d).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(verified(h.path, h.secret).map((e) => e.type)).toEqual(Array(WEBHOOK_ATTEMPTS_MAX + 1).fill('post.deleted'));
    // Send again makes this server call an address its user chose: 30 a minute per user at most
    let refused = 0;
    for (let i = 0; i < 30; i++)
      if ((await call(t, 'POST', `/api/webhooks/${h.id}/deliveries/${d.id}/redeliver`, { token: k.token })).status === 429)
        refused++;
    expect(refused).toBeGreaterThan(0);
    t.clock.advance(61_000);
    // another organization cannot send it again
    const other = await withKey();
    expect((await call(t, 'POST', `/api/webhooks/${h.id}/deliveries/${d.id}/redeliver`, { token: other.token })).status).toBe(
      404,
    );
  });

  it('an attempt that died mid-send (its lease lapsed) is sent again; one still running is not doubled', async () => {
    const k = await withKey();
    const h = await hook(k, ['post.deleted']);
    const draft = await draftOf(k, 'Crash');
    await v1('DELETE', `/posts/${draft.json.id}`, { key: k.key });
    const [row] = await t.container.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, h.id));
    // a worker took it and died before it sent or wrote anything
    await t.container.db
      .update(webhookDeliveries)
      .set({ leaseUntil: new Date(t.clock.nowMs() + 60_000) })
      .where(eq(webhookDeliveries.id, row.id));
    expect(await t.services.webhooks.deliver({ deliveryId: row.id })).toBe('held');
    expect(at(h.path)).toHaveLength(0);
    t.clock.advance(61_000);
    await deliverDue();
    expect(at(h.path)).toHaveLength(1);
    const [after] = await t.container.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row.id));
    expect(after).toMatchObject({ state: 'delivered', attempts: 1, leaseUntil: null });
  });

  it('an event is written with its change or not at all: a change that fails leaves no event', async () => {
    const k = await withKey();
    await hook(k, ['post.deleted']);
    const before = (await t.container.db.select().from(webhookEvents)).length;
    await expect(
      t.container.unitOfWork(async () => {
        await t.services.webhooks.emit({ userId: k.userId }, 'post.deleted', { postId: 'x', draft: true });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await t.container.db.select().from(webhookEvents)).length).toBe(before);
    // no webhook listening: nothing is written
    const quiet = await withKey();
    await t.services.webhooks.emit({ userId: quiet.userId }, 'post.deleted', { postId: 'y', draft: true });
    expect((await t.container.db.select().from(webhookEvents)).length).toBe(before);
  });

  it('a deleted webhook gets nothing more, even a delivery already waiting', async () => {
    const k = await withKey();
    const h = await hook(k, ['post.deleted']);
    const draft = await draftOf(k, 'Late');
    await v1('DELETE', `/posts/${draft.json.id}`, { key: k.key });
    await v1('DELETE', `/webhooks/${h.id}`, { key: k.key });
    await deliverDue();
    expect(at(h.path)).toHaveLength(0);
  });
});

describe('campaign and money events', () => {
  it('campaign.tagged and campaign.responded reach the owner and the influencer; payment.completed both sides; payout.completed and payout.failed the payee', async () => {
    const c = await campaignWithInfluencerHooked();
    await deliverDue();
    const brandEvents = verified(c.brandHook.path, c.brandHook.secret);
    const influencerEvents = verified(c.influencerHook.path, c.influencerHook.secret);
    // deliveries run side by side: a receiver cannot count on their order
    const types = (events: { type: string }[]) => events.map((e) => e.type).sort();
    expect(types(brandEvents)).toEqual(['campaign.responded', 'campaign.tagged']);
    expect(types(influencerEvents)).toEqual(['campaign.responded', 'campaign.tagged']);
    expect(brandEvents.find((e) => e.type === 'campaign.responded')?.data).toMatchObject({
      campaignId: c.campaignId,
      influencerId: c.influencer.user.id,
      response: 'accepted',
    });

    const order = await approvedOrder(t, c, 100);
    expect((await payCapture(t, c.brand.token, { orderId: order.orderId })).json.response.paymentStatus).toBe('COMPLETED');
    const paid = (await withdraw(t, c.influencer.token, 30)).json.response._id;
    await t.runDueJobs(PAYOUT_SEND_QUEUE);
    t.clock.advance(61_000);
    await t.services.money.pollPayouts();
    await waitFor('payout settled', async () => (await payoutRow(t, paid)).status === 'COMPLETED');
    await deliverDue();
    const influencerAll = verified(c.influencerHook.path, c.influencerHook.secret);
    expect(types(verified(c.brandHook.path, c.brandHook.secret))).toEqual([
      'campaign.responded',
      'campaign.tagged',
      'payment.completed',
    ]);
    expect(types(influencerAll)).toEqual(['campaign.responded', 'campaign.tagged', 'payment.completed', 'payout.completed']);
    const of = (type: string) => influencerAll.find((e) => e.type === type)?.data;
    expect(of('payment.completed')).toMatchObject({
      kind: 'campaign',
      campaignId: c.campaignId,
      amountMinor: 10_000,
      currency: 'USD',
    });
    expect(of('payout.completed')).toMatchObject({ payoutId: paid, amountMinor: 3_000, status: 'COMPLETED' });

    // a payout PayPal will not pay: its amount goes back, and the payee's webhook hears payout.failed
    await t.container.db.update(users).set({ paypalId: 'will.fail@example.com' }).where(eq(users.id, c.influencer.user.id));
    const failed = (await withdraw(t, c.influencer.token, 20)).json.response._id;
    await t.runDueJobs(PAYOUT_SEND_QUEUE);
    t.clock.advance(61_000);
    await t.services.money.pollPayouts();
    await waitFor('payout failed', async () => (await payoutRow(t, failed)).status === 'FAILED');
    await deliverDue();
    const last = verified(c.influencerHook.path, c.influencerHook.secret).find((e) => e.type === 'payout.failed');
    expect(last?.data).toMatchObject({ payoutId: failed, amountMinor: 2_000, status: 'FAILED' });
    expect(typeof last?.data.reason).toBe('string');
  });
});

/** A brand and an influencer, each with a webhook for every campaign and money event, then a campaign accepted. */
async function campaignWithInfluencerHooked() {
  const events = ['campaign.tagged', 'campaign.responded', 'payment.completed', 'payout.completed', 'payout.failed'];
  const people = await campaignPeople();
  const brandHook = await hookFor(people.brand.token, events);
  const influencerHook = await hookFor(people.influencer.token, events);
  return { ...(await people.make()), brandHook, influencerHook };
}

/** A webhook made on the app's page (a session, not a key). */
async function hookFor(token: string, events: string[]) {
  const path = `/${uniqueKey()}`;
  const res = await call(t, 'POST', '/api/webhooks', { token, body: { url: `${receiverUrl}${path}`, events } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  expect(res.json.message).toBe(WEBHOOK_MSG.created);
  return { id: res.json.response.id as string, secret: res.json.response.secret as string, path };
}

/** The people of a campaign first (so that their webhooks exist before it is made), the campaign when asked. */
async function campaignPeople() {
  const brand = await person(t, 'BRANDS');
  const influencer = await person(t, 'INFLUENCER', 'influencer@example.com');
  return {
    brand,
    influencer,
    make: async () => {
      const today = new Date(t.clock.nowMs()).toISOString().slice(0, 10);
      const created = await call(t, 'POST', '/api/campaigns/create', {
        token: brand.token,
        body: {
          name: 'Hooked',
          brief: 'Brief',
          budget: 500,
          startDate: today,
          endDate: today,
          influencerIds: [influencer.user.id],
          timeZone: 'UTC',
        },
      });
      expect(created.status, JSON.stringify(created.json)).toBe(200);
      const campaignId = created.json.response._id as string;
      const accepted = await call(t, 'POST', `/api/campaigns/${campaignId}/respond`, {
        token: influencer.token,
        body: { accept: true },
      });
      expect(accepted.status).toBe(200);
      return { brand, influencer, campaignId };
    },
  };
}
