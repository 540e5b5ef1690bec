import { codeForStatus, kindOf, type TErrorCode, type TErrorKind } from '@virality/domain';

/**
 * The one error type of the server: an HTTP status, the user-facing message, an optional payload and a
 * stable code (see packages/domain contracts/errors): the general code of the status unless one is given.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly response: unknown = null,
    code?: TErrorCode,
  ) {
    super(message);
    this.name = 'AppError';
    // a 400 that names the fields at fault is a validation failure, like a refused request schema
    const fieldErrors = statusCode === 400 && typeof response === 'object' && response !== null && 'errors' in response;
    this.code = code ?? (fieldErrors ? 'VALIDATION_FAILED' : codeForStatus(statusCode));
  }
  get kind(): TErrorKind {
    return kindOf(this.code);
  }
}

export const badRequest = (message: string, response: unknown = null, code?: TErrorCode) =>
  new AppError(400, message, response, code);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string, response: unknown = null) => new AppError(403, message, response);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, code: TErrorCode = 'CONFLICT') => new AppError(409, message, null, code);
export const tooMany = (message: string, response: unknown = null) => new AppError(429, message, response);
