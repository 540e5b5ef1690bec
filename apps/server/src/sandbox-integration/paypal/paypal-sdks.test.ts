import http from 'node:http';
import { createRequire } from 'node:module';
import {
  CheckoutPaymentIntent,
  Client,
  Environment,
  LogLevel,
  OrdersController,
  PaymentsController,
} from '@paypal/paypal-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PAYPAL } from '../../config';
import { approveOnPayPal } from '../../modules/money/money-test-kit';
import { buildTestApp, type TTestApp } from '../../test/helpers';

// The PayPal emulator as PayPal's own clients see it: driven by @paypal/paypal-server-sdk (Orders, the capture) and
// @paypal/payouts-sdk (Payouts), each with its defaults (its content types, its empty bodies, its headers). The only
// thing changed is where their requests go: the emulator on this test's port instead of PayPal's sandbox host.

const require = createRequire(import.meta.url);
const payoutsSdk = require('@paypal/payouts-sdk') as {
  core: {
    PayPalEnvironment: new (id: string, secret: string, baseUrl: string, webUrl: string) => unknown;
    PayPalHttpClient: new (
      env: unknown,
    ) => { execute<T = Record<string, unknown>>(req: unknown): Promise<{ statusCode: number; result: T }> };
  };
  payouts: {
    PayoutsPostRequest: new () => { requestBody(b: unknown): void; payPalRequestId(id: string): void };
    PayoutsGetRequest: new (id: string) => { page(n: number): void; pageSize(n: number): void; totalRequired(b: boolean): void };
    PayoutsItemGetRequest: new (id: string) => unknown;
    PayoutsItemCancelRequest: new (id: string) => unknown;
  };
};
/** The HTTP adapter the server SDK's axios uses by default, from the SDK's own copy of axios. */
const axiosOfSdk = createRequire(require.resolve('@paypal/paypal-server-sdk'))('axios') as {
  getAdapter(name: string): (config: { url?: string }) => Promise<unknown>;
};

let t: TTestApp;
let base: string;
/** PayPal's host as the payouts SDK addresses it (it keeps a base URL's host, not its path): every path, forwarded. */
let payPalHost: http.Server;
let payPalHostUrl: string;
const portOf = (server: http.Server | Awaited<ReturnType<TTestApp['app']['listen']>> | null) => {
  const address = (server as http.Server).address();
  return typeof address === 'object' && address ? address.port : 0;
};
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = portOf(t.app.server);
  base = `http://127.0.0.1:${port}/sandbox/paypal`;
  payPalHost = http.createServer((req, res) => {
    const forward = http.request(
      { host: '127.0.0.1', port, path: `/sandbox/paypal${req.url}`, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => payPalHost.listen(0, '127.0.0.1', () => resolve()));
  payPalHostUrl = `http://127.0.0.1:${portOf(payPalHost)}`;
});
afterAll(async () => {
  await new Promise((resolve) => payPalHost?.close(resolve));
  await t?.close();
});

/** The Orders SDK as an integrator builds it, its requests sent to the emulator by axios's own HTTP adapter. */
function ordersClient() {
  const http = axiosOfSdk.getAdapter('http');
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: SANDBOX_PAYPAL.clientId, oAuthClientSecret: SANDBOX_PAYPAL.clientSecret },
    environment: Environment.Sandbox,
    logging: { logLevel: LogLevel.Error, logRequest: { logBody: false }, logResponse: { logHeaders: false } },
    unstable_httpClientOptions: {
      adapter: (config: { url?: string }) =>
        http({ ...config, url: String(config.url).replace('https://api-m.sandbox.paypal.com', base) }),
    },
  });
  return { orders: new OrdersController(client), payments: new PaymentsController(client) };
}

function payoutsClient() {
  const env = new payoutsSdk.core.PayPalEnvironment(
    SANDBOX_PAYPAL.clientId,
    SANDBOX_PAYPAL.clientSecret,
    payPalHostUrl,
    payPalHostUrl,
  );
  return new payoutsSdk.core.PayPalHttpClient(env);
}

