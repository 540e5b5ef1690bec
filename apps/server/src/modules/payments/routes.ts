import {
  PAY_MSG,
  zOk,
  zOrderQuery,
  zPaymentUpdate,
  zSubscriptionSessionBody,
  zUpdatePaymentBody,
  zVerifyCouponBody,
  zVerifyPaymentBody,
} from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth, requireRole } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import { BUYERS, type TPaymentsService } from './service';

const tags = ['Plans and payments'];
const security = [{ accessToken: [] }];

/** The payment calls of signed-in users: coupons, checkout, and reading what the webhook recorded. */
export const paymentsRoutes =
  (payments: TPaymentsService): FastifyPluginAsyncZod =>
  async (app) => {
    // access is checked before the body is read: a signed-out caller gets 401 and a manager 403, never a validation message
    const buyers = { onRequest: requireRole(...BUYERS) };
    const signedIn = { onRequest: requireAuth };

    app.post(
      '/admin/coupon/verifyCoupon',
      {
        ...buyers,
        // each try asks Stripe: a code cannot be guessed by trying many
        config: { rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: (req) => req.auth?.userId ?? req.ip } },
        schema: {
          tags,
          security,
          summary: "What the plan of a price costs with a promotion code (checked with Stripe); 400 with Stripe's reason",
          body: zVerifyCouponBody,
          response: replies('POST /admin/coupon/verifyCoupon'),
        },
      },
      async (req) => ok(await payments.verifyCoupon(req.body), PAY_MSG.couponVerified),
    );

    app.post(
      '/payment/createSubscriptionSession',
      {
        ...buyers,
        config: { rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: (req) => req.auth?.userId ?? req.ip } },
        schema: {
          tags,
          security,
          summary:
            'Opens a Stripe Checkout for one month of a plan, at the price list’s price; answers where to send the browser',
          body: zSubscriptionSessionBody,
          response: replies('POST /payment/createSubscriptionSession'),
        },
      },
      async (req) => ok(await payments.createSession(authOf(req), req.body)),
    );

    app.post(
      '/payment/verifyPaymentSuccess',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'What the webhook recorded of the caller’s checkout (paid, pending, failed); never changes it',
          body: zVerifyPaymentBody,
          response: replies('POST /payment/verifyPaymentSuccess'),
        },
      },
      async (req) => ok(await payments.verifyPayment(authOf(req), (req.body.session_id || req.body.token) as string)),
    );

    app.get(
      '/payment/orderConfirmation',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The caller’s recorded payment (by order id or checkout session id)',
          querystring: zOrderQuery,
          response: replies('GET /payment/orderConfirmation'),
        },
      },
      async (req) => ok(await payments.order(authOf(req), req.query.orderId)),
    );

    app.post(
      '/payment/updatePayment',
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Whether the webhook has recorded the caller’s checkout as paid: 200 when it has, 202 while it has not yet',
          body: zUpdatePaymentBody,
          response: { ...replies('POST /payment/updatePayment'), 202: zOk(zPaymentUpdate) },
        },
      },
      async (req, reply) => {
        const state = await payments.paymentUpdate(authOf(req), req.body.session_id);
        if (state.status === 'paid') return ok(state, PAY_MSG.paymentRecorded);
        return reply.status(202).send(ok(state, PAY_MSG.paymentPending));
      },
    );
  };

/**
 * Stripe's webhook: its own plugin, so that only this route keeps the body as raw bytes (the signature is over
 * them exactly as sent). No session: the signature is the authentication.
 */
export const stripeWebhookRoutes =
  (payments: TPaymentsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    app.post(
      '/payment/stripeWebhook',
      {
        schema: {
          tags,
          summary: "Stripe's events (signed: Stripe-Signature); a bad signature 400, a replayed event 200 changing nothing",
          response: replies('POST /payment/stripeWebhook'),
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.headers['stripe-signature'];
        await payments.handleWebhook(raw, typeof signature === 'string' ? signature : undefined);
        return ok({ received: true as const });
      },
    );
  };
