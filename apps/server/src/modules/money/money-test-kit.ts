import { dayInZone, type TProfileType } from '@virality/domain';
import type { TEventRecord } from '@virality/sandbox/testing';
import { paypalStore } from '@virality/sandbox/testing';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { activities, ledgerEntries, ledgerMovements, payouts, transfers, users } from '../../db/schema';
import { buildUser, call, setUserFields, type TTestApp } from '../../test/helpers';

/** Waits (real time) until `check` holds; fails the test with `what` when it does not within `ms`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 8000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`waited ${ms} ms for ${what}`);
}

/** A user of `profileType` (an influencer with a PayPal id unless told otherwise). */
export async function person(t: TTestApp, profileType: TProfileType, paypalId?: string | null) {
  const u = await buildUser(t, { profileType, name: `${profileType.toLowerCase()} ${Math.random().toString(36).slice(2, 7)}` });
  if (paypalId !== undefined) await setUserFields(t, u.user.id, { paypalId });
  return u;
}

/**
 * A brand's campaign (budget in USD) with an influencer tagged who accepted it, made through the campaigns API as
 * people make them.
 */
export async function campaignWithInfluencer(
  t: TTestApp,
  opts: { budget?: number; ownerType?: TProfileType; influencerPaypalId?: string | null } = {},
) {
  const brand = await person(t, opts.ownerType ?? 'BRANDS');
  const paypalId = opts.influencerPaypalId === undefined ? 'influencer@example.com' : opts.influencerPaypalId;
  const influencer = await person(t, 'INFLUENCER', paypalId);
  const today = dayInZone(t.clock.now(), 'UTC');
  const created = await call(t, 'POST', '/api/campaigns/create', {
    token: brand.token,
    body: {
      name: 'Summer launch',
      brief: 'Show the new range',
      budget: opts.budget ?? 500,
      startDate: today,
      endDate: today,
      influencerIds: [influencer.user.id],
      timeZone: 'UTC',
    },
  });
  if (created.status !== 200) throw new Error(`campaign not made: ${created.status} ${JSON.stringify(created.json)}`);
  const campaignId = created.json.response._id as string;
  const accepted = await call(t, 'POST', `/api/campaigns/${campaignId}/respond`, {
    token: influencer.token,
    body: { accept: true },
  });
  if (accepted.status !== 200) throw new Error(`not accepted: ${accepted.status} ${JSON.stringify(accepted.json)}`);
  return { brand, influencer, campaignId };
}

export const createOrder = (t: TTestApp, token: string, body: unknown) =>
  call(t, 'POST', '/api/payments/createOrder', { token, body });
export const payCapture = (t: TTestApp, token: string, body: unknown) =>
  call(t, 'POST', '/api/payments/paycapture', { token, body });
export const withdraw = (t: TTestApp, token: string, amount: unknown) =>
  call(t, 'POST', '/api/payments/payout', { token, body: { amount } });

/** The payer on PayPal's approval page: reads it, then presses Pay (or Cancel) with their PayPal address. */
export async function approveOnPayPal(t: TTestApp, approveUrl: string, email = 'brand.payer@example.com') {
  const url = new URL(approveUrl);
  const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
  expect(page.statusCode).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox/paypal/checkoutnow',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: url.searchParams.get('token') ?? '', email, action: 'pay' }).toString(),
  });
  expect(res.statusCode).toBe(303);
  return new URL(String(res.headers.location));
}

/** An order made and approved by the brand: what createOrder answered. */
export async function approvedOrder(
  t: TTestApp,
  c: Awaited<ReturnType<typeof campaignWithInfluencer>>,
  amount: number | string,
  payerEmail?: string,
) {
  const res = await createOrder(t, c.brand.token, { campaignId: c.campaignId, influencerId: c.influencer.user.id, amount });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const back = await approveOnPayPal(t, res.json.response.approveUrl, payerEmail);
  return { ...(res.json.response as { _id: string; orderId: string; approveUrl: string }), back };
}

