import type Stripe from 'stripe';

/**
 * The Stripe API version this code speaks, pinned (the SDK's own default for the installed version): every
 * request says it, so Stripe (and the sandbox's emulator) answer in its shapes, e.g. a promotion code's coupon
 * under `promotion.coupon`.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/** A checkout to open: one line of `amountMinor` in `currency`, paid once. */
export type TCheckoutInput = {
  orderId: string;
  /** The Stripe Price to charge (a catalog price of the plan in `currency` at `amountMinor`); else an inline price. */
  priceId?: string | null;
  currency: string;
  amountMinor: number;
  productName: string;
  successUrl: string;
  cancelUrl: string;
  clientReferenceId: string;
  customerEmail: string | null;
  metadata: Record<string, string>;
  /** A promotion code's id (promo_...), applied to the checkout. */
  promotionCodeId: string | null;
};

/** A checkout session as the product reads it. */
export type TCheckoutSession = {
  id: string;
  url: string | null;
  status: string | null;
  paymentStatus: string;
  amountTotal: number | null;
  currency: string | null;
  paymentIntent: string | null;
  metadata: Record<string, string>;
  clientReferenceId: string | null;
};

/** A coupon's terms: a percentage, or an amount in its currency (and in others through currencyOptions). */
export type TCoupon = {
  id: string;
  valid: boolean;
  percentOff: number | null;
  amountOff: number | null;
  currency: string | null;
  currencyOptions: Record<string, number>;
};

/** An active promotion code with its coupon. */
export type TPromotion = {
  id: string;
  code: string;
  active: boolean;
  expiresAt: number | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
  minimumAmount: number | null;
  minimumAmountCurrency: string | null;
  coupon: TCoupon | null;
};

/** A plan's price in one currency as Stripe's catalog should hold it. */
export type TCatalogPrice = {
  /** The Stripe product of the plan (made on first use with this id). */
  productId: string;
  productName: string;
  /** Names the current Stripe price of this plan and currency; moved to each new price. */
  lookupKey: string;
  currency: string;
  amountMinor: number;
};

/** A coupon's full terms, as the console shows them. */
export type TCouponTerms = TCoupon & {
  name: string | null;
  duration: 'once' | 'repeating' | 'forever';
  durationInMonths: number | null;
};

/** A promotion code with its coupon's terms, active or not. */
export type TPromotionDetail = Omit<TPromotion, 'coupon'> & { created: number; coupon: TCouponTerms | null };

/** A promotion code to make, with a coupon of its own. */
export type TNewPromotion = {
  code: string;
  name: string;
  percentOff: number | null;
  amountOffMinor: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  durationInMonths: number | null;
  maxRedemptions: number | null;
  /** Unix seconds. */
  expiresAt: number | null;
  /** Keys the two requests, so a retry makes nothing twice. */
  requestKey: string;
};

/** What the payments module needs of Stripe; tests may pass their own. */
export type TStripeGateway = {
  /**
   * The id of the active Stripe Price for `price`: the one its lookup key names when it charges that amount in that
   * currency; else a new one (prices cannot change) that takes the lookup key, the old one deactivated.
   */
  catalogPrice(price: TCatalogPrice): Promise<string>;
  createPromotion(input: TNewPromotion): Promise<TPromotionDetail>;
  /** Every promotion code, newest first, with its coupon. */
  listPromotions(): Promise<TPromotionDetail[]>;
  /** A promotion code by its id; null when Stripe has none. */
  retrievePromotion(id: string): Promise<TPromotionDetail | null>;
  deactivatePromotion(id: string): Promise<TPromotionDetail>;
  createCheckout(input: TCheckoutInput): Promise<TCheckoutSession>;
  retrieveCheckout(id: string): Promise<TCheckoutSession>;
  expireCheckout(id: string): Promise<void>;
  /** The active promotion code people typed (null: there is none). */
  findPromotion(code: string): Promise<TPromotion | null>;
  retrieveCoupon(id: string): Promise<TCoupon>;
  /** The event of a webhook delivery, once its signature is checked; fails when it does not verify. */
  verifyEvent(raw: Buffer, signature: string | undefined): Promise<Stripe.Event>;
};

/**
 * The SDK, loaded on the first call to Stripe: it is large (some 6 MB of the server's heap), and a server that
 * is never asked to take a payment never loads it.
 */
let sdkLoading: Promise<typeof Stripe> | null = null;
const loadSdk = () => {
  sdkLoading ??= import('stripe').then(({ default: sdk }) => sdk);
  return sdkLoading;
};

/**
 * A Stripe failure the caller may show (Stripe's own message), with its HTTP status: an error of the SDK's
 * StripeError class or one of its kinds, told by the class's name so the SDK need not be loaded to ask.
 */
