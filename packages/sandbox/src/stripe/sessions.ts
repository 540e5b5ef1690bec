import type { TPrice, TProduct } from './catalog';
import { discountAmount, inactivePromotionCode, redeemable, type TCoupon, type TPromotionCode } from './coupons';
import { invalid, missingParam, noSuch, StripeApiError, unknownParam } from './errors';
import type { TForm, TFormValue } from './form';
import { stripeId } from './settings';
import type { TStripeStore } from './store';

/** A Checkout Session lives 24 hours unless created with a shorter `expires_at` (at least 30 minutes). */
export const SESSION_TTL_SECONDS = 24 * 3600;
const MIN_TTL_SECONDS = 30 * 60;

/** A line of the session: what the hosted page shows and `line_items` answers. */
export type TLine = {
  id: string;
  name: string;
  description: string | null;
  currency: string;
  unit_amount: number;
  quantity: number;
  amount_subtotal: number;
  amount_discount: number;
  amount_total: number;
  price_id: string;
  product_id: string;
};

/** A Checkout Session as the API shows it (the fields the emulator reads by name are typed). */
export type TSessionObject = Record<string, unknown> & {
  id: string;
  status: string;
  created: number;
  expires_at: number;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  discounts: { coupon: string | null; promotion_code: string | null }[];
  customer_email: string | null;
  success_url: string | null;
  cancel_url: string | null;
};

/** What the emulator keeps of a session: the object as the API shows it, its lines and the discount's label. */
export type TSessionRecord = {
  status: 'open' | 'complete' | 'expired';
  session: TSessionObject;
  lines: TLine[];
  /** The promotion code (or coupon name) the page shows beside the discount. */
  discountLabel: string | null;
};

/** The parameters of a session create (the SDK's SessionCreateParams); any other is refused, as Stripe refuses it. */
const KNOWN_PARAMS = new Set(
  `
  adaptive_pricing after_expiration allow_promotion_codes allowed_payment_method_types automatic_tax
  billing_address_collection branding_settings cancel_url client_reference_id consent_collection currency
  custom_fields custom_text customer customer_account customer_creation customer_email customer_update discounts
  excluded_payment_method_types expand expires_at integration_identifier invoice_creation line_items locale
  managed_payments metadata mode name_collection optional_items origin_context payment_intent_data
  payment_method_collection payment_method_configuration payment_method_data payment_method_options
  payment_method_types permissions phone_number_collection redirect_on_completion return_url
  saved_payment_method_options setup_intent_data shipping_address_collection shipping_options submit_type
  subscription_data success_url tax_id_collection ui_mode wallet_options
`
    .trim()
    .split(/\s+/),
);

const str = (v: TFormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: TFormValue | undefined): Record<string, TFormValue> | undefined =>
  v !== undefined && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
const list = (v: TFormValue | undefined): TFormValue[] | undefined => (Array.isArray(v) ? v : undefined);

function integer(v: TFormValue | undefined, param: string, min: number): number {
  const s = str(v);
  if (s === undefined || !/^-?\d{1,15}$/.test(s))
    throw invalid(`Invalid integer: ${s ?? ''}`, param, 'parameter_invalid_integer');
  const n = Number(s);
  if (n < min) throw invalid(`This value must be greater than or equal to ${min}.`, param, 'parameter_invalid_integer');
  return n;
}

function url(v: TFormValue | undefined, param: string): string | null {
  const s = str(v);
  if (s === undefined || s === '') return null;
  try {
    const u = new URL(s.replace('{CHECKOUT_SESSION_ID}', 'x'));
    if (u.protocol === 'http:' || u.protocol === 'https:') return s;
  } catch {
    // answered below
  }
  throw invalid('Not a valid URL', param, 'url_invalid');
}

/** The number of decimals of a currency's minor unit (2 for usd, 0 for jpy); null for a code that is not a currency. */
export function minorDigits(currency: string): number | null {
  if (!/^[a-z]{3}$/.test(currency)) return null;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions()
      .maximumFractionDigits as number;
  } catch {
    return null;
  }
}