/** Makes the emulator's next calls fail (500, nothing done) or lose their answers (done, then 504). */
export async function paypalControl(t: TTestApp, body: { fail?: number; lose_answers?: number; clear?: boolean }) {
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/paypal/_control', payload: body });
  expect(res.statusCode).toBe(200);
}

export async function walletOf(t: TTestApp, userId: string): Promise<number> {
  const [row] = await t.container.db.select({ w: users.walletMinor }).from(users).where(eq(users.id, userId));
  return row.w;
}
export async function transferRow(t: TTestApp, id: string) {
  const [row] = await t.container.db.select().from(transfers).where(eq(transfers.id, id));
  return row;
}
export async function payoutRow(t: TTestApp, id: string) {
  const [row] = await t.container.db.select().from(payouts).where(eq(payouts.id, id));
  return row;
}
export async function countTransfers(t: TTestApp) {
  const [row] = await t.container.db.select({ n: sql<number>`count(*)::int` }).from(transfers);
  return row.n;
}
export async function countPayouts(t: TTestApp) {
  const [row] = await t.container.db.select({ n: sql<number>`count(*)::int` }).from(payouts);
  return row.n;
}
/** The movements of a transfer or payout, with their entries. */
export async function movementsOf(t: TTestApp, refId: string) {
  const moves = await t.container.db.select().from(ledgerMovements).where(eq(ledgerMovements.refId, refId));
  const out: { id: string; kind: string; entries: { account: string; amountMinor: number }[] }[] = [];
  for (const m of moves) {
    const entries = await t.container.db
      .select({ account: ledgerEntries.account, amountMinor: ledgerEntries.amountMinor })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.movementId, m.id));
    out.push({ id: m.id, kind: m.kind, entries });
  }
  return out;
}
/** The notifications of a user, of one type. */
export async function noticesOf(t: TTestApp, userId: string, type: string) {
  const rows = await t.container.db.select().from(activities).where(eq(activities.userId, userId));
  return rows.filter((r) => r.type === type);
}

/** The emulator's webhook events whose resource mentions `id`, of `type`. */
export async function eventsAbout(t: TTestApp, type: string, id: string): Promise<TEventRecord[]> {
  const all = await paypalStore(t.container.db).list<TEventRecord>('event');
  return all.filter((e) => e.event.event_type === type && JSON.stringify(e.event.resource).includes(id));
}

/** Waits until the emulator has delivered (our endpoint answered 2xx) an event of `type` about `id`. */
export async function delivered(t: TTestApp, type: string, id: string) {
  let found: TEventRecord | undefined;
  await waitFor(`${type} delivered`, async () => {
    found = (await eventsAbout(t, type, id)).find((e) => e.state === 'delivered');
    return Boolean(found);
  });
  return found!;
}

/** The emulator's payout batches made with `senderBatchId`. */
export async function batchesFor(t: TTestApp, senderBatchId: string) {
  const all = await paypalStore(t.container.db).list<{ batch_header: { sender_batch_header: { sender_batch_id: string } } }>(
    'batch',
  );
  return all.filter((b) => b.batch_header.sender_batch_header.sender_batch_id === senderBatchId);
}

/** The headers and body the emulator sent for an event's last delivery, so a test can send it again. */
export async function lastDelivery(t: TTestApp, record: TEventRecord) {
  const attempt = record.attempts.at(-1)!;
  const tx = await paypalStore(t.container.db).get<{ id: string; time: string; sig: string }>(
    'transmission',
    attempt.transmissionId,
  );
  if (!tx) throw new Error('no transmission recorded');
  return {
    headers: {
      'content-type': 'application/json',
      'paypal-transmission-id': tx.id,
      'paypal-transmission-time': tx.time,
      'paypal-transmission-sig': tx.sig,
      'paypal-cert-url': `${t.container.config.publicUrl}/sandbox/paypal/v1/notifications/certs/CERT-sandbox-paypal`,
      'paypal-auth-algo': 'SHA256withRSA',
    },
    body: record.payload,
  };
}

export const postWebhook = (t: TTestApp, headers: Record<string, string>, body: string) =>
  t.app.inject({ method: 'POST', url: '/api/payments/paypal/webhook', headers, payload: body });
