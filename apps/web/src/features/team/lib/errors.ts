import { MSG, TEAM_MSG } from '@virality/domain';
import { ApiError } from '../../../lib/api-client';

/**
 * The server's own words when it answered with one, else `fallback` (network loss, unknown failure): by
 * default 'An unknown error occurred.'.
 */
export function serverText(err: unknown, fallback: string = TEAM_MSG.unknownError): string {
  if (err instanceof ApiError && err.status > 0 && err.message && err.message !== MSG.somethingWentWrong) return err.message;
  return fallback;
}

/** Field → message from a 400 answer's response.errors, or null. */
export function fieldErrors(err: unknown): Record<string, string> | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const errors = (err.response as { errors?: Record<string, string> } | null)?.errors;
  return errors && typeof errors === 'object' && Object.keys(errors).length > 0 ? errors : null;
}
