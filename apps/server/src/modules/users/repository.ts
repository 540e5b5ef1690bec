import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { organizations, users } from '../../db/schema';
import type { TChanges } from '../../lib/changes';

export type TUserRow = typeof users.$inferSelect;
export type TNewUser = typeof users.$inferInsert;

/** The only place that touches the users and organizations tables. */
export function createUsersRepository(db: TDb, changes: TChanges) {
  const live = isNull(users.deletedAt);
  return {
    async findById(id: string): Promise<TUserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), live));
      return row ?? null;
    },
    /** By e-mail or phone key ('+{code}{digits}'). */
    async findByKey(key: string): Promise<TUserRow | null> {
      const cond = key.startsWith('+') ? eq(users.phoneKey, key) : eq(users.email, key);
      const [row] = await db.select().from(users).where(and(cond, live));
      return row ?? null;
    },
    async findAnyByKey(key: string): Promise<TUserRow | null> {
      const cond = key.startsWith('+') ? eq(users.phoneKey, key) : eq(users.email, key);
      const [row] = await db.select().from(users).where(cond);
      return row ?? null;
    },
    async findByGoogleSub(sub: string): Promise<TUserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.googleSub, sub), live));
      return row ?? null;
    },
    async createWithOrg(user: TNewUser, orgName: string | null): Promise<TUserRow> {
      return db.transaction(async (tx) => {
        await tx.insert(organizations).values({ id: user.orgId, ownerUserId: user.id, name: orgName, createdAt: user.createdAt });
        const [row] = await tx.insert(users).values(user).returning();
        return row;
      });
    },
    async update(id: string, patch: Partial<TNewUser>): Promise<TUserRow> {
      const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
      // every process forgets what it remembers of this account (its sessions' check reads the row)
      await changes.changed('user', id);
      return row;
    },
    async insert(user: TNewUser): Promise<TUserRow> {
      const [row] = await db.insert(users).values(user).returning();
      return row;
    },
    async userNameTaken(lower: string, exceptUserId?: string): Promise<boolean> {
      const cond = exceptUserId
        ? and(eq(users.userNameLower, lower), sql`${users.id} <> ${exceptUserId}`)
        : eq(users.userNameLower, lower);
      const rows = await db.select({ id: users.id }).from(users).where(cond).limit(1);
      return rows.length > 0;
    },
    async takenUserNames(candidates: string[]): Promise<Set<string>> {
      if (candidates.length === 0) return new Set();
      const rows = await db
        .select({ u: users.userNameLower })
        .from(users)
        .where(or(...candidates.map((c) => eq(users.userNameLower, c))));
      return new Set(rows.map((r) => r.u ?? ''));
    },
  };
}
export type TUsersRepository = ReturnType<typeof createUsersRepository>;
