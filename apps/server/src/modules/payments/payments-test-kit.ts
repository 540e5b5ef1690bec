import type { TProfileType } from '@virality/domain';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { payments } from '../../db/schema';
import { buildUser, call, type TTestApp } from '../../test/helpers';

/** The sandbox's webhook secret: what the emulator signs with, and what tests sign forged or replayed events with. */
export const WEBHOOK_SECRET = 'whsec_sandbox';

/** Opens a checkout through the API; the response as the browser gets it. */
export const startCheckout = (
  t: TTestApp,
  token: string,
  body: { priceId: string; planType: string; userId?: string; postLimit?: number | null; COUPON_ID?: string },
) => call(t, 'POST', '/api/payment/createSubscriptionSession', { token, body });

/** The checkout session id in an emulator page address (`.../sandbox/stripe/pay/<cs_id>`). */
export const sessionIdOf = (urlRedirect: string) => decodeURIComponent(new URL(urlRedirect).pathname.split('/').pop() ?? '');

/** A signed-in owner of `profileType` with a checkout opened for a plan: its session id and order id. */
export async function ownerWithCheckout(
  t: TTestApp,
  profileType: TProfileType,
  priceId = 'price_starter_usd',
  planType = 'Starter',
) {
  const owner = await buildUser(t, { profileType });
  const res = await startCheckout(t, owner.token, { priceId, planType, userId: owner.user.id });
  if (res.status !== 200) throw new Error(`checkout not opened: ${res.status} ${JSON.stringify(res.json)}`);
  const { urlRedirect, orderId } = res.json.response as { urlRedirect: string; orderId: string };
  return { ...owner, urlRedirect, orderId, sessionId: sessionIdOf(urlRedirect) };
}

/** Pays on the emulator's hosted page as a person would (the form's fields); the page's answer. */
export async function payOnPage(t: TTestApp, urlRedirect: string, card = '4242 4242 4242 4242') {
  const form = new URLSearchParams({
    email: 'buyer@example.com',
    cardNumber: card,
    cardExpiry: '12 / 39',
    cardCvc: '123',
    billingName: 'Ada Buyer',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: new URL(urlRedirect).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  return { status: res.statusCode, location: res.headers.location as string | undefined, body: res.body };
}

/** A Stripe event as Stripe sends it, and its signature header (with `secret`, the sandbox's by default). */
export function signedEvent(type: string, object: Record<string, unknown>, opts: { id?: string; secret?: string } = {}) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_test_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET });
  return { payload, header };
}

/** A checkout session object as a `checkout.session.*` event carries it. */
export const sessionObject = (
  sessionId: string,
  meta: { orderId: string; userId: string },
  fields: { payment_status?: string; status?: string; amount_total?: number; currency?: string } = {},
) => ({
  id: sessionId,
  object: 'checkout.session',
  mode: 'payment',
  payment_status: 'paid',
  status: 'complete',
  amount_total: 1900,
  currency: 'usd',
  payment_intent: 'pi_test_1',
  client_reference_id: meta.userId,
  metadata: { orderId: meta.orderId, userId: meta.userId },
  ...fields,
});

/** Delivers a webhook as Stripe would (raw JSON body, Stripe-Signature header). */
export async function deliver(t: TTestApp, payload: string, header?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/stripeWebhook',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(header ? { 'stripe-signature': header } : {}) },
    payload,
  });
  return { status: res.statusCode, json: res.json() };
}

/** The ledger row of an order. */
export async function ledgerRow(t: TTestApp, orderId: string) {
  const [row] = await t.container.db.select().from(payments).where(eq(payments.id, orderId));
  return row ?? null;
}

/** The caller's plan as getUserStatus shows it, and paymentStatus. */
export async function statusOf(t: TTestApp, token: string) {
  const res = await call(t, 'GET', '/api/user/getUserStatus', { token });
  return {
    details: res.json.response.result.subscriptionDetails,
    paymentStatus: res.json.response.result.paymentStatus as boolean,
  };
}

/** Every ledger row of a user. */
export const ledgerOf = (t: TTestApp, userId: string) =>
  t.container.db.select().from(payments).where(eq(payments.userId, userId));
