/**
 * Every refused or failed API call answers `{ status: false, message, response, code }`. `message` is for
 * people and may be reworded; `code` is for programs and never changes meaning once published: a client
 * branches on it, never on the message. Each code belongs to one kind, which fixes its HTTP status.
 */
export const ERROR_KINDS = {
  /** The request itself is wrong: a missing or malformed field, a rule not met. */
  invalid: 400,
  /** No live session: no token, an expired or revoked one, a deactivated account. */
  unauthenticated: 401,
  /** The account's plan does not allow this: no plan, or it has ended. */
  payment_required: 402,
  /** A live session that may not do this: wrong role, another account's or organisation's record. */
  forbidden: 403,
  /** What the call names does not exist (or is not the caller's to know about). */
  not_found: 404,
  /** The call collides with the current state: taken, already done, changed meanwhile. */
  conflict: 409,
  /** The body is larger than the call accepts. */
  too_large: 413,
  /** The body is not of a type the call accepts. */
  unsupported: 415,
  /** Too many calls: wait and try again. */
  rate_limited: 429,
  /** Our fault: nothing about it is shown; it is logged without personal data. */
  internal: 500,
  /** A service we depend on (mail, SMS) is not available: try again later. */
  unavailable: 503,
} as const;
export type TErrorKind = keyof typeof ERROR_KINDS;

export const ERROR_CODES = {
  VALIDATION_FAILED: 'invalid',
  BAD_REQUEST: 'invalid',
  UNAUTHORIZED: 'unauthenticated',
  PLAN_REQUIRED: 'payment_required',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'not_found',
  ROUTE_NOT_FOUND: 'not_found',
  CONFLICT: 'conflict',
  ALREADY_EXISTS: 'conflict',
  PAYLOAD_TOO_LARGE: 'too_large',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported',
  RATE_LIMITED: 'rate_limited',
  INTERNAL: 'internal',
  UNAVAILABLE: 'unavailable',
} as const satisfies Record<string, TErrorKind>;
export type TErrorCode = keyof typeof ERROR_CODES;

/** The general code of a status, for an error that names no code of its own. */
export function codeForStatus(status: number): TErrorCode {
  switch (status) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 402:
      return 'PLAN_REQUIRED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'UNAVAILABLE';
    default:
      return status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL';
  }
}

export const kindOf = (code: TErrorCode): TErrorKind => ERROR_CODES[code];
export const statusOf = (code: TErrorCode): number => ERROR_KINDS[ERROR_CODES[code]];

/** The envelope of a refused or failed call. */
export type TErrorEnvelope = { status: false; message: string; response: unknown; code: TErrorCode };
