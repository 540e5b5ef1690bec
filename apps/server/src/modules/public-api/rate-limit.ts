import { V1_MSG, V1_RATE_LIMIT_PER_MINUTE } from '@virality/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { TApiKeyAuth } from '../api-keys/service';

/**
 * The rate limit of a key, for every call it makes (/api/v1 and the MCP server alike): V1_RATE_LIMIT_PER_MINUTE a
 * minute over all routes together (one counter per key in the shared rate-limit table, the group 'v1'), said in the
 * RateLimit-* headers; over it, 429 with Retry-After. The route's key check has run before (`req.auth` is the key's).
 */
export const v1RateLimit = {
  groupId: 'v1',
  max: V1_RATE_LIMIT_PER_MINUTE,
  timeWindow: 60_000,
  keyGenerator: (req: FastifyRequest) => `v1:${(req.auth as TApiKeyAuth).apiKey.id}`,
  labels: {
    rateLimit: 'ratelimit-limit',
    rateRemaining: 'ratelimit-remaining',
    rateReset: 'ratelimit-reset',
    retryAfter: 'retry-after',
  },
  addHeaders: { 'ratelimit-limit': true, 'ratelimit-remaining': true, 'ratelimit-reset': true, 'retry-after': true },
  addHeadersOnExceeding: { 'ratelimit-limit': true, 'ratelimit-remaining': true, 'ratelimit-reset': true },
  errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number }) =>
    new AppError(429, V1_MSG.rateLimited(Math.max(1, Math.ceil(ctx.ttl / 1000))), null, 'RATE_LIMITED'),
};
