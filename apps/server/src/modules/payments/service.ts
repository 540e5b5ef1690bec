import {
  discountedMinor,
  MSG,
  NOTIFICATION_MSG,
  PAY_MSG,
  purchasedPeriod,
  purchaseKind,
  type TCurrentPlan,
  type TPaymentState,
  toMajorUnits,
} from '@virality/domain';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Clock } from '../../clock';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import {
  checkoutSessionOf,
  isStripeError,
  type TCatalogPrice,
  type TCheckoutSession,
  type TPromotion,
  type TStripeGateway,
} from '../../integrations/stripe';
import { newId } from '../../lib/ids';
import type { TMetrics } from '../../lib/metrics';
import type { TUnitOfWork } from '../../lib/unit-of-work';
import type { TAuthContext } from '../auth/service';
import type { TNotificationsService } from '../notifications/service';
import type { TPricedPlan } from '../plans/repository';
import type { TPlansService } from '../plans/service';
import type { TSubscriptionsService } from '../subscriptions/service';
import type { TUsersService } from '../users/service';
import type { TWebhooksService } from '../webhooks/service';
import type { TPaymentRow, TPaymentsRepository } from './repository';

/** Who may buy a plan: owners of an account, for themselves (never a business's manager). */
export const BUYERS = ['BUSINESS', 'BRANDS', 'IMC', 'INFLUENCER'] as const;

type TDeps = {
  /** Writes payment.completed in the unit that records a paid plan. */
  webhooks?: Pick<TWebhooksService, 'emit'>;
  repo: TPaymentsRepository;
  plans: TPlansService;
  subscriptions: TSubscriptionsService;
  users: TUsersService;
  notifications: Pick<TNotificationsService, 'notify'>;
  /** null: payments are not configured (outside the sandbox without Stripe's keys). */
  gateway: TStripeGateway | null;
  clock: Clock;
  unitOfWork: TUnitOfWork;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Counts Stripe's webhooks (lib/metrics). */
  metrics?: Pick<TMetrics, 'webhookReceived'>;
};

/** How long a checkout waits for its webhook before the reconcile pass asks Stripe about it. */
export const RECONCILE_AFTER_MS = 15 * 60_000;
/** How many waiting checkouts one pass asks about (the oldest first; the rest at the next pass). */
const RECONCILE_BATCH = 200;

/** What an event did (for the log and the tests). */
export type TWebhookOutcome = 'replay' | 'paid' | 'failed' | 'mismatch' | 'ignored';

/**
 * How far the amount Stripe charged may be from the amount due when a coupon was applied: Stripe rounds the
 * discount of a percentage coupon, the server the discounted total, which can differ by one minor unit at a half.
 */
const COUPON_ROUNDING_MINOR = 1;

/**
 * Why a checkout Stripe calls paid does not pay for `payment` (null when it does): it must be the payment's own
 * checkout, in the payment's currency, for the amount due (the plan's price in that currency less the coupon
 * verified when the checkout was opened). Stripe computes what it charges itself, so a difference means a
 * checkout not opened by this server, a coupon or price changed in Stripe's dashboard, or a tampered session.
 */
function paidMismatch(payment: TPaymentRow, session: TCheckoutSession): 'checkout' | 'currency' | 'amount' | null {
  if (payment.stripeSessionId && session.id !== payment.stripeSessionId) return 'checkout';
  if ((session.currency ?? '').toLowerCase() !== payment.currency) return 'currency';
  if (session.amountTotal === null) return 'amount';
  const slack = payment.promotionCode ? COUPON_ROUNDING_MINOR : 0;
  return Math.abs(session.amountTotal - payment.amountDueMinor) > slack ? 'amount' : null;
}

/** How a plan's price in one currency is named in Stripe's catalog: a product per plan, a lookup key per price. */
export const stripePriceOf = ({ plan, price }: TPricedPlan): TCatalogPrice => ({
  productId: `virality_${plan.id}`,
  productName: `${plan.planName} plan (1 month)`,
  lookupKey: `virality_${price.id}`,
  currency: price.currency,
  amountMinor: price.amountMinor,
});

const sameType = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Plans bought through Stripe Checkout: coupons checked against Stripe's promotion codes, a checkout opened at the
 * server's price (never the browser's), and the ledger of payments. A payment is recorded, and a plan activated or
 * extended, only from Stripe's signed webhook, once per event; every other call only reads what it recorded.
 */