describe('the PayPal emulator through @paypal/paypal-server-sdk', () => {
  it('token, create (minimal), get, approve on the page, capture with its default empty body, and the capture by its own link', async () => {
    const { orders, payments } = ordersClient();
    const created = await orders.createOrder({
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [{ amount: { currencyCode: 'USD', value: '25.00' }, customId: 'sdk-order-1', description: 'A campaign' }],
        paymentSource: {
          paypal: { experienceContext: { returnUrl: 'https://example.com/back', cancelUrl: 'https://example.com/cancel' } },
        },
      },
      paypalRequestId: 'sdk-request-1',
      prefer: 'return=minimal',
    });
    expect(created.statusCode).toBe(201);
    // return=minimal: the id, the status and the links only
    expect(Object.keys(created.result).sort()).toEqual(['id', 'links', 'status']);
    expect(created.result.status).toBe('PAYER_ACTION_REQUIRED');
    const id = created.result.id as string;

    const read = await orders.getOrder({ id });
    expect(read.result.purchaseUnits?.[0].amount?.value).toBe('25.00');
    expect(read.result.purchaseUnits?.[0].customId).toBe('sdk-order-1');

    const payerAction = created.result.links?.find((l) => l.rel === 'payer-action')?.href as string;
    await approveOnPayPal(t, payerAction);

    const captured = await orders.captureOrder({ id, prefer: 'return=representation' });
    expect(captured.statusCode).toBe(201);
    expect(captured.result.status).toBe('COMPLETED');
    const capture = captured.result.purchaseUnits?.[0].payments?.captures?.[0];
    expect(capture?.status).toBe('COMPLETED');
    // what the merchant receives: the gross, PayPal's fee and the net
    const breakdown = capture?.sellerReceivableBreakdown;
    expect(breakdown?.grossAmount.value).toBe('25.00');
    expect(breakdown?.paypalFee?.value).toBe('1.36');
    expect(breakdown?.netAmount?.value).toBe('23.64');

    // the capture's `self` link, read as the SDK reads a capture
    expect(capture?.links?.find((l) => l.rel === 'self')?.href).toMatch(new RegExp(`/v2/payments/captures/${capture?.id}$`));
    const one = await payments.getCapturedPayment({ captureId: capture?.id as string });
    expect(one.result).toMatchObject({ id: capture?.id, status: 'COMPLETED', customId: 'sdk-order-1' });
    expect(one.result.supplementaryData?.relatedIds?.orderId).toBe(id);

    // the same PayPal-Request-Id makes the same order, not a second one
    const again = await orders.createOrder({
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [{ amount: { currencyCode: 'USD', value: '25.00' } }],
      },
      paypalRequestId: 'sdk-request-1',
    });
    expect(again.result.id).toBe(id);
  });

  it("the SDK's errors: a second capture (422 ORDER_ALREADY_CAPTURED) and an unknown capture (404), in PayPal's shape", async () => {
    const { orders, payments } = ordersClient();
    const created = await orders.createOrder({
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [{ amount: { currencyCode: 'USD', value: '5.00' } }],
        paymentSource: {
          paypal: { experienceContext: { returnUrl: 'https://example.com/back', cancelUrl: 'https://example.com/cancel' } },
        },
      },
    });
    await approveOnPayPal(t, created.result.links?.find((l) => l.rel === 'payer-action')?.href as string);
    await orders.captureOrder({ id: created.result.id as string });
    const twice = await orders.captureOrder({ id: created.result.id as string }).catch((e: unknown) => e);
    expect(twice).toMatchObject({ statusCode: 422 });
    expect(JSON.parse((twice as { body: string }).body)).toMatchObject({
      name: 'UNPROCESSABLE_ENTITY',
      details: [{ issue: 'ORDER_ALREADY_CAPTURED' }],
      links: [{ rel: 'information_link' }],
    });
    const missing = await payments.getCapturedPayment({ captureId: 'NOSUCHCAPTURE0000' }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 404 });
    expect(JSON.parse((missing as { body: string }).body)).toMatchObject({ name: 'RESOURCE_NOT_FOUND' });
  });
});

