import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interests } from '../db/schema';
import { buildTestApp, type TTestApp } from '../test/helpers';
import { ALREADY_EXISTS, registerErrorHandler } from './error-handler';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('a unique-key violation', () => {
  it('answers 409 with a plain message, not a 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.post('/twice', async () => {
      const row = { id: `dup-${Date.now()}`, value: 'Dup', position: 999 };
      await t.database.db.insert(interests).values(row);
      await t.database.db.insert(interests).values(row);
      return { status: true };
    });
    const res = await app.inject({ method: 'POST', url: '/twice' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: false, message: ALREADY_EXISTS, response: null, code: 'ALREADY_EXISTS' });
    await app.close();
  });

  it('two sign-ups of one new address at the same moment: one is sent a code, the other told, none gets a 500', async () => {
    const email = `race${Date.now()}@example.com`;
    const body = { email, password: 'Passw0rd!', profileType: 'INFLUENCER' };
    const results = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/api/user/create_user', payload: body })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 409 || c === 429)).toBe(true);
  });
});
