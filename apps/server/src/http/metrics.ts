import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden, unauthorized } from '../errors';
import { metricsAccess, type TMetrics } from '../lib/metrics';
import { type readiness, readinessAnswer } from './readiness';

/** The error envelope, as the document shows it. */
const zErrorEnvelope = z.object({
  status: z.literal(false),
  message: z.string(),
  response: z.null(),
  code: z.string().optional(),
});
const json = (description: string) => ({ description, content: { 'application/json': { schema: zErrorEnvelope } } });

/** What the document says of GET /metrics. */
const METRICS_SCHEMA = {
  tags: ['Operations'],
  summary: 'The process’s metrics for Prometheus (text format)',
  description:
    'With METRICS_TOKEN set, only with `Authorization: Bearer <token>` (401 otherwise); without it, only from this machine and not through a proxy (403 otherwise).',
  security: [{ metricsToken: [] }],
  response: {
    200: { description: 'The Prometheus text exposition format', content: { 'text/plain': { schema: z.string() } } },
    401: json('METRICS_TOKEN is set and the request does not carry it'),
    403: json('No METRICS_TOKEN, and the request is not from this machine'),
  },
};

/**
 * GET /metrics on the HTTP server, and the time of every request answered (by its route's pattern, so the label
 * set stays small: an unknown path counts as `unmatched`).
 */
export function registerMetrics(app: FastifyInstance, metrics: TMetrics, token: string | null): void {
  app.addHook('onResponse', async (req, reply) => {
    metrics.httpAnswered(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { schema: METRICS_SCHEMA }, async (req, reply) => {
    const denied = metricsAccess(token, { socketAddress: req.socket.remoteAddress, headers: req.headers });
    if (denied?.status === 401) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized(denied.message);
    }
    if (denied) throw forbidden(denied.message);
    const { body, contentType } = await metrics.exposition();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}

/**
 * A worker's metrics (it has no HTTP server): GET /metrics on `port`, with the same rule of who may read them, and
 * its readiness at GET /api/ready (as a server answers it: open to all, it says nothing but the checks) when `ready`
 * is given. Anything else is 404. Resolves once it listens; `close()` stops it.
 */
export async function serveWorkerMetrics(
  metrics: TMetrics,
  opts: {
    port: number;
    host: string;
    token: string | null;
    ready?: () => ReturnType<typeof readiness>;
  },
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (req.method === 'GET' && path === '/api/ready' && opts.ready) {
      opts.ready().then(
        (r) => {
          const answer = readinessAnswer(r);
          send(answer.status, 'application/json', JSON.stringify(answer.body));
        },
        () => send(503, 'application/json', JSON.stringify({ status: false, message: 'Not ready', response: null })),
      );
      return;
    }
    if (req.method !== 'GET' || path !== '/metrics')
      return send(404, 'application/json', JSON.stringify({ status: false, message: 'Not found', response: null }));
    const denied = metricsAccess(opts.token, { socketAddress: req.socket.remoteAddress, headers: req.headers });
    if (denied) {
      if (denied.status === 401) res.setHeader('www-authenticate', 'Bearer');
      return send(denied.status, 'application/json', JSON.stringify({ status: false, message: denied.message, response: null }));
    }
    metrics.exposition().then(
      ({ body, contentType }) => send(200, contentType, body),
      () => send(500, 'application/json', JSON.stringify({ status: false, message: 'Metrics unavailable', response: null })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
