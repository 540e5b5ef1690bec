import { API_RESPONSES, type TApiCall, zOk, zUserStatus } from '@virality/domain';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, buildUser, call, type TTestApp } from '../test/helpers';
import { contractSerializer, replies } from './contracts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const splitCall = (key: string) => {
  const [method, path] = key.split(' ') as [string, string];
  return { method, path };
};

describe('every call of the main API declares its answer from the shared contracts', () => {
  it('each contract names a route the server has', () => {
    for (const key of Object.keys(API_RESPONSES)) {
      const { method, path } = splitCall(key);
      expect(t.app.hasRoute({ method: method as 'GET', url: `/api${path}` }), key).toBe(true);
    }
  });

  it('each documented route under /api answers with a schema, and the schema is its contract', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const documented: string[] = [];
    for (const [path, ops] of Object.entries(
      doc.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>,
    )) {
      // the public API answers its resources as they are, not in the envelope (modules/public-api checks its own);
      // the MCP server answers JSON-RPC (modules/mcp checks its own)
      if (!path.startsWith('/api/') || path.startsWith('/api/v1/') || path === '/api/mcp') continue;
      for (const [method, op] of Object.entries(ops)) {
        // OpenAPI writes a path parameter as {name}, the routes and their contracts as :name
        const key = `${method.toUpperCase()} ${path.slice(4).replace(/\{(\w+)\}/g, ':$1')}`;
        // the live stream sends server-sent events, described in packages/domain (TLiveEvents), not one JSON answer
        if (key === 'GET /events') continue;
        // the bulk import's template is a file to download (text/csv), not an answer in the envelope
        if (key === 'GET /posts/bulk/template.csv') continue;
        // a campaign report's downloads are files (text/csv, application/pdf); its JSON is in the envelope
        if (key === 'GET /campaigns/:id/report.csv' || key === 'GET /campaigns/:id/report.pdf') continue;
        documented.push(key);
        expect(Object.keys(API_RESPONSES), `${key} has no contract`).toContain(key);
        const ok = op.responses?.['200'] as { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
        expect(ok?.content?.['application/json']?.schema?.properties, `${key} documents no answer`).toHaveProperty('response');
      }
    }
    expect(documented.length).toBeGreaterThan(40);
  });

  it("getUserStatus answers exactly its contract: the user with the bell's count, nothing more", async () => {
    const { token } = await buildUser(t);
    const res = await call(t, 'GET', '/api/user/getUserStatus', { token });
    expect(res.status).toBe(200);
    expect(zOk(zUserStatus).strict().safeParse(res.json).success).toBe(true);
    // strict at every level: the user carries no field the contract does not name (no hash, no internal key)
    const user = (res.json as { response: { result: Record<string, unknown> } }).response.result;
    const declared = Object.keys(zUserStatus.shape.result.shape);
    for (const key of Object.keys(user)) expect(declared, key).toContain(key);
    expect(user).not.toHaveProperty('passwordHash');
  });
});

/** A server with one route whose handler answers more than its contract says. */
async function leakyServer(strict: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializer(strict));
  const call: TApiCall = 'GET /intrest/getAllIntrest';
  app.get('/leak', { schema: { response: replies(call) } }, async () => ({
    status: true as const,
    message: 'Success',
    response: [{ id: '1', value: 'Food', passwordHash: 'secret' }],
  }));
  app.get('/wrong', { schema: { response: { 200: zOk(z.object({ n: z.number() })) } } }, async () => ({
    status: true as const,
    message: 'Success',
    response: { n: 'one' as unknown as number },
  }));
  await app.ready();
  return app;
}

describe('what a route answers goes through its contract', () => {
  it('in production a field the contract does not declare never leaves the server', async () => {
    const app = await leakyServer(false);
    const res = await app.inject({ method: 'GET', url: '/leak' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: 'Success', response: [{ id: '1', value: 'Food' }] });
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it('outside production such a field fails the call, naming the field, so the drift is seen at once', async () => {
    const app = await leakyServer(true);
    const res = await app.inject({ method: 'GET', url: '/leak' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it('an answer of the wrong type is refused, in production too', async () => {
    const app = await leakyServer(false);
    const res = await app.inject({ method: 'GET', url: '/wrong' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });
});

/** A server whose route answers `answer` (the same object on every call) through the interests contract. */
async function serverAnswering(answer: () => unknown, strict = true) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializer(strict));
  app.get('/same', { schema: { response: replies('GET /intrest/getAllIntrest') } }, async () => answer() as never);
  await app.ready();
  return app;
}

describe('a frozen answer is encoded once and then sent as the same bytes', () => {
  /** An interests answer whose item's value is read through a getter: how many times it was encoded. */
  const counted = () => {
    let reads = 0;
    const item = {
      id: '1',
      get value() {
        reads++;
        return 'Food';
      },
    };
    return { answer: { status: true as const, message: 'Success', response: [item] }, item, reads: () => reads };
  };

  it('the same frozen answer sent three times is encoded once and sent as the same bytes', async () => {
    const c = counted();
    Object.freeze(c.item);
    Object.freeze(c.answer.response);
    const frozen = Object.freeze(c.answer);
    const app = await serverAnswering(() => frozen);
    const bodies = [(await app.inject({ method: 'GET', url: '/same' })).body];
    const readsOnce = c.reads();
    expect(readsOnce).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) bodies.push((await app.inject({ method: 'GET', url: '/same' })).body);
    expect(c.reads()).toBe(readsOnce);
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0])).toEqual({ status: true, message: 'Success', response: [{ id: '1', value: 'Food' }] });
    await app.close();
  });

  it('an answer that is not frozen is encoded on every send (it may have changed)', async () => {
    const c = counted();
    const app = await serverAnswering(() => c.answer);
    expect((await app.inject({ method: 'GET', url: '/same' })).statusCode).toBe(200);
    const readsOnce = c.reads();
    for (let i = 0; i < 2; i++) expect((await app.inject({ method: 'GET', url: '/same' })).statusCode).toBe(200);
    expect(c.reads()).toBe(3 * readsOnce);
    await app.close();
  });

  it('a frozen answer is held to its contract like any other: a field it does not declare never leaves, sent again or not', async () => {
    const leaky = Object.freeze({
      status: true as const,
      message: 'Success',
      response: Object.freeze([Object.freeze({ id: '1', value: 'Food', passwordHash: 'secret' })]),
    });
    const production = await serverAnswering(() => leaky, false);
    for (let i = 0; i < 2; i++) {
      const res = await production.inject({ method: 'GET', url: '/same' });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('secret');
    }
    await production.close();
    const strict = await serverAnswering(() => leaky, true);
    for (let i = 0; i < 2; i++) expect((await strict.inject({ method: 'GET', url: '/same' })).statusCode).toBe(500);
    await strict.close();
  });
});
