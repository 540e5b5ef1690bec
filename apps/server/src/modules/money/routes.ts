import {
  MONEY_MSG,
  rolesForPath,
  type TProfileType,
  zCreateTransfer,
  zPayCapture,
  zPayout,
  zTransactionIdParam,
  zTransactionListQuery,
} from '@virality/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAuth, requireRole } from '../../http/auth';
import { replies } from '../../http/contracts';
import { ok } from '../../http/envelope';
import type { TMoneyService } from './service';

const tags = ['Money'];
/** Who holds a wallet: the roles of the wallet's page (/profile/wallet), every type but IMC. */
const WALLET_ROLES: readonly TProfileType[] = rolesForPath('/profile/wallet') ?? [];
const security = [{ accessToken: [] }];
// a caller's money calls that reach PayPal: a few a second at most
const perUser = {
  rateLimit: {
    max: 30,
    timeWindow: 60_000,
    keyGenerator: (req: { auth?: { userId: string } | null; ip: string }) => req.auth?.userId ?? req.ip,
  },
};

/** The money calls of signed-in users: brands paying influencers, withdrawals, the list of one's transactions. */
export const moneyRoutes =
  (money: TMoneyService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/payments/createOrder',
      {
        onRequest: requireRole('BRANDS', 'IMC'),
        config: perUser,
        schema: {
          tags,
          security,
          summary:
            "A campaign's owner pays an accepted influencer: a PayPal order within what is left of the budget; answers where the brand approves it",
          body: zCreateTransfer,
          response: replies('POST /payments/createOrder'),
        },
      },
      async (req) => ok(await money.createOrder(authOf(req), req.body)),
    );

    app.post(
      '/payments/paycapture',
      {
        onRequest: requireAuth,
        config: perUser,
        schema: {
          tags,
          security,
          summary: 'The payer back from PayPal: the order captured (once) and the influencer credited when PayPal completes it',
          body: zPayCapture,
          response: replies('POST /payments/paycapture'),
        },
      },
      async (req) => {
        const t = await money.payCapture(authOf(req), req.body);
        return ok(t, t.paymentStatus === 'COMPLETED' ? MONEY_MSG.paymentOk : MONEY_MSG.success);
      },
    );

    app.post(
      '/payments/payout',
      {
        onRequest: requireRole('INFLUENCER'),
        config: perUser,
        schema: {
          tags,
          security,
          summary: 'An influencer withdraws from the wallet to the PayPal id on their profile (sent by a job, paid once)',
          body: zPayout,
          response: replies('POST /payments/payout'),
        },
      },
      async (req) => ok(await money.payout(authOf(req), req.body), MONEY_MSG.withdrawOk),
    );

    app.get(
      '/payments/list',
      {
        // the wallet's list: every type but IMC, which has no wallet (its payments are on its campaigns' pages)
        onRequest: requireRole(...WALLET_ROLES),
        schema: {
          tags,
          security,
          summary: "A page of the caller's payments (paid or received) and withdrawals, newest first, by period or day",
          querystring: zTransactionListQuery,
          response: replies('GET /payments/list'),
        },
      },
      async (req) => {
        const list = await money.list(authOf(req), req.query);
        return ok(list, list.total ? MONEY_MSG.success : MONEY_MSG.empty);
      },
    );

    app.get(
      '/payments/detail/:id',
      {
        onRequest: requireAuth,
        schema: {
          tags,
          security,
          summary: "One of the caller's transactions (its payer, its receiver, or the withdrawal's owner); else 404",
          params: zTransactionIdParam,
          response: replies('GET /payments/detail/:id'),
        },
      },
      async (req) => ok(await money.detail(authOf(req), req.params.id), MONEY_MSG.success),
    );
  };

/**
 * PayPal's webhook: its own plugin, so that only this route keeps the body as raw bytes (PayPal checks the
 * signature over the event exactly as sent). No session: PayPal's verification is the authentication.
 */
export const paypalWebhookRoutes =
  (money: TMoneyService): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    app.post(
      '/payments/paypal/webhook',
      {
        schema: {
          tags,
          summary: "PayPal's events (verified with PayPal); a forged one 400, a replayed one 200 changing nothing",
          response: replies('POST /payments/paypal/webhook'),
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        await money.handleWebhook(req.headers, raw);
        return ok({ received: true as const });
      },
    );
  };
