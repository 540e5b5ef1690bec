/** The one error type of the server: an HTTP status, the user-facing message and an optional payload. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly response: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, response: unknown = null) => new AppError(400, message, response);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string, response: unknown = null) => new AppError(403, message, response);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooMany = (message: string, response: unknown = null) => new AppError(429, message, response);
