import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { AppError, badRequest } from '../errors';
import { errorForLog, scrub } from '../lib/scrub';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a multipart upload (readImageUpload): the only calls that take multipart/form-data. */
    upload?: boolean;
    /** What an upload call answers when its file is over the size limit (a profile image's message by default). */
    tooLarge?: string;
    /** The one body type the route takes instead of JSON ('text/csv'): anything else is 415 naming it. */
    bodyType?: string;
  }
}

export const BODY_TOO_LARGE = 'The request body is too large';
export const sendBodyAs = (type: string) => `Send the request body as ${type}`;
export const JSON_ONLY = sendBodyAs('application/json');
export const invalidCharacters = (field: string) => `Invalid characters in ${field}`;

/** The surfaces whose answers carry tokens or personal data, and whose bodies are JSON only. */
const PRIVATE_PATH = /^\/(api|sph|sandbox)(\/|$)/;
const API_PATH = /^\/(api|sph)(\/|$)/;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HSTS = 'max-age=31536000; includeSubDomains';

const pathOf = (url: string) => url.split('?')[0];
/** The route's own path ('/api/user/userLogin' even when asked as '/%61pi/user/userLogin'), else the URL's. */
const routePathOf = (req: FastifyRequest) => req.routeOptions.url ?? pathOf(req.url);

/** 'application/json; charset=utf-8' → 'application/json'; null when the header is absent or empty. */
function mediaType(header: string | undefined): string | null {
  const type = header?.split(';')[0].trim().toLowerCase();
  return type || null;
}

function hasBodyBytes(req: FastifyRequest): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > 0;
}

/** A route that takes a multipart upload (a multipart body elsewhere is refused before it is read). */
export const isUploadRoute = (req: FastifyRequest) => req.routeOptions.config?.upload === true;

const NUL = String.fromCharCode(0);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A NUL byte (PostgreSQL cannot store it) or an unpaired UTF-16 surrogate (not valid Unicode). */
const isBadText = (s: string) => s.includes(NUL) || LONE_SURROGATE.test(s);
/** A field name safe to echo back in a message. */
const shown = (s: string) => s.replaceAll(NUL, '\uFFFD').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');

/**
 * The top-level field of the first string (or key) with invalid text in a parsed body, query or
 * params; `whole` names the value itself when it is not an object. Walks without recursion, so a
 * deeply nested body cannot exhaust the stack.
 */
export function findInvalidText(value: unknown, whole: string): string | null {
  // children are pushed in reverse, so fields are checked (and the first bad one named) in body order
  const stack: [unknown, string][] = [];
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    for (const [key] of entries) if (isBadText(key)) return shown(key);
    for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i][1], entries[i][0]]);
  } else stack.push([value, whole]);
  while (stack.length > 0) {
    const [v, field] = stack.pop()!;
    if (typeof v === 'string') {
      if (isBadText(v)) return field;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], field]);
    } else if (v !== null && typeof v === 'object') {
      const items = Object.entries(v);
      for (const [key] of items) if (isBadText(key)) return field;
      for (let i = items.length - 1; i >= 0; i--) stack.push([items[i][1], field]);
    }
  }
  return null;
}

/**
 * The HTTP rules every call goes through:
 * - a state-changing call to the API sends JSON (multipart only to an upload route; a route naming its own
 *   `bodyType`, such as text/csv, that type only), else 415,
 *   checked before the body is read and after the route's own onRequest (the session check: 401 first);
 * - no NUL byte or unpaired surrogate in any string of the params, query or body: 400 naming the
 *   field, before the route's schema and before anything reaches the database;
 * - `Cache-Control: no-store` on /api, /sph and /sandbox (tokens and personal data);
 * - Strict-Transport-Security only on a request that came over HTTPS (helmet's own is off).
 * Fastify's text/plain parser is removed (the sandbox Google page registers its own form parser).
 */
export function registerHygiene(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');

  app.addHook('preParsing', async (req, _reply, payload) => {
    if (!STATE_CHANGING.has(req.method) || !API_PATH.test(routePathOf(req))) return payload;
    const type = mediaType(req.headers['content-type']);
    if (type === null && !hasBodyBytes(req)) return payload;
    const own = req.routeOptions.config?.bodyType;
    if (own) {
      if (type === own) return payload;
      throw new AppError(415, sendBodyAs(own));
    }
    if (type === 'application/json') return payload;
    if (type === 'multipart/form-data' && isUploadRoute(req)) return payload;
    throw new AppError(415, JSON_ONLY);
  });

  app.addHook('preValidation', async (req) => {
    const parts: [unknown, string][] = [
      [req.params, 'params'],
      [req.query, 'query'],
      [req.body, 'body'],
    ];
    for (const [value, whole] of parts) {
      const field = findInvalidText(value, whole);
      if (field !== null) {
        const message = invalidCharacters(field);
        throw badRequest(message, { errors: { [field]: message } });
      }
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (PRIVATE_PATH.test(routePathOf(req)) || PRIVATE_PATH.test(pathOf(req.url))) reply.header('cache-control', 'no-store');
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
}

/**
 * The logger options with a request serializer that logs the path only (the query string carries
 * e-mails, search terms and invitation tokens; the path is scrubbed too), and an error serializer
 * that logs errorForLog's summary.
 */
export function safeLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  if (logger === true) return safeLogger({ level: 'info' });
  if (typeof logger !== 'object') return logger;
  const options = logger as Exclude<FastifyServerOptions['logger'], boolean | undefined> & {
    serializers?: Record<string, unknown>;
  };
  return {
    ...options,
    serializers: {
      ...options.serializers,
      // any `log.x({ err })`: type, code, scrubbed message and stack, never a database error's values
      err: ((err: unknown) => errorForLog(err)) as never,
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: typeof req.url === 'string' ? scrub(pathOf(req.url)) : undefined,
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