function metadataOf(v: TFormValue | undefined): Record<string, string> {
  if (v === undefined || v === '') return {};
  const m = obj(v);
  if (!m) throw invalid('Invalid hash', 'metadata', 'parameter_invalid_empty');
  const out: Record<string, string> = {};
  const entries = Object.entries(m);
  if (entries.length > 50) throw invalid('You may only specify up to 50 metadata keys.', 'metadata');
  for (const [k, val] of entries) {
    if (typeof val !== 'string') throw invalid(`Invalid value for metadata[${k}]: expected a string.`, `metadata[${k}]`);
    if (k.length > 40) throw invalid('Metadata keys can have up to 40 characters.', `metadata[${k}]`);
    if (val.length > 500) throw invalid('Metadata values can have up to 500 characters.', `metadata[${k}]`);
    out[k] = val;
  }
  return out;
}

/** The catalog prices a session's lines name, with their products (read before the lines are checked). */
type TCatalog = Map<string, { price: TPrice; product: TProduct | null }>;

async function catalogOf(store: TStripeStore, params: TForm): Promise<TCatalog> {
  const out: TCatalog = new Map();
  for (const raw of list(params.line_items) ?? []) {
    const id = str(obj(raw)?.price);
    if (id === undefined || out.has(id)) continue;
    const price = await store.get<TPrice>('price', id);
    if (price) out.set(id, { price, product: await store.get<TProduct>('product', price.product) });
  }
  return out;
}

function linesOf(params: TForm, catalog: TCatalog): TLine[] {
  const items = list(params.line_items);
  if (!items || items.length === 0) throw missingParam('line_items');
  if (items.length > 100) throw invalid('You may only specify up to 100 line items.', 'line_items');
  return items.map((raw, i) => {
    const at = `line_items[${i}]`;
    const item = obj(raw);
    if (!item) throw invalid('Invalid hash', at);
    for (const k of Object.keys(item))
      if (!['price', 'price_data', 'quantity', 'adjustable_quantity', 'tax_rates', 'metadata'].includes(k))
        throw unknownParam(`${at}[${k}]`);
    const priceId = str(item.price);
    if (priceId !== undefined) {
      if (item.price_data !== undefined)
        throw invalid('You may only specify one of these parameters: price, price_data.', `${at}[price]`);
      const found = catalog.get(priceId);
      if (!found) throw noSuch('price', priceId, `${at}[price]`);
      if (!found.price.active)
        throw invalid('The price specified is inactive. This field only accepts active prices.', `${at}[price]`);
      if (item.quantity === undefined) throw missingParam(`${at}[quantity]`);
      const qty = integer(item.quantity, `${at}[quantity]`, 1);
      const sub = found.price.unit_amount * qty;
      return {
        id: stripeId('li'),
        name: found.product?.name ?? found.price.nickname ?? found.price.id,
        description: found.product?.description ?? null,
        currency: found.price.currency,
        unit_amount: found.price.unit_amount,
        quantity: qty,
        amount_subtotal: sub,
        amount_discount: 0,
        amount_total: sub,
        price_id: found.price.id,
        product_id: found.price.product,
      };
    }
    const data = obj(item.price_data);
    if (!data) throw missingParam(`${at}[price_data]`);
    const currency = str(data.currency)?.toLowerCase();
    if (!currency) throw missingParam(`${at}[price_data][currency]`);
    if (minorDigits(currency) === null) throw invalid(`Invalid currency: ${currency}.`, `${at}[price_data][currency]`);
    if (data.recurring !== undefined)
      throw invalid(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        `${at}[price_data][recurring]`,
      );
    if (data.unit_amount === undefined) throw missingParam(`${at}[price_data][unit_amount]`);
    const unitAmount = integer(data.unit_amount, `${at}[price_data][unit_amount]`, 0);
    const product = obj(data.product_data);
    const name = str(product?.name);
    if (str(data.product) !== undefined) throw noSuch('product', str(data.product) as string, `${at}[price_data][product]`);
    if (!product || name === undefined) throw missingParam(`${at}[price_data][product_data][name]`);
    if (name.trim() === '') throw invalid('You passed an empty string for the name.', `${at}[price_data][product_data][name]`);
    if (item.quantity === undefined) throw missingParam(`${at}[quantity]`);
    const quantity = integer(item.quantity, `${at}[quantity]`, 1);
    const subtotal = unitAmount * quantity;
    if (subtotal > 99_999_999) throw invalid('Amount must be no more than 99999999.', `${at}[price_data][unit_amount]`);
    return {
      id: stripeId('li'),
      name,
      description: str(product.description) ?? null,
      currency,
      unit_amount: unitAmount,
      quantity,
      amount_subtotal: subtotal,
      amount_discount: 0,
      amount_total: subtotal,
      price_id: stripeId('price'),
      product_id: stripeId('prod', 14),
    };
  });
}

