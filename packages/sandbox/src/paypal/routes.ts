import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_PAYPAL } from '../facts';
import type { TSandboxClock, TSandboxConfig, TSandboxDb } from '../seams';
import { ApiError, type TCtx } from './context';
import {
  captureOrder,
  createOrder,
  expired,
  ORDER_ID,
  orderJson,
  readCapture,
  readOrder,
  type TOrderRecord,
  WAITING,
} from './orders';
import { approvalPage, messagePage } from './page';
import { cancelItem, createPayout, readBatch, readItem, settleDue, type TBatchRecord } from './payouts';
import { paypalStore } from './store';
import { createWebhooks, paypalId } from './webhooks';

/** A call without a valid bearer token: PayPal's 401 (thrown by the API's hook, so the call's handler never runs). */
class TokenRefused extends Error {}

export type TPayPalEmulatorOptions = {
  config: Pick<TSandboxConfig, 'publicUrl' | 'paypal'>;
  db: TSandboxDb;
  clock: TSandboxClock;
  /** How the emulator reaches the product's webhook endpoint (tests route it in-process). */
  fetch: typeof fetch;
  log: FastifyBaseLogger;
  /** Where events are delivered; the configured PayPal webhook URL by default. */
  webhookUrl?: string;
  /** Waits between a failed delivery and its retries (1 s, 5 s, 30 s by default). */
  retryDelaysMs?: readonly number[];
  /** How long a payout item stays PENDING, by the product clock (a minute by default). */
  settleAfterMs?: number;
  /** How often pending payouts are looked at (5 s by default; 0: only when read). */
  tickMs?: number;
};

/** The emulator's credentials: the configured ones when PayPal is configured, else the sandbox's own. */
export function paypalSandboxKeys(config: Pick<TSandboxConfig, 'paypal'>) {
  const p = config.paypal;
  return {
    clientId: p.clientId ?? SANDBOX_PAYPAL.clientId,
    clientSecret: p.clientSecret ?? SANDBOX_PAYPAL.clientSecret,
    webhookId: p.webhookId ?? SANDBOX_PAYPAL.webhookId,
  };
}

const TOKEN_SECONDS = 32_400;
type TTokenRecord = { expiresMs: number };
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const same = (a: string, b: string) => {
  const x = Buffer.from(sha(a));
  const y = Buffer.from(sha(b));
  return timingSafeEqual(x, y);
};

/**
 * The PayPal stand-in of the sandbox, under /sandbox/paypal/: the OAuth token call, Orders v2 (create, read,
 * capture), the approval page a payer approves or cancels on, Payouts (create with sender_batch_id idempotency,
 * read batch and item, cancel an unclaimed item; items finish a minute later by the product clock, chosen by the receiver's address), signed
 * webhooks with retries and the verify-webhook-signature call. Its objects are kept in the database (store.ts).
 * GET /sandbox/paypal/_payouts/<sender_batch_id> says whether PayPal holds a payout (and its batch's state).
 * POST /sandbox/paypal/_control makes the next API calls fail (`fail`: 500, nothing done) or lose their answers
 * (`lose_answers`: done, then a 504), for the tests of exactly-once money.
 */