describe('the PayPal emulator through @paypal/payouts-sdk', () => {
  it('create (with PayPal-Request-Id), get with paging, an item, cancel, and a repeated batch', async () => {
    const client = payoutsClient();
    const post = new payoutsSdk.payouts.PayoutsPostRequest();
    const body = {
      sender_batch_header: { sender_batch_id: `sdk-batch-${Date.now()}`, email_subject: 'You have a payout' },
      items: ['a@example.com', 'b.unclaimed@example.com', 'c@example.com'].map((receiver, n) => ({
        recipient_type: 'EMAIL',
        amount: { value: `${n + 1}.00`, currency: 'USD' },
        receiver,
        sender_item_id: `item-${n}`,
      })),
    };
    post.requestBody(body);
    post.payPalRequestId(body.sender_batch_header.sender_batch_id);
    const created = await client.execute<{ batch_header: { payout_batch_id: string; batch_status: string } }>(post);
    expect(created.statusCode).toBe(201);
    expect(created.result.batch_header.batch_status).toBe('PENDING');
    const batchId = created.result.batch_header.payout_batch_id;

    // the same PayPal-Request-Id answers the same batch
    const replay = await client.execute<{ batch_header: { payout_batch_id: string } }>(post);
    expect(replay.result.batch_header.payout_batch_id).toBe(batchId);

    // paging: two items a page, with the total
    const page1 = new payoutsSdk.payouts.PayoutsGetRequest(batchId);
    page1.page(1);
    page1.pageSize(2);
    page1.totalRequired(true);
    const first = await client.execute<{
      total_items: number;
      total_page: number;
      items: { payout_item_id: string; payout_item: { receiver: string } }[];
      links: { rel: string }[];
    }>(page1);
    expect(first.result.total_items).toBe(3);
    expect(first.result.total_page).toBe(2);
    expect(first.result.items.map((i) => i.payout_item.receiver)).toEqual(['a@example.com', 'b.unclaimed@example.com']);
    expect(first.result.links.map((l) => l.rel)).toEqual(expect.arrayContaining(['self', 'next', 'first', 'last']));
    const page2 = new payoutsSdk.payouts.PayoutsGetRequest(batchId);
    page2.page(2);
    page2.pageSize(2);
    const second = await client.execute<{ items: { payout_item: { receiver: string } }[]; total_items?: number }>(page2);
    expect(second.result.items.map((i) => i.payout_item.receiver)).toEqual(['c@example.com']);
    expect(second.result.total_items).toBeUndefined();

    // an item, once the batch has settled (a minute on by the product clock); the unclaimed one is cancelled
    t.clock.advance(61_000);
    const unclaimed = first.result.items[1].payout_item_id;
    const item = await client.execute<{ transaction_status: string; errors?: { name: string; information_link: string } }>(
      new payoutsSdk.payouts.PayoutsItemGetRequest(unclaimed),
    );
    expect(item.result.transaction_status).toBe('UNCLAIMED');
    expect(item.result.errors).toMatchObject({
      name: 'RECEIVER_UNREGISTERED',
      information_link: expect.stringContaining('payouts'),
    });
    const cancelled = await client.execute<{ transaction_status: string }>(
      new payoutsSdk.payouts.PayoutsItemCancelRequest(unclaimed),
    );
    expect(cancelled.result.transaction_status).toBe('RETURNED');

    // the same sender_batch_id under another request id: refused, in Payouts' own error shape
    const repeat = new payoutsSdk.payouts.PayoutsPostRequest();
    repeat.requestBody(body);
    const refused = await client.execute(repeat).catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 400 });
    expect(JSON.parse((refused as { message: string }).message)).toMatchObject({
      name: 'USER_BUSINESS_ERROR',
      information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
      details: [{ field: 'sender_batch_id' }],
      links: [],
    });
  });

  it('a batch it does not know, and a page size it does not take, in Payouts’ own error shape', async () => {
    const client = payoutsClient();
    const missing = await client.execute(new payoutsSdk.payouts.PayoutsGetRequest('NOSUCHBATCH00')).catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 404 });
    expect(JSON.parse((missing as { message: string }).message)).toMatchObject({
      name: 'INVALID_RESOURCE_ID',
      information_link: expect.stringContaining('payouts'),
    });
    const post = new payoutsSdk.payouts.PayoutsPostRequest();
    post.requestBody({
      sender_batch_header: { sender_batch_id: `sdk-size-${Date.now()}` },
      items: [{ recipient_type: 'EMAIL', amount: { value: '1.00', currency: 'USD' }, receiver: 'd@example.com' }],
    });
    const { result } = await client.execute<{ batch_header: { payout_batch_id: string } }>(post);
    const tooBig = new payoutsSdk.payouts.PayoutsGetRequest(result.batch_header.payout_batch_id);
    tooBig.pageSize(1001);
    const refused = await client.execute(tooBig).catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 400 });
    expect(JSON.parse((refused as { message: string }).message)).toMatchObject({
      name: 'VALIDATION_ERROR',
      details: [{ field: 'page_size', location: 'query' }],
    });
  });
});
