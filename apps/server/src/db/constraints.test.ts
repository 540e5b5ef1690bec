import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, type TTestApp } from '../test/helpers';
import { MIGRATIONS_DIR } from './client';
import { otps, roles, sessions, subscriptions, users } from './schema';

/** The database itself refuses rows that point at nothing and values outside their lists. */
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** The Postgres error code of a failed query (drizzle wraps the driver's error in `cause`). */
async function codeOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
  return undefined;
}

const now = new Date('2026-03-01T00:00:00Z');

describe('foreign keys: a row that belongs to an account needs the account', () => {
  it('a session for an account that does not exist is refused', async () => {
    const code = await codeOf(
      t.database.db.insert(sessions).values({ id: 'ghost-session', userId: 'no-such-user', createdAt: now, expiresAt: now }),
    );
    expect(code).toBe('23503');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.id, 'ghost-session'))).toEqual([]);
  });

  it('a subscription for an account that does not exist is refused', async () => {
    const code = await codeOf(
      t.database.db.insert(subscriptions).values({
        id: 'ghost-sub',
        userId: 'no-such-user',
        planType: 'Free',
        planStatus: 'active',
        planStartDate: now,
        planEndDate: now,
        createdAt: now,
      }),
    );
    expect(code).toBe('23503');
  });

  it("a sub-user's role must exist; removing the role clears it from the sub-user", async () => {
    const { user } = await buildUser(t, { profileType: 'BUSINESS' });
    const refused = await codeOf(t.database.db.update(users).set({ roleId: 'no-such-role' }).where(eq(users.id, user.id)));
    expect(refused).toBe('23503');

    await t.database.db.insert(roles).values({
      id: 'fk-role',
      orgId: user.orgId,
      roleName: 'FK role',
      roleNameLower: 'fk role',
      roleDesc: 'd',
      permission: [],
      createdAt: now,
      updatedAt: now,
    });
    await t.database.db.update(users).set({ roleId: 'fk-role' }).where(eq(users.id, user.id));
    await t.database.db.delete(roles).where(eq(roles.id, 'fk-role'));
    const [row] = await t.database.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, user.id));
    expect(row.roleId).toBeNull();
  });

  it('removing an account row removes its sessions and codes with it, never leaving them behind', async () => {
    const { user } = await buildUser(t);
    await t.database.db.insert(otps).values({
      id: 'fk-otp',
      userId: user.id,
      target: 'x@example.com',
      purpose: 'reset',
      codeHash: 'h',
      sentAt: now,
      expiresAt: now,
    });
    expect((await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).length).toBe(1);
    await t.database.db.delete(users).where(eq(users.id, user.id));
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await t.database.db.select().from(otps).where(eq(otps.userId, user.id))).toEqual([]);
  });
});

describe('checks: a value outside its list is refused', () => {
  it('a profile type that is not one of the five is refused', async () => {
    const { user } = await buildUser(t);
    expect(await codeOf(t.database.db.update(users).set({ profileType: 'WIZARD' }).where(eq(users.id, user.id)))).toBe('23514');
    const [row] = await t.database.db.select({ p: users.profileType }).from(users).where(eq(users.id, user.id));
    expect(row.p).toBe('INFLUENCER');
  });

  it('points never go below zero', async () => {
    const { user } = await buildUser(t);
    expect(await codeOf(t.database.db.update(users).set({ totalPoints: -1 }).where(eq(users.id, user.id)))).toBe('23514');
  });

  it('a code has one of the three purposes', async () => {
    const { user } = await buildUser(t);
    const code = await codeOf(
      t.database.db.insert(otps).values({
        id: 'bad-purpose',
        userId: user.id,
        target: 'x@example.com',
        purpose: 'login',
        codeHash: 'h',
        sentAt: now,
        expiresAt: now,
      }),
    );
    expect(code).toBe('23514');
  });
});

// it makes a database and runs every migration from nothing (tens of seconds on two loaded cores, more as migrations
// are added): a longer time than a test's usual 30 s before it is called stuck; how fast is not what it checks
describe('the migration that adds the constraints', { timeout: 180_000 }, () => {
  it('applies to a database that already holds rows pointing at nothing: those rows go, the rest stays', async () => {
    // the migrations before the constraints, in a folder of their own
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'virality-mig-'));
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
    const at = journal.entries.findIndex((e: { tag: string }) => e.tag === '0004_constraints');
    expect(at).toBeGreaterThan(0);
    fs.mkdirSync(path.join(dir, 'meta'));
    for (const e of journal.entries.slice(0, at))
      fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
    fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));

    const pglite = new PGlite();
    try {
      const db = drizzle(pglite);
      await migrate(db, { migrationsFolder: dir });
      const iso = now.toISOString();
      await pglite.exec(`
        INSERT INTO organizations (id, owner_user_id, created_at) VALUES ('o1', 'u1', '${iso}');
        INSERT INTO users (id, org_id, profile_type, auth_type, created_at, updated_at, business_id, role_id)
          VALUES ('u1', 'o1', 'BUSINESS', 'LOCAL', '${iso}', '${iso}', NULL, NULL),
                 ('u2', 'o1', 'BUSINESS_MANAGER', 'LOCAL', '${iso}', '${iso}', 'gone-owner', 'gone-role');
        INSERT INTO sessions (id, user_id, created_at, expires_at)
          VALUES ('s-live', 'u1', '${iso}', '${iso}'), ('s-orphan', 'gone-user', '${iso}', '${iso}');
      `);
      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

      const left = await pglite.query<{ id: string }>('SELECT id FROM sessions ORDER BY id');
      expect(left.rows.map((r) => r.id)).toEqual(['s-live']);
      const u2 = await pglite.query<{ business_id: string | null; role_id: string | null }>(
        "SELECT business_id, role_id FROM users WHERE id = 'u2'",
      );
      expect(u2.rows[0]).toEqual({ business_id: null, role_id: null });
      // and from now on the database keeps the rule itself
      await expect(
        pglite.exec(`INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('s2', 'gone-user', '${iso}', '${iso}')`),
      ).rejects.toThrow(/foreign key/);
    } finally {
      await pglite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
