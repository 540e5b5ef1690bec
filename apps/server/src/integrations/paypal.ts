/**
 * PayPal's REST API as the product calls it: Orders v2 (a brand's payment, captured by the platform), Payouts (an
 * influencer's withdrawal) and the webhook-signature check. A small client over fetch at the configured base URL
 * (real PayPal, or the sandbox's emulator under /sandbox/paypal). Amounts are minor units (cents) here and strings
 * with two decimals on the wire. Nothing here logs: tokens, secrets and payer e-mails stay out of every log.
 */

import { fromPayPalAmount, toPayPalAmount } from '@virality/domain';

/** Shared with the sandbox's stand-in, which must agree (packages/domain rules/outside-services). */
export { fromPayPalAmount, toPayPalAmount } from '@virality/domain';

/** A PayPal failure: its HTTP status (0: no answer), PayPal's `name` and first `issue`, and whether a retry may help. */
export class PayPalError extends Error {
  constructor(
    readonly status: number,
    /** PayPal's error name (UNPROCESSABLE_ENTITY, USER_BUSINESS_ERROR, INTERNAL_SERVER_ERROR, …); NETWORK_ERROR without an answer. */
    readonly errorName: string,
    /** The first detail's issue (INSTRUMENT_DECLINED, ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, …), when PayPal gave one. */
    readonly issue: string | null,
    message: string,
    /** 5xx, a timeout or no answer: the same call (same request id) may be made again. */
    readonly retryable: boolean,
    readonly debugId: string | null = null,
  ) {
    super(message);
    this.name = 'PayPalError';
  }
}

export const isPayPalError = (err: unknown): err is PayPalError => err instanceof PayPalError;

export type TPayPalCapture = {
  id: string;
  status: string;
  amountMinor: number;
  currency: string;
  finalCapture: boolean;
  createTime: string | null;
};

/** An order as the product reads it. */
export type TPayPalOrder = {
  id: string;
  status: string;
  /** Where the payer approves (while the order waits for them). */
  approveUrl: string | null;
  amountMinor: number | null;
  currency: string | null;
  customId: string | null;
  payerId: string | null;
  captures: TPayPalCapture[];
};

export type TNewOrder = {
  amountMinor: number;
  currency: 'USD';
  /** PayPal-Request-Id: the same id never makes a second order. */
  requestId: string;
  returnUrl: string;
  cancelUrl: string;
  brandName: string;
  customId: string;
  description: string;
};

export type TPayoutItem = {
  itemId: string;
  batchId: string;
  transactionId: string | null;
  /** SUCCESS | FAILED | PENDING | UNCLAIMED | RETURNED | ONHOLD | BLOCKED | REFUNDED | REVERSED */
  status: string;
  amountMinor: number;
  currency: string;
  senderItemId: string | null;
  /** PayPal's error name for an item that did not succeed (RECEIVER_UNREGISTERED, …). */
  errorName: string | null;
};

export type TPayoutBatch = {
  batchId: string;
  senderBatchId: string | null;
  /** DENIED | PENDING | PROCESSING | SUCCESS | CANCELED */
  status: string;
  items: TPayoutItem[];
};

export type TNewPayout = {
  /** The payout's own id: PayPal refuses a second batch with it, so a retry never pays twice. */
  senderBatchId: string;
  emailSubject?: string;
  items: {
    /** A PayPal account's e-mail address, or its PayPal id (payer id). */
    receiver: string;
    amountMinor: number;
    currency: 'USD';
    senderItemId: string;
    note: string;
  }[];
};

/** What the product needs of PayPal; tests may pass their own. */
export type TPayPalGateway = {
  createOrder(input: TNewOrder): Promise<TPayPalOrder>;
  getOrder(id: string): Promise<TPayPalOrder>;
  /** Captures an approved order; the same requestId answers the same capture again. */
  captureOrder(id: string, requestId: string): Promise<TPayPalOrder>;
  /**
   * Sends a payout batch. A repeat with the same sender batch id is refused by PayPal: the batch it names is read
   * and returned with `alreadyExisted` (no second payout); when PayPal does not say which batch, a PayPalError
   * with issue SENDER_BATCH_ID_ALREADY_EXISTS is thrown and the caller reads the batch id it kept.
   */
  createPayout(input: TNewPayout): Promise<TPayoutBatch & { alreadyExisted: boolean }>;
  getPayoutBatch(batchId: string): Promise<TPayoutBatch>;
  getPayoutItem(itemId: string): Promise<TPayoutItem>;
  /** Cancels an unclaimed payout item (its money goes back to the sender); PayPal answers the item, RETURNED. */
  cancelPayoutItem(itemId: string): Promise<TPayoutItem>;
  /** True only when PayPal says this delivery (its headers and exact body) is its own. */
  verifyWebhookSignature(headers: Record<string, string | string[] | undefined>, rawBody: string | Buffer): Promise<boolean>;
};

