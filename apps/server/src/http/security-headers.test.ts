import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers';

const OPTIONS = {
  strictTransportSecurity: false,
  contentSecurityPolicy: { directives: { 'script-src': ["'self'", 'https://accounts.google.com'], 'form-action': ["'self'"] } },
};

/** An app answering JSON, a thrown error, a 404 and a hijacked raw answer (the event stream's way). */
async function appWith(register: (app: FastifyInstance) => Promise<void> | void) {
  const app = Fastify({ logger: false });
  await register(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  app.get('/raw', (_req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/plain' });
    reply.raw.end('raw');
  });
  await app.ready();
  return app;
}

const headersOf = async (app: FastifyInstance, url: string) => {
  const { date: _, ...headers } = (await app.inject({ method: 'GET', url })).headers;
  return headers;
};

describe('security headers', () => {
  let ours: FastifyInstance;
  let plugin: FastifyInstance;
  beforeAll(async () => {
    ours = await appWith((app) => registerSecurityHeaders(app, OPTIONS));
    plugin = await appWith(async (app) => {
      await app.register(helmet, OPTIONS);
    });
  });
  afterAll(async () => {
    await ours.close();
    await plugin.close();
  });

  it('every answer carries exactly the headers @fastify/helmet sends for the same options (worked out once, not per request)', async () => {
    for (const url of ['/ok', '/fails', '/missing', '/raw']) {
      const got = await headersOf(ours, url);
      expect(got, url).toEqual(await headersOf(plugin, url));
      expect(got['content-security-policy'], url).toContain("script-src 'self' https://accounts.google.com");
      expect(got['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