export const isStripeError = (err: unknown): err is Stripe.errors.StripeError => {
  if (!(err instanceof Error)) return false;
  for (let proto = Object.getPrototypeOf(err); proto && proto !== Error.prototype; proto = Object.getPrototypeOf(proto))
    if (proto.constructor?.name === 'StripeError') return true;
  return false;
};

/**
 * The fetch the SDK calls through: requests for `https://api.stripe.com/...` go to `apiBase` (the sandbox's
 * emulator at `${PUBLIC_URL}/sandbox/stripe`), unchanged when apiBase is Stripe itself.
 */
export function stripeFetch(apiBase: string, fetchFn: typeof fetch): typeof fetch {
  const base = new URL(apiBase);
  if (base.origin === 'https://api.stripe.com' && base.pathname === '/') return fetchFn;
  const prefix = base.pathname.replace(/\/+$/, '');
  return (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url);
    const target = new URL(`${prefix}${url.pathname}${url.search}`, base.origin);
    return fetchFn(target.toString(), init);
  };
}

const couponOf = (c: Stripe.Coupon): TCoupon => ({
  id: c.id,
  valid: c.valid,
  percentOff: c.percent_off ?? null,
  amountOff: c.amount_off ?? null,
  currency: c.currency ?? null,
  currencyOptions: Object.fromEntries(Object.entries(c.currency_options ?? {}).map(([cur, o]) => [cur, o.amount_off])),
});

const couponTermsOf = (c: Stripe.Coupon): TCouponTerms => ({
  ...couponOf(c),
  name: c.name ?? null,
  duration: (['once', 'repeating', 'forever'] as const).find((d) => d === c.duration) ?? 'once',
  durationInMonths: c.duration_in_months ?? null,
});

const promotionDetailOf = (p: Stripe.PromotionCode): TPromotionDetail => {
  const coupon = p.promotion?.coupon;
  return {
    id: p.id,
    code: p.code,
    active: p.active,
    created: p.created,
    expiresAt: p.expires_at ?? null,
    maxRedemptions: p.max_redemptions ?? null,
    timesRedeemed: p.times_redeemed ?? 0,
    minimumAmount: p.restrictions?.minimum_amount ?? null,
    minimumAmountCurrency: p.restrictions?.minimum_amount_currency ?? null,
    coupon: coupon && typeof coupon === 'object' ? couponTermsOf(coupon) : null,
  };
};

const sessionOf = (s: Stripe.Checkout.Session): TCheckoutSession => ({
  id: s.id,
  url: s.url ?? null,
  status: s.status ?? null,
  paymentStatus: s.payment_status,
  amountTotal: s.amount_total ?? null,
  currency: s.currency ?? null,
  paymentIntent: typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null),
  metadata: (s.metadata ?? {}) as Record<string, string>,
  clientReferenceId: s.client_reference_id ?? null,
});

/** Reads a Checkout session object (as a webhook event carries it). */
export const checkoutSessionOf = (object: unknown): TCheckoutSession => sessionOf(object as Stripe.Checkout.Session);

