import { fromPayPalAmount, toPayPalAmount } from '@virality/domain';
import { ApiError, invalid, notFound, type TCtx, unprocessable } from './context';
import { paypalId } from './webhooks';

type TJson = Record<string, unknown>;

/** An order as the emulator keeps it: PayPal's JSON and what the emulator needs besides. */
export type TOrderRecord = {
  /** Mirrors order.status (kept at the top so a change can be made only from the status it expects). */
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  order: TJson;
  amountMinor: number;
  currency: string;
  payee: string;
  description: string | null;
  returnUrl: string | null;
  cancelUrl: string | null;
  /** What the payer typed on the approval page (sandbox data only; never logged). */
  payerEmail: string | null;
  /** The PayPal-Request-Id of the capture that completed the order: the same id answers the same capture again. */
  captureRequestId: string | null;
};

export const WAITING = ['CREATED', 'PAYER_ACTION_REQUIRED'] as const;
export const ORDER_ID = /^[A-Z0-9]{17}$/;
const REQUEST_ID = /^[\x21-\x7e]{1,108}$/;

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const obj = (v: unknown): TJson => (v && typeof v === 'object' && !Array.isArray(v) ? (v as TJson) : {});

export const approveUrl = (ctx: TCtx, id: string) => `${ctx.publicUrl}/sandbox/paypal/checkoutnow?token=${id}`;

/** The order's JSON as it stands: its status and the links that fit it. */
function withLinks(ctx: TCtx, record: TOrderRecord, sentWithPaymentSource: boolean): TJson {
  const id = String(record.order.id);
  const self = `${ctx.base}/v2/checkout/orders/${id}`;
  const links: TJson[] = [{ href: self, rel: 'self', method: 'GET' }];
  if (record.status === 'CREATED' || record.status === 'PAYER_ACTION_REQUIRED')
    links.push({ href: approveUrl(ctx, id), rel: sentWithPaymentSource ? 'payer-action' : 'approve', method: 'GET' });
  if (record.status === 'APPROVED') links.push({ href: `${self}/capture`, rel: 'capture', method: 'POST' });
  return { ...record.order, status: record.status, links };
}

export const orderJson = (ctx: TCtx, record: TOrderRecord) => withLinks(ctx, record, record.order.payment_source !== undefined);

