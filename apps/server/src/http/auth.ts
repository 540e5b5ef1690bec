import { MSG, type TProfileType } from '@virality/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors';
import type { TAuthContext, TAuthService } from '../modules/auth/service';

declare module 'fastify' {
  interface FastifyRequest {
    auth: TAuthContext | null;
  }
}

/**
 * How a route onRequest hook guards its route, for the OpenAPI document (http/openapi.ts derives each operation's
 * `security` and its 401/403 answers from it): the scheme of the credential it checks and the statuses it refuses with.
 */
export type TGuard = { scheme: 'accessToken' | 'eventsTicket'; refuses: readonly (401 | 403)[] };
const guards = new WeakMap<object, TGuard>();

/** Marks `hook` as a guard: a route whose onRequest includes it is documented as needing `how.scheme`. */
export function guard<H extends (req: FastifyRequest) => Promise<void>>(how: TGuard, hook: H): H {
  guards.set(hook, how);
  return hook;
}

/** The guard `hook` was marked as (null: not a guard). */
export const guardOf = (hook: unknown): TGuard | null => (typeof hook === 'function' && guards.get(hook)) || null;

/** A live session (401 without one) of an account allowed to make the call (403 otherwise). */
const SESSION_OF_ROLE: TGuard = { scheme: 'accessToken', refuses: [401, 403] };

/** The token of a request: `x-access-token`, or `Authorization: Bearer`. */
export function tokenOf(req: FastifyRequest): string | null {
  const header = req.headers['x-access-token'];
  if (typeof header === 'string' && header) return header;
  const authz = req.headers.authorization;
  if (authz?.startsWith('Bearer ')) return authz.slice(7).trim() || null;
  return null;
}

/**
 * Resolves the session on every request (null when none), in a global onRequest hook; routes then
 * require what they need with their own onRequest hook (requireAuth, requireRole), which runs after it.
 */
export function registerAuth(app: FastifyInstance, auth: TAuthService): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    const token = tokenOf(req);
    req.auth = token ? await auth.authenticate(token) : null;
  });
}

/**
 * Route onRequest hook: a live session of a profile (401 'Unauthorized access' without one; 403 for an ADMIN,
 * who has no profile and works from the console only). onRequest, never preValidation or preHandler: the
 * session is checked before the body is read or validated, so a signed-out caller gets 401, never a
 * validation message, a 415 or a 413.
 */
export async function requireAuth(req: FastifyRequest): Promise<void> {
  if (!req.auth) throw unauthorized(MSG.unauthorized);
  if (req.auth.role === 'ADMIN') throw forbidden(MSG.forbidden);
}

/** Route onRequest hook: a live session of any account, ADMIN included (logout, change password). */
export async function requireSession(req: FastifyRequest): Promise<void> {
  if (!req.auth) throw unauthorized(MSG.unauthorized);
}

/** Route onRequest hook factory: a live session (401) with one of these profile types (403), checked like requireAuth. */
export const requireRole = (...roles: TProfileType[]) =>
  guard(SESSION_OF_ROLE, async (req: FastifyRequest): Promise<void> => {
    if (!req.auth) throw unauthorized(MSG.unauthorized);
    if (!(roles as readonly string[]).includes(req.auth.role)) throw forbidden(MSG.forbidden);
  });

/** Route onRequest hook of every console call (/api/admin/...): a live ADMIN session (401 without one, 403 for anyone else). */
export async function requireAdmin(req: FastifyRequest): Promise<void> {
  if (!req.auth) throw unauthorized(MSG.unauthorized);
  if (req.auth.role !== 'ADMIN') throw forbidden(MSG.forbidden);
}

guard(SESSION_OF_ROLE, requireAuth);
guard({ scheme: 'accessToken', refuses: [401] }, requireSession);
guard(SESSION_OF_ROLE, requireAdmin);

/** The session of a route that required one. */
export const authOf = (req: FastifyRequest): TAuthContext => {
  if (!req.auth) throw unauthorized(MSG.unauthorized);
  return req.auth;
};
