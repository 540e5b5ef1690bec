import { MSG, type TErrorCode } from '@virality/domain';
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

export type TEnvelope<T> = { status: boolean; message: string; response: T };

let onUnauthorized: () => void = () => {
  clearSession();
  window.location.assign('/login');
};
/** Lets the app decide what a 401 does (toast, then go to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type TOptions = {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  base?: keyof typeof API_BASE;
};

/** Calls the main API and returns its envelope; throws ApiError with the server's message on failure. */
export async function apiCall<T>(path: string, opts: TOptions = {}): Promise<TEnvelope<T>> {
  const base = API_BASE[opts.base ?? 'main'];
  const qs = opts.query
    ? `?${new URLSearchParams(Object.entries(opts.query).filter(([, v]) => v !== undefined && v !== null) as [string, string][]).toString()}`
    : '';
  const session = readSession();
  const headers: Record<string, string> = {};
  if (session) headers['x-access-token'] = session.token;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(`${base}/${path.replace(/^\//, '')}${qs}`, { method: opts.method ?? 'GET', headers, body });
  } catch {
    throw new ApiError(MSG.networkLost, 0);
  }
  const json = (await res.json().catch(() => null)) as (TEnvelope<T> & { code?: TErrorCode }) | null;
  if (res.status === 401 && session) {
    onUnauthorized();
  }
  if (!res.ok || !json || json.status === false) {
    throw new ApiError(json?.message || MSG.somethingWentWrong, res.status, json?.response ?? null, json?.code ?? null);
  }
  return json;
}

export const api = {
  get: <T>(path: string, query?: TOptions['query']) => apiCall<T>(path, { query }),
  post: <T>(path: string, body?: unknown, query?: TOptions['query']) => apiCall<T>(path, { method: 'POST', body, query }),
  put: <T>(path: string, body?: unknown, query?: TOptions['query']) => apiCall<T>(path, { method: 'PUT', body, query }),
  del: <T>(path: string, body?: unknown, query?: TOptions['query']) => apiCall<T>(path, { method: 'DELETE', body, query }),
};
