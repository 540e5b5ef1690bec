import { createHash, randomBytes } from 'node:crypto';
import type { TSocialNetworkKey } from '@virality/domain';
import { NetworkError, type TFetch } from './types';

/** How long one call to a network may take before it counts as a passing failure. */
export const NETWORK_TIMEOUT_MS = 15_000;

export type TNetworkResponse = { status: number; headers: Headers; body: unknown };

/**
 * One call to a network: a timeout, a connection failure or a 5xx is a passing failure (`retry`), whatever
 * the body says; anything else is returned for the adapter to read (its error shapes differ per network).
 */
export async function callNetwork(
  fetchFn: TFetch,
  network: TSocialNetworkKey,
  url: string,
  init: RequestInit,
): Promise<TNetworkResponse> {
  let res: Response;
  try {
    res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(NETWORK_TIMEOUT_MS) });
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
    throw new NetworkError(
      network,
      'retry',
      timedOut ? 'the network did not answer in time' : 'the network could not be reached',
    );
  }
  const text = await res.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // a form-encoded or HTML answer stays text
  }
  if (res.status >= 500) throw new NetworkError(network, 'retry', `the network answered ${res.status}`, { status: res.status });
  return { status: res.status, headers: res.headers, body };
}

/** When a rate limit lifts: a `Retry-After` (seconds or a date), an epoch-seconds reset header, or `fallbackSeconds`. */
export function retryAtFrom(headers: Headers, now: Date, resetHeader: string | null, fallbackSeconds = 60): Date {
  const after = headers.get('retry-after');
  if (after && /^\d+$/.test(after)) return new Date(now.getTime() + Number(after) * 1000);
  if (after && !Number.isNaN(Date.parse(after))) return new Date(after);
  const reset = resetHeader ? headers.get(resetHeader) : null;
  if (reset && /^\d+$/.test(reset)) return new Date(Number(reset) * 1000);
  return new Date(now.getTime() + fallbackSeconds * 1000);
}

/** A PKCE pair (RFC 7636, S256). */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };

/** An expiry `seconds` from `now`, or null when the network gave none. */
export const expiresIn = (now: Date, seconds: unknown): Date | null =>
  typeof seconds === 'number' && seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null;