/** The coupon a `discounts` entry applies, checked as Stripe checks it; null without one. */
async function discountOf(
  store: TStripeStore,
  params: TForm,
  nowSec: number,
): Promise<{ coupon: TCoupon; promo: TPromotionCode | null } | null> {
  if (params.discounts === undefined || params.discounts === '') return null;
  if (params.allow_promotion_codes !== undefined)
    throw invalid('You may only specify one of these parameters: allow_promotion_codes, discounts.', 'allow_promotion_codes');
  const entries = list(params.discounts);
  if (!entries) throw invalid('Invalid array', 'discounts');
  if (entries.length > 1) throw invalid('You may only specify one discount.', 'discounts');
  const entry = obj(entries[0]);
  if (!entry) throw invalid('Invalid hash', 'discounts[0]');
  const promoId = str(entry.promotion_code);
  const couponId = str(entry.coupon);
  if (promoId !== undefined && couponId !== undefined)
    throw invalid('You may only specify one of these parameters: coupon, promotion_code.', 'discounts[0]');
  if (promoId !== undefined) {
    const promo = await store.get<TPromotionCode>('promo', promoId);
    if (!promo) throw noSuch('promotion code', promoId, 'discounts[0][promotion_code]');
    const coupon = await store.get<TCoupon>('coupon', String(promo.promotion.coupon));
    if (!coupon || !redeemable(promo, coupon, nowSec)) throw inactivePromotionCode(promo.code);
    return { coupon, promo };
  }
  if (couponId !== undefined) {
    const coupon = await store.get<TCoupon>('coupon', couponId);
    if (!coupon) throw noSuch('coupon', couponId, 'discounts[0][coupon]');
    if (!coupon.valid) throw invalid(`Coupon ${couponId} is no longer valid.`, 'discounts[0][coupon]');
    return { coupon, promo: null };
  }
  throw missingParam('discounts[0][promotion_code]');
}

/**
 * A new session from the create call's parameters (mode=payment with price_data lines, as the product sends
 * them): every parameter checked before anything is kept; amounts in minor units.
 */
