import { codeForStatus, MSG } from '@virality/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { errorForLog } from '../lib/scrub';
import { isSphRequest } from './envelope';
import { BODY_TOO_LARGE, isUploadRoute, JSON_ONLY } from './hygiene';

export const ALREADY_EXISTS = 'This already exists. Please reload and try again';

/** PostgreSQL's unique_violation (23505), on the error or the cause a query builder wrapped it in. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * One error handler for every surface: AppError → its status and message; schema validation → 400
 * with its own message; 413 and 415 → a message that fits the call; a unique-key race → 409;
 * anything else → 500 with
 * no internals shown, logged without personal data (errorForLog). Each answer carries its stable `code`.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  // the social-posting API answers a failure in its own envelope, with the same message and code
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 400 || !isSphRequest(request.url)) return payload;
    const p = payload as { status?: boolean; message?: string; response?: unknown; code?: string } | null;
    if (p?.status !== false) return payload;
    return { response_code: reply.statusCode, response_message: p.message, response_data: p.response ?? null, code: p.code };
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ status: false, message: error.message, response: error.response, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation;
      const errors: Record<string, string> = {};
      for (const issue of issues) {
        const field =
          String(issue.instancePath ?? '')
            .replace(/^\//, '')
            .split('/')[0] || '_';
        if (!errors[field]) errors[field] = issue.message ?? MSG.somethingWentWrong;
      }
      const first = issues[0];
      let message = first?.message ?? MSG.somethingWentWrong;
      if (/expected object, received undefined/i.test(message)) message = 'Request body is required';
      return reply.status(400).send({ status: false, message, response: { errors }, code: 'VALIDATION_FAILED' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429)
      return reply.status(429).send({ status: false, message: MSG.tooManyRequests, response: null, code: 'RATE_LIMITED' });
    if (status >= 400 && status < 500) {
      let message = error.message;
      if (status === 413)
        message = isUploadRoute(request) ? (request.routeOptions.config?.tooLarge ?? MSG.imageTooLarge) : BODY_TOO_LARGE;
      if (status === 415) message = JSON_ONLY;
      return reply.status(status).send({ status: false, message, response: null, code: codeForStatus(status) });
    }
    // Two requests raced for one unique value (an address, a name): the loser is told, not given a 500.
    if (isUniqueViolation(error)) {
      return reply.status(409).send({ status: false, message: ALREADY_EXISTS, response: null, code: 'ALREADY_EXISTS' });
    }
    // never the error itself: a database error carries the values (detail, parameters)
    request.log.error({ err: errorForLog(error) }, 'unhandled error');
    return reply.status(500).send({ status: false, message: MSG.somethingWentWrong, response: null, code: 'INTERNAL' });
  });
}

/** The built web app as the server sends its pages: pages whose lazy chunks are preloaded get their own HTML. */
export type TSpa = {
  /** Page path → the HTML file (relative to the build folder) that preloads that page's chunks. */
  pages: Readonly<Record<string, string>>;
};

/**
 * Unknown API paths get the envelope with 404; any other GET of a page gets the web app's index.html
 * (the single-page app routes it; `no-cache`, so a release is seen at once) when the built app is served,
 * or the page's own copy of it that also preloads the page's chunks (the build's route-pages.json).
 * A missing file (an old hashed chunk, /robots.txt) is a 404, never the app's HTML in its place.
 */
export function registerNotFound(app: FastifyInstance, spa: TSpa | null): void {
  const serveSpa = spa !== null;
  // A request for a file rather than a page: a missing build asset or a root file such as /robots.txt.
  const FILE_PATH = /^\/assets\/|\.(?:js|mjs|css|map|json|txt|xml|ico|png|jpe?g|gif|svg|webp|avif|woff2?|webmanifest|br|gz)$/i;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (!serveSpa || request.method !== 'GET' || /^\/(api|sph|sandbox|uploads)(\/|$)/.test(url) || FILE_PATH.test(url)) {
      return reply
        .status(404)
        .send({ status: false, message: `Route ${request.method} ${url} not found`, response: null, code: 'ROUTE_NOT_FOUND' });
    }
    const page = spa.pages[url.length > 1 ? url.replace(/\/+$/, '') : url] ?? 'index.html';
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile(page);
  });
}
