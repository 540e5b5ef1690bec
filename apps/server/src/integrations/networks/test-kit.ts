/**
 * Shared by the adapters' tests (not loaded by the app): a fetch that answers one documented response and records
 * what it was asked, and the NetworkError a call failed with.
 */
import { NetworkError } from './types';

/** A fetch answering `body` (JSON) with `status` and `headers` to every call, recording each request. */
export function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  }) as unknown as typeof fetch;
  return { fetchFn, calls };
}

/** The NetworkError `p` failed with (a test fails if it succeeded or failed otherwise). */
export async function networkFailure(p: Promise<unknown>): Promise<NetworkError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof NetworkError) return err;
    throw err;
  }
  throw new Error('expected a NetworkError');
}
