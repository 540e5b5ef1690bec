import { randomBytes } from 'node:crypto';
import type { TSandboxClock } from '../seams';
import type { TPayPalStore } from './store';
import type { TWebhooks } from './webhooks';

/** What the emulator's routes share. */
export type TCtx = {
  store: TPayPalStore;
  webhooks: TWebhooks;
  clock: TSandboxClock;
  publicUrl: string;
  /** The emulated API's base URL (`${PUBLIC_URL}/sandbox/paypal`). */
  base: string;
  /** The platform's account: the payee of every order. */
  payeeEmail: string;
  merchantId: string;
  /** How long a payout item stays PENDING (product clock). */
  settleAfterMs: number;
};

const debugId = () => randomBytes(7).toString('hex').slice(0, 13);

/**
 * A failure answered in PayPal's shape. Orders (and the rest of the REST APIs): `{name, message, debug_id,
 * details:[{field?, location?, issue, description?}], links:[information_link]}`; Payouts answers in its own, older
 * shape: `{name, message, debug_id, information_link, details, links: []}`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    message: string,
    readonly details: Record<string, unknown>[] = [],
    readonly api: 'orders' | 'payouts' = 'orders',
  ) {
    super(message);
  }

  body() {
    if (this.api === 'payouts')
      return {
        name: this.errorName,
        message: this.message,
        debug_id: debugId(),
        information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
        ...(this.details.length ? { details: this.details } : {}),
        links: [],
      };
    return {
      name: this.errorName,
      message: this.message,
      debug_id: debugId(),
      ...(this.details.length ? { details: this.details } : {}),
      links: [
        {
          href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${this.errorName}`,
          rel: 'information_link',
          method: 'GET',
        },
      ],
    };
  }
}

export const invalid = (field: string, location: 'body' | 'header' | 'path', issue: string) =>
  new ApiError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
    { field, location, issue },
  ]);

export const notFound = () =>
  new ApiError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    {
      issue: 'INVALID_RESOURCE_ID',
      description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
    },
  ]);

export const unprocessable = (issue: string, description: string) =>
  new ApiError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    [{ issue, description }],
  );

/** Payouts' own validation error (`VALIDATION_ERROR`, a detail per field). */
export const validation = (field: string, issue: string, location: 'body' | 'query' = 'body') =>
  new ApiError(400, 'VALIDATION_ERROR', 'Invalid request - see details', [{ field, location, issue }], 'payouts');

/** Payouts' answer for an id it does not know. */
export const payoutsNotFound = () =>
  new ApiError(404, 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.', [], 'payouts');
