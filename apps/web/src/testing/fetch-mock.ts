import { vi } from 'vitest';

/** One call the page made: the path below /api/, its query and its parsed JSON body. */
export type TMockCall = { method: string; path: string; query: URLSearchParams; body: unknown };
/** An answer: the HTTP status (200 by default) and the whole envelope. */
export type TMockAnswer = { status?: number; body: unknown };
export type TMockHandler = (call: TMockCall) => TMockAnswer | undefined;

/**
 * Replaces fetch: `handler` answers `{status, body}` (body is the whole envelope) or undefined for a
 * 404. Every call is recorded in the returned list. Undo with `vi.unstubAllGlobals()`.
 */
export function mockFetch(handler: TMockHandler): TMockCall[] {
  const calls: TMockCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const rawBody = init?.body;
      const call: TMockCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api\//, ''),
        query: url.searchParams,
        body: typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody,
      };
      calls.push(call);
      const answer = handler(call) ?? { status: 404, body: { status: false, message: 'Not found', response: null } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** A success envelope around `response`. */
export const ok = (response: unknown, message = 'ok') => ({ body: { status: true, message, response } });

/** A failure envelope with its HTTP status. */
export const fail = (status: number, message: string, response: unknown = null) => ({
  status,
  body: { status: false, message, response },
});