export function createPaymentsService(deps: TDeps) {
  const { repo, plans, subscriptions, users, notifications, clock, unitOfWork, log } = deps;

  function stripe(): TStripeGateway {
    if (!deps.gateway) throw new AppError(503, PAY_MSG.paymentsNotConfigured);
    return deps.gateway;
  }

  /** A price that can be bought (the free tier is given, never sold). */
  async function purchasable(priceId: string): Promise<TPricedPlan> {
    const priced = await plans.requirePrice(priceId);
    if (!priced.plan.purchasable) throw badRequest(PAY_MSG.freeTierNotForSale);
    return priced;
  }

  /** Stripe's answer to a coupon lookup, or its reason as a 400. */
  async function lookUpPromotion(code: string): Promise<TPromotion | null> {
    try {
      return await stripe().findPromotion(code);
    } catch (err) {
      // Stripe's reason for a request it refused (a 401 or 403 is our keys, not the code: not shown)
      if (isStripeError(err) && (err.statusCode === 400 || err.statusCode === 404))
        throw badRequest(err.message || PAY_MSG.couponInvalid);
      throw new AppError(502, MSG.somethingWentWrong);
    }
  }

  /** A coupon with its amounts in every currency (Stripe lists them only when asked). */
  async function couponWithCurrencies(id: string) {
    try {
      return await stripe().retrieveCoupon(id);
    } catch {
      throw new AppError(502, MSG.somethingWentWrong);
    }
  }

  /** What `code` takes off the price (minor units), or why it cannot be used with it. */
  async function discountFor(code: string, priced: TPricedPlan): Promise<{ promotion: TPromotion; amountMinor: number }> {
    const promotion = await lookUpPromotion(code);
    if (!promotion?.active || !promotion.coupon) throw badRequest(PAY_MSG.couponInvalid);
    const nowSec = clock.nowMs() / 1000;
    if (promotion.expiresAt !== null && promotion.expiresAt <= nowSec) throw badRequest(PAY_MSG.couponNoLongerValid);
    if (promotion.maxRedemptions !== null && promotion.timesRedeemed >= promotion.maxRedemptions)
      throw badRequest(PAY_MSG.couponNoLongerValid);
    const { price } = priced;
    if (
      promotion.minimumAmount !== null &&
      (promotion.minimumAmountCurrency ?? price.currency) === price.currency &&
      price.amountMinor < promotion.minimumAmount
    )
      throw badRequest(PAY_MSG.couponBelowMinimum);
    let coupon = promotion.coupon;
    if (!coupon.valid) throw badRequest(PAY_MSG.couponNoLongerValid);
    let amountOffMinor: number | null = null;
    if (coupon.percentOff === null && coupon.amountOff !== null) {
      if (coupon.currency === price.currency) amountOffMinor = coupon.amountOff;
      else {
        // an amount off in another currency applies only through the coupon's own option for this one
        if (!(price.currency in coupon.currencyOptions)) coupon = await couponWithCurrencies(coupon.id);
        amountOffMinor = coupon.currencyOptions[price.currency] ?? null;
        if (amountOffMinor === null) throw badRequest(PAY_MSG.couponNotForCurrency);
      }
    }
    return {
      promotion,
      amountMinor: discountedMinor(price.amountMinor, { percentOff: coupon.percentOff, amountOffMinor }),
    };
  }

  /** The caller's own payment by its checkout session or order id; another's reads as not found. */
  async function ownPayment(a: TAuthContext, ref: string): Promise<TPaymentRow> {
    const payment = (await repo.findBySession(ref)) ?? (await repo.findById(ref));
    if (!payment || payment.userId !== a.userId) throw notFound(PAY_MSG.paymentNotFound);
    return payment;
  }

  async function planTypeOf(payment: TPaymentRow): Promise<string> {
    return (await plans.planById(payment.planId))?.planType ?? payment.planId;
  }

  /** Records a paid checkout: the payment paid, the plan activated or extended, the account marked as paying. */
  async function recordPaid(payment: TPaymentRow, session: TCheckoutSession, now: Date) {
    const plan = await plans.planById(payment.planId);
    if (!plan) throw new Error(`payment ${payment.id} names an unknown plan`);
    const was = await subscriptions.lockForPurchase(payment.userId, now);
    const paidPlan = was && was.planType !== 'FreeTier';
    const current: TCurrentPlan = was
      ? { planType: was.planType, paid: Boolean(paidPlan), planStatus: was.planStatus, planEndDate: was.planEndDate }
      : null;
    const kind = purchaseKind(current, plan.planType, now);
    const oldPrice = paidPlan ? await plans.priceOf(was.planType, payment.currency) : null;
    const newPrice = await plans.priceOf(plan.planType, payment.currency);
    const period = purchasedPeriod(kind, current, now, {
      oldAmountMinor: oldPrice?.price.amountMinor ?? 0,
      newAmountMinor: newPrice?.price.amountMinor ?? payment.listAmountMinor,
    });
    await subscriptions.recordPurchase(
      {
        userId: payment.userId,
        planType: plan.planType,
        postLimit: plan.postLimit,
        periodStart: period.periodStart,
        planEndDate: period.planEndDate,
      },
      was,
      now,
    );
    await repo.update(payment.id, {
      status: 'paid',
      appliedKind: kind,
      amountPaidMinor: session.amountTotal,
      stripePaymentIntent: session.paymentIntent,
      periodEnd: period.planEndDate,
      paidAt: now,
      updatedAt: now,
    });
    await users.markPaid(payment.userId);
    await deps.webhooks?.emit({ userId: payment.userId }, 'payment.completed', {
      paymentId: payment.id,
      kind: 'plan',
      planType: plan.planType,
      payerId: payment.userId,
      amountMinor: session.amountTotal,
      currency: payment.currency,
    });
    // the buyer is told, once per payment (a replayed webhook or the reconcile pass finds it paid already)
    const renewed = kind === 'renew';
    await notifications.notify(payment.userId, {
      type: renewed ? 'PLAN_RENEWED' : 'PLAN_PAID',
      title: renewed ? NOTIFICATION_MSG.planRenewed : NOTIFICATION_MSG.planPaid,
      description: renewed ? NOTIFICATION_MSG.planRenewedBody(plan.planType) : NOTIFICATION_MSG.planPaidBody(plan.planType),
      dedupeKey: `plan-paid:${payment.id}`,
    });
  }

  /**
   * A checkout paid for the wrong amount or currency: no plan changes. The payment is closed as failed with what
   * Stripe charged and its payment intent kept (the ledger shows due against paid, for a refund); the log says
   * so with the order and the amounts only, never who paid.
   */
  async function recordMismatch(
    payment: TPaymentRow,
    session: TCheckoutSession,
    reason: NonNullable<ReturnType<typeof paidMismatch>>,
    now: Date,
    via: { eventId?: string },
  ) {
    log.warn(
      {
        ...via,
        orderId: payment.id,
        reason,
        dueMinor: payment.amountDueMinor,
        dueCurrency: payment.currency,
        paidMinor: session.amountTotal,
        paidCurrency: session.currency,
      },
      'stripe: a checkout was paid for another amount than was due; no plan was activated',
    );
    await repo.update(payment.id, {
      status: 'failed',
      amountPaidMinor: session.amountTotal,
      stripePaymentIntent: session.paymentIntent,
      updatedAt: now,
    });
    await repo.announce(payment.userId, payment.id, 'failed');
  }

  return {
    /** Stripe, for the console's prices and coupons: 503 'Payments are not configured' without its keys. */
    stripe,
    /** Whether Stripe is configured (a price can be saved without it: nothing can be bought then). */
    stripeConfigured: () => deps.gateway !== null,

    /** admin/coupon/verifyCoupon: what the plan of `priceId` costs with the promotion code, checked with Stripe. */
    async verifyCoupon(body: { priceId: string; promoCode: string }) {
      const priced = await purchasable(body.priceId);
      const { promotion, amountMinor } = await discountFor(body.promoCode, priced);
      return { couponCode: promotion.code, discountedAmount: toMajorUnits(amountMinor), planId: priced.plan.id };
    },

    /**
     * payment/createSubscriptionSession: opens a Stripe Checkout for one month of the plan at the price list's
     * price (less a verified coupon) and records the payment as pending. The browser is sent to `urlRedirect`.
     */
    async createSession(
      a: TAuthContext,
      body: { priceId: string; planType: string; userId?: string; COUPON_ID?: string | null },
    ) {
      if (!(BUYERS as readonly string[]).includes(a.role)) throw forbidden(MSG.forbidden);
      if (body.userId && body.userId !== a.userId) throw forbidden(MSG.forbidden);
      const priced = await purchasable(body.priceId);
      const { plan, price } = priced;
      if (!sameType(body.planType, plan.planType)) throw badRequest(PAY_MSG.planMismatch);
      const gateway = stripe();
      const now = clock.now();
      const details = await subscriptions.detailsFor(a.userId);
      const paid = details && details.planType !== 'FreeTier';
      const current: TCurrentPlan = details
        ? {
            planType: details.planType,
            paid: Boolean(paid),
            planStatus: details.planStatus,
            planEndDate: new Date(details.planEndDate),
          }
        : null;
      const kind = purchaseKind(current, plan.planType, now);
      if (kind === 'upgrade' && details) {
        const held = await plans.priceOf(details.planType, price.currency);
        if (held && held.plan.planLevel > plan.planLevel) throw badRequest(PAY_MSG.lowerPlanWhileActive);
      }
      const coupon = body.COUPON_ID ? await discountFor(body.COUPON_ID, priced) : null;
      const amountDueMinor = coupon?.amountMinor ?? price.amountMinor;
      const orderId = newId();
      let session: Awaited<ReturnType<TStripeGateway['createCheckout']>>;
      try {
        // the plan's Stripe price at the database's amount: a price changed in the console is charged from now on
        const stripePriceId = await gateway.catalogPrice(stripePriceOf(priced));
        session = await gateway.createCheckout({
          orderId,
          priceId: stripePriceId,
          currency: price.currency,
          amountMinor: price.amountMinor,
          productName: `${plan.planName} plan (1 month)`,
          successUrl: `${deps.publicUrl}/pricing/success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${deps.publicUrl}/pricing/payment-failed`,
          clientReferenceId: a.userId,
          customerEmail: a.user.email,
          metadata: { userId: a.userId, planId: plan.id, currency: price.currency, kind, orderId },
          promotionCodeId: coupon?.promotion.id ?? null,
        });
      } catch (err) {
        log.warn({ err: isStripeError(err) ? err.message : String(err), orderId }, 'stripe: checkout not opened');
        throw new AppError(502, PAY_MSG.paymentProviderFailed);
      }
      if (!session.url) throw new AppError(502, PAY_MSG.paymentProviderFailed);
      await repo.insert({
        id: orderId,
        userId: a.userId,
        planId: plan.id,
        priceId: price.id,
        kind,
        currency: price.currency,
        listAmountMinor: price.amountMinor,
        amountDueMinor,
        promotionCode: coupon?.promotion.code ?? null,
        status: 'pending',
        stripeSessionId: session.id,
        createdAt: now,
        updatedAt: now,
      });
      return { urlRedirect: session.url, orderId };
    },

    /**
     * payment/stripeWebhook: an event from Stripe, its signature checked over the raw body (400 when it does not
     * verify: nothing changes). Each event is taken once by its id, in the same unit of work as what it records;
     * a replay changes nothing. A paid checkout activates or extends the plan; an expired one fails its payment.
     */
    async handleWebhook(raw: Buffer, signature: string | undefined): Promise<TWebhookOutcome> {
      const gateway = stripe();
      let event: Stripe.Event;
      try {
        event = await gateway.verifyEvent(raw, signature);
      } catch {
        deps.metrics?.webhookReceived('stripe', 'refused');
        throw badRequest(PAY_MSG.webhookSignatureInvalid);
      }
      const paidTypes = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'];
      const failedTypes = ['checkout.session.expired', 'checkout.session.async_payment_failed'];
      const now = clock.now();
      const outcome = await unitOfWork(async (): Promise<{ outcome: TWebhookOutcome; payment?: TPaymentRow }> => {
        if (!(await repo.takeEvent(event.id, event.type, now))) return { outcome: 'replay' };
        if (![...paidTypes, ...failedTypes].includes(event.type)) return { outcome: 'ignored' };
        const session = checkoutSessionOf(event.data.object);
        const payment = await repo.lock({ sessionId: session.id, id: session.metadata.orderId });
        if (!payment) {
          log.warn({ eventId: event.id, type: event.type }, 'stripe webhook: no payment for this checkout');
          return { outcome: 'ignored' };
        }
        if (paidTypes.includes(event.type)) {
          // a completed checkout paid later (a bank debit) is recorded when its success event comes; one a coupon
          // made free needs no payment
          const settled = session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required';
          if (!settled || payment.status === 'paid') return { outcome: 'ignored' };
          const mismatch = paidMismatch(payment, session);
          if (mismatch === 'checkout') {
            // another checkout naming this order: the payment's own checkout may still be paid, so it stays as it is
            log.warn({ eventId: event.id, orderId: payment.id }, 'stripe webhook: a checkout that is not the order’s own');
            return { outcome: 'mismatch' };
          }
          if (mismatch) {
            await recordMismatch(payment, session, mismatch, now, { eventId: event.id });
            return { outcome: 'mismatch', payment };
          }
          await recordPaid(payment, session, now);
          await repo.announce(payment.userId, payment.id, 'paid');
          return { outcome: 'paid', payment };
        }
        if (payment.status !== 'pending') return { outcome: 'ignored' };
        await repo.update(payment.id, { status: 'failed', updatedAt: now });
        await repo.announce(payment.userId, payment.id, 'failed');
        return { outcome: 'failed', payment };
      });
      log.info({ eventId: event.id, type: event.type, outcome: outcome.outcome }, 'stripe webhook');
      deps.metrics?.webhookReceived('stripe', outcome.outcome === 'replay' ? 'duplicate' : 'accepted');
      return outcome.outcome;
    },

    /**
     * The pass that catches what a lost webhook would leave waiting: each checkout still pending RECONCILE_AFTER_MS
     * after it was opened is asked of Stripe. One Stripe says is paid is recorded as its webhook would have (the
     * plan activated or extended); one that expired fails; one still open is left for a later pass. Each payment is
     * locked and checked again before anything is written, so a webhook arriving meanwhile (or later) records
     * nothing twice. A payment Stripe cannot be asked about now is tried at the next pass.
     */
    async reconcilePending(): Promise<{ paid: number; failed: number; open: number; unreachable: number }> {
      const done = { paid: 0, failed: 0, open: 0, unreachable: 0 };
      if (!deps.gateway) return done;
      const now = clock.now();
      for (const waiting of await repo.pendingBefore(new Date(now.getTime() - RECONCILE_AFTER_MS), RECONCILE_BATCH)) {
        let session: Awaited<ReturnType<TStripeGateway['retrieveCheckout']>>;
        try {
          session = await deps.gateway.retrieveCheckout(waiting.stripeSessionId!);
        } catch (err) {
          done.unreachable++;
          log.warn({ err: isStripeError(err) ? err.message : String(err), orderId: waiting.id }, 'stripe: checkout not read');
          continue;
        }
        const settled = session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required';
        const outcome = session.status === 'complete' && settled ? 'paid' : session.status === 'expired' ? 'failed' : null;
        if (!outcome) {
          done.open++;
          continue;
        }
        const recorded = await unitOfWork(async (): Promise<'paid' | 'failed' | null> => {
          const payment = await repo.lock({ id: waiting.id });
          if (payment?.status !== 'pending') return null;
          if (outcome === 'paid') {
            const mismatch = paidMismatch(payment, session);
            if (mismatch) {
              // (asked by the payment's own session id, so never another checkout)
              await recordMismatch(payment, session, mismatch, now, {});
              return 'failed';
            }
            await recordPaid(payment, session, now);
          } else await repo.update(payment.id, { status: 'failed', updatedAt: now });
          await repo.announce(payment.userId, payment.id, outcome);
          return outcome;
        });
        if (recorded) {
          done[recorded]++;
          log.info({ orderId: waiting.id, outcome: recorded }, 'stripe: a checkout without its webhook was reconciled');
        }
      }
      return done;
    },

    /** payment/verifyPaymentSuccess: what the webhook has recorded of the caller's checkout (never changes it). */
    async verifyPayment(a: TAuthContext, ref: string) {
      const payment = await ownPayment(a, ref);
      return {
        status: payment.status as TPaymentState,
        orderId: payment.id,
        planType: await planTypeOf(payment),
        planEndDate: payment.status === 'paid' ? (payment.periodEnd?.toISOString() ?? null) : null,
      };
    },

    /** payment/orderConfirmation: the caller's recorded payment. */
    async order(a: TAuthContext, orderId: string) {
      const payment = await ownPayment(a, orderId);
      return {
        orderId: payment.id,
        planType: await planTypeOf(payment),
        amount: toMajorUnits(payment.amountPaidMinor ?? payment.amountDueMinor),
        currency: payment.currency,
        status: payment.status as TPaymentState,
        createdAt: payment.createdAt.toISOString(),
      };
    },

    /** payment/updatePayment: the caller's payment state; paid: 200, pending: 202, failed: 400. */
    async paymentUpdate(a: TAuthContext, sessionId: string) {
      const payment = await ownPayment(a, sessionId);
      if (payment.status === 'failed') throw badRequest(PAY_MSG.paymentUpdateFailed, { status: 'failed', orderId: payment.id });
      return { status: payment.status as TPaymentState, orderId: payment.id };
    },
  };
}
export type TPaymentsService = ReturnType<typeof createPaymentsService>;