/** POST /v2/checkout/orders: one purchase unit, intent CAPTURE; the same PayPal-Request-Id answers the same order. */
export async function createOrder(ctx: TCtx, body: unknown, requestId: string | null) {
  if (requestId !== null && !REQUEST_ID.test(requestId)) throw invalid('PayPal-Request-Id', 'header', 'INVALID_PARAMETER_VALUE');
  if (requestId) {
    const seen = await ctx.store.get<{ orderId: string }>('idem', `order:${requestId}`);
    const existing = seen && (await ctx.store.get<TOrderRecord>('order', seen.orderId));
    if (existing) return { status: 200, body: orderJson(ctx, existing) };
  }
  const b = obj(body);
  if (b.intent !== 'CAPTURE')
    throw invalid('/intent', 'body', b.intent === undefined ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_VALUE');
  const units = Array.isArray(b.purchase_units) ? b.purchase_units.map(obj) : [];
  if (units.length !== 1)
    throw invalid('/purchase_units', 'body', units.length === 0 ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_ARRAY_MAX_ITEMS');
  const unit = units[0];
  const amount = obj(unit.amount);
  const currency = str(amount.currency_code);
  if (!currency || !/^[A-Z]{3}$/.test(currency))
    throw invalid("/purchase_units/@reference_id=='default'/amount/currency_code", 'body', 'INVALID_CURRENCY_CODE');
  const minor = fromPayPalAmount(amount.value);
  if (minor === null || minor <= 0)
    throw invalid("/purchase_units/@reference_id=='default'/amount/value", 'body', 'INVALID_PARAMETER_VALUE');
  const paymentSource = b.payment_source !== undefined;
  const experience = paymentSource ? obj(obj(obj(b.payment_source).paypal).experience_context) : obj(b.application_context);
  const url = (v: unknown) => {
    const s = str(v);
    if (s === null) return null;
    try {
      return /^https?:$/.test(new URL(s).protocol) ? s : undefined;
    } catch {
      return undefined;
    }
  };
  const returnUrl = url(experience.return_url);
  const cancelUrl = url(experience.cancel_url);
  if (returnUrl === undefined) throw invalid('return_url', 'body', 'INVALID_PARAMETER_VALUE');
  if (cancelUrl === undefined) throw invalid('cancel_url', 'body', 'INVALID_PARAMETER_VALUE');
  const now = ctx.clock.now().toISOString();
  const id = paypalId();
  const payee = (str(experience.brand_name) ?? 'Virality').slice(0, 127);
  const record: TOrderRecord = {
    status: paymentSource ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
    order: {
      id,
      intent: 'CAPTURE',
      status: paymentSource ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      ...(paymentSource ? { payment_source: { paypal: {} } } : {}),
      purchase_units: [
        {
          reference_id: str(unit.reference_id) ?? 'default',
          amount: { currency_code: currency, value: toPayPalAmount(minor) },
          payee: { email_address: ctx.payeeEmail, merchant_id: ctx.merchantId },
          ...(str(unit.custom_id) ? { custom_id: str(unit.custom_id) } : {}),
          ...(str(unit.description) ? { description: str(unit.description) } : {}),
        },
      ],
      create_time: now,
      update_time: now,
    },
    amountMinor: minor,
    currency,
    payee,
    description: str(unit.description),
    returnUrl,
    cancelUrl,
    payerEmail: null,
    captureRequestId: null,
  };
  await ctx.store.insert('order', id, record);
  if (requestId && !(await ctx.store.insert('idem', `order:${requestId}`, { orderId: id }))) {
    // another call with this request id got there first: its order is the answer
    const seen = await ctx.store.get<{ orderId: string }>('idem', `order:${requestId}`);
    const existing = seen && (await ctx.store.get<TOrderRecord>('order', seen.orderId));
    if (existing) return { status: 200, body: orderJson(ctx, existing) };
  }
  return { status: 201, body: orderJson(ctx, record) };
}

/** An order the payer has not approved is gone three hours after it was made (product clock), as PayPal's are. */
export const ORDER_LIFETIME_MS = 3 * 3600_000;
export const expired = (ctx: TCtx, record: TOrderRecord) =>
  (WAITING as readonly string[]).includes(record.status) &&
  Date.parse(String(record.order.create_time)) + ORDER_LIFETIME_MS <= ctx.clock.nowMs();

/** An order by its id; RESOURCE_NOT_FOUND for none, and for one left unapproved past its lifetime. */
export async function readOrder(ctx: TCtx, id: string): Promise<TOrderRecord> {
  const record = ORDER_ID.test(id) ? await ctx.store.get<TOrderRecord>('order', id) : null;
  if (!record || expired(ctx, record)) throw notFound();
  return record;
}

/**
 * POST /v2/checkout/orders/{id}/capture: only an approved order; a payer whose address has "declined" is refused
 * (INSTRUMENT_DECLINED, the order stays approved); a second capture is ORDER_ALREADY_CAPTURED, except with the
 * PayPal-Request-Id of the one that completed it, which answers that capture again.
 */
export async function captureOrder(ctx: TCtx, id: string, requestId: string | null) {
  if (requestId !== null && !REQUEST_ID.test(requestId)) throw invalid('PayPal-Request-Id', 'header', 'INVALID_PARAMETER_VALUE');
  for (;;) {
    const record = await readOrder(ctx, id);
    if (record.status === 'COMPLETED') {
      if (requestId && record.captureRequestId === requestId) return { status: 201, body: orderJson(ctx, record) };
      throw unprocessable(
        'ORDER_ALREADY_CAPTURED',
        "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
      );
    }
    if (record.status !== 'APPROVED')
      throw unprocessable(
        'ORDER_NOT_APPROVED',
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
      );
    if ((record.payerEmail ?? '').toLowerCase().includes('declined'))
      throw unprocessable(
        'INSTRUMENT_DECLINED',
        "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
      );
    const now = ctx.clock.now().toISOString();
    const unit = obj((record.order.purchase_units as unknown[])[0]);
    const captureId = paypalId();
    const capture = {
      id: captureId,
      status: 'COMPLETED',
      amount: unit.amount,
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
      seller_receivable_breakdown: receivable(unit.amount as TJson),
      supplementary_data: { related_ids: { order_id: id } },
      create_time: now,
      update_time: now,
      links: captureLinks(ctx, captureId, id),
    };
    const completed: TOrderRecord = {
      ...record,
      status: 'COMPLETED',
      captureRequestId: requestId,
      order: {
        ...record.order,
        status: 'COMPLETED',
        purchase_units: [{ ...unit, payments: { captures: [capture] } }],
        update_time: now,
      },
    };
    // one capture per order, whichever call gets here first; the loser reads what the winner did
    if (!(await ctx.store.replaceIf('order', id, 'status', 'APPROVED', completed))) continue;
    await ctx.store.put('capture', captureId, { orderId: id });
    ctx.webhooks.sendLater(
      'PAYMENT.CAPTURE.COMPLETED',
      'capture',
      `Payment completed for ${String(obj(unit.amount).value)} ${String(obj(unit.amount).currency_code)}`,
      capture,
    );
    return { status: 201, body: orderJson(ctx, completed) };
  }
}

/** A capture's links: itself, and the order it captured (`up`). */
const captureLinks = (ctx: TCtx, captureId: string, orderId: string) => [
  { href: `${ctx.base}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
  { href: `${ctx.base}/v2/payments/captures/${captureId}/refund`, rel: 'refund', method: 'POST' },
  { href: `${ctx.base}/v2/checkout/orders/${orderId}`, rel: 'up', method: 'GET' },
];

/**
 * What the merchant receives of a capture: the gross, PayPal's fee (its standard rate for PayPal checkout, 3.49 %
 * plus 0.49 in the currency's major unit, rounded to the cent) and the net.
 */
function receivable(amount: TJson) {
  const currency = String(amount.currency_code);
  const gross = fromPayPalAmount(amount.value) ?? 0;
  const fee = Math.min(gross, Math.round(gross * 0.0349) + 49);
  const money = (minor: number) => ({ currency_code: currency, value: toPayPalAmount(minor) });
  return { gross_amount: money(gross), paypal_fee: money(fee), net_amount: money(gross - fee) };
}

/** GET /v2/payments/captures/{id}: a capture on its own, as its `self` link reads it. */
export async function readCapture(ctx: TCtx, captureId: string) {
  const seen = ORDER_ID.test(captureId) ? await ctx.store.get<{ orderId: string }>('capture', captureId) : null;
  const record = seen ? await ctx.store.get<TOrderRecord>('order', seen.orderId) : null;
  const unit = record ? obj((record.order.purchase_units as unknown[])[0]) : {};
  const capture = ((obj(unit.payments).captures as TJson[] | undefined) ?? []).find((c) => c.id === captureId);
  if (!capture) throw notFound();
  return capture;
}

export { ApiError };