/** The issue PayPal gives for a sender_batch_id used before (mapped from its answers). */
export const DUPLICATE_BATCH_ISSUE = 'SENDER_BATCH_ID_ALREADY_EXISTS';

type TJson = Record<string, unknown>;
const obj = (v: unknown): TJson => (v && typeof v === 'object' && !Array.isArray(v) ? (v as TJson) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

const captureOf = (c: unknown): TPayPalCapture => {
  const o = obj(c);
  const amount = obj(o.amount);
  return {
    id: String(o.id ?? ''),
    status: String(o.status ?? ''),
    amountMinor: fromPayPalAmount(amount.value) ?? 0,
    currency: String(amount.currency_code ?? ''),
    finalCapture: o.final_capture === true,
    createTime: str(o.create_time),
  };
};

/** Reads an order (or a capture answer): its status, amount, approve link and every capture of every unit. */
export function orderOf(body: unknown): TPayPalOrder {
  const o = obj(body);
  const units = arr(o.purchase_units).map(obj);
  const first = units[0] ?? {};
  const amount = obj(first.amount);
  const approve = arr(o.links)
    .map(obj)
    .find((l) => l.rel === 'approve' || l.rel === 'payer-action');
  return {
    id: String(o.id ?? ''),
    status: String(o.status ?? ''),
    approveUrl: str(approve?.href),
    amountMinor: fromPayPalAmount(amount.value),
    currency: str(amount.currency_code),
    customId: str(first.custom_id),
    payerId: str(obj(o.payer).payer_id),
    captures: units.flatMap((u) => arr(obj(u.payments).captures).map(captureOf)),
  };
}

/** Reads a payout item (as the batch lists it, as read alone, or as a webhook carries it). */
export function payoutItemOf(body: unknown): TPayoutItem {
  const o = obj(body);
  const item = obj(o.payout_item);
  const amount = obj(item.amount);
  const errors = o.errors;
  const errorName = Array.isArray(errors) ? str(obj(errors[0]).name) : str(obj(errors).name);
  return {
    itemId: String(o.payout_item_id ?? ''),
    batchId: String(o.payout_batch_id ?? ''),
    transactionId: str(o.transaction_id),
    status: String(o.transaction_status ?? ''),
    amountMinor: fromPayPalAmount(amount.value) ?? 0,
    currency: String(amount.currency ?? ''),
    senderItemId: str(item.sender_item_id),
    errorName,
  };
}

export function payoutBatchOf(body: unknown): TPayoutBatch {
  const o = obj(body);
  const header = obj(o.batch_header);
  const batchId = String(header.payout_batch_id ?? '');
  return {
    batchId,
    senderBatchId: str(obj(header.sender_batch_header).sender_batch_id),
    status: String(header.batch_status ?? ''),
    items: arr(o.items).map((i) => ({ ...payoutItemOf(i), batchId: str(obj(i).payout_batch_id) ?? batchId })),
  };
}

/** The PayPal error of an answer that is not 2xx. */
function errorOf(status: number, body: unknown): PayPalError {
  const o = obj(body);
  // the token call answers OAuth's shape: {error, error_description}
  const name = str(o.name) ?? str(o.error) ?? `HTTP_${status}`;
  const detail = obj(arr(o.details)[0]);
  const issue = str(detail.issue);
  const message = str(detail.description) ?? str(o.message) ?? str(o.error_description) ?? `PayPal answered ${status}`;
  return new PayPalError(status, name, issue, message, status >= 500 || status === 429, str(o.debug_id));
}

/** PayPal's refusal of a sender_batch_id used before, and the batch it names when it names one. */
function duplicateBatch(err: PayPalError, body: unknown): { batchId: string | null } | null {
  if (err.status !== 400 || err.errorName !== 'USER_BUSINESS_ERROR') return null;
  const details = arr(obj(body).details).map(obj);
  const about = details.find((d) => /sender_batch_id/i.test(String(d.field ?? '')) || /batch/i.test(String(d.issue ?? '')));
  if (!about) return null;
  for (const link of arr(about.link ?? about.links).map(obj)) {
    const m = /\/v1\/payments\/payouts\/([A-Za-z0-9]+)$/.exec(String(link.href ?? ''));
    if (m) return { batchId: m[1] };
  }
  return { batchId: null };
}

const TIMEOUT_MS = 20_000;
/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 5 * 60_000;

/** The production adapter: PayPal's REST API at `baseUrl` through the process's fetch. */
export function createPayPalGateway(opts: {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  fetch: typeof fetch;
  /** Wall-clock time for the token's lifetime (tests move it). */
  nowMs?: () => number;
}): TPayPalGateway {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const now = opts.nowMs ?? Date.now;
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function send(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await opts.fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      const timeout = (err as Error).name === 'TimeoutError';
      throw new PayPalError(
        0,
        'NETWORK_ERROR',
        null,
        timeout ? 'PayPal did not answer in time' : 'PayPal could not be reached',
        true,
      );
    }
    const text = await res.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: res.status, body };
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64');
    const { status, body } = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (status < 200 || status >= 300) throw errorOf(status, body);
    const o = obj(body);
    const value = str(o.access_token);
    if (!value) throw new PayPalError(status, 'INVALID_TOKEN_ANSWER', null, 'PayPal answered no access token', true);
    const lifetimeMs = (typeof o.expires_in === 'number' ? o.expires_in : 0) * 1000;
    token = { value, expiresAt: now() + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS) };
    return value;
  }

  /** The cached token while it has more than a few minutes left; else a new one (one request for concurrent callers). */
  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  /** An authorized JSON call: a 401 (the token ended early) gets one new token and one more try. */
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken();
      const answer = await send(path, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (answer.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (answer.status < 200 || answer.status >= 300)
        return { ok: false as const, ...answer, error: errorOf(answer.status, answer.body) };
      return { ok: true as const, ...answer };
    }
  }

  const must = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const answer = await call(method, path, body, headers);
    if (!answer.ok) throw answer.error;
    return answer.body;
  };
  const seg = (id: string) => encodeURIComponent(id);

  const gateway: TPayPalGateway = {
    async createOrder(input) {
      const body = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.customId,
            custom_id: input.customId,
            description: input.description.slice(0, 127),
            amount: { currency_code: input.currency, value: toPayPalAmount(input.amountMinor) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: input.brandName.slice(0, 127),
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
            },
          },
        },
      };
      return orderOf(await must('POST', '/v2/checkout/orders', body, { 'paypal-request-id': input.requestId }));
    },
    async getOrder(id) {
      return orderOf(await must('GET', `/v2/checkout/orders/${seg(id)}`));
    },
    async captureOrder(id, requestId) {
      return orderOf(
        await must(
          'POST',
          `/v2/checkout/orders/${seg(id)}/capture`,
          {},
          {
            'paypal-request-id': requestId,
            prefer: 'return=representation',
          },
        ),
      );
    },
    async createPayout(input) {
      const body = {
        sender_batch_header: {
          sender_batch_id: input.senderBatchId,
          email_subject: input.emailSubject ?? 'You have a payout',
        },
        items: input.items.map((i) => ({
          recipient_type: i.receiver.includes('@') ? 'EMAIL' : 'PAYPAL_ID',
          amount: { value: toPayPalAmount(i.amountMinor), currency: i.currency },
          receiver: i.receiver,
          note: i.note,
          sender_item_id: i.senderItemId,
        })),
      };
      const answer = await call('POST', '/v1/payments/payouts', body, { 'paypal-request-id': input.senderBatchId });
      if (answer.ok) return { ...payoutBatchOf(answer.body), alreadyExisted: false };
      const duplicate = duplicateBatch(answer.error, answer.body);
      if (!duplicate) throw answer.error;
      if (!duplicate.batchId)
        throw new PayPalError(
          400,
          'USER_BUSINESS_ERROR',
          DUPLICATE_BATCH_ISSUE,
          'A batch with this sender_batch_id exists',
          false,
        );
      return { ...(await gateway.getPayoutBatch(duplicate.batchId)), alreadyExisted: true };
    },
    async getPayoutBatch(batchId) {
      return payoutBatchOf(await must('GET', `/v1/payments/payouts/${seg(batchId)}`));
    },
    async getPayoutItem(itemId) {
      return payoutItemOf(await must('GET', `/v1/payments/payouts-item/${seg(itemId)}`));
    },
    async cancelPayoutItem(itemId) {
      return payoutItemOf(await must('POST', `/v1/payments/payouts-item/${seg(itemId)}/cancel`, {}));
    },
    async verifyWebhookSignature(headers, rawBody) {
      const h = (name: string) => {
        const v = headers[name] ?? headers[name.toLowerCase()];
        return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
      };
      const fields = {
        auth_algo: h('paypal-auth-algo'),
        cert_url: h('paypal-cert-url'),
        transmission_id: h('paypal-transmission-id'),
        transmission_sig: h('paypal-transmission-sig'),
        transmission_time: h('paypal-transmission-time'),
      };
      if (Object.values(fields).some((v) => !v)) return false;
      let event: unknown;
      try {
        event = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
      } catch {
        return false;
      }
      const body = await must('POST', '/v1/notifications/verify-webhook-signature', {
        ...fields,
        webhook_id: opts.webhookId,
        webhook_event: event,
      });
      return obj(body).verification_status === 'SUCCESS';
    },
  };
  return gateway;
}

/** The gateway the configuration names (in the sandbox: its emulator); null when PayPal is not configured. */
export function paypalGatewayFor(
  config: { clientId: string | null; clientSecret: string | null; webhookId: string | null; baseUrl: string },
  fetchFn: typeof fetch,
): TPayPalGateway | null {
  const { clientId, clientSecret, webhookId, baseUrl } = config;
  if (!clientId || !clientSecret || !webhookId) return null;
  return createPayPalGateway({ baseUrl, clientId, clientSecret, webhookId, fetch: fetchFn });
}
