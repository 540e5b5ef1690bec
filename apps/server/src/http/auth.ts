import { MSG, type TProfileType } from '@virality/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors';
import type { TAuthContext, TAuthService } from '../modules/auth/service';

declare module 'fastify' {
  interface FastifyRequest {
    auth: TAuthContext | null;
  }
}

/** The token of a request: `x-access-token`, or `Authorization: Bearer`. */
export function tokenOf(req: FastifyRequest): string | null {
  const header = req.headers['x-access-token'];
  if (typeof header === 'string' && header) return header;
  const authz = req.headers.authorization;
  if (authz?.startsWith('Bearer ')) return authz.slice(7).trim() || null;
  return null;
}

/** Resolves the session on every request (null when none); routes then require what they need. */
export function registerAuth(app: FastifyInstance, auth: TAuthService): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    const token = tokenOf(req);
    req.auth = token ? await auth.authenticate(token) : null;
  });
}

/** preHandler: a live session is required (401 'Unauthorized access' otherwise). */
export async function requireAuth(req: FastifyRequest): Promise<void> {
  if (!req.auth) throw unauthorized(MSG.unauthorized);
}

/** preHandler factory: a live session with one of these roles. */
export const requireRole =
  (...roles: TProfileType[]) =>
  async (req: FastifyRequest): Promise<void> => {
    if (!req.auth) throw unauthorized(MSG.unauthorized);
    if (!roles.includes(req.auth.role)) throw forbidden(MSG.forbidden);
  };

/** The session of a route that required one. */
export const authOf = (req: FastifyRequest): TAuthContext => {
  if (!req.auth) throw unauthorized(MSG.unauthorized);
  return req.auth;
};