export const paypalSandboxRoutes =
  (opts: TPayPalEmulatorOptions): FastifyPluginAsync =>
  async (app) => {
    const keys = paypalSandboxKeys(opts.config);
    const store = paypalStore(opts.db);
    const publicUrl = opts.config.publicUrl.replace(/\/+$/, '');
    const base = `${publicUrl}/sandbox/paypal`;
    const webhooks = createWebhooks({
      store,
      clock: opts.clock,
      fetch: opts.fetch,
      url: opts.webhookUrl ?? opts.config.paypal.webhookUrl,
      webhookId: keys.webhookId,
      certUrl: `${base}/v1/notifications/certs/CERT-sandbox-paypal`,
      // every process derives the same key, so any of them can check what another sent
      secret: sha(`sandbox-paypal-webhooks:${keys.clientSecret}:${keys.webhookId}`),
      log: opts.log,
      retryDelaysMs: opts.retryDelaysMs,
    });
    const ctx: TCtx = {
      store,
      webhooks,
      clock: opts.clock,
      publicUrl,
      base,
      payeeEmail: 'payments@virality.app',
      merchantId: 'VIRALITYSANDBOX',
      settleAfterMs: opts.settleAfterMs ?? 60_000,
    };
    /** Calls to fail, answers to lose, and how long each API call waits after it took effect before it answers. */
    const control = { fail: 0, lose: 0, losePayouts: 0, latencyMs: 0 };

    const tickMs = opts.tickMs ?? 5000;
    let ticking: Promise<unknown> | null = null;
    const ticker =
      tickMs > 0
        ? setInterval(() => {
            ticking ??= settleDue(ctx)
              .catch((err) => opts.log.warn({ err }, 'sandbox PayPal: settling payouts failed'))
              .finally(() => {
                ticking = null;
              });
          }, tickMs)
        : null;
    ticker?.unref();
    app.addHook('onClose', async () => {
      if (ticker) clearInterval(ticker);
      await ticking;
      await webhooks.close();
    });

    // PayPal takes a call whose JSON body is empty (the SDKs send capture and cancel so): it is no body at all
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(Object.assign(new Error('Request is not well-formed'), { statusCode: 400 }), undefined);
      }
    });
    // the token call and the approval page's form are form-encoded
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
      if (err instanceof ApiError) return reply.status(err.status).send(err.body());
      if (err instanceof TokenRefused) return reply.status(401).send({ error: 'invalid_token', error_description: err.message });
      if (err.statusCode && err.statusCode < 500)
        return reply
          .status(400)
          .send(
            new ApiError(
              400,
              'INVALID_REQUEST',
              'Request is not well-formed, syntactically incorrect, or violates schema.',
            ).body(),
          );
      req.log.error({ err }, 'sandbox PayPal: a call failed');
      return reply.status(500).send(new ApiError(500, 'INTERNAL_SERVER_ERROR', 'An internal server error occurred.').body());
    });

    /** The API's calls: a valid bearer token; then the failures and lost answers `_control` asked for. */
    const lost = new WeakSet<FastifyRequest>();
    async function api(req: FastifyRequest) {
      const auth = req.headers.authorization ?? '';
      const token = /^Bearer (\S+)$/.exec(auth)?.[1];
      const record =
        token && /^A21AA[A-Za-z0-9_-]{20,120}$/.test(token) ? await store.get<TTokenRecord>('token', sha(token)) : null;
      if (!record || record.expiresMs <= opts.clock.nowMs())
        throw new TokenRefused(record ? 'Token signature verification failed' : 'Access Token not found in cache');
      apiCalls.add(req);
      if (control.fail > 0) {
        control.fail--;
        // thrown, not sent: a reply sent from this hook while the slow answer's onSend waits is not yet "sent", so
        // Fastify would run the call's handler as well (the payout made behind a 500) and answer twice
        throw new ApiError(500, 'INTERNAL_SERVER_ERROR', 'An internal server error occurred.');
      }
      if (control.lose > 0) {
        control.lose--;
        lost.add(req);
      } else if (
        control.losePayouts > 0 &&
        req.method === 'POST' &&
        req.routeOptions.url === '/sandbox/paypal/v1/payments/payouts'
      ) {
        control.losePayouts--;
        lost.add(req);
      }
    }
    const apiCalls = new WeakSet<FastifyRequest>();
    app.addHook('onSend', async (req, reply, payload) => {
      // a slow answer: the call has taken effect, and a caller that dies meanwhile never hears of it
      if (control.latencyMs > 0 && apiCalls.has(req)) await new Promise((r) => setTimeout(r, control.latencyMs));
      // the caller went away while it waited: there is no one to answer
      if (req.raw.destroyed || reply.raw.destroyed) return payload;
      if (!lost.has(req)) return payload;
      lost.delete(req);
      // the call took effect; the caller hears nothing of it
      reply.status(504).type('text/plain');
      return '';
    });

    const requestId = (req: FastifyRequest) => {
      const v = req.headers['paypal-request-id'];
      return typeof v === 'string' ? v : null;
    };

    app.post('/sandbox/paypal/v1/oauth2/token', async (req, reply) => {
      const m = /^Basic (\S+)$/.exec(req.headers.authorization ?? '');
      const [id, ...rest] = m ? Buffer.from(m[1], 'base64').toString('utf8').split(':') : [];
      const secret = rest.join(':');
      if (!id || !same(id, keys.clientId) || !same(secret, keys.clientSecret))
        return reply.status(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      const form = (req.body ?? {}) as Record<string, string>;
      if (form.grant_type !== 'client_credentials')
        return reply.status(400).send({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      const token = `A21AA${randomBytes(48).toString('base64url')}`;
      await store.put('token', sha(token), { expiresMs: opts.clock.nowMs() + TOKEN_SECONDS * 1000 });
      return {
        scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/payouts',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-SANDBOX0000000',
        expires_in: TOKEN_SECONDS,
        nonce: `${opts.clock.now().toISOString()}${randomBytes(8).toString('hex')}`,
      };
    });

    /** `Prefer: return=minimal`: the id, status and links only (return=representation, the default, gives all). */
    const asPreferred = (req: FastifyRequest, body: Record<string, unknown>) =>
      /\breturn=minimal\b/i.test(String(req.headers.prefer ?? ''))
        ? { id: body.id, status: body.status, links: body.links }
        : body;
    app.post('/sandbox/paypal/v2/checkout/orders', { preHandler: api }, async (req, reply) => {
      const out = await createOrder(ctx, req.body, requestId(req));
      return reply.status(out.status).send(asPreferred(req, out.body));
    });
    app.get<{ Params: { id: string } }>('/sandbox/paypal/v2/checkout/orders/:id', { preHandler: api }, async (req) =>
      orderJson(ctx, await readOrder(ctx, req.params.id)),
    );
    app.post<{ Params: { id: string } }>(
      '/sandbox/paypal/v2/checkout/orders/:id/capture',
      { preHandler: api },
      async (req, reply) => {
        const out = await captureOrder(ctx, req.params.id, requestId(req));
        return reply.status(out.status).send(asPreferred(req, out.body));
      },
    );
    app.get<{ Params: { id: string } }>('/sandbox/paypal/v2/payments/captures/:id', { preHandler: api }, async (req) =>
      readCapture(ctx, req.params.id),
    );
    app.post('/sandbox/paypal/v1/payments/payouts', { preHandler: api }, async (req, reply) =>
      reply.status(201).send(await createPayout(ctx, req.body, requestId(req))),
    );
    app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
      '/sandbox/paypal/v1/payments/payouts/:id',
      { preHandler: api },
      async (req) => readBatch(ctx, req.params.id, req.query ?? {}),
    );
    app.get<{ Params: { id: string } }>('/sandbox/paypal/v1/payments/payouts-item/:id', { preHandler: api }, async (req) =>
      readItem(ctx, req.params.id),
    );
    app.post<{ Params: { id: string } }>(
      '/sandbox/paypal/v1/payments/payouts-item/:id/cancel',
      { preHandler: api },
      async (req) => cancelItem(ctx, req.params.id),
    );
    app.post('/sandbox/paypal/v1/notifications/verify-webhook-signature', { preHandler: api }, async (req) => {
      const b = (req.body ?? {}) as Record<string, unknown>;
      for (const f of ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'])
        if (typeof b[f] !== 'string')
          throw new ApiError(400, 'VALIDATION_ERROR', 'Invalid request - see details', [
            { field: f, location: 'body', issue: 'Required field is missing' },
          ]);
      if (!b.webhook_event || typeof b.webhook_event !== 'object')
        throw new ApiError(400, 'VALIDATION_ERROR', 'Invalid request - see details', [
          { field: 'webhook_event', location: 'body', issue: 'Required field is missing' },
        ]);
      return { verification_status: await webhooks.verify(b) };
    });

    // what PayPal holds for a sender_batch_id (the product's payout id): its batch and state, or 404 while PayPal
    // has not taken the payout; for tests that wait on the product's send before they move the clock
    app.get<{ Params: { sender: string } }>('/sandbox/paypal/_payouts/:sender', async (req, reply) => {
      const sent = await store.get<{ batchId: string }>('sender', req.params.sender);
      if (!sent) return reply.status(404).send({ name: 'RESOURCE_NOT_FOUND', message: 'PayPal holds no such payout' });
      const batch = await store.get<TBatchRecord>('batch', sent.batchId);
      return { payout_batch_id: sent.batchId, batch_status: batch?.batch_header.batch_status ?? null };
    });

    app.post('/sandbox/paypal/_control', async (req, reply) => {
      const b = (req.body ?? {}) as Record<string, unknown>;
      const count = (v: unknown) =>
        v === undefined ? 0 : Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 50 ? (v as number) : null;
      const fail = count(b.fail);
      const lose = count(b.lose_answers);
      const losePayouts = count(b.lose_payout_answers);
      const latency =
        b.latency_ms === undefined
          ? null
          : Number.isInteger(b.latency_ms) && (b.latency_ms as number) >= 0 && (b.latency_ms as number) <= 10_000
            ? (b.latency_ms as number)
            : undefined;
      if (
        fail === null ||
        lose === null ||
        losePayouts === null ||
        latency === undefined ||
        (b.clear !== undefined && typeof b.clear !== 'boolean')
      )
        return reply.status(400).send({
          error:
            'fail, lose_answers and lose_payout_answers are whole numbers from 1 to 50; latency_ms a whole number from 0 to 10000; clear is true or false',
        });
      if (b.clear) {
        control.fail = 0;
        control.lose = 0;
        control.losePayouts = 0;
        control.latencyMs = 0;
      }
      control.fail += fail;
      control.lose += lose;
      control.losePayouts += losePayouts;
      if (latency !== null) control.latencyMs = latency;
      return {
        pending: {
          fail: control.fail,
          lose_answers: control.lose,
          lose_payout_answers: control.losePayouts,
          latency_ms: control.latencyMs,
        },
      };
    });

    // the approval page
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.status(status).type('text/html; charset=utf-8').send(body);
    const ACTION = '/sandbox/paypal/checkoutnow';
    const pageOf = (record: TOrderRecord, extra: { email?: string; error?: string } = {}) =>
      approvalPage({
        orderId: String(record.order.id),
        amountMinor: record.amountMinor,
        currency: record.currency,
        payee: record.payee,
        description: record.description,
        action: ACTION,
        ...extra,
      });
    const orderFor = async (token: unknown) =>
      typeof token === 'string' && ORDER_ID.test(token) ? store.get<TOrderRecord>('order', token) : null;
    const missing = (reply: FastifyReply) =>
      html(
        reply,
        404,
        messagePage('This payment does not exist.', 'Start the payment again from the app to get a new PayPal page.'),
      );
    const closed = (reply: FastifyReply, status: number, record: TOrderRecord) =>
      html(
        reply,
        status,
        record.status === 'COMPLETED'
          ? messagePage('This payment is already complete.', 'Nothing more to do here.')
          : messagePage('This payment is already approved.', 'Return to the app to finish it.'),
      );
    const withQuery = (url: string, q: Record<string, string>) => {
      const u = new URL(url);
      for (const [k, v] of Object.entries(q)) u.searchParams.set(k, v);
      return u.toString();
    };

    const gone = (reply: FastifyReply) =>
      html(
        reply,
        410,
        messagePage('This payment has expired.', 'Start the payment again from the app to get a new PayPal page.'),
      );

    app.get('/sandbox/paypal/checkoutnow', async (req, reply) => {
      const record = await orderFor((req.query as Record<string, unknown>).token);
      if (!record) return missing(reply);
      if (expired(ctx, record)) return gone(reply);
      if (!(WAITING as readonly string[]).includes(record.status)) return closed(reply, 200, record);
      return html(reply, 200, pageOf(record));
    });

    app.post('/sandbox/paypal/checkoutnow', async (req, reply) => {
      const form = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, string>;
      const record = await orderFor(form.token);
      if (!record) return missing(reply);
      if (expired(ctx, record)) return gone(reply);
      const id = String(record.order.id);
      if (!(WAITING as readonly string[]).includes(record.status)) return closed(reply, 409, record);
      if (form.action === 'cancel') {
        if (!record.cancelUrl) return html(reply, 200, messagePage('Payment cancelled.', 'You can close this page.'));
        return reply.redirect(withQuery(record.cancelUrl, { token: id }), 303);
      }
      const email = (form.email ?? '').trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
        return html(reply, 400, pageOf(record, { email, error: 'Enter the e-mail address of your PayPal account.' }));
      const payerId = paypalId(13);
      const now = opts.clock.now().toISOString();
      const approved: TOrderRecord = {
        ...record,
        status: 'APPROVED',
        payerEmail: email,
        order: {
          ...record.order,
          status: 'APPROVED',
          ...(record.order.payment_source ? { payment_source: { paypal: { email_address: email, account_id: payerId } } } : {}),
          payer: { name: { given_name: 'Sandbox', surname: 'Payer' }, email_address: email, payer_id: payerId },
          update_time: now,
        },
      };
      // one approval per order, whichever tab gets here first
      if (!(await store.replaceIf('order', id, 'status', record.status, approved))) {
        const now2 = await store.get<TOrderRecord>('order', id);
        return now2 ? closed(reply, 409, now2) : missing(reply);
      }
      if (!record.returnUrl) return html(reply, 200, messagePage('Payment approved.', 'Return to the app to finish it.'));
      return reply.redirect(withQuery(record.returnUrl, { token: id, PayerID: payerId }), 303);
    });
  };