/** The production adapter: the official SDK, pointed at `apiBase`, through the process's fetch. */
export function createStripeGateway(opts: {
  secretKey: string;
  webhookSecret: string;
  apiBase: string;
  fetch: typeof fetch;
}): TStripeGateway {
  let client: Promise<Stripe> | null = null;
  /** The SDK's client, made on the first call. */
  const sdkClient = () => {
    client ??= loadSdk().then(
      (Sdk) =>
        new Sdk(opts.secretKey, {
          apiVersion: STRIPE_API_VERSION,
          httpClient: Sdk.createFetchHttpClient(stripeFetch(opts.apiBase, opts.fetch)),
          maxNetworkRetries: 2,
          timeout: 20_000,
          telemetry: false,
        }),
    );
    return client;
  };
  const PROMO_EXPAND = ['promotion.coupon', 'promotion.coupon.currency_options'];

  async function ensureProduct(id: string, name: string) {
    const stripe = await sdkClient();
    try {
      await stripe.products.retrieve(id);
    } catch (err) {
      if (!(isStripeError(err) && err.statusCode === 404)) throw err;
      await stripe.products.create({ id, name }, { idempotencyKey: `product-${id}` });
    }
  }

  return {
    async catalogPrice(price) {
      const stripe = await sdkClient();
      const found = await stripe.prices.list({ lookup_keys: [price.lookupKey], active: true, limit: 1 });
      const current = found.data[0];
      if (current && current.currency === price.currency && current.unit_amount === price.amountMinor) return current.id;
      await ensureProduct(price.productId, price.productName);
      // keyed by what it replaces and the amount: two checkouts at once get the same new price
      const made = await stripe.prices.create(
        {
          product: price.productId,
          currency: price.currency,
          unit_amount: price.amountMinor,
          lookup_key: price.lookupKey,
          transfer_lookup_key: true,
        },
        { idempotencyKey: `price-${price.lookupKey}-${price.amountMinor}-${current?.id ?? 'first'}` },
      );
      if (current && current.id !== made.id) await stripe.prices.update(current.id, { active: false });
      return made.id;
    },
    async createPromotion(input) {
      const stripe = await sdkClient();
      const coupon = await stripe.coupons.create(
        {
          name: input.name,
          duration: input.duration,
          ...(input.duration === 'repeating' && input.durationInMonths ? { duration_in_months: input.durationInMonths } : {}),
          ...(input.percentOff !== null
            ? { percent_off: input.percentOff }
            : { amount_off: input.amountOffMinor ?? 0, currency: input.currency ?? 'usd' }),
          ...(input.maxRedemptions !== null ? { max_redemptions: input.maxRedemptions } : {}),
          ...(input.expiresAt !== null ? { redeem_by: input.expiresAt } : {}),
        },
        { idempotencyKey: `coupon-${input.requestKey}` },
      );
      const promo = await stripe.promotionCodes.create(
        {
          promotion: { type: 'coupon', coupon: coupon.id },
          code: input.code,
          ...(input.maxRedemptions !== null ? { max_redemptions: input.maxRedemptions } : {}),
          ...(input.expiresAt !== null ? { expires_at: input.expiresAt } : {}),
          expand: PROMO_EXPAND,
        },
        { idempotencyKey: `promotion-${input.requestKey}` },
      );
      return promotionDetailOf(promo);
    },
    async listPromotions() {
      const stripe = await sdkClient();
      const out: TPromotionDetail[] = [];
      for await (const p of stripe.promotionCodes.list({ limit: 100, expand: PROMO_EXPAND.map((e) => `data.${e}`) }))
        out.push(promotionDetailOf(p));
      return out;
    },
    async retrievePromotion(id) {
      const stripe = await sdkClient();
      try {
        return promotionDetailOf(await stripe.promotionCodes.retrieve(id, { expand: PROMO_EXPAND }));
      } catch (err) {
        if (isStripeError(err) && err.statusCode === 404) return null;
        throw err;
      }
    },
    async deactivatePromotion(id) {
      const stripe = await sdkClient();
      return promotionDetailOf(await stripe.promotionCodes.update(id, { active: false, expand: PROMO_EXPAND }));
    },
    async createCheckout(input) {
      const stripe = await sdkClient();
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'payment',
        line_items: [
          input.priceId
            ? { quantity: 1, price: input.priceId }
            : {
                quantity: 1,
                price_data: {
                  currency: input.currency,
                  unit_amount: input.amountMinor,
                  product_data: { name: input.productName },
                },
              },
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.clientReferenceId,
        metadata: input.metadata,
        ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
        ...(input.promotionCodeId ? { discounts: [{ promotion_code: input.promotionCodeId }] } : {}),
      };
      // the order's id keys the request: a retry after a lost answer never opens a second checkout
      const session = await stripe.checkout.sessions.create(params, { idempotencyKey: `checkout-${input.orderId}` });
      return sessionOf(session);
    },
    async retrieveCheckout(id) {
      const stripe = await sdkClient();
      return sessionOf(await stripe.checkout.sessions.retrieve(id));
    },
    async expireCheckout(id) {
      const stripe = await sdkClient();
      await stripe.checkout.sessions.expire(id);
    },
    async findPromotion(code) {
      const stripe = await sdkClient();
      const list = await stripe.promotionCodes.list({
        code,
        active: true,
        limit: 1,
        // the coupon, with its amounts in other currencies (an amount off is given per currency)
        expand: ['data.promotion.coupon', 'data.promotion.coupon.currency_options'],
      });
      const p = list.data[0];
      if (!p) return null;
      const coupon = p.promotion?.coupon;
      return {
        id: p.id,
        code: p.code,
        active: p.active,
        expiresAt: p.expires_at ?? null,
        maxRedemptions: p.max_redemptions ?? null,
        timesRedeemed: p.times_redeemed ?? 0,
        minimumAmount: p.restrictions?.minimum_amount ?? null,
        minimumAmountCurrency: p.restrictions?.minimum_amount_currency ?? null,
        coupon: coupon && typeof coupon === 'object' ? couponOf(coupon) : null,
      };
    },
    async retrieveCoupon(id) {
      const stripe = await sdkClient();
      return couponOf(await stripe.coupons.retrieve(id, { expand: ['currency_options'] }));
    },
    async verifyEvent(raw, signature) {
      if (!signature) throw new Error('No Stripe-Signature header');
      const stripe = await sdkClient();
      return stripe.webhooks.constructEvent(raw, signature, opts.webhookSecret);
    },
  };
}
