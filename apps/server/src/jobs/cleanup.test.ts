import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountGuards, signupAttempts } from '../db/schema';
import { buildTestApp, buildUser, type TTestApp } from '../test/helpers';
import { sweepExpired } from './cleanup';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const at = (iso: string) => new Date(iso);

describe('the daily sweep', () => {
  it('drops sign-up attempts past their expiry and keeps live ones', async () => {
    const { user } = await buildUser(t);
    const base = {
      userId: user.id,
      target: 'a@example.com',
      passwordHash: 'h',
      profileType: 'INFLUENCER',
      createdAt: at('2026-01-01T00:00:00Z'),
    };
    await t.database.db.insert(signupAttempts).values([
      { ...base, id: 'old', expiresAt: at('2026-01-08T00:00:00Z') },
      { ...base, id: 'live', expiresAt: at('2026-01-20T00:00:00Z') },
    ]);
    await sweepExpired(t.database.db, at('2026-01-10T00:00:00Z'));
    const left = await t.database.db.select({ id: signupAttempts.id }).from(signupAttempts);
    expect(left.map((r) => r.id)).toEqual(['live']);
  });

  it('keeps an account guard while its window or its lock lasts', async () => {
    const now = at('2026-02-01T12:00:00Z');
    await t.database.db.insert(accountGuards).values([
      { key: 'ended', count: 3, windowEndsAt: at('2026-02-01T11:00:00Z'), lockedUntil: null },
      { key: 'window', count: 3, windowEndsAt: at('2026-02-01T12:05:00Z'), lockedUntil: null },
      { key: 'locked', count: 10, windowEndsAt: at('2026-02-01T11:50:00Z'), lockedUntil: at('2026-02-01T12:10:00Z') },
    ]);
    await sweepExpired(t.database.db, now);
    const keys = (await t.database.db.select({ key: accountGuards.key }).from(accountGuards)).map((r) => r.key).sort();
    expect(keys).toEqual(['locked', 'window']);
    expect(await t.database.db.select().from(accountGuards).where(eq(accountGuards.key, 'ended'))).toEqual([]);
  });
});
