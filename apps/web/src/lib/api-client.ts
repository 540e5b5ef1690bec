import { MSG, type TApiCall, type TApiResponse, type TErrorCode } from '@virality/domain';
import { clearSession, readSession } from './auth-storage';

/** Base URLs of the three API surfaces; each can be moved to its own host. */
export const API_BASE = {
  main: (import.meta.env.VITE_API_URL as string | undefined) ?? '/api',
  sph: (import.meta.env.VITE_SPH_URL as string | undefined) ?? '/sph',
  admin: (import.meta.env.VITE_ADMIN_API_URL as string | undefined) ?? '/api',
};

/** An API answer that was not a success; `message` is the server's text, ready for a toast. */
/** A refused or failed call: the server's message, the HTTP status (0: no answer), its payload and stable code. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly response: unknown = null,
    readonly code: TErrorCode | null = null,
  ) {
    super(message);
  }
}

/**
 * An answer; a paged list of the social-posting API also says how many pages and items there are in all, and
 * the calendar's range its days' counts (day_counts) or that it was cut (truncated).
 */
export type TEnvelope<T> = {
  status: boolean;
  message: string;
  response: T;
  pages?: number;
  total?: number;
  day_counts?: Record<string, number>;
  truncated?: boolean;
};
type TSphEnvelope<T> = {
  response_code: number;
  response_message: string;
  response_data: T;
  pages?: number;
  total?: number;
  day_counts?: Record<string, number>;
  truncated?: boolean;
};

let onUnauthorized: () => void = () => {
  clearSession();
  window.location.assign('/login');
};
/** The token of a session this page is ending on purpose (the account being deleted), while it does so. */
let endingToken: string | null = null;
const endedOnPurpose = (token: string) => token === endingToken;

/**
 * Runs a call that ends this session on purpose (closing the account): the end it causes reaches the page by the
 * live stream or a 401 racing the call's own answer, and is not taken for a lost session (no "log in again").
 * The caller clears the session once the call succeeded; a failed call leaves the session as it was.
 */
export async function whileEndingSession<T>(run: () => Promise<T>): Promise<T> {
  endingToken = readSession()?.token ?? null;
  try {
    return await run();
  } catch (err) {
    endingToken = null;
    throw err;
  }
}

/** The server said this session has ended (its live stream closed it): what a 401 does, done now. */
export function sessionEnded(): void {
  const session = readSession();
  if (session && !endedOnPurpose(session.token)) onUnauthorized();
}

/** Lets the app decide what a 401 does (toast, then go to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** How calls reach the API: the browser's fetch, or, where the server renders a page with its data, the server's own. */
let send: typeof fetch = (input, init) => fetch(input, init);
/** The server rendering a page (src/prerender.tsx) answers its calls itself. */
export function setApiFetch(fetcher: typeof fetch): void {
  send = fetcher;
}

type TOptions = {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  base?: keyof typeof API_BASE;
  /** Headers of the call itself (an Idempotency-Key). */
  headers?: Record<string, string>;
};

/** Calls the main API and returns its envelope; throws ApiError with the server's message on failure. */
export async function apiCall<T>(path: string, opts: TOptions = {}): Promise<TEnvelope<T>> {
  const base = API_BASE[opts.base ?? 'main'];
  const qs = opts.query
    ? `?${new URLSearchParams(Object.entries(opts.query).filter(([, v]) => v !== undefined && v !== null) as [string, string][]).toString()}`
    : '';
  const session = readSession();
  const headers: Record<string, string> = { ...opts.headers };
  if (session) headers['x-access-token'] = session.token;
  let body: BodyInit | undefined;
  // a file's bytes (a CSV) go as they are, with the Blob's own type
  if (opts.body instanceof FormData || opts.body instanceof Blob) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await send(`${base}/${path.replace(/^\//, '')}${qs}`, { method: opts.method ?? 'GET', headers, body });
  } catch {
    throw new ApiError(MSG.networkLost, 0);
  }
  const raw = (await res.json().catch(() => null)) as (TEnvelope<T> & TSphEnvelope<T> & { code?: TErrorCode }) | null;
  if (res.status === 401 && session && !endedOnPurpose(session.token)) {
    onUnauthorized();
  }
  // the social-posting API answers {response_code, response_message, response_data}: read as the main envelope
  const json: (TEnvelope<T> & { code?: TErrorCode }) | null =
    raw && 'response_code' in raw
      ? {
          status: raw.response_code === 200,
          message: raw.response_message,
          response: raw.response_data,
          code: raw.code,
          pages: raw.pages,
          total: raw.total,
          day_counts: raw.day_counts,
          truncated: raw.truncated,
        }
      : raw;
  if (!res.ok || !json || json.status === false) {
    throw new ApiError(json?.message || MSG.somethingWentWrong, res.status, json?.response ?? null, json?.code ?? null);
  }
  return json;
}

/** The paths of the main API's calls of one method, as the client writes them (without the leading slash). */
type TPathOf<M extends string> = TApiCall extends infer K ? (K extends `${M} /${infer P}` ? P : never) : never;
/** What a call answers, from the shared contract of `METHOD /path`. */
type TAnswer<M extends string, P extends string> = `${M} /${P}` extends TApiCall ? TApiResponse<`${M} /${P}`> : never;

/**
 * The main API's calls, typed by their path: what each answers comes from the contracts in packages/domain
 * that the server also sends its answers through, so the two cannot drift apart.
 */
export const api = {
  get: <P extends TPathOf<'GET'>>(path: P, query?: TOptions['query']) => apiCall<TAnswer<'GET', P>>(path, { query }),
  post: <P extends TPathOf<'POST'>>(path: P, body?: unknown, query?: TOptions['query']) =>
    apiCall<TAnswer<'POST', P>>(path, { method: 'POST', body, query }),
  put: <P extends TPathOf<'PUT'>>(path: P, body?: unknown, query?: TOptions['query']) =>
    apiCall<TAnswer<'PUT', P>>(path, { method: 'PUT', body, query }),
  del: <P extends TPathOf<'DELETE'>>(path: P, body?: unknown, query?: TOptions['query']) =>
    apiCall<TAnswer<'DELETE', P>>(path, { method: 'DELETE', body, query }),
};

/**
 * The social-posting API's calls (under /sph). Its answers are read into the main envelope's shape
 * (`response_data` as `response`, `response_message` as `message`); each call file names its answer's type.
 */
export const sph = {
  get: <T>(path: string, query?: TOptions['query']) => apiCall<T>(path, { query, base: 'sph' }),
  post: <T>(path: string, body?: unknown) => apiCall<T>(path, { method: 'POST', body, base: 'sph' }),
  put: <T>(path: string, body?: unknown) => apiCall<T>(path, { method: 'PUT', body, base: 'sph' }),
};