export async function newSession(
  store: TStripeStore,
  params: TForm,
  opts: { nowSec: number; payUrl: (id: string) => string },
): Promise<TSessionRecord> {
  for (const k of Object.keys(params)) if (!KNOWN_PARAMS.has(k)) throw unknownParam(k);
  const mode = str(params.mode);
  if (!mode) throw missingParam('mode');
  if (!['payment', 'setup', 'subscription'].includes(mode))
    throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, 'mode');
  if (mode !== 'payment')
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `The Stripe sandbox supports mode=payment only, not ${mode}.`,
      undefined,
      'mode',
    );
  const uiMode = str(params.ui_mode);
  if (uiMode !== undefined && uiMode !== 'hosted_page')
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `The Stripe sandbox serves the hosted page only, not ui_mode=${uiMode}.`,
      undefined,
      'ui_mode',
    );
  const successUrl = url(params.success_url, 'success_url');
  const cancelUrl = url(params.cancel_url, 'cancel_url');
  const email = str(params.customer_email);
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw invalid(`Invalid email address: ${email}`, 'customer_email', 'email_invalid');
  const reference = str(params.client_reference_id);
  if (reference !== undefined && (reference.length === 0 || reference.length > 200))
    throw invalid('client_reference_id must be between 1 and 200 characters.', 'client_reference_id');
  const metadata = metadataOf(params.metadata);
  let expiresAt = opts.nowSec + SESSION_TTL_SECONDS;
  if (params.expires_at !== undefined) {
    expiresAt = integer(params.expires_at, 'expires_at', 0);
    if (expiresAt < opts.nowSec + MIN_TTL_SECONDS || expiresAt > opts.nowSec + SESSION_TTL_SECONDS)
      throw invalid(
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'expires_at',
      );
  }
  const lines = linesOf(params, await catalogOf(store, params));
  const currency = lines[0].currency;
  if (lines.some((l) => l.currency !== currency)) throw invalid('All line items must use the same currency.', 'line_items');
  const given = str(params.currency)?.toLowerCase();
  if (given !== undefined && given !== currency)
    throw invalid(`The currency (${given}) does not match the line items' currency (${currency}).`, 'currency');
  const subtotal = lines.reduce((s, l) => s + l.amount_subtotal, 0);
  const discount = await discountOf(store, params, opts.nowSec);
  const amountDiscount = discount
    ? discountAmount(discount.coupon, currency, subtotal, discount.promo ? 'promotion code' : 'coupon')
    : 0;
  spreadDiscount(lines, amountDiscount);

  const id = stripeId('cs_test', 58);
  const session: TSessionObject = {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: params.allow_promotion_codes === 'true' ? true : null,
    allowed_payment_method_types: null,
    amount_subtotal: subtotal,
    amount_total: subtotal - amountDiscount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: cancelUrl,
    client_reference_id: reference ?? null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: opts.nowSec,
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_account: null,
    customer_creation: 'if_required',
    customer_details: null,
    customer_email: email ?? null,
    discounts: discount
      ? [{ coupon: discount.promo ? null : discount.coupon.id, promotion_code: discount.promo?.id ?? null }]
      : [],
    expires_at: expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: {
      enabled: false,
      invoice_data: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: null,
        metadata: {},
        rendering_options: null,
      },
    },
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata,
    mode: 'payment',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: successUrl,
    total_details: { amount_discount: amountDiscount, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: opts.payUrl(id),
    wallet_options: null,
  };
  return {
    status: 'open',
    session,
    lines,
    discountLabel: discount ? (discount.promo?.code ?? discount.coupon.name ?? discount.coupon.id) : null,
  };
}

/** Shares a session's discount over its lines in proportion to their subtotals (the last line takes the rounding). */
function spreadDiscount(lines: TLine[], total: number) {
  const subtotal = lines.reduce((s, l) => s + l.amount_subtotal, 0);
  let left = total;
  lines.forEach((l, i) => {
    const share = i === lines.length - 1 ? left : subtotal === 0 ? 0 : Math.floor((total * l.amount_subtotal) / subtotal);
    l.amount_discount = share;
    l.amount_total = l.amount_subtotal - share;
    left -= share;
  });
}

export function customerDetails(email: string, name: string | null) {
  return {
    address: null,
    business_name: null,
    email,
    individual_name: null,
    name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
}

/** A session's lines as `GET …/line_items` (or `expand[]=line_items`) lists them. */
export function lineItemsList(record: TSessionRecord) {
  const created = Number(record.session.created);
  return {
    object: 'list',
    data: record.lines.map((l) => ({
      id: l.id,
      object: 'item',
      adjustable_quantity: null,
      amount_discount: l.amount_discount,
      amount_subtotal: l.amount_subtotal,
      amount_tax: 0,
      amount_total: l.amount_total,
      currency: l.currency,
      description: l.name,
      metadata: {},
      price: {
        id: l.price_id,
        object: 'price',
        active: false,
        billing_scheme: 'per_unit',
        created,
        currency: l.currency,
        custom_unit_amount: null,
        livemode: false,
        lookup_key: null,
        metadata: {},
        nickname: null,
        product: l.product_id,
        recurring: null,
        tax_behavior: 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
        type: 'one_time',
        unit_amount: l.unit_amount,
        unit_amount_decimal: String(l.unit_amount),
      },
      quantity: l.quantity,
    })),
    has_more: false,
    url: `/v1/checkout/sessions/${record.session.id}/line_items`,
  };
}
